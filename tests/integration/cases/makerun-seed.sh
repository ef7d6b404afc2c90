# cases/makerun-seed.sh (sourced by run.sh): seed=N: the same seed gives the same dump byte for byte, another seed another; make run SEED=N and SPREAD=1.
#
# seed=N, the first state of the sampling jitter's generator, booted with
# -kernel as the deterministic case does: no seed and seed=1 (the
# kernel's default) give the same dump, seed=7 twice the same, seed=7
# another than seed=1. make run SEED=7 passes it to the kernel (the console
# names it; without SEED it names none), and make run SPREAD=1 has profrun
# keep the sub-profiles (PT_SPREAD): the dump is version 6 (its CPU) with the
# sub-profiles' type bit (32) as well as the trace's (64), the plain run's
# with the trace's alone, and pinfo reports it, its ticks within 5% of the
# run's without (a spread profile's tick takes the C path, which moves the
# samples a little).
name=makerun-seed
sd=$out/makerun-seed
rm -rf "$sd" && mkdir -p "$sd"
seedboot() {	# seedboot TAG [qrun options]: the demo, its dump kept as sd/TAG.pro
	tag=$1
	shift
	boot "seed-$tag" 0 "$@" -- $kernel $u/testprof.elf $u/cmd.elf && extract &&
		cp "$dir/testprof.pro" "$sd/$tag.pro"
}
if seedboot none && seedboot s1 -append seed=1 && seedboot s7 -append seed=7 && seedboot s7again -append seed=7; then
	name=makerun-seed
	if ! cmp -s "$sd/none.pro" "$sd/s1.pro"; then fail "seed=1 gave another dump than no seed"
	elif ! cmp -s "$sd/s7.pro" "$sd/s7again.pro"; then fail "two runs with seed=7 gave different dumps"
	elif cmp -s "$sd/s1.pro" "$sd/s7.pro"; then fail "seed=7 gave the same dump as seed=1"
	else pass "seed=N"; fi
fi
name=makerun-seed log=$out/makerun-seed.log dir=$sd
src=$(mktemp -d)
printf '#include <stdio.h>\nstatic volatile unsigned sink;\nint main(void) { for (unsigned i = 0; i < 3000000; i++) sink += i; printf("seeded runs\\n"); return 0; }\n' > "$src/seeded.c"
if ! $make --no-print-directory run PROG="$src/seeded.c" SEED=7 > "$log.s7" 2>&1; then
	fail "make run SEED=7: $(tail -3 "$log.s7")"
elif log=$log.s7 && has "kernel: jitter seed 7" && has "seeded runs" &&
     cp "$build/run/dumps/seeded.pro" "$sd/made7.pro" &&
     $make --no-print-directory run PROG="$src/seeded.c" SPREAD=1 > "$sd/spread.log" 2>&1 &&
     cp "$build/run/dumps/seeded.pro" "$sd/spread.pro" && log=$sd/spread.log && hasnot "jitter seed"; then
	if [ "$(od -A n -t u1 -j 4 -N 1 "$sd/spread.pro" | tr -d ' ')" != 6 ] ||
	   [ "$(od -A n -t u1 -j 8 -N 1 "$sd/spread.pro" | tr -d ' ')" != $((32 + 64)) ] ||
	   [ "$(od -A n -t u1 -j 4 -N 1 "$sd/made7.pro" | tr -d ' ')" != 6 ] ||
	   [ "$(od -A n -t u1 -j 8 -N 1 "$sd/made7.pro" | tr -d ' ')" != 64 ]; then
		fail "SPREAD=1 did not give a version 6 dump with the sub-profiles (or the plain run one without)"
	elif ! "$build/pinfo" "$sd/spread.pro" > "$sd/spread.txt" 2>&1 ||
	     ! "$build/pinfo" "$sd/made7.pro" > "$sd/made7.txt" 2>&1 ||
	     ! awk '$1 == "SEEDED" { t[FILENAME] = $4 } END { a = t[ARGV[1]]; b = t[ARGV[2]]
			exit !(a > 0 && b > 0 && a - b <= b / 20 && b - a <= b / 20) }' "$sd/spread.txt" "$sd/made7.txt"; then
		fail "pinfo: the sub-profiles' dump's report: $(grep SEEDED "$sd/spread.txt"), without: $(grep SEEDED "$sd/made7.txt")"
	else
		pass "make run SEED=7, SPREAD=1"
	fi
fi
log=$out/makerun-seed.log
rm -rf "$src"
