# cases/makerun-hz.sh (sourced by run.sh): make run HZ=5 is refused by name before anything runs.
name=makerun-hz log=$out/makerun-hz.log dir=$out/makerun-hz
if $make --no-print-directory run HZ=5 > "$log" 2>&1; then
	fail "HZ=5 was accepted"
else
	has "make run: HZ must be the sample rate: a number from 19 to 20000 (Hz), not '5'" && pass
fi
