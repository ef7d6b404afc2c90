# cases/fsiso.sh (sourced by run.sh): a data file through GRUB: read, rewritten, back.
#
# A data file through GRUB (mkiso.sh's file:PATH): read, rewritten, back.
name=fsiso
mkdir -p "$out/fsdata"
printf 'line one\nline two\n' > "$out/fsdata/in.txt"
printf 'fstest cat in.txt\nfstest write in.txt rewritten\n' > "$out/fsiso.cmd"
boot fsiso 0 -iso -batch "$out/fsiso.cmd" -file "$out/fsdata/in.txt" $kernel $u/fstest.elf $u/cmd.elf &&
line_is "line two" && extract && file_is in.txt rewritten && pass
