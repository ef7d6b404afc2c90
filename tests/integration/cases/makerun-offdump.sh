# cases/makerun-offdump.sh (sourced by run.sh): a dump of time off the CPU
# holds every process still blocked, up to the dump. A parent waits for
# its child, which sleeps 200 ms, dumps the off-CPU profile (with stacks)
# while the parent still waits, sleeps 100 ms more and ends; the parent
# dumps it again once it has run again. The first dump has the parent's
# wait up to that moment (the clock's ticks between its block and the
# dump, as both print them), taken where it blocked; the second its whole
# wait, once: not the first dump's ticks again.
name=makerun-offdump log=$out/makerun-offdump.log dir=$out/makerun-offdump
src=$(mktemp -d)
cat > "$src/offwait.c" <<'PROG'
#include <stdio.h>
#include <string.h>
#include <profile.h>
#include <profkern.h>
#define SLEEP(ms) do { int r = 10; __asm__ volatile("int $0x80" : "+a"(r) : "b"(ms) : "memory"); } while (0)
#define OFF (PT_SYSTEM | PT_OFFCPU)
static unsigned long long now(void) { uint64_t t; uint32_t hz; clock_ticks(&t, &hz); return t; }
static __attribute__((noinline)) void long_nap(void) { SLEEP(200); }
static __attribute__((noinline)) void short_nap(void) { SLEEP(100); }
int main(int argc, char **argv)
{
	char *child[] = { "offwait", "child", 0 };
	unsigned long long t0, t1;
	int status, pid;

	if (argc == 2 && !strcmp(argv[1], "child")) {
		long_nap();
		printf("dump at %llu\n", now());
		if (ProfDump(OFF, "mid.pro"))
			return 1;
		short_nap();
		return 0;
	}
	if (ProfInit(OFF | PT_STACKS, "offwait\0") || ProfOn(OFF))
		return 1;
	pid = spawn("offwait", child);
	t0 = now();
	waitchild(pid, &status);
	t1 = now();
	printf("blocked at %llu, waited %llu\n", t0, t1 - t0);
	return status || ProfDump(OFF, "end.pro") || ProfOff(OFF) || ProfFree(OFF);
}
PROG
# count DUMP FUNCTION: FUNCTION's ticks in DUMP's functions report
count() {
	awk -v h="pinfo $1 -f maps.lst" -v f="$2" '$0 == h { on = 1; next }
		on && /^Event profile|^pinfo / { on = 0 }
		on && $NF == f { print $2; exit }' "$log"
}
# folded DUMP FRAMES: the count of the stack FRAMES in DUMP's folded stacks
folded() {
	$build/pinfo --folded "$out/offdump.folded" "$build/run/dumps/$1" "$build/run/offwait.elf" > /dev/null 2>&1 &&
		awk -v s="$2" '$1 == s { print $2 }' "$out/offdump.folded"
}
# within N M: N within one tick of M
within() { [ -n "$1" ] && [ -n "$2" ] && [ "$1" -ge $(($2 - 1)) ] && [ "$1" -le $(($2 + 1)) ]; }
if timeout 300 $make --no-print-directory run PROG="$src/offwait.c" > "$log" 2>&1; then
	b=$(sed -n 's/^| blocked at \([0-9]*\), waited [0-9]*$/\1/p' "$log")
	w=$(sed -n 's/^| blocked at [0-9]*, waited \([0-9]*\)$/\1/p' "$log")
	d=$(sed -n 's/^| dump at \([0-9]*\)$/\1/p' "$log")
	mw=$(count mid.pro waitchild) ml=$(count mid.pro long_nap) ms=$(count mid.pro short_nap)
	ew=$(count end.pro waitchild) el=$(count end.pro long_nap) es=$(count end.pro short_nap)
	fm=$(folded mid.pro '_start;main;waitchild') fe=$(folded end.pro '_start;main;waitchild')
	if [ -n "$b" ] && [ -n "$d" ] && within "$mw" $((d - b)) && within "$ml" 200 && [ -z "$ms" ] &&
	   within "$ew" "$w" && within "$el" 200 && within "$es" 100 && [ "$fm" = "$mw" ] && [ "$fe" = "$ew" ] &&
	   [ "$w" -gt $((d - b + 99)) ]
	then
		pass "waitchild $mw ticks at the dump (blocked $((d - b))), $ew of $w at the end"
	else
		fail "waitchild $mw at the first dump (blocked $b to $d), $ew at the end (waited $w), stacks $fm and $fe;" \
			"long_nap $ml and $el (200), short_nap '$ms' and $es (none, 100)"
	fi
else
	fail "make run PROG=offwait.c failed: $(tail -5 "$log")"
fi
rm -rf "$src"
