# cases/makerun-seed.sh (sourced by run.sh): make run SEED=N: the same seed gives the same dump byte for byte, another seed another.
#
# SEED reaches the kernel as the boot argument seed=N, the first state of
# the sampling jitter's generator; SEED=1 is the kernel's own default, so
# a run without SEED gives SEED=1's dump.
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
if ! seedrun none || ! seedrun s1 SEED=1 || ! seedrun s7 SEED=7 || ! seedrun s7again SEED=7; then
	fail "make run failed: $(tail -3 "$log".* | tr '\n' ' ')"
elif ! cmp -s "$dir/none.pro" "$dir/s1.pro"; then
	fail "SEED=1 gave another dump than no SEED"
elif ! cmp -s "$dir/s7.pro" "$dir/s7again.pro"; then
	fail "two runs with SEED=7 gave different dumps"
elif cmp -s "$dir/s1.pro" "$dir/s7.pro"; then
	fail "SEED=7 gave the same dump as SEED=1"
else
	base=$log
	log=$base.s7
	has "kernel: jitter seed 7" && has "seeded runs" && log=$base.none && hasnot "jitter seed" && pass
	log=$base
fi
rm -rf "$src"
