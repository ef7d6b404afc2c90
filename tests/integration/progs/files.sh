# progs/files.sh (sourced by progs.sh): FILES and STDIN: data files in, the
# files a program wrote back out, and a data file the memory cannot hold.

# FILES and STDIN: a program reads a data file of the boot image by its
# base name and its standard input, rewrites the one, creates another; both
# come back into build/run/files/. The heap grows past 1 MiB, and a
# request past the machine's memory is NULL from malloc, not a fault.
mkdir -p "$src/data"
printf 'first line\nsecond line\n' > "$src/data/in.txt"
printf 'typed\n' > "$src/typed.txt"
cat > "$src/files.c" <<'EOF_C'
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
int main(void)
{
	char line[100], *big;
	FILE *in = fopen("in.txt", "r"), *out;

	if (!in) {
		perror("in.txt");
		return 1;
	}
	while (fgets(line, sizeof line, in))
		printf("in: %s", line);
	fclose(in);
	while (fgets(line, sizeof line, stdin))
		printf("stdin: %s", line);
	out = fopen("made.txt", "w");
	fprintf(out, "made %d\n", 42);
	fclose(out);
	in = fopen("in.txt", "a");
	fputs("appended\n", in);
	fclose(in);
	big = malloc(16 << 20);
	if (big)
		memset(big, 1, 16 << 20);
	printf("16 MiB: %s\n", big ? "yes" : "no");
	printf("2000 MiB: %s\n", malloc(2000u << 20) ? "yes" : "no");
	printf("missing: %s\n", fopen("not-there.txt", "r") ? "opened" : "NULL");
	return 0;
}
EOF_C
name=files-stdin-heap
if $make --no-print-directory run PROG="$src/files.c" FILES="$src/data" STDIN="$src/typed.txt" > "$log" 2>&1 &&
   line_is "| in: first line" && line_is "| in: second line" && line_is "| stdin: typed" &&
   line_is "| 16 MiB: yes" && line_is "| 2000 MiB: no" && line_is "| missing: NULL" &&
   line_is "make run: 1 program ran, 0 failed"; then
	if [ "$(cat "$build/run/files/made.txt" 2>&1)" = "made 42" ] &&
	   [ "$(cat "$build/run/files/in.txt" 2>&1)" = "$(printf 'first line\nsecond line\nappended')" ] &&
	   [ "$(cat "$src/data/in.txt")" = "$(printf 'first line\nsecond line')" ]; then
		if $make --no-print-directory run PROG="$src/files.c" FILES="$src/data/in.txt,$src/data" > "$log" 2>&1; then
			fail "two files of one name were accepted"
		else
			has "make run: FILES: two files would be in.txt in the guest: name each once." && pass
		fi
	else
		fail "files back: $(ls -la "$build/run/files" 2>&1 | tr '\n' ' ')"
	fi
else
	fail "$(grep -v '^gcc\|^cp \|^build/mkmap' "$log" | tail -8)"
fi

# A data file larger than the machine's memory: said before the boot, with
# what it needs (GRUB stopped without a word, and the run ended as a hang).
name=files-too-big
mkdir -p "$src/big"
head -c 14000000 /dev/zero > "$src/big/big.bin"
if $make --no-print-directory run PROG="$src/args.c" FILES="$src/big/big.bin" MEM=16 TIMEOUT=5 > "$log" 2>&1; then
	fail "make run exited 0"
elif has "make run: the boot image does not fit in MEM=16 MiB: the kernel and its modules take" &&
     has "(FILES and STDIN 14000128 of them, the largest big.bin: 14000000 bytes)" &&
     grep -q "; MEM=2[0-9] would hold it\$" "$log" &&
     hasnot "booting"; then
	pass
fi
rm -rf "$src/big"
