# cases/fsstdin.sh (sourced by run.sh): stdin=NAME: every program's fd 0 reads that file.
#
# stdin=NAME: every program's fd 0 reads that file from its start; a name
# that is no module stops the boot.
name=fsstdin
mkdir -p "$out/fsdata"
printf 'line one\nline two\n' > "$out/fsdata/in.txt"
printf 'fstest stdin\nfstest stdin\n' > "$out/fsstdin.cmd"
boot fsstdin 0 -append stdin=in.txt -batch "$out/fsstdin.cmd" -file "$out/fsdata/in.txt" $kernel \
	$u/fstest.elf $u/cmd.elf &&
count_is "^fstest: stdin is a file of 18 bytes:" 2 && count_is "^line two$" 2 &&
has "fstest: lseek(0) back to 0: OK" && hasnot "FAILED" && hasnot "sent back" && {
	boot fsstdin 2 -append stdin=nosuch -batch "$out/fsstdin.cmd" $kernel $u/fstest.elf $u/cmd.elf &&
	has "stdin=nosuch: no such file among the modules" && pass
}
