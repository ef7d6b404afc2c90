# cases/bochs-transfer.sh (sourced by run.sh): a frame's transfer is not the guest's work.
#
# A program writes a file of 96 KiB, which goes back in a frame of 133 KB.
# Under Bochs the line carries a few KB a second of the host's time, so the
# transfer alone takes more than the run's 30 s: the time limit covers the
# guest's work, and a second in which a frame flows is not counted
# (scripts/bochsrun.sh; docs/running.md, "QEMU and Bochs"). The file comes
# back whole and the run ends cleanly. Under QEMU it is a plain run.
printf 'fstest big slow.bin 96 0\n' > "$out/bochs-transfer.cmd"
LIMIT=30 boot bochs-transfer 0 -batch "$out/bochs-transfer.cmd" $kernel $u/fstest.elf $u/cmd.elf &&
has "fstest: slow.bin of 96 KiB, 0 links" &&
line_is "${K}kernel: 1 file written by programs sent back (98304 bytes)" && extract && {
	size=$(wc -c < "$dir/files/slow.bin" | tr -d ' ')
	[ "$size" = 98304 ] || fail "slow.bin came back with $size bytes"
} && bochs_clean && pass

# The seconds not counted are bounded too (PROFKERN_BOCHS_PAUSE, 9000 by
# default): a guest that sends frames without end is stopped at TIMEOUT
# and that bound. Here 5 such seconds and a file of 768 KiB, whose frame
# no host's Bochs carries in the 30 s and 5 s: the run ends as a hang
# before the file is whole.
if [ "$emu" = bochs ]; then
	printf 'fstest big slow.bin 768 0\n' > "$out/bochs-pause.cmd"
	PROFKERN_BOCHS_PAUSE=5
	export PROFKERN_BOCHS_PAUSE
	t0=$(date +%s)
	LIMIT=30 boot bochs-pause 4 -batch "$out/bochs-pause.cmd" $kernel $u/fstest.elf $u/cmd.elf && {
		t=$(($(date +%s) - t0))
		[ "$t" -le 60 ] || fail "the run took $t s, past its 30 s and 5 s paused"
	} && pass
	unset PROFKERN_BOCHS_PAUSE
fi
