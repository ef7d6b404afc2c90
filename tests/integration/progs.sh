#!/bin/sh
# progs.sh BUILD: programs as users bring them, built by make run as hosted
# C on newlib (docs/libc.md): what they print is what the host's C library
# prints, their arguments and blank lines reach them and the console, the
# C library's functions are in their profiles under their own names, and
# one that does not build fails by name while the others run.
set -u
build=${1:-build}
out=$build/itest/progs
make=${MAKE:-make}
. tests/integration/check.sh


rm -rf "$out"
mkdir -p "$out"
src=$out/src
mkdir -p "$src"
log=$out/log

# The cases, by job (tests/integration/progs/): what the C library prints
# and where its time goes, POSIX's names and clocks, ARGS's words, which
# programs build and which count as run, the data files and standard input.
# (args.sh writes args.c, which build.sh and files.sh run too.)
. tests/integration/progs/libc.sh
. tests/integration/progs/posix.sh
. tests/integration/progs/args.sh
. tests/integration/progs/build.sh
. tests/integration/progs/files.sh

echo "progs: $passed passed, $failed failed"
[ "$failed" = 0 ]
