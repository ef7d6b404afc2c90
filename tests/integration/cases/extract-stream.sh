# cases/extract-stream.sh (sourced by run.sh): profextract reads a capture as it comes.
#
# A capture of 64 MB, one file frame of 48 MB of zeros among the kernel's
# lines, is extracted by profextract limited to 32 MiB of address space
# (ulimit -v): it reads the capture in a window and writes the file as it
# comes, so neither the capture nor the file need fit in its memory; the
# file comes back whole (docs/dump-format.md, "profextract"). A second
# capture, the same frame without its end line, leaves no file, no
# temporary file (its 48 MB were written to one), and names the frame.
name=extract-stream dir=$out/extract-stream
rm -rf "$dir" && mkdir -p "$dir/out" "$dir/cut"
lines=883011 bytes=$((883011 * 57))
A=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA
# the frame's CRC-32 is over its name, then its bytes: gzip's trailer holds it
crc=$({ printf 'zeros.bin'; head -c "$bytes" /dev/zero; } | gzip -1 | tail -c 8 | od -An -tx4 -N4 | tr -d ' ' | tr a-f A-F)
{
	printf '%skernel: shutting down\n%s@PFILE1 BEGIN name=zeros.bin len=%s crc=%s\n' "$K" "$K" "$bytes" "$crc"
	yes "$K$A" | head -n "$lines"
	printf '%s@PFILE1 END name=zeros.bin len=%s crc=%s\n' "$K" "$bytes" "$crc"
} > "$dir/cap.log"
# the same without its end line: every byte there, the frame not whole
endlen=$(printf '%s@PFILE1 END name=zeros.bin len=%s crc=%s\n' "$K" "$bytes" "$crc" | wc -c)
head -c $(($(wc -c < "$dir/cap.log") - endlen)) "$dir/cap.log" > "$dir/cut.log"
if ! (ulimit -v 32768 && "$build/profextract" -o "$dir/out" "$dir/cap.log") > "$dir/extract.out" 2>&1; then
	fail "profextract in 32 MiB: $(cat "$dir/extract.out")"
elif ! head -c "$bytes" /dev/zero | cmp -s - "$dir/out/files/zeros.bin"; then
	fail "zeros.bin came back as $(wc -c < "$dir/out/files/zeros.bin") bytes, not $bytes zeros"
elif (ulimit -v 32768 && "$build/profextract" -o "$dir/cut" "$dir/cut.log") > "$dir/cut.out" 2>&1; then
	fail "a cut frame passed: $(cat "$dir/cut.out")"
elif ! grep -q 'file frame "zeros.bin" (line 2): cut: the capture ends before the end line; nothing written' "$dir/cut.out" ||
     [ -n "$(ls -A "$dir/cut")" ]; then
	fail "the cut frame: $(cat "$dir/cut.out"); left: $(ls -A "$dir/cut" "$dir/cut/files" 2>&1)"
else
	pass
fi
rm -rf "$dir"
