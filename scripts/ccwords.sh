#!/bin/sh
# ccwords.sh SRC OUT CC FLAG...: compiles SRC into OUT with CC and FLAGs,
# then the words of PROFKERN_UCFLAGS (make run's PROG_CFLAGS and CFLAGS,
# user/prog.mk), each one argument as the user wrote it: split at blanks,
# never read by a shell, so -DCONFIG_VERSION="2025-09-13" reaches gcc
# with its quotes (a string), and no word runs anything.
set -u
set -f
src=$1 out=$2
shift 2
for w in ${PROFKERN_UCFLAGS:-}; do set -- "$@" "$w"; done
exec "$@" -c "$src" -o "$out"
