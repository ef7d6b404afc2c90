# cases/spawn-fair.sh (sourced by run.sh): a process that spawns at every tick does not take the machine.
#
# spawn lets its caller run on a tick or two (profrun's ProfOn before the
# program's first instruction), once a slice: a process that spawns at
# every tick does not take the machine from a busy one. Each counts its
# work for 2000 ticks; the busy one, which spawns nothing, must do at least
# as much as the spawner (a whole new quantum at each spawn gave the
# spawner four times the busy one's).
name=spawn-fair log=$out/spawn-fair.log dir=$out/spawn-fair
src=$(mktemp -d)
cat > "$src/fair.c" <<'EOF_C'
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <stdint.h>
#include <profkern.h>
static uint64_t now(void) { uint64_t t; uint32_t hz; clock_ticks(&t, &hz); return t; }
int main(int argc, char **argv)
{
	if (argc > 1 && !strcmp(argv[1], "child"))
		return 0;
	if (argc > 1 && (!strcmp(argv[1], "spin") || !strcmp(argv[1], "spawner"))) {
		int spawner = argv[1][1] == 'p' && argv[1][2] == 'a';
		uint64_t end = now() + 2000, next = now() + 1;
		unsigned long work = 0;
		char *child[] = { "fair", "child", 0 };
		while (now() < end) {
			for (volatile int i = 0; i < 1000; i++)
				;
			work++;
			if (spawner && now() >= next) {
				if (spawn("fair", child) < 0)
					waitchild(-1, 0);
				next = now() + 1;
			}
		}
		while (spawner && waitchild(-1, 0) > 0)
			;
		printf("%s %lu\n", argv[1], work);
		return 0;
	}
	char *a[] = { "fair", "spin", 0 }, *b[] = { "fair", "spawner", 0 };
	int pa = spawn("fair", a), pb = spawn("fair", b);
	waitchild(pa, 0);
	waitchild(pb, 0);
	return 0;
}
EOF_C
if $make --no-print-directory run PROG="$src/fair.c" > "$log" 2>&1; then
	spin=$(sed -n 's/^| spin \([0-9]*\)$/\1/p' "$log") spawner=$(sed -n 's/^| spawner \([0-9]*\)$/\1/p' "$log")
	if [ -z "$spin" ] || [ -z "$spawner" ] || [ "$spawner" -lt 100 ]; then
		fail "no counts: spin '$spin', spawner '$spawner'"
	elif [ "$spin" -lt "$spawner" ]; then
		fail "the spawner took the machine: spin $spin, spawner $spawner"
	else
		pass
	fi
else
	fail "make run failed: $(tail -5 "$log")"
fi
rm -rf "$src"
