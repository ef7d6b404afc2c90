# progs/args.sh (sourced by progs.sh): ARGS, each program's words, within
# cmd's limits for a line. Writes args.c, which build.sh and files.sh run.

# ARGS: each program gets the words after its name, as data; a blank line
# it prints keeps its '| '.
cat > "$src/args.c" <<'EOF_C'
#include <stdio.h>
int main(int argc, char **argv)
{
	for (int i = 0; i < argc; i++)
		printf("[%s]", argv[i]);
	printf("\n\nafter a blank line\n");
	return 0;
}
EOF_C
cp "$src/args.c" "$src/args2.c"
name=args-blank
if $make --no-print-directory run PROG="$src/args.c $src/args2.c" ARGS='-9 data.txt $HOME `id` a;b' > "$log" 2>&1 &&
   line_is '| [args][-9][data.txt][$HOME][`id`][a;b]' && line_is '| [args2][-9][data.txt][$HOME][`id`][a;b]' &&
   [ "$(grep -cxF '| ' "$log")" = 2 ] && line_is "| after a blank line"; then
	if $make --no-print-directory run PROG="$src/args.c" ARGS="$(printf 'a\tb')" > "$log" 2>&1; then
		fail "ARGS with a tab was accepted"
	else
		has "make run: ARGS must be words of printable ASCII separated by spaces" && pass
	fi
else
	fail "$(grep -v '^gcc\|^cp \|^build/mkmap' "$log" | tail -8)"
fi

# ARGS within cmd's limits for each program's real line (user/batch.h): 28
# words with STACKS=1 SPREAD=1 reach the program ('profrun /stacks /spread
# NAME' and 28 make 32); 29 were a line cmd skipped while make run said
# the program ran: refused, by name, before the boot.
name=args-line-limit
a28=$(seq 1 28 | tr '\n' ' ')
if ! $make --no-print-directory run PROG="$src/args.c" ARGS="$a28" STACKS=1 SPREAD=1 > "$log" 2>&1; then
	fail "28 words: $(tail -3 "$log")"
elif line_is "| [args]$(seq 1 28 | sed 's/.*/[&]/' | tr -d '\n')" && line_is "make run: 1 program ran, 0 failed"; then
	if $make --no-print-directory run PROG="$src/args.c" ARGS="${a28}29" STACKS=1 SPREAD=1 > "$log" 2>&1; then
		fail "29 words: exited 0: $(tail -3 "$log")"
	elif line_is "make run: ARGS: program args's batch line, 'profrun /stacks /spread args' and ARGS, has 33 words and 106 bytes: cmd reads at most 32 words and 511 bytes a line (user/batch.h); give fewer ARGS" &&
	     hasnot "booting"; then
		pass
	fi
fi
