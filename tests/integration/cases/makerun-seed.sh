# cases/makerun-seed.sh (sourced by run.sh): make run SEED=N: the same seed gives the same dump byte for byte, another seed another; SPREAD=1 a version 4 dump.
#
# SEED reaches the kernel as the boot argument seed=N, the first state of
# the sampling jitter's generator; SEED=1 is the kernel's own default, so
# a run without SEED gives SEED=1's dump. SPREAD=1: profrun keeps the
# sub-profiles (PT_SPREAD): the dump is version 4 and pinfo reports it,
# its ticks within 5% of the run's without (the C path a spread profile
# takes costs more instructions a tick, which moves the samples a little).
name=makerun-seed log=$out/makerun-seed.log dir=$out/makerun-seed
src=$(mktemp -d)
rm -rf "$dir" && mkdir -p "$dir"
cat > "$src/seeded.c" <<'PROG'
#include <stdio.h>
static volatile unsigned sink;
static void __attribute__((noinline)) one(unsigned n) { for (unsigned i = 0; i < n; i++) sink += i; }
static void __attribute__((noinline)) two(unsigned n) { for (unsigned i = 0; i < n; i++) sink ^= i * 3; }
int main(void) { for (int k = 0; k < 40; k++) { one(20000); two(30000); } printf("seeded runs\n"); return 0; }
PROG
seedrun() {	# seedrun TAG [SEED=N]: make run, its dump kept as DIR/TAG.pro
	tag=$1
	shift
	$make --no-print-directory run PROG="$src/seeded.c" "$@" > "$log.$tag" 2>&1 &&
		cp "$build/run/dumps/seeded.pro" "$dir/$tag.pro"
}
if ! seedrun none || ! seedrun s1 SEED=1 || ! seedrun s7 SEED=7 || ! seedrun s7again SEED=7 ||
   ! seedrun spread SPREAD=1; then
	fail "make run failed: $(tail -3 "$log".* | tr '\n' ' ')"
elif ! cmp -s "$dir/none.pro" "$dir/s1.pro"; then
	fail "SEED=1 gave another dump than no SEED"
elif ! cmp -s "$dir/s7.pro" "$dir/s7again.pro"; then
	fail "two runs with SEED=7 gave different dumps"
elif cmp -s "$dir/s1.pro" "$dir/s7.pro"; then
	fail "SEED=7 gave the same dump as SEED=1"
elif [ "$(od -A n -t u1 -j 4 -N 1 "$dir/spread.pro" | tr -d ' ')" != 4 ] ||
     [ "$(od -A n -t u1 -j 4 -N 1 "$dir/none.pro" | tr -d ' ')" != 2 ]; then
	fail "SPREAD=1 did not give a version 4 dump (or the plain run not a version 2)"
elif ! "$build/pinfo" "$dir/spread.pro" > "$dir/spread.txt" 2>&1 ||
     ! "$build/pinfo" "$dir/none.pro" > "$dir/none.txt" 2>&1 ||
     ! awk '$1 == "SEEDED" { t[FILENAME] = $4 } END { a = t[ARGV[1]]; b = t[ARGV[2]]
		exit !(a > 0 && b > 0 && a - b <= b / 20 && b - a <= b / 20) }' "$dir/spread.txt" "$dir/none.txt"; then
	fail "pinfo: the version 4 dump's report: $(grep SEEDED "$dir/spread.txt"), without: $(grep SEEDED "$dir/none.txt")"
else
	base=$log
	log=$base.s7
	has "kernel: jitter seed 7" && has "seeded runs" && log=$base.none && hasnot "jitter seed" && pass
	log=$base
fi
rm -rf "$src"
