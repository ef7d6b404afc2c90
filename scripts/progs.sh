#!/bin/sh
# progs.sh: make run's programs, from PROG's words (README.md, step 2).
# Each word is one program: NAME=a.c,b.c, a.c,b.c, a folder, or a.c; a
# folder anywhere in a list stands for every .c directly in it.
#
#   progs.sh check -- PROG [FILE...]  PROG's words, and the base names FILE
#       of FILES and STDIN against the programs' names and each other:
#       nothing and status 0, or one line naming what is wrong, status 2
#   progs.sh names -- PROG   each program's name, one a line
#   progs.sh list -- PROG    each program's name and C files, a line each
#   progs.sh build -- PROG   each built by a make of its own (user/prog.mk),
#       its name and C files in PROFKERN_PROG_NAME and PROFKERN_PROG_SRCS:
#       one that does not build leaves PROFKERN_RUN/NAME.nobuild
#       (makerun.sh says it failed) and the others still build
#
# PROG is the text make was given, as one argument. Its words, the names
# and the files are data: split at blanks with globbing off, never
# evaluated, always quoted, and passed to make through the environment.
# scripts/uservars.mk runs the check before anything else runs, in each of
# make's phases; names, list and build parse the words alike (each word
# once a run) and refuse alike.
set -u
set -f
usage() { echo "usage: progs.sh check|names|list|build -- PROG [FILE...]" >&2; exit 2; }
[ $# -ge 3 ] && [ "$2" = -- ] || usage
mode=$1 prog=$3
shift 3
case $mode in check|names|list|build) ;; *) usage ;; esac
TOP=.
. scripts/lib/defs.sh

# The guest's own commands and modules, which a program may not stand for.
RESERVED="cmd pset profrun testprof kernel idle"
# cmd's built-ins (user/batch.c): a batch line "echo ..." or "rem ..." is
# the built-in's, so a program of such a name would never run.
BUILTINS="rem echo wait start"
PATH_SHOWN="letters, digits, '_', '-', '.', '+', '@' and '/'"

# refuse WORD WHY: make run's line for a PROG word, and stop.
refuse() {
	printf "make run: PROG word '%s': %s\n" "$1" "$2"
	exit 2
}
lower() { printf '%s' "$1" | LC_ALL=C tr 'A-Z' 'a-z'; }

# parse WORD: name, lname (in lower case) and srcs (its C files, separated
# by spaces: each is of the path characters by then), or refuse it by name.
parse() {
	w=$1
	case $w in
	*[!A-Za-z0-9_.+@/=,-]*) refuse "$w" "$PATH_SHOWN only in a path, '=' after a name and ',' between files" ;;
	esac
	# the name: NAME=, else the first file's or the folder's, without the suffix
	case $w in
	*=*) name=${w%%=*} list=${w#*=} ;;
	*) list=$w first=${w%%,*}
		name=${first%/}
		name=${name##*/}
		[ "$first" = "$w" ] && [ -d "$w" ] || case $name in *.*) name=${name%.*} ;; esac ;;
	esac
	case $list in *=*) refuse "$w" "one '=', after the program's name" ;; esac
	items=$(printf '%s' "$list" | tr ',' ' ')
	# (a word's first byte is its name's or its first file's)
	for i in "$name" $items; do
		case $i in -*) refuse "$w" "a program's name or file may not begin with '-'" ;; esac
	done
	# the C files: a folder's, in byte order (make's sort), each name checked
	srcs=""
	for i in $items; do
		if [ -d "$i" ]; then
			set +f
			for f in "${i%/}"/*.c; do
				[ -e "$f" ] || continue
				case $f in
				*[!A-Za-z0-9_.+@/-]*) refuse "$w" "file '$(printf '%s' "$f" | LC_ALL=C tr -c 'A-Za-z0-9_.+@/-' '?')':\
 $PATH_SHOWN only in a source file's name (each other byte shown as '?'); rename it or name the files with NAME=a.c,b.c" ;;
				esac
				srcs="$srcs $f"
			done
			set -f
		else
			srcs="$srcs $i"
		fi
	done
	srcs=${srcs# }
	[ -n "$srcs" ] || refuse "$w" "no C file in it"
	case $name in
	''|*[!A-Za-z0-9_.-]*) refuse "$w" "program name '$name': letters, digits, '_', '-' and '.' only; name the program with NAME=files" ;;
	esac
	[ ${#name} -le 32 ] || refuse "$w" "program name '$name': longer than 32 characters; name the program with NAME=files"
	lname=$(lower "$name")
	# (the kernel takes the first module whose name ends in .cmd for the batch file)
	case $lname in
	*.cmd) refuse "$w" "program name '$name': a name ending in .cmd is a batch file's; name the program otherwise, NAME=file.c" ;;
	esac
	case " $BUILTINS " in
	*" $lname "*) refuse "$w" "'$name' is the name of a built-in command of cmd's batch files ($BUILTINS, in any\
 case): its line would run the built-in, not the program; name the program otherwise, NAME=file.c" ;;
	esac
	case " $RESERVED " in
	*" $lname "*) refuse "$w" "'$name' is the name of the guest's own command or module ($RESERVED, in any case);\
 name the program otherwise, NAME=file.c" ;;
	esac
	for s in $srcs; do
		[ -e "$s" ] || refuse "$w" "no file $s (a relative path is taken from $(pwd -P))"
		# (a pipe or a device would hold the compiler for ever, and so would
		# /proc/kmsg, which reads as a regular file)
		[ -f "$s" ] || refuse "$w" "$s is not a regular file"
		case $(realpath -e -- "$s" 2>/dev/null) in
		/proc|/proc/*|/sys|/sys/*|/dev|/dev/*) refuse "$w" "$s is under /proc, /sys or /dev: not a source file" ;;
		esac
	done
}

# count WORD LIST...: c, how many of LIST are WORD
count() {
	c=0 cw=$1
	shift
	for m in "$@"; do [ "$m" = "$cw" ] && c=$((c + 1)); done
}

# FILE, base names of FILES and STDIN: a module's name each. Then every
# word parsed and checked, once, whatever the mode: parsed holds "WORD
# NAME LNAME SRC..." a line (none has a blank by then), lowers the names
# in lower case; each FUNCTION calls FUNCTION WORD NAME LNAME SRC... for
# each program, in order.
files=""
for f in "$@"; do
	case $f in ''|-*|*[!A-Za-z0-9_.-]*) echo "make run: FILES or STDIN: file name '$f': a module's name: letters,\
 digits, '_', '-' and '.'"; exit 2 ;; esac
	files="$files $(lower "$f")"
done
parsed="" lowers="" nl='
'
for w in $prog; do
	parse "$w"
	parsed="$parsed$w $name $lname $srcs$nl"
	lowers="$lowers $lname"
done
each() {
	set -- "$1" "$IFS"
	IFS=$nl
	for rec in $parsed; do
		IFS=' '
		# shellcheck disable=SC2086
		"$1" $rec
	done
	IFS=$2
}
# Two programs of one name (in any case: a module's name is upper case)
# would be one ELF file and one dump: refused, naming the name and the words.
for n in $lowers; do
	count "$n" $lowers
	[ $c -ge 2 ] || continue
	words=""
	word_of() { [ "$3" = "$n" ] && words="$words '$1'"; }
	each word_of
	echo "make run: two PROG words name a program $n (in any case):$words; name one otherwise, NAME=files"
	exit 2
done

name_of() { printf '%s\n' "$2"; }
list_of() { n=$2; shift 3; printf '%s %s\n' "$n" "$*"; }
build_of() {
	name=$2
	shift 3
	rm -f -- "$run/$name.nobuild"
	PROFKERN_PROG_NAME=$name PROFKERN_PROG_SRCS="$*" "${PROFKERN_MAKE:-make}" --no-print-directory run-prog </dev/null ||
		{ rm -f -- "$run/$name.elf" "$run/$name.map"; : > "$run/$name.nobuild"; }
}
case $mode in
check)
	# The boot image's modules, in the order GRUB loads them (the
	# programs, the guest's own, the batch file, the data files): the
	# kernel takes NMODULE (kernel/module.h) and leaves out the others,
	# so more are refused here, naming those.
	nmodule=$(define_of NMODULE kernel/module.h) || exit 2
	set -- $(each name_of) cmd pset profrun testprof batch-file "$@"
	if [ $# -gt "$nmodule" ]; then
		shift "$nmodule"
		echo "make run: the boot image would have $(($# + nmodule)) modules (the programs; cmd, pset, profrun and\
 testprof; the batch file; the files of FILES and STDIN), and the kernel takes $nmodule (kernel/module.h): it would\
 leave out $*; give fewer programs or files"
		exit 2
	fi
	# Data files may not take a program's name, the guest's, or each other's.
	taken=" run.cmd autoexec.cmd "
	for n in $RESERVED $lowers; do taken="$taken$n $n.elf "; done
	for n in $files; do
		count "$n" $files
		case $taken in *" $n "*|*" $n.elf "*|*" $n.cmd "*) c=2 ;; esac
		[ $c -ge 2 ] || continue
		echo "make run: FILES or STDIN: two files, or a file and a program or the guest, have the name $n (in any case)"
		exit 2
	done ;;
names) each name_of ;;
list) each list_of ;;
build) run=${PROFKERN_RUN:-build/run}; each build_of ;;
esac
exit 0
