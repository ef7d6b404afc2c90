# cases/fingerprint.sh (sourced by run.sh): the maps' code fingerprints against the dump's.
#
# Code fingerprints: the maps mkmap wrote of the run's programs and kernel,
# in each form, and the ELF files themselves, match the dump's (nothing on
# stderr, --strict passes); another program's map under the right name, in
# each form, gets a warning naming it, the module and the dump, and fails
# with --strict, printing nothing.
name=fingerprint
boot fingerprint 0 -batch tests/guest/system.cmd $kernel $u/worker.elf $u/sorter.elf $u/pset.elf $u/cmd.elf &&
extract && {
	ok=1 sys=$dir/sys.pro
	mkdir -p "$dir/right" "$dir/wrong"
	for m in worker sorter; do
		M=$(echo $m | tr a-z A-Z)
		$build/mkmap $u/$m.elf $M > "$dir/right/$m.map" && $build/mkmap -s $u/$m.elf $M > "$dir/right/$m.sym" &&
		cp $u/$m.elf "$dir/right/" || { ok=0; fail "mkmap $m"; }
	done
	cp $build/kernel.map $build/kernel.sym $kernel "$dir/right/"
	for f in "$dir"/right/*; do
		$pinfo --strict "$sys" "$f" > "$dir/out.txt" 2> "$dir/err.txt" && [ ! -s "$dir/err.txt" ] &&
		grep -q '^Module ' "$dir/out.txt" || { ok=0; fail "$f: $(cat "$dir/err.txt")"; }
	done
	$build/mkmap $u/sorter.elf WORKER > "$dir/wrong/worker.map"	# sorter's code, worker's name
	$build/mkmap -s $u/sorter.elf SORTER > "$dir/wrong/worker.sym"
	cp $u/sorter.elf "$dir/wrong/worker.elf"
	for f in "$dir"/wrong/*; do
		$pinfo "$sys" "$f" > "$dir/out.txt" 2> "$dir/err.txt"; a=$?
		grep -q "^pinfo: warning: $f: module WORKER: the map's code fingerprint [0-9a-f]\{8\} differs from [0-9a-f]\{8\} in $sys: " "$dir/err.txt" &&
		grep -q '^Module WORKER' "$dir/out.txt" || { ok=0; fail "$f: no warning: $(cat "$dir/err.txt")"; }
		$pinfo --strict "$sys" "$f" > "$dir/out.txt" 2> "$dir/err.txt"; b=$?
		[ "$a$b" = 01 ] && [ ! -s "$dir/out.txt" ] && grep -q 'not reported (--strict)$' "$dir/err.txt" ||
			{ ok=0; fail "$f: statuses $a $b: $(cat "$dir/err.txt")"; }
	done
	[ $ok = 1 ] && pass
}
