# makevars/words.sh (sourced by makevars.sh): PROG's, ARGS's and ENV's
# words, each byte looked at; a good name of the characters allowed runs.
# Writes the programs in $src the other parts run.

# PROG: a word beginning with '-' (mkmap took it for an option), a word
# that holds a command, a folder with a file whose name holds one.
src=$out/src
mkdir -p "$src/folder" "$src/good+dir@x"
printf '#include <stdio.h>\nint main(void) { printf("ran\\n"); return 0; }\n' > "$src/plain.c"
# (the file's command runs where make runs: it would leave makevars-trap there)
cp "$src/plain.c" "$src/folder/a\`touch makevars-trap\`b.c"
cp "$src/plain.c" "$src/good+dir@x/main.c"
refused prog-dash "make run: PROG word '-x=$src/plain.c': a program's name or file may not begin with '-'" \
	PROG="-x=$src/plain.c"
refused prog-dashfile "make run: PROG word 'x=-y.c': a program's name or file may not begin with '-'" PROG="x=-y.c"
refused prog-cmd-name "make run: PROG word 'x.cmd=$src/plain.c': program name 'x.cmd': a name ending in .cmd is a batch file's" \
	PROG="x.cmd=$src/plain.c"
# cmd's built-ins (user/batch.c): a line "Echo ..." is the built-in's.
refused prog-builtin-echo "make run: PROG word 'Echo=$src/plain.c': 'Echo' is the name of a built-in command of cmd's batch files" \
	PROG="Echo=$src/plain.c"
refused prog-builtin-rem "make run: PROG word '$src/rem.c': 'rem' is the name of a built-in command" PROG="$src/rem.c"
mkfifo "$src/pipe.c"
refused prog-pipe "make run: PROG word 'x=$src/pipe.c': $src/pipe.c is not a regular file" PROG="x=$src/pipe.c"
rm -f "$src/pipe.c"
refused prog-proc "make run: PROG word 'x=/proc/version': /proc/version is under /proc, /sys or /dev: not a source file" \
	PROG="x=/proc/version"
refused prog-two-equals "make run: PROG word 'x=$src/plain.c=y': one '=', after the program's name" PROG="x=$src/plain.c=y"
refused prog-subshell "make run: PROG word '\$(shell': letters, digits" PROG="\$(shell touch $trap/p)"
refused prog-folder-backtick "make run: PROG word '$src/folder': file '$src/folder/a?touch?makevars-trap?b.c': letters, digits" \
	PROG="$src/folder"
[ ! -e makevars-trap ] || { fail "the command in the file's name ran"; rm -f makevars-trap; }

# ARGS: every byte looked at, whatever the length (0x01 and a text past
# the length of a command line were taken), within cmd's limits
# (user/batch.h): never put where only a shell could read it.
refused args-0x01 "make run: ARGS must be words of printable ASCII separated by spaces, at most 31 words and 509 bytes (with the program's name and profrun's words, at most 32 words and 511 bytes a line: docs/batch.md): it has other bytes (a tab, a newline, a control byte or one above 0x7e)" \
	PROG="$src/plain.c" ARGS="$(printf 'a\001b')"
refused args-131k "make run: ARGS must be words of printable ASCII separated by spaces, at most 31 words and 509 bytes (with the program's name and profrun's words, at most 32 words and 511 bytes a line: docs/batch.md): it has 131000 bytes" \
	PROG="$src/plain.c" ARGS="$(head -c 131000 /dev/zero | tr '\0' a)"
refused args-32-words "it has 32 words" PROG="$src/plain.c" ARGS="$(seq 1 32 | tr '\n' ' ')"

# ENV: NAME=value words, checked as ARGS is, each refused by name; a
# value a shell would read stays data.
ENV_RULE="NAME=value words separated by spaces (a name of letters, digits and '_', not first a digit; a value of printable ASCII without spaces), at most 32 words and 1000 bytes"
refused env-no-equals "make run: ENV must be $ENV_RULE: not the word 'FOO'" PROG="$src/plain.c" ENV="A=1 FOO"
refused env-digit-first "make run: ENV must be $ENV_RULE: not the word '1X=2'" PROG="$src/plain.c" ENV="1X=2"
refused env-bad-name "make run: ENV must be $ENV_RULE: not the word 'A-B=2'" PROG="$src/plain.c" ENV="A-B=2"
refused env-empty-name "make run: ENV must be $ENV_RULE: not the word '=2'" PROG="$src/plain.c" ENV="=2"
refused env-subshell "make run: ENV must be $ENV_RULE: not the word '\$(touch'" PROG="$src/plain.c" ENV="X=1 \$(touch $trap/e)"
refused env-0x01 "make run: ENV must be $ENV_RULE: it has other bytes (a tab, a newline, a control byte or one above 0x7e)" \
	PROG="$src/plain.c" ENV="$(printf 'A=\001')"
refused env-tab "it has other bytes" PROG="$src/plain.c" ENV="$(printf 'A=1\tB=2')"
refused env-33-words "it has 33 words" PROG="$src/plain.c" ENV="$(seq 1 33 | sed 's/^/V/; s/$/=1/' | tr '\n' ' ')"
refused env-1001-bytes "it has 1001 bytes" PROG="$src/plain.c" ENV="A=$(head -c 999 /dev/zero | tr '\0' a)"

# A good name of the characters allowed runs, its files quoted.
name=prog-plus-at
if $make --no-print-directory run PROG="$src/good+dir@x/main.c" > "$log" 2>&1 && grep -qxF "| ran" "$log" &&
   grep -qxF "make run: 1 program ran, 0 failed" "$log"; then
	pass
else
	fail "$(tail -5 "$log")"
fi
