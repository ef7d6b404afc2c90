#!/bin/sh
# xv6run.sh: what `make xv6` does after the module's build (ports/xv6/xv6.mk;
# docs/porting.md, "xv6"): xv6-public copied with the glue
# (ports/xv6/apply.sh), built, each program of PROG built against xv6's
# headers and its user library, all put on xv6's file system with
# profinit as init, booted in QEMU under -icount, and the dumps reported.
#
# Its values come from the environment, checked by make first
# (scripts/uservars.mk, ports/xv6/xv6.mk): PROFKERN_XV6 (the tree),
# PROFKERN_PROG (words as make run's: NAME=a.c,b.c, a.c,b.c, a folder, or
# a.c; scripts/progs.sh), PROFKERN_ARGS (the words each program gets),
# PROFKERN_HZ, PROFKERN_CPUS, PROFKERN_TIMEOUT. Without PROG, the demo
# ports/xv6/demo.c runs.
#
# Each program runs in turn from profinit, profiled whole into NAME.pro
# (a user profile from its first instruction to its exit) unless it makes
# Prof* calls of its own, and the system profile, over all of them, goes
# to system.pro. Everything of the run is in build/xv6/run/: the images,
# serial.log, the programs' ELF files (their maps), kernel.elf, the dumps
# in dumps/ (a folder of their own, emptied first). The last line says how
# many programs ran and how many failed: one fails when it does not build,
# exec refuses it, xv6 kills it (a trap), its dump is missing, or the
# machine does not finish.
set -u
set -f
xv6=${PROFKERN_XV6:-} prog=${PROFKERN_PROG:-} args=${PROFKERN_ARGS:-}
hz=${PROFKERN_HZ:-1000} cpus=${PROFKERN_CPUS:-1} timeout=${PROFKERN_TIMEOUT:-60}
build=build top=$(pwd -P)
dir=$build/xv6 src=$build/xv6/src run=$build/xv6/run
XV6_CC="gcc -Wno-array-bounds -Wno-infinite-recursion"
fail() { echo "make xv6: $*" >&2; exit 2; }
TOP=.
. scripts/lib/defs.sh
marks_export || fail "the frame's marks are not in format/framefmt.h"

[ -d "$xv6" ] || fail "XV6: no such folder: $xv6"
[ -n "$prog" ] || prog=ports/xv6/demo.c
# PROG's words, checked as make run's; then each program's line, NAME SRC...
list=$(sh scripts/progs.sh list -- "$prog" | sed 's/^make run:/make xv6:/') || { printf '%s\n' "$list" >&2; exit 2; }
while read -r n srcs; do
	case $(printf '%s' "$n" | tr 'A-Z' 'a-z') in
	init|profinit|system|kernel) fail "PROG: '$n' is a name of the run's own (init, profinit, system, kernel): name the program otherwise, NAME=file.c" ;;
	esac
	[ ${#n} -le 14 ] || fail "PROG: program name '$n': longer than 14 characters (xv6's file names)"
done <<EOF
$list
EOF

echo "make xv6: xv6 from $xv6, with the glue, in $src"
# (a tree apply.sh refuses changes nothing, the last run's files included)
sh ports/xv6/apply.sh "$xv6" "$src" || exit 2
rm -rf "$run" && mkdir -p "$run/dumps" "$dir/prog" || fail "cannot make $run"

printf '#define PROF_XV6_HZ %s\n' "$hz" > "$src/profconf.h"
inc="-I$top/profiler/include"
echo "make xv6: building xv6 (its log: $run/build.log)"
make -C "$src" CC="$XV6_CC $inc -DPROF_SLOTS=1" PROFKERN_LIB="$top/$build/xv6/libprofkern.a" \
	mkfs ulib.o usys.o printf.o umalloc.o uprof.o \
	> "$run/build.log" 2>&1 || { tail -20 "$run/build.log" >&2; fail "xv6 does not build with the glue (its log: $run/build.log)"; }
# xv6's flags for its programs, from its own Makefile
printf 'xv6-cflags:\n\t@echo $(CFLAGS)\n' > "$dir/cflags.mk"
cflags=$(make -s -C "$src" -f Makefile -f "$top/$dir/cflags.mk" xv6-cflags) || fail "cannot read xv6's CFLAGS"
ulib="$src/ulib.o $src/usys.o $src/printf.o $src/umalloc.o $src/uprof.o"

# prog NAME OUT SRC...: an xv6 program, linked at 0 as xv6's Makefile links them
progbuild() {
	n=$1 out=$2
	shift 2
	objs=""
	rm -rf "$dir/prog/$n" && mkdir -p "$dir/prog/$n" || return 1
	for s in "$@"; do
		o=$dir/prog/$n/$(basename -- "$s" .c).o
		# (the flags as make gave them: one word each, none of the user's)
		# shellcheck disable=SC2086
		$XV6_CC $cflags -I"$src" $inc -c -o "$o" "$s" || return 1
		objs="$objs $o"
	done
	# shellcheck disable=SC2086
	ld -m elf_i386 -N -e main -Ttext 0 -z noexecstack --no-warn-rwx-segments -o "$out" $objs $ulib
}

# each program, and whether it is profiled whole (no Prof* call of its own)
while read -r n srcs; do
	[ -n "$n" ] || continue
	# shellcheck disable=SC2086
	if progbuild "$n" "$run/$n.elf" $srcs; then
		whole=1
		# shellcheck disable=SC2086
		nm $objs 2>/dev/null | grep -q -E ' U (Prof(Init|On|Off|Dump|Free|Clear)|profil)$' && whole=0
		printf '%s %s\n' "$n" "$whole"
	else
		: > "$run/$n.nobuild"
	fi
done > "$run/programs.txt" <<EOF
$list
EOF
progs=$(awk '{ print $1 }' "$run/programs.txt")
# profinit's lines: each word a C string of octal escapes (any byte ARGS
# holds stays data)
cstr() { printf '%s' "$1" | od -An -v -to1 | tr -s ' \n' '  ' | sed 's/^ *//; s/ *$//; s/ /\\/g; s/^/"\\/; s/$/",/'; }
{
	echo "// the programs of this run (scripts/xv6run.sh)"
	echo "static struct profrun runs[] = {"
	while read -r n whole; do
		line="  { { $(cstr "$n")"
		for a in $args; do line="$line $(cstr "$a")"; done
		echo "$line 0 }, $whole },"
	done < "$run/programs.txt"
	echo "};"
} > "$src/profruns.h"
progbuild profinit "$run/init.elf" "$src/profinit.c" || fail "profinit does not build"

# xv6's file system: init and the programs (mkfs takes names without '/'),
# inside the kernel (xv6's kernelmemfs: memide.c for ide.c), which QEMU
# loads itself (-kernel: xv6's kernel is a multiboot one). No disk at all:
# a disk's read ends when QEMU's thread ends it, at another instruction
# each run, and moves the timers' phases, and with several CPUs the turns
# QEMU gives them, so that the run would not repeat.
rm -rf "$dir/fs" && mkdir -p "$dir/fs" && cp "$run/init.elf" "$dir/fs/_init" || exit 1
fsnames="_init"
for n in $progs; do cp "$run/$n.elf" "$dir/fs/_$n" && fsnames="$fsnames _$n"; done
# shellcheck disable=SC2086
(cd "$dir/fs" && "$top/$src/mkfs" fs.img $fsnames) > "$run/mkfs.log" 2>&1 || fail "mkfs failed (its log: $run/mkfs.log)"
mv "$dir/fs/fs.img" "$src/fs.img"
# (-o fs.img: this file system, not one of xv6's programs)
make -C "$src" -o fs.img CC="$XV6_CC $inc -DPROF_SLOTS=1" PROFKERN_LIB="$top/$build/xv6/libprofkern.a" \
	kernelmemfs >> "$run/build.log" 2>&1 || { tail -20 "$run/build.log" >&2; fail "xv6 does not build with the glue (its log: $run/build.log)"; }
cp "$src/kernelmemfs" "$run/kernel.elf" || exit 1

echo "make xv6: booting xv6 in QEMU ($cpus CPU$([ "$cpus" = 1 ] || echo s), $hz Hz, -icount)"
timeout "$timeout" qemu-system-i386 -display none -nodefaults -vga std -no-reboot -m 256 \
	-serial "file:$run/serial.log" -device isa-debug-exit,iobase=0xf4,iosize=0x04 \
	-kernel "$run/kernel.elf" \
	-smp "$cpus,sockets=$cpus,cores=1,threads=1" \
	-icount shift=3,align=off,sleep=off -rtc base=2026-01-01T00:00:00,clock=vm
qs=$?
# profinit's PROFX_HALT 0: QEMU's status 1
case $qs in
1) ;;
124) echo "make xv6: no end within $timeout s (TIMEOUT=): xv6 hung or the programs run longer" ;;
*) echo "make xv6: QEMU ended with status $qs" ;;
esac
[ -f "$run/serial.log" ] || fail "the machine did not start"

# The console, each dump frame one line (without the line break it starts
# with), every other byte not printable ASCII shown as '?'
LC_ALL=C awk '
BEGIN { b = ENVIRON["FRAME_MARK"] ENVIRON["FRAME_BEGIN"] " "; e = ENVIRON["FRAME_MARK"] ENVIRON["FRAME_END"] " " }
index($0, b) == 1 { inframe = 1; blank = 0; next }
inframe && /^[A-Za-z0-9+\/=]+$/ { next }
inframe && index($0, e) == 1 { print "[dump frame: " substr($0, length(e) + 1) "]"; inframe = 0; next }
{
	inframe = 0
	if (blank) print "| "
	blank = $0 == ""
	if (blank) next
	gsub(/[^ -~\t]/, "?")
	print "| " $0
}' "$run/serial.log"

status=0
for n in kernel init $progs; do printf '%s\n' "$run/$n.elf"; done > "$run/maps.lst"
# (-a: xv6 marks no line as the kernel's, so a frame may start any line)
dumps=$("$build/profextract" -a -l -o "$run/dumps" -- "$run/serial.log") || status=1
for name in $dumps; do
	echo
	case $name in
	system.pro) echo "pinfo $name -f maps.lst"
		"$build/pinfo" --summary --skip-absent -- "$run/dumps/$name" -f "$run/maps.lst" </dev/null || status=1 ;;
	*) echo "pinfo $name ${name%.pro}.elf"
		"$build/pinfo" --summary -- "$run/dumps/$name" "$run/${name%.pro}.elf" </dev/null || status=1 ;;
	esac
done

# How each program went, from the console and the dumps
ran=0 failed=0
echo
while read -r n srcs; do
	[ -n "$n" ] || continue
	if [ -e "$run/$n.nobuild" ]; then
		failed=$((failed + 1))
		echo "make xv6: $n failed: it does not build"
		continue
	fi
	ran=$((ran + 1))
	why=$(grep -a -E "^profinit: $n: |^pid [0-9]+ $n: trap " "$run/serial.log" | head -1)
	[ -z "$why" ] && [ "$qs" != 1 ] && why="the machine did not finish"
	[ -z "$why" ] && grep -q -x "$n 1" "$run/programs.txt" && [ ! -f "$run/dumps/$n.pro" ] && why="no $n.pro"
	if [ -n "$why" ]; then
		failed=$((failed + 1))
		echo "make xv6: $n failed: $why"
	fi
done <<EOF
$list
EOF
[ -f "$run/dumps/system.pro" ] || { echo "make xv6: no system.pro"; status=1; }
[ "$ran" = 1 ] && s= || s=s
echo "make xv6: $ran program$s ran, $failed failed"
[ "$failed" = 0 ] || status=1
exit $status
