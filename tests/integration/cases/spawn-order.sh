# cases/spawn-order.sh (sourced by run.sh): spawn lets its caller go on before the child's first line.
#
# spawn lets its caller go on first, even when loading the child outlasted
# the caller's quantum while another process waited to run (a 16 MiB stack
# to clear, a busy process runnable): the caller's line comes before the
# child's first one. Without it, the switch the slice's end asked for ran
# the child first.
name=spawn-order log=$out/spawn-order.log dir=$out/spawn-order
src=$(mktemp -d)
cat > "$src/order.c" <<'EOF_C'
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <stdint.h>
#include <profkern.h>
static uint64_t now(void) { uint64_t t; uint32_t hz; clock_ticks(&t, &hz); return t; }
int main(int argc, char **argv)
{
	if (argc > 1 && !strcmp(argv[1], "busy")) {
		uint64_t end = now() + 100;
		while (now() < end)
			;
		return 0;
	}
	if (argc > 1 && !strcmp(argv[1], "child")) {
		printf("order: child starts\n");
		return 0;
	}
	char *b[] = { "order", "busy", 0 }, *c[] = { "order", "child", 0 };
	int pb = spawn("order", b), pc;

	sleep_ms(1);	/* a new slice, after busy's: its spawn's grace unused */
	pc = spawn("order", c);
	printf("order: parent after the spawn\n");
	waitchild(pc, 0);
	waitchild(pb, 0);
	return 0;
}
EOF_C
if $make --no-print-directory run PROG="$src/order.c" STACK=16777216 > "$log" 2>&1; then
	if [ "$(grep '^| order: ' "$log" | tr '\n' '/')" = "| order: parent after the spawn/| order: child starts/" ]; then
		pass
	else
		fail "the child ran before its parent went on: $(grep '^| order: ' "$log" | tr '\n' '/')"
	fi
else
	fail "make run failed: $(tail -5 "$log")"
fi
rm -rf "$src"
