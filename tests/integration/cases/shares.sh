# cases/shares.sh (sourced by run.sh): two programs at once, 1 unit of work against 3: their tics follow.
name=shares
cat > "$out/shares.cmd" <<-'CMD'
pset init
pset on
start worker 1
start workerb 3
wait
pset off
pset dump shares.pro
pset free
CMD
boot shares 0 -batch "$out/shares.cmd" $kernel $u/worker.elf $u/workerb.elf $u/pset.elf $u/cmd.elf &&
extract && {
	$pinfo "$dir/shares.pro" > "$dir/summary.txt"
	a=$(modtics WORKER < "$dir/summary.txt") b=$(modtics WORKERB < "$dir/summary.txt")
	# run at the same time, 1 unit against 3: their tics follow
	if [ "$a" -ge 50 ] && ratio "$b" "$a" 2.7 3.3; then pass
	else fail "WORKER $a, WORKERB $b tics"; cat "$dir/summary.txt"; fi
}
