# progs/build.sh (sourced by progs.sh): which programs build and which
# count as run: one that does not build fails by name while the others
# run; a named folder; a second version rebuilt; one never started.

# One program does not build: it fails by name, and the others run.
printf 'int main(void) { return not_declared; }\n' > "$src/broken.c"
name=nobuild
if $make --no-print-directory run PROG="$src/broken.c $src/args.c" > "$log" 2>&1; then
	fail "make run exited 0"
elif line_is "make run: broken failed: it does not build" && line_is "| [args]" &&
     line_is "make run: 1 program ran, 1 failed" && has "not_declared"; then
	if $make --no-print-directory run PROG="$src/broken.c" > "$log" 2>&1; then
		fail "make run of a program that does not build exited 0"
	elif line_is "make run: broken failed: it does not build" && line_is "make run: 0 programs ran, 1 failed"; then
		pass
	fi
fi

# A folder anywhere in a PROG word stands for its C files: NAME=folder.
name=named-folder
if $make --no-print-directory run PROG="TF=tests/programs/twofiles" > "$log" 2>&1 &&
   line_is "| TF: twice 21 is 42" && line_is "make run: 1 program ran, 0 failed"; then
	pass
else
	fail "$(grep -v '^gcc\|^cp \|^build/mkmap' "$log" | tail -5)"
fi

# Two versions of one program, both dated before the last build (as --diff
# compares them): the second run profiles the second, not the first again.
mkdir -p "$src/versions"
printf '#include <stdio.h>\nint main(void) { puts("version a"); return 0; }\n' > "$src/versions/a.c"
printf '#include <stdio.h>\nint main(void) { puts("version b"); return 0; }\n' > "$src/versions/b.c"
touch -d '2001-01-01' "$src/versions/a.c" "$src/versions/b.c"
name=rebuild-other-files
rm -rf "$build/prog/versions" "$build/prog/versions.objs"	# (b.c's object not built yet, as the first time)
if ! $make --no-print-directory run PROG="versions=$src/versions/a.c" > "$log" 2>&1 || ! line_is "| version a"; then
	fail "the first version: $(tail -3 "$log")"
elif ! $make --no-print-directory run PROG="versions=$src/versions/b.c" > "$log" 2>&1; then
	fail "the second version: $(tail -3 "$log")"
elif line_is "| version b" && hasnot "| version a"; then
	pass
fi

# A program counts as run only when the capture shows it ran: after one
# that never ends, the next never starts, and fails by name.
printf 'int main(void) { for (;;) ; }\n' > "$src/spin.c"
name=never-started
if $make --no-print-directory run PROG="$src/spin.c $src/args.c" TIMEOUT=5 > "$log" 2>&1; then
	fail "make run exited 0"
elif line_is "make run: args failed: it never started: the machine did not shut down cleanly before its turn"; then
	# (spin started, unless a busy host kept the boot past TIMEOUT)
	if grep -qxF "make run: spin failed: the machine did not shut down cleanly" "$log" &&
	   grep -qxF "make run: 1 program ran, 2 failed" "$log"; then
		pass
	elif grep -qxF "make run: 0 programs ran, 2 failed" "$log"; then
		pass "the boot took TIMEOUT"
	else
		fail "$(grep '^make run' "$log")"
	fi
fi
