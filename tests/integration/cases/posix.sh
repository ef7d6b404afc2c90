# cases/posix.sh (sourced by run.sh): the POSIX calls of docs/libc.md.
#
# tests/guest/posixtest.c checks each call's results and errors (folders,
# paths from the working folder, ftruncate, fcntl, dup2, sleeping in guest
# time, the console as a terminal, mmap, dlopen, pthreads, stdatomic);
# "posixtest env" prints its environment: the default PATH, HOME and TERM,
# and make run ENV='s module, .environ, over them. The file written in a
# folder comes back under its folders.
name=posix
mkdir -p "$out/posixdata"
printf 'FOO=bar=baz\nTERM=vt100\n' > "$out/posixdata/.environ"
printf 'posixtest env\nposixtest\n' > "$out/posix.cmd"
LIMIT=60 boot posix 0 -batch "$out/posix.cmd" -file "$out/posixdata/.environ" $kernel $u/posixtest.elf \
	$u/cmd.elf &&
has "posixtest: 0 failed" && hasnot "FAILED" &&
line_is "env: PATH=/bin:/usr/bin" && line_is "env: HOME=/" && line_is "env: TERM=vt100" &&
line_is "env: FOO=bar=baz" && count_is "^env: TERM=" 1 && line_is "env: getenv(PATH) /bin:/usr/bin" && pass

# make run FILES= of a folder with subfolders: each file where it was
# (libs/lib1.lua), and the files a program writes in folders back in
# build/run/files/ under them; a file of the root folder read as before.
name=posix-files
d=$out/posixfiles
rm -rf "$d"
mkdir -p "$d/testes/libs/deep"
printf 'top\n' > "$d/testes/main.lua"
printf 'lib1\n' > "$d/testes/libs/lib1.lua"
printf 'deep\n' > "$d/testes/libs/deep/d.txt"
cat > "$d/fold.c" <<'EOF_C'
#include <stdio.h>
#include <sys/stat.h>
static void show(const char *path)
{
	char b[64];
	FILE *f = fopen(path, "r");
	printf("%s: %s", path, f && fgets(b, sizeof(b), f) ? b : "(none)\n");
}
int main(void)
{
	FILE *f;
	show("libs/lib1.lua");
	show("/libs/deep/d.txt");
	show("main.lua");
	show("lib1.lua");
	mkdir("out", 0755);
	mkdir("out/x", 0755);
	if ((f = fopen("out/x/w.txt", "w"))) {
		fputs("written\n", f);
		fclose(f);
	}
	return 0;
}
EOF_C
if $make --no-print-directory run PROG="$d/fold.c" FILES="$d/testes/" > "$d/log" 2>&1 &&
   grep -qx '| libs/lib1.lua: lib1' "$d/log" && grep -qx '| /libs/deep/d.txt: deep' "$d/log" &&
   grep -qx '| main.lua: top' "$d/log" && grep -qx '| lib1.lua: (none)' "$d/log" &&
   grep -qx 'make run: a program wrote build/run/files/out/x/w.txt (8 bytes)' "$d/log" &&
   [ "$(cat "$build/run/files/out/x/w.txt")" = written ]
then pass; else fail "$(grep -v '^  ' "$d/log" | tail -12)"; fi

# PROG_CFLAGS as the user wrote it: the quotes reach gcc (a string), and a
# ';' and '>' are bytes of a flag, not a shell's syntax.
name=posix-cflags
printf '#include <stdio.h>\nint main(void) { printf("v=%%s\\n", CONFIG_VERSION); return 0; }\n' > "$d/ver.c"
rm -f "$d/trap"
if $make --no-print-directory run PROG="$d/ver.c" \
	PROG_CFLAGS="-DCONFIG_VERSION=\"2025-09-13\" -DUNUSED=1;>$d/trap;:" > "$d/log" 2>&1 &&
   grep -qx '| v=2025-09-13' "$d/log" && [ ! -e "$d/trap" ]
then pass; else fail "$(grep -v '^  ' "$d/log" | tail -8)"; fi

# An honest batch (SCRIPT=): a command that exits non-zero, or does not
# start, fails the run by name, with the summary line; a run with no dump
# says so in make run's words, not profextract's.
name=posix-batch
printf '#include <stdio.h>\nint main(int c, char **v) { printf("ran %%d\\n", c); return c > 1 ? 3 : 0; }\n' > "$d/bad.c"
printf 'bad\nbad x\nnosuch\n' > "$d/b.cmd"
if $make --no-print-directory run PROG="$d/bad.c" SCRIPT="$d/b.cmd" > "$d/log" 2>&1; then
	fail "make run passed a batch that failed"
elif grep -qx 'make run: bad failed: cmd: bad exited with status 3' "$d/log" &&
     grep -qx 'make run: nosuch failed: cmd: nosuch: no such program, file or module' "$d/log" &&
     grep -qx 'make run: 2 commands of b.cmd ran, 2 failed' "$d/log" &&
     grep -q '^make run: no profile in this run: no program ran under profrun or called ProfDump' "$d/log" &&
     ! grep -q 'no dump frame found' "$d/log"
then pass; else fail "$(grep -v '^  ' "$d/log" | tail -8)"; fi
