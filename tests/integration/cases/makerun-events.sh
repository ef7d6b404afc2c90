# cases/makerun-events.sh (sourced by run.sh): make run EVENTS=syscall,switch:
# each event profile counts exactly where the calls and switches were made.
name=makerun-events log=$out/makerun-events.log
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
# evtics DUMP FUNCTION: the count of FUNCTION in DUMP's functions report
evtics() {
	awk -v h="pinfo $1 evcalls.map" -v f="$2" '$0 == h { on = 1; next }
		on && /^Event profile|^pinfo / { on = 0 }
		on && $NF == f { print $2; exit }' "$log"
}
if timeout 300 $make --no-print-directory run PROG="$src/evcalls.c" EVENTS=syscall,switch > "$log" 2>&1; then
	m=$(evtics evcalls.syscall.pro many) f=$(evtics evcalls.syscall.pro few)
	a=$(evtics evcalls.switch.pro nap3) b=$(evtics evcalls.switch.pro nap1)
	if [ "$m" = 3000 ] && [ "$f" = 1000 ] && [ "$a" = 30 ] && [ "$b" = 10 ]; then
		line_is "Event profile: system calls (evcalls.syscall.pro)" &&
		line_is "Event profile: context switches (evcalls.switch.pro)" &&
		line_is "Module    Segment  Length  Calls     Percent" &&
		grep -q '^getpid (5)  *4000 ' "$log" && grep -q '^voluntary  *40  *100.00%$' "$log" &&
		grep -q '^0001:[0-9a-f]*  *30 ( 75.00%)   nap3$' "$log" &&
		grep -q '^0001:[0-9a-f]*  *10 ( 25.00%)   nap1$' "$log" &&
		line_is "make run: 1 program ran, 0 failed" && pass
		[ $? = 0 ] || fail "the event lines, as above"
	else
		fail "many $m, few $f system calls (3000, 1000); nap3 $a, nap1 $b switches (30, 10)"
	fi
else
	fail "make run EVENTS=syscall,switch failed"
fi
rm -rf "$src"
