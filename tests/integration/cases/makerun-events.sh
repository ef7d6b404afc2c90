# cases/makerun-events.sh (sourced by run.sh): make run EVENTS=syscall,switch,offcpu:
# each event profile counts exactly where the calls and switches were made,
# and where the time off the CPU was spent.
name=makerun-events log=$out/makerun-events.log dir=$out/makerun-events
src=$(mktemp -d)
# 3,000 getpid calls from one line, 1,000 from another; 30 sleeps of 1 ms
# in one place, 10 in another (each a switch it asked for: nothing else runs)
cat > "$src/evcalls.c" <<'PROG'
#define CALL(n, b) do { int r = (n); __asm__ volatile("int $0x80" : "+a"(r) : "b"(b) : "memory"); } while (0)
static __attribute__((noinline)) void many(void) { for (int i = 0; i < 3000; i++) CALL(5, 0); }
static __attribute__((noinline)) void few(void) { for (int i = 0; i < 1000; i++) CALL(5, 0); }
static __attribute__((noinline)) void nap3(void) { for (int i = 0; i < 30; i++) CALL(10, 1); }
static __attribute__((noinline)) void nap1(void) { for (int i = 0; i < 10; i++) CALL(10, 1); }
int main(void) { many(); few(); nap3(); nap1(); return 0; }
PROG
# 300 ms asleep in one place, 100 ms in another: 300 and 100 ticks off the CPU
cat > "$src/naps.c" <<'PROG'
#define SLEEP(ms) do { int r = 10; __asm__ volatile("int $0x80" : "+a"(r) : "b"(ms) : "memory"); } while (0)
static __attribute__((noinline)) void long_nap(void) { SLEEP(300); }
static __attribute__((noinline)) void short_nap(void) { SLEEP(100); }
int main(void) { long_nap(); short_nap(); return 0; }
PROG
# two processes yielding 500 times each, in turn: 1,000 switches they did
# not ask for (a yield leaves the process runnable, as Linux counts it), and
# the parent's one in waitchild that it did
cat > "$src/pp.c" <<'PROG'
#include <string.h>
#include <profkern.h>
#define YIELD() do { int r = 8; __asm__ volatile("int $0x80" : "+a"(r) : : "memory"); } while (0)
static __attribute__((noinline)) void turns(int n) { for (int i = 0; i < n; i++) YIELD(); }
int main(int argc, char **argv)
{
	char *child[] = { "pp", "child", 0 };
	int status, pid;

	if (argc == 2 && !strcmp(argv[1], "child")) {
		turns(500);
		return 0;
	}
	pid = spawn("pp", child);
	turns(500);
	waitchild(pid, &status);
	return 0;
}
PROG
# evtics DUMP FUNCTION: the count of FUNCTION in DUMP's functions report
evtics() {
	awk -v h="pinfo $1 ${1%%.*}.map" -v f="$2" '$0 == h { on = 1; next }
		on && /^Event profile|^pinfo / { on = 0 }
		on && $NF == f { print $2; exit }' "$log"
}
# near N M: N within one tick of M (the clock's tick a sleep ends in)
near() { [ -n "$1" ] && [ "$1" -ge $(($2 - 1)) ] && [ "$1" -le $(($2 + 1)) ]; }
if timeout 300 $make --no-print-directory run PROG="$src/evcalls.c $src/naps.c $src/pp.c" EVENTS=syscall,switch,offcpu \
	STACKS=1 > "$log" 2>&1
then
	m=$(evtics evcalls.syscall.pro many) f=$(evtics evcalls.syscall.pro few)
	a=$(evtics evcalls.switch.pro nap3) b=$(evtics evcalls.switch.pro nap1)
	l=$(evtics naps.offcpu.pro long_nap) s=$(evtics naps.offcpu.pro short_nap)
	if [ "$m" = 3000 ] && [ "$f" = 1000 ] && [ "$a" = 30 ] && [ "$b" = 10 ] && near "$l" 300 && near "$s" 100
	then
		line_is "Event profile: system calls (evcalls.syscall.pro)" &&
		line_is "Event profile: context switches (evcalls.switch.pro)" &&
		line_is "Module    Segment  Length  Calls     Percent" &&
		grep -q '^getpid (5)  *4000 ' "$log" && grep -q '^voluntary  *40  *100.00%$' "$log" &&
		grep -q '^0001:[0-9a-f]*  *30 ( 75.00%)   nap3$' "$log" &&
		grep -q '^0001:[0-9a-f]*  *10 ( 25.00%)   nap1$' "$log" &&
		line_is "Event profile: time off the CPU (naps.offcpu.pro)" &&
		grep -q '^0001:[0-9a-f]*  *[0-9]* ( 7[45]\.[0-9]*%)   long_nap$' "$log" &&
		awk '$0 == "pinfo pp.switch.pro" { on = 1 } on && /^involuntary  *1000  / { i = 1 }
			on && /^voluntary  *1  / { v = 1 } END { exit !(i && v) }' "$log" &&
		line_is "make run: 3 programs ran, 0 failed" && pass "off the CPU: $l and $s ticks"
		[ $? = 0 ] || fail "the event lines, as above"
	else
		fail "many $m, few $f system calls (3000, 1000); nap3 $a, nap1 $b switches (30, 10);" \
			"long_nap $l, short_nap $s ticks off the CPU (300, 100)"
	fi
else
	fail "make run EVENTS=syscall,switch,offcpu failed"
fi
# pinfo --offcpu: the off-CPU report after the time profile's, and its
# stacks under [off-cpu] in the folded file; a dump of another kind refused
name=pinfo-offcpu
r=$build/run
if $build/pinfo --offcpu "$r/dumps/naps.offcpu.pro" "$r/dumps/naps.pro" "$r/naps.map" > "$out/offcpu.txt" 2>&1 &&
   $build/pinfo --folded "$out/offcpu.folded" --offcpu "$r/dumps/naps.offcpu.pro" "$r/dumps/naps.pro" "$r/naps.elf" \
	> /dev/null 2>&1 && ! $build/pinfo --offcpu "$r/dumps/naps.pro" "$r/dumps/naps.pro" > "$out/offcpu-bad.txt" 2>&1
then
	l=$(awk '/^Off the CPU: / { on = 1 } on && $NF == "long_nap" { print $2 }' "$out/offcpu.txt")
	f=$(sed -n 's/^\[off-cpu\];_start;main;long_nap \([0-9]*\)$/\1/p' "$out/offcpu.folded")
	if near "$l" 300 && [ "$f" = "$l" ] && grep -q 'not a profile of time off the CPU' "$out/offcpu-bad.txt"
	then pass "long_nap $l ticks, in the folded file too"; else fail "long_nap $l in the report, $f folded"; fi
else
	fail "pinfo --offcpu: $(cat "$out/offcpu.txt" "$out/offcpu-bad.txt")"
fi
# --offcpu in every view of stacks: evcalls's flame graph, call graph and
# pprof profile hold both profiles, the off-CPU one under [off-cpu]: the
# root's samples the off-CPU dump's, the rest the time dump's; and make
# run's HTML report (of naps.pro) draws naps.offcpu.pro's beside its own
name=pinfo-offcpu-views
total() { awk -v h="pinfo $1" '$0 == h { on = 1; next } on && $1 == "Total" { print $2; exit }' "$log"; }
on=$(total evcalls.pro) off=$(total evcalls.offcpu.pro) hon=$(total naps.pro) hoff=$(total naps.offcpu.pro)
if $build/pinfo --flamegraph "$out/both.svg" --pprof "$out/both.pb.gz" -g --offcpu "$r/dumps/evcalls.offcpu.pro" \
	"$r/dumps/evcalls.pro" "$r/evcalls.elf" "$build/kernel.elf" > "$out/both.g" 2>&1; then
	svgall=$(sed -n 's/.*<title>all (\([0-9]*\) samples.*/\1/p' "$out/both.svg")
	svgoff=$(sed -n 's/.*<title>\[off-cpu\] (\([0-9]*\) samples.*/\1/p' "$out/both.svg")
	goff=$(awk '$1 ~ /^\[[0-9]+\]$/ && $(NF - 1) == "[off-cpu]" { print $3 + $4 }' "$out/both.g")
	# (go tool pprof -raw: each sample's count and locations, then the locations)
	poff=$(go tool pprof -raw "$out/both.pb.gz" 2>/dev/null | awk '/^Samples:/ { p = 1; next } /^Locations/ { p = 2; next }
		/^Mappings/ { p = 0 } p == 1 && $1 ~ /^[0-9]+$/ { c[++n] = $1; sub(/^[^:]*:/, ""); at[n] = " " $0 " " }
		p == 2 && /\[off-cpu\]/ { id = $1; sub(/:$/, "", id) }
		END { for (i = 1; i <= n; i++) if (id != "" && index(at[i], " " id " ")) s += c[i]; print s + 0 }')
	hall=$(sed -n 's/^<p>\([0-9]*\) samples with call stacks.*/\1/p' "$r/report.html")
	htmloff=$(sed -n 's/.*<title>\[off-cpu\] (\([0-9]*\) samples.*/\1/p' "$r/report.html")
	if [ -n "$off" ] && [ "$off" -gt 0 ] && [ "$on" != "$off" ] && [ "$svgoff" = "$off" ] &&
	   [ "$svgall" = $((on + off)) ] && [ "$goff" = "$off" ] && [ "$poff" = "$off" ] &&
	   [ -n "$hoff" ] && [ "$htmloff" = "$hoff" ] && [ "$hall" = $((hon + hoff)) ] &&
	   grep -q '^make run: HTML report of naps.pro and naps.offcpu.pro: ' "$log"
	then pass "evcalls: $on on the CPU, $off off it; naps's page: $hon and $hoff"
	else fail "evcalls $on and $off: SVG $svgall, [off-cpu] $svgoff, -g $goff, pprof $poff; naps $hon and $hoff: page $hall, [off-cpu] $htmloff"; fi
else
	fail "pinfo --flamegraph --pprof -g --offcpu: $(cat "$out/both.g")"
fi
rm -rf "$src"

# pset's words: every 4th system call of the demo, from a batch file. On
# one CPU its samples are the calls counted over 4, rounded down.
name=pset-events log=$out/pset-events.log
src=$(mktemp -d)
printf 'pset init /syscall:4\npset on /SYSCALL\ntestprof\npset off /syscall\npset dump /syscall calls.pro\npset free /syscall\n' \
	> "$src/calls.cmd"
if timeout 300 $make --no-print-directory run SCRIPT="$src/calls.cmd" > "$log" 2>&1; then
	t=$(awk '$0 == "pinfo calls.pro" { on = 1 } on && $1 == "Total" { print $2; exit }' "$log")
	a=$(sed -n 's/^Events: system calls, every 4th counted where the code was; \([0-9]*\) in all$/\1/p' "$log")
	if [ -n "$a" ] && [ "$a" -ge 8 ] && [ "$t" = $((a / 4)) ] && grep -q '^Module    Segment  Length  Calls     Percent$' "$log"
	then pass "$a calls, $t samples"; else fail "$a calls, $t samples (wanted $a / 4)"; fi
else
	fail "make run SCRIPT=calls.cmd failed: $(tail -3 "$log")"
fi
rm -rf "$src"
