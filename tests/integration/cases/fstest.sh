# cases/fstest.sh (sourced by run.sh): the file, heap, time and signal calls.
#
# The file, heap, time and signal calls (tests/guest/fstest.c): every
# result and error; a data file of the boot image ("file") rewritten, a file
# created by one program read by the next, both back on the host through
# their frames, byte for byte; abort() as kill(getpid(), SIGABRT): status
# 134; a heap page given back faults; a program started right after one
# that exited with a heap of all memory gets that memory.
name=fstest
mkdir -p "$out/fsdata"
printf 'line one\nline two\n' > "$out/fsdata/in.txt"
printf 'fstest\nfstest cat renamed.txt\nfstest write made.txt made-by-fstest\nfstest abort\nfstest heapgone\nfstest heapall\nhello alive\n' > "$out/fstest.cmd"
LIMIT=120 boot fstest 0 -batch "$out/fstest.cmd" -file "$out/fsdata/in.txt" $kernel $u/fstest.elf \
	$u/hello.elf $u/cmd.elf &&
has "fstest: 0 failed" && hasnot "FAILED" && line_is "kept: 1" &&
has "${K}fstest[5]: signal 6 SIGABRT, ended" && has "cmd: fstest exited with status 134" && {
	# the fault is at the byte it touched: the data window's base + its offset
	off=$(sed -n 's/^fstest: touching a page given back, at offset \([0-9a-f]*\)$/\1/p' "$log")
	want=$(printf '%08x' $((0x80000000 + 0x${off:-0})))
	[ -n "$off" ] && grep -q "^${K}fstest\[6\]: #PF error 0x0006 at 0007:[0-9a-f]*, linear $want, ended" "$log" ||
		{ fail "heapgone: no fault at $want: $(grep -a 'fstest\[6\]\|touching' "$log")"; false; }
} &&
has "cmd: fstest exited with status 142" && has "fstest: exiting with a heap of" && has "[hello] [alive]" &&
has "${K}kernel: 3 files written by programs sent back (41 bytes)" && extract &&
file_is in.txt "$(printf 'INne one\nline two')" && file_is renamed.txt "kept: 1" &&
file_is made.txt made-by-fstest && {
	got=$(ls "$dir/files" | tr '\n' ' ')
	[ "$got" = "in.txt made.txt renamed.txt " ] && pass || fail "files back: $got"
}
