# cases/modulelist.sh (sourced by run.sh): a system profile of the modules pset init names, and no other.
name=modulelist
printf 'pset init WORKERB\npset on\nstart worker 1\nstart workerb 1\nwait\npset off\npset dump only.pro\npset free\n' > "$out/only.cmd"
boot modulelist 0 -batch "$out/only.cmd" $kernel $u/worker.elf $u/workerb.elf $u/pset.elf $u/cmd.elf &&
extract && {
	$pinfo "$dir/only.pro" > "$dir/summary.txt"
	if grep -q '^WORKERB ' "$dir/summary.txt" && ! grep -q '^WORKER ' "$dir/summary.txt" &&
	   [ "$(modtics WORKERB < "$dir/summary.txt")" -gt 50 ]; then pass
	else fail "summary: $(cat "$dir/summary.txt")"; fi
}
