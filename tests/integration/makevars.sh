#!/bin/sh
# makevars.sh BUILD: make run's values and file names are data (docs/security.md,
# section 5a). Every hostile value is refused by name before anything runs,
# and the command it holds never runs: each would create a file in a
# folder of its own, which must stay empty. Then names that are good but
# unusual (a '+' and an '@' in a path) still run, and the tools take '--'
# before file names that begin with '-'.
set -u
build=${1:-build}
out=$build/itest/makevars
make=${MAKE:-make}
. tests/integration/check.sh


rm -rf "$out"
mkdir -p "$out/trap"
trap=$(cd "$out/trap" && pwd)
log=$out/log

# refused NAME 'MESSAGE' make-arguments...: make run with the arguments
# exits non-zero, prints MESSAGE, prints nothing else (nothing ran: not
# the package set-up, not a compiler), and the trap folder stays empty.
refused() {
	name=$1 want=$2
	shift 2
	if timeout 600 $make --no-print-directory run "$@" > "$log" 2>&1; then
		fail "accepted: $*"
	elif [ -n "$(ls -A "$trap")" ]; then
		fail "a command in the value ran: $(ls -A "$trap" | tr '\n' ' ')"
		rm -f "$trap"/*
	elif ! grep -qF -- "$want" "$log"; then
		fail "no line with: $want; got: $(cat "$log")"
	elif [ "$(wc -l < "$log")" != 1 ]; then
		fail "more than the refusal: $(cat "$log")"
	else
		pass
	fi
}

# The cases, by job (tests/integration/makevars/): make's values and goals,
# PROG's, ARGS's and ENV's words, FILES and STDIN, and the scripts below
# make run (its verdict, the boot image, qrun, the tools' '--'). (words.sh
# writes the programs in $src that files.sh runs; files.sh the data folder
# scripts.sh links to.)
. tests/integration/makevars/values.sh
. tests/integration/makevars/words.sh
. tests/integration/makevars/files.sh
. tests/integration/makevars/scripts.sh

rm -rf "$src"
echo "makevars: $passed passed, $failed failed"
[ "$failed" = 0 ]
