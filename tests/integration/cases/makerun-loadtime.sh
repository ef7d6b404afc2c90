# cases/makerun-loadtime.sh (sourced by run.sh): profrun profiles the program, not the kernel's loading of it.
#
# profrun profiles a program from its first instruction to its exit, not
# the kernel's loading of it (which grows with STACK=): a program loaded
# with a 16 MiB stack has the kernel ticks and, but for the jitter's
# phase, the ticks of its own of one loaded with 64 KiB. (That the
# program's first instruction comes after profrun's ProfOn, even when
# the spawn outlasts a quantum, is spawn-order's.)
name=makerun-loadtime log=$out/makerun-loadtime.log dir=$out/makerun-loadtime
src=$(mktemp -d)
cat > "$src/busy.c" <<'EOF_C'
#include <stdio.h>
int main(void) { volatile unsigned v = 1; for (unsigned i = 0; i < 600000; i++) v = v * 3 + i; printf("busy %u\n", v); return 0; }
EOF_C
ticks() {	# LOG MODULE: the module's ticks in the module table
	awk -v m="$2" '$1 == m { print ($2 ~ /^[0-9]+$/ && NF == 3) ? $2 : $4; exit }' "$1"
}
if $make --no-print-directory run PROG="$src/busy.c" HZ=20000 STACK=65536 > "$log" 2>&1 &&
   $make --no-print-directory run PROG="$src/busy.c" HZ=20000 STACK=16777216 > "$log.big" 2>&1; then
	k1=$(ticks "$log" kernel) k2=$(ticks "$log.big" kernel) b1=$(ticks "$log" BUSY) b2=$(ticks "$log.big" BUSY)
	if [ -z "$k1" ] || [ -z "$b1" ] || [ -z "$k2" ] || [ -z "$b2" ] || [ "$b1" -lt 600 ]; then
		fail "no ticks read: kernel $k1 $k2, BUSY $b1 $b2"
	elif [ "$k2" -gt $((k1 + 2)) ] || [ "$k1" -gt 10 ]; then
		fail "the kernel's loading is in the profile: kernel $k1 ticks with 64 KiB, $k2 with 16 MiB"
	elif [ $((b2 - b1)) -gt 30 ] || [ $((b1 - b2)) -gt 30 ]; then
		# (the jittered periods make the count of one length of run
		# vary by a few ticks with the phase; a quantum lost is 200)
		fail "the program's own ticks differ with the stack's size: $b1 and $b2"
	else
		pass
	fi
else
	fail "make run failed: $(tail -5 "$log" "$log.big")"
fi
rm -rf "$src"
