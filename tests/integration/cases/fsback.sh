# cases/fsback.sh (sourced by run.sh): what the files sent back may be.
#
# The files sent back at shutdown are bounded in bytes sent, whatever the
# names: a file of 4100 KiB linked once is two names of 8200 KiB, past the
# bound of 8 MiB, so the second name is not sent, and is named with the
# bound on the console. Names a shell
# would take for an option come back with a leading '_', and names that
# meet once made safe each get a file of their own (docs/running.md,
# "Files that come back").
name=fsback
printf 'fstest names\nfstest write small.txt small\nfstest big big.bin 4100 1\n' > "$out/fsback.cmd"
LIMIT=120 boot fsback 0 -batch "$out/fsback.cmd" $kernel $u/fstest.elf $u/cmd.elf &&
has "fstest: big.bin of 4100 KiB, 1 links" && hasnot "cmd: fstest exited" &&
line_is "${K}kernel: big.bin.1 (4198400 bytes) not sent back: the files sent back are bounded to 8388608 bytes in all" &&
line_is "${K}kernel: 7 files written by programs sent back (4198421 bytes)" &&
line_is "${K}kernel: 1 file not sent back (4198400 bytes): past the bound of 8388608 bytes" &&
extract && file_is small.txt small && file_is _rf -rf && file_is _rf~1 _rf && file_is a_b "a b" &&
file_is a_b~1 a_b && file_is a_b~2 'a?b' && {
	got=$(ls "$dir/files" | tr '\n' ' ')
	size=$(wc -c < "$dir/files/big.bin" | tr -d ' ')
	if [ "$got" != "_rf _rf~1 a_b a_b~1 a_b~2 big.bin small.txt " ]; then
		fail "files back: $got"
	elif [ "$size" != 4198400 ]; then
		fail "big.bin came back with $size bytes"
	elif ! grep -q 'file frame "a_b" (line [0-9]*) written as a_b~1: a_b is file frame "a%20b"' \
		"$dir/extract.out"; then
		fail "no renaming said: $(cat "$dir/extract.out")"
	else
		pass
	fi
}
