#!/bin/sh
# makerun.sh: what `make run` does after the build: boot the programs (or
# the batch file SCRIPT) from the GRUB image, show the console, extract
# every dump, report each with pinfo, and say how the programs went.
#
# It takes its values from the environment, where the Makefile puts them
# after scripts/uservars.mk has checked each (never through a command
# line a shell reads): PROFKERN_RUN (the run's folder), PROFKERN_HZ,
# PROFKERN_MEM, PROFKERN_TIMEOUT, PROFKERN_REALTIME, PROFKERN_SCRIPT,
# PROFKERN_STACKS, PROFKERN_STACKTABLE, PROFKERN_PROG (make run's PROG,
# its words' names given by scripts/progs.sh, which the Makefile ran to
# build them), PROFKERN_ARGS (the words each program gets after its name,
# on its line of the batch file), PROFKERN_FILES (the data files for the
# boot image, separated by spaces; one of a folder's subfolder PATH=REL,
# REL its path in the guest) and PROFKERN_STDIN (the programs'
# standard input, a file). Every file a program creates or changes comes
# back into RUN/files/.
#
# With PROG, the programs are the user's, run in order and nothing else;
# one that makes no Prof* call of its own runs under profrun, profiled whole
# into NAME.pro. Without, the demo (testprof) runs, as it is. The run fails,
# naming the program, when one does not build, does not load, never
# starts, exits non-zero or faults; the last line says how many ran and how
# many failed. The data files go in only as regular files (scripts/uservars.mk
# checked them), and the boot image only when it fits in MEM.
#
# What the guest sends, its dumps, lands only in RUN/dumps/, a folder of its
# own emptied before each run: never over a file that the build or the run
# reads. The list of dumps comes from profextract's output, one safe name a
# line (no '/', space or newline in one), and every name is handled as
# data: no globbing, no word splitting, never taken for an option.
#
# PROFKERN_STACKS=1 (make run STACKS=1): profrun samples call stacks too,
# and each dump that has them also gives RUN/NAME.folded and RUN/NAME.svg
# (docs/stacks.md). PROFKERN_STACKTABLE=N (make run STACKTABLE=N): the
# kernel's tables of stacks hold N distinct stacks (the boot argument
# stacktable=N; a power of 2 from 256 to 1048576).
# PROFKERN_CPUS=N (make run CPUS=N): the machine's CPUs, 1 to 8, qrun's
# -cpus N (docs/smp.md).
# PROFKERN_EMU=qemu or bochs (make run EMU=...): the emulator that boots
# the image (docs/running.md). PROFKERN_SEED=N (make run SEED=N): the
# sampling jitter's seed, the boot argument seed=N (docs/accuracy.md).
# PROFKERN_SPREAD=1 (make run SPREAD=1): profrun keeps the 8 sub-profiles
# (PT_SPREAD) by which pinfo measures how far each share would move in
# another run; the dumps then carry them (docs/dump-format.md).
# PROFKERN_EVENTS=syscall,switch,offcpu (make run EVENTS=...): profrun also
# makes the event profiles named (syscall and switch may end :N, every Nth
# event), dumped to
# NAME.syscall.pro, NAME.switch.pro and NAME.offcpu.pro, each reported after NAME.pro under
# a heading naming its event (docs/events.md).
# PROFKERN_ENV (make run ENV=): NAME=value words, checked by uservars.mk,
# each program's environment over the default one: RUN/.environ, a word a
# line, a data file of the boot image that the C library reads at each
# program's start (docs/libc.md, "The environment").
# PROFKERN_TRUTH=1 (make run TRUTH=1): QEMU runs the instruction-count
# plugin (bench/truth/insncount.c) in the same run, and each dump NAME.pro
# gets RUN/NAME.truth, the exact instructions of each function while
# profiling was on (scripts/truth.sh; docs/accuracy.md), which pinfo's
# reports show beside the sampled shares when it takes --truth.
set -u
set -f
run=${PROFKERN_RUN:-build/run} hz=${PROFKERN_HZ:-1000} realtime=${PROFKERN_REALTIME:-}
script=${PROFKERN_SCRIPT:-} timeout=${PROFKERN_TIMEOUT:-60} mem=${PROFKERN_MEM:-128}
stacktable=${PROFKERN_STACKTABLE:-} args=${PROFKERN_ARGS:-} seed=${PROFKERN_SEED:-1}
files=${PROFKERN_FILES:-} stdin=${PROFKERN_STDIN:-} cpus=${PROFKERN_CPUS:-1}
truth=
case ${PROFKERN_TRUTH:-} in ''|0) ;; *) truth=1 ;; esac
stacks=
case ${PROFKERN_STACKS:-} in ''|0) ;; *) stacks='/stacks ' ;; esac
case ${PROFKERN_SPREAD:-} in ''|0) ;; *) stacks="$stacks/spread " ;; esac
# (uservars.mk checked EVENTS: syscall or switch, each with :N or not)
for e in $(printf '%s\n' "${PROFKERN_EVENTS:-}" | tr ',' ' '); do stacks="$stacks/$e "; done
# The programs' names, from PROG's words (scripts/progs.sh), or the demo's.
names=$(sh scripts/progs.sh names -- "${PROFKERN_PROG:-}") || { printf '%s\n' "$names" >&2; exit 2; }
if [ -n "$names" ]; then
	mode=programs
	set -- $names
else
	mode=demo
	set -- testprof
fi
build=$(dirname "$run")
dumps=$run/dumps
# The tests count pinfo's runs through a wrapper named here.
pinfo=${PROFKERN_PINFO:-$build/pinfo}

emu=${PROFKERN_EMU:-qemu}
case $emu in
qemu) emuname=QEMU ;;
bochs) emuname=Bochs ;;
*) echo "make run: EMU must be qemu or bochs, not '$emu'" >&2; exit 2 ;;
esac

# The names as progs.sh gave them (a second look, since the names become
# file names and batch file lines).
for n in "$@"; do
	case $n in
	-*|*[!A-Za-z0-9_.-]*|'') echo "make run: program name '$n': letters, digits, '_', '-' and '.' only, not first '-'" >&2; exit 2 ;;
	esac
	[ ${#n} -le 32 ] || { echo "make run: program name '$n': longer than 32 characters" >&2; exit 2; }
done

# A program that did not build (progs.sh left RUN/NAME.nobuild; the
# compiler said why) fails by name; the others run.
nobuild="" built=""
for n in "$@"; do
	if [ -e "$run/$n.nobuild" ]; then nobuild="$nobuild $n"; else built="$built $n"; fi
done
set -- $built

# The data files again (scripts/uservars.mk checked them): each a regular
# file, no link in its path as given, none under /proc, /sys or /dev,
# refused by name without a byte read (a pipe's or /proc/kmsg's reading
# never ends).
for f in $files $stdin; do
	f=${f%%=*}	# (a folder's file is PATH=REL)
	q=$f
	while :; do
		[ -L "$q" ] && { echo "make run: FILES or STDIN: '$f': '$q' is a symbolic link" >&2; exit 2; }
		case $q in ?*/*) q=${q%/*} ;; *) break ;; esac
	done
	case $(realpath -e -- "$f" 2>/dev/null) in
	/proc|/proc/*|/sys|/sys/*|/dev|/dev/*) echo "make run: FILES or STDIN: '$f' is under /proc, /sys or /dev" >&2; exit 2 ;;
	esac
	[ -f "$f" ] || { echo "make run: FILES or STDIN: '$f' is not a regular file" >&2; exit 2; }
done

batch=""
# The mark of the lines run.cmd echoes before each program and after the
# last (the verdict below)
MARK=@MAKERUN1
if [ -n "$script" ]; then
	[ -f "$script" ] || { echo "make run: no such batch file: $script" >&2; exit 1; }
	batch=$run/$(basename -- "$script")
	cp -- "$script" "$batch" || exit 1
else
	# The programs given (or the demo), in order, and nothing else. With
	# PROG, each line comes after an echo of "$MARK start NAME" and the
	# last after "$MARK end", so that the capture shows cmd reaching each
	# line and going on after it (the verdict below; the console view
	# leaves these lines out). Each line must be one cmd reads whole
	# (user/batch.h): refused before the boot otherwise, by name.
	batch=$run/run.cmd
	nwords() { nw=$#; }	# nwords WORD...: their count in nw (the words as cmd splits them, at blanks)
	maxwords=$(sed -n 's/^#define BATCH_MAXARGS[[:space:]]*\([0-9]*\).*/\1/p' user/batch.h)
	maxbytes=$(($(sed -n 's/^#define BATCH_LINE_MAX[[:space:]]*\([0-9]*\).*/\1/p' user/batch.h) - 1))
	: > "$batch"
	for n in "$@"; do
		if [ "$mode" != programs ] || [ -f "$run/$n.profcalls" ]; then	# user/prog.mk: its objects call Prof* or profil
			line="$n${args:+ $args}"
		else
			line="profrun $stacks$n${args:+ $args}"
		fi
		nwords $line
		if [ "$nw" -gt "$maxwords" ] || [ ${#line} -gt "$maxbytes" ]; then
			printf "make run: ARGS: program %s's batch line, '%s' and ARGS, has %s words and %s bytes: cmd reads\
 at most %s words and %s bytes a line (user/batch.h); give fewer ARGS\n" "$n" "${line%"${args:+ $args}"}" "$nw" \
				"${#line}" "$maxwords" "$maxbytes" >&2
			exit 2
		fi
		[ "$mode" = programs ] && printf 'echo %s start %s\n' "$MARK" "$n" >> "$batch"
		printf '%s\n' "$line" >> "$batch"
	done
	[ "$mode" = programs ] && printf 'echo %s end\n' "$MARK" >> "$batch"
fi

# The environment, when ENV= gives one (its words are data: no globbing)
rm -f "$run/.environ"
if [ -n "${PROFKERN_ENV:-}" ]; then
	for w in $PROFKERN_ENV; do printf '%s\n' "$w"; done > "$run/.environ" || exit 1
	files="$files $run/.environ"
fi

# qrun's arguments: options, the kernel, each program once.
names=" "
for n in "$@" cmd pset profrun testprof; do
	case $names in *" $n "*) ;; *) names="$names$n " ;; esac
done
programs="$*"
set -- -emu "$emu" -iso -o "$run" -hz "$hz" -timeout "$timeout" -mem "$mem"
case $cpus in 1) ;; [2-8]) set -- "$@" -cpus "$cpus" ;;
*) echo "make run: CPUS must be a number from 1 to 8, not '$cpus'" >&2; exit 2 ;; esac
kargs=${stacktable:+stacktable=$stacktable}
# (seed 1 is the kernel's own: not given, the command line stays as it was)
case $seed in 1) ;; *[!0-9]*|'') echo "make run: SEED must be a number, not '$seed'" >&2; exit 2 ;;
*) kargs="${kargs:+$kargs }seed=$seed" ;; esac
[ -n "$stdin" ] && kargs="${kargs:+$kargs }stdin=$(basename -- "$stdin")"
[ -n "$kargs" ] && set -- "$@" -append "$kargs"
# (a file of a folder's subfolder is PATH=REL: REL its path in the guest)
for f in $files $stdin; do
	case $f in
	*=*/*) rel=${f#*=}; set -- "$@" -filein "${rel%/*}" "${f%%=*}" ;;
	*) set -- "$@" -file "$f" ;;
	esac
done
[ -n "$realtime" ] && [ "$realtime" != 0 ] && set -- "$@" -realtime
[ -n "$batch" ] && set -- "$@" -batch "$batch"
# (the plugin reads the kernel's memory: all of it, MEM MiB)
[ -n "$truth" ] && set -- "$@" -plugin \
	"$build/bench/truth/insncount.so,$(cat "$build/bench/truth/plugin.args"),ram=$((mem * 1048576)),out=$run/counts.txt"
set -- "$@" -- "$build/kernel.elf"
for n in $names; do set -- "$@" "$run/$n.elf"; done

# Dumps of an earlier run must not pass for this one's, nor its capture,
# stacks or report.
rm -rf "$dumps" "$run/files" && mkdir -p "$dumps" "$run/files" || { echo "make run: cannot make $dumps" >&2; exit 1; }
set +f
rm -f "$run"/*.csv "$run"/*.folded "$run"/*.svg "$run"/*.truth "$run/counts.txt" "$run/serial.log" "$run/report.html" "$run/table.txt" "$run/bochs.log"
set -f

if [ "$mode" = programs ] && [ -z "$built" ]; then	# nothing to boot
	for n in $nobuild; do echo "make run: $n failed: it does not build"; done
	set -- $nobuild
	[ $# = 1 ] && s= || s=s
	echo "make run: 0 programs ran, $# failed"
	exit 1
fi

# The boot image must fit in the machine's memory above its first MiB: the
# kernel as loaded and each module in whole pages (the programs, cmd, pset,
# profrun and testprof, the batch file, FILES's and STDIN's files), and
# the room GRUB needs while it loads them: 2.5 MiB and the modules but the
# largest once more (it stopped, with no word on the serial line, at 0.35
# to 0.45 MiB less, with 3 and 7 modules at MEM=16, 20, 32 and 128). Past
# that the run would end as a hang: refused before, saying how much it needs.
kmem=$(size -- "$build/kernel.elf" 2>/dev/null | awk 'NR == 2 { print $4 }')
mods=0 fmods=0 largest=0 big="" bigsize=0
for f in $files $stdin; do
	f=${f%%=*}
	sz=$(stat -L -c %s -- "$f")
	fmods=$((fmods + (sz + 4095) / 4096 * 4096))
	[ "$sz" -gt "$bigsize" ] && big=$(basename -- "$f") bigsize=$sz
done
for f in $names; do
	sz=$((($(stat -L -c %s -- "$run/$f.elf") + 4095) / 4096 * 4096))
	mods=$((mods + sz))
	[ "$sz" -gt "$largest" ] && largest=$sz
done
sz=$((($(stat -L -c %s -- "$batch") + 4095) / 4096 * 4096))
[ $(((bigsize + 4095) / 4096 * 4096)) -gt "$largest" ] && largest=$(((bigsize + 4095) / 4096 * 4096))
need=$((${kmem:-0} + mods + sz + fmods))
room=$((2621440 + mods + sz + fmods - largest))
if [ $((need + room)) -gt $(((mem - 1) * 1048576)) ]; then
	atleast=$(((need + room + 1048575) / 1048576 + 1))	# (the first MiB is not for modules)
	if [ "$atleast" -le 1024 ]; then atleast="MEM=$atleast would hold it"; else atleast="more than MEM can give (1024)"; fi
	echo "make run: the boot image does not fit in MEM=$mem MiB: the kernel and its modules take $need bytes${big:+\
 (FILES and STDIN $fmods of them, the largest $big: $bigsize bytes)}, and the boot loader needs $room bytes more\
 while it loads them; $atleast" >&2
	exit 1
fi

echo "make run: booting the GRUB image in $emuname"
# The console as qrun shows it, but for the batch file's marks (which the
# verdict below reads in the capture); qrun's own lines after it.
sh scripts/qrun "$@" > "$run/console.txt" 2> "$run/qrun.err"
qs=$?
MARK=$MARK NAMES=" $names " LC_ALL=C awk '
	BEGIN { start = "| " ENVIRON["MARK"] " start "; names = ENVIRON["NAMES"] }
	$0 == "| " ENVIRON["MARK"] " end" { next }
	substr($0, 1, length(start)) == start && index(names, " " substr($0, length(start) + 1) " ") { next }
	{ print }' "$run/console.txt"
cat "$run/qrun.err" >&2
rm -f "$run/console.txt" "$run/qrun.err"
status=$qs
# no capture: the machine never ran (qrun said why); nothing to report
[ -f "$run/serial.log" ] || { echo "make run: the machine did not start" >&2; exit 1; }
# a hang before the kernel's first line: the boot loader never started it
if [ "$qs" = 4 ] && ! grep -a -q "$(printf '^\001')" "$run/serial.log"; then
	echo "make run: the kernel never started within $timeout s (TIMEOUT): the boot loader did not load the image in that time" \
		"($need bytes of kernel and modules, MEM=$mem MiB)" >&2
fi

cp "$build/kernel.map" "$build/kernel.sym" "$build/kernel.elf" "$run/" 2>/dev/null

# Every map of this run (the kernel's and each program's: not those an
# earlier run left), for pinfo --skip-absent -f: each dump is reported with
# the maps of its own modules.
for n in kernel $names; do [ -f "$run/$n.map" ] && printf '%s\n' "$run/$n.map"; done > "$run/maps.lst"
# and every ELF file, for the stacks and the HTML report: an ELF file holds
# the code, whose calls name the frames a tail call left out (docs/stacks.md)
for n in kernel $names; do [ -f "$run/$n.elf" ] && printf '%s\n' "$run/$n.elf"; done > "$run/elfs.lst"

FF=$(printf '\f')
# pinfo's reports show the truth beside the samples where it takes --truth
truthopt=
[ -n "$truth" ] && "$pinfo" --help 2>/dev/null </dev/null | grep -q -- '--truth' && truthopt=1
# (bounded: a capture of frames without end must not hold make run)
list=$(timeout 300 "$build/profextract" -l -o "$dumps" -f "$run/files" -- "$run/serial.log" 2> "$run/extract.err")
case $? in 0) ;; 124) echo "make run: profextract did not end within 300 s" >&2; status=1 ;; *) status=1 ;; esac
# A run with no dump in it says so in make run's words (profextract's
# other lines as they are).
grep -v ': no dump frame found (' "$run/extract.err" >&2
if grep -q ': no dump frame found (' "$run/extract.err"; then
	echo "make run: no profile in this run: no program ran under profrun or called ProfDump${script:+ (a batch\
 file runs each program as it is: \`profrun NAME\` profiles one)}"
fi
rm -f "$run/extract.err"
main="" maintics=0 maintruth=
# TRUTH=1: each dump's exact answer, RUN/NAME.truth (scripts/truth.sh)
[ -n "$truth" ] && while IFS= read -r name; do
	[ -n "$name" ] || continue
	if sh scripts/truth.sh "$pinfo" "$dumps/$name" "$run/counts.txt" "$build/bench/truth/plugin.args" \
		"$run/maps.lst" > "$run/${name%.pro}.truth"; then
		echo "make run: the exact instruction counts of $name (TRUTH=1): $run/${name%.pro}.truth"
	else
		rm -f "$run/${name%.pro}.truth"
		status=1
	fi
done <<EOF_TRUTH
$list
EOF_TRUTH
while IFS= read -r name; do
	[ -n "$name" ] || continue
	dump=$dumps/$name
	echo
	# an event profile's dump (EVENTS=): its heading names the event
	event=
	case $name in
	*.syscall.pro) event="system calls" ;;
	*.switch.pro) event="context switches" ;;
	*.offcpu.pro) event="time off the CPU" ;;
	esac
	[ -n "$event" ] && printf 'Event profile: %s (%s)\n\n' "$event" "$name"
	echo "pinfo $name"
	# One pinfo run a dump: the module table, a form feed line, then the
	# functions by the dump's own map, or by every map of the run.
	map=${name%.pro}
	map=${map%.syscall}
	map=${map%.switch}
	map=${map%.offcpu}.map
	tr=$run/${name%.pro}.truth
	[ -n "$truthopt" ] && [ -f "$tr" ] || tr=
	csv=$run/${name%.pro}.csv	# and its functions as CSV (docs/pinfo.md, "CSV")
	if [ -f "$run/$map" ]; then
		shown="pinfo $name $map"
		"$pinfo" --summary --csv "$csv" ${tr:+--truth "$tr"} -- "$dump" "$run/$map" </dev/null > "$run/table.txt" || status=1
	else
		shown="pinfo $name -f maps.lst"
		"$pinfo" --summary --csv "$csv" --skip-absent ${tr:+--truth "$tr"} -- "$dump" -f "$run/maps.lst" </dev/null > "$run/table.txt" ||
			status=1
	fi
	# shown as it comes, the total read on the way without another process
	# (two thousand dumps make a forked awk a dump count)
	tics="" part=1
	while IFS= read -r line; do
		if [ "$line" = "$FF" ]; then
			printf '\n%s\n' "$shown"
			part=2
			continue
		fi
		printf '%s\n' "$line"
		set -- $line
		[ $part = 1 ] && [ "${1:-}" = Total ] && tics=${2:-}
	done < "$run/table.txt"
	# the HTML report's dump: the one of most samples (the first of them)
	if [ -z "$event" ] && [ -n "$tics" ] && { [ -z "$main" ] || [ "$tics" -gt "$maintics" ]; }; then
		main=$dump maintics=$tics maintruth=$tr
	fi
	# The call stacks, when the dump has them (the type's bit 16: format 3,
	# or a later one with the bit, docs/dump-format.md).
	if [ -n "$stacks" ] && [ $(($(od -An -tu4 -j8 -N4 "$dump" | tr -d ' ') / 16 % 2)) = 1 ]; then
		base=$run/${name%.pro}
		"$pinfo" --folded "$base.folded" --flamegraph "$base.svg" -- "$dump" -f "$run/elfs.lst" \
			</dev/null && echo "wrote $base.folded and $base.svg" || status=1
	fi
done <<EOF_LIST
$list
EOF_LIST

# The HTML report (docs/report.md): one page, RUN/report.html, of the
# run's dump of most samples, with every ELF file of the run for its
# functions and source (the modules not in that dump are skipped).
rm -f "$run/report.html"
if [ -n "$main" ]; then
	echo
	if "$pinfo" --html "$run/report.html" ${maintruth:+--truth "$maintruth"} -- "$main" -f "$run/elfs.lst" </dev/null; then
		echo "make run: HTML report of $(basename "$main"): $run/report.html"
	else
		status=1
	fi
fi

# The files the programs wrote, back from the guest (profextract -f).
# (in their folders: profextract made every name safe, so a path is one
# line of find's output)
find "$run/files" -type f 2>/dev/null | LC_ALL=C sort | while IFS= read -r f; do
	printf 'make run: a program wrote %s (%s bytes)\n' "$f" "$(wc -c < "$f" | tr -d ' ')"
done

# How each program went, from the capture (RUN/serial.log). A program
# counts as run only when the capture shows it: cmd echoed its mark (the
# line before the program's in run.cmd), then said nothing against the
# program's line or the program, and went on to the next mark. A fault is
# the kernel's line (marked with byte 0x01, which no program can write); a
# load failure or a non-zero status, cmd's or profrun's line; a line cmd
# skipped, cmd's line naming run.cmd and its number. Each failed program
# gets a line naming it and why (its bytes but ' ' to '~' shown as '?');
# "ran" counts those that started.
# With SCRIPT, the batch file's commands, from the capture: each that
# exited non-zero, faulted or did not start fails by name
# (scripts/batchverdict.awk), and the count of its command lines.
if [ -n "$script" ]; then
	echo
	verdicts=$(QS=$qs LC_ALL=C awk -f scripts/batchverdict.awk "$run/serial.log")
	cmds=$(LC_ALL=C awk '{ w = tolower($1) } w != "" && w !~ /^[;#]/ && w != "rem" && w != "echo" && w != "wait" \
		{ n++ } END { print n + 0 }' "$batch")
	failed=0 unstarted=0
	while IFS= read -r v; do
		[ -n "$v" ] || continue
		failed=$((failed + 1))
		case $v in "0 "*) unstarted=$((unstarted + 1)) ;; esac
		echo "make run: ${v#? }"
	done <<EOF_BATCH
$verdicts
EOF_BATCH
	ran=$((cmds - unstarted))
	[ "$ran" -ge 0 ] || ran=0
	[ "$ran" = 1 ] && s= || s=s
	echo "make run: $ran command$s of $(basename -- "$script") ran, $failed failed"
	[ "$failed" = 0 ] || status=1
fi
if [ "$mode" = programs ] && [ -z "$script" ]; then
	ran=0 failed=0
	tab=$(printf '\t')
	echo
	for n in $nobuild; do
		failed=$((failed + 1))
		echo "make run: $n failed: it does not build"
	done
	verdicts=$(MARK=$MARK PROGS="$programs" QS=$qs LC_ALL=C awk -f scripts/runverdict.awk "$run/serial.log")
	while IFS=$tab read -r started n why; do
		[ -n "$n" ] || continue
		ran=$((ran + started))
		[ -n "$why" ] || continue
		# a fault: the function and source line of its code offset, as the
		# console showed them (qrun looked each up once: RUN/where.txt,
		# "NAME OFFSET WHERE" a line)
		case $why in
		"$n["*"]: #"??" error 0x"*" at "*:*", "*)
			head=${why%%,*}
			w=$(awk -v n="$n" -v o="${head##*:}" '$1 == n && $2 == o { sub(/^[^ ]+ [^ ]+ /, ""); print; exit }' \
				"$run/where.txt" 2>/dev/null)
			[ -n "$w" ] && why="$head in $w${why#"$head"}" ;;
		esac
		failed=$((failed + 1))
		echo "make run: $n failed: $why"
	done <<EOF_VERDICTS
$verdicts
EOF_VERDICTS
	[ "$ran" = 1 ] && s= || s=s
	echo "make run: $ran program$s ran, $failed failed"
	[ "$failed" = 0 ] || status=1
fi
exit $status
