#!/bin/sh
# run.sh BUILD: the integration tests. Each boots the kernel in QEMU
# (deterministic, -kernel for speed, one through GRUB's ISO), with a time
# limit, and checks the serial console. Prints one line per test and
# "N passed, N failed" last; exits non-zero if any failed.
#
# EMU=bochs: the ring-3 fault suite, the kernel's ways to end a run and
# the reproducibility of a run under Bochs instead (through the GRUB image,
# Bochs having no multiboot loader), with the faults a CPU raises where
# QEMU's TCG does not check (docs/running.md, "QEMU and Bochs").
set -u
build=${1:-build}
emu=${EMU:-qemu}
case $emu in
qemu) out=$build/itest ;;
bochs) out=$build/itest-bochs ;;
*) echo "run.sh: EMU must be qemu or bochs, not '$emu'" >&2; exit 2 ;;
esac
qrun="sh scripts/qrun -emu $emu"
kernel=$build/kernel.elf
u=$build/user
only=${ONLY:-}
. tests/integration/check.sh

fail() { failed=$((failed + 1)); echo "FAIL $name: $*"; [ -f "$dir/serial.log" ] && sed 's/^/    | /' "$dir/serial.log" | head -60; }

# boot NAME STATUS [qrun options] -- programs...: runs and checks the status.
boot() {
	name=$1 want=$2
	shift 2
	dir=$out/$name
	rm -rf "$dir"
	$qrun -quiet -o "$dir" -timeout "${LIMIT:-30}" "$@" >"$dir.out" 2>&1
	got=$?
	log=$dir/serial.log
	[ "$got" = "$want" ] || { fail "qrun status $got, wanted $want: $(cat "$dir.out")"; return 1; }
}
# Under Bochs, a run that commits no fault the CPU checks leaves no error
# in Bochs's log: anything there is the kernel's to mend.
bochs_clean() {
	[ "$emu" = qemu ] && return 0
	errs=$(grep -a '^[0-9]*[ep]\[' "$dir/bochs.log" | grep -av '>>PANIC<< Shutdown port: shutdown requested')
	[ -z "$errs" ] || { fail "Bochs's log: $(printf '%s\n' "$errs" | head -3)"; return 1; }
}
count_is() { n=$(grep -c -- "$1" "$log"); [ "$n" = "$2" ] || { fail "$n lines with '$1', wanted $2"; return 1; }; }
# Under Bochs, only the cases below (the others are QEMU's: its -kernel
# loader, the profiler's shares and the tools, make run).
BOCHS_CASES=" hello panic triplefault hang faults seglimits badptr usertests console sysfuzz iretfuzz fpmix badstacks deterministic "
selected() {
	[ "$emu" = qemu ] || case $BOCHS_CASES in *" $1 "*) ;; *) return 1 ;; esac
	[ -z "$only" ] || [ "$only" = "$1" ]
}
# file_is NAME TEXT: a file a program wrote came back, in $dir/files, holding TEXT.
file_is() { [ "$(cat "$dir/files/$1" 2>/dev/null)" = "$2" ] || { fail "files/$1: '$(cat "$dir/files/$1" 2>&1)', wanted '$2'"; return 1; }; }
# The byte that starts each line the kernel writes (format/console_mark.h).
K=$(printf '\001')
ESC=$(printf '\033')

mkdir -p "$out"

if selected hello; then
	boot hello 0 $kernel $u/hello.elf $u/cmd.elf &&
	has "hello from ring 3: pid 2, argc 1 [hello]" &&
	has "kernel: cmd exited with status 0; shutting down" && {
		# QEMU ends at isa-debug-exit; elsewhere the kernel's exit code is
		# its last line (kernel/console.c, machine_exit)
		if [ "$emu" = qemu ]; then hasnot "kernel: exit code"
		else [ "$(tail -1 "$log")" = "${K}kernel: exit code 0x10" ] || fail "last line: $(tail -1 "$log" | cat -v)"; fi
	} && {
		# Bochs's log shows the CPU at the shutdown: the kernel runs with
		# the caches on (CR0.CD and CR0.NW clear), whatever the firmware left
		[ "$emu" = qemu ] || {
			cr0=$(sed -n 's/.*| CR0=0x\([0-9a-f]*\) .*/\1/p' "$dir/bochs.log" | tail -1)
			[ -n "$cr0" ] && [ $((0x$cr0 & 0x60000000)) = 0 ] || fail "CR0 at the shutdown: '$cr0'"
		}
	} && bochs_clean && pass
fi

if selected iso; then
	name=iso
	printf 'hello from grub\n' > "$out/grub.cmd"
	boot iso 0 -iso -batch "$out/grub.cmd" $kernel $u/hello.elf $u/cmd.elf &&
	has "hello from ring 3: pid 2, argc 3 [hello] [from] [grub]" && pass
fi

if selected preempt16; then
	boot preempt16 0 $kernel $u/spin16.elf $u/cmd.elf &&
	has "spin16: 16 workers, 0 bad" && {
		# Every worker started before the first one finished.
		last_start=$(grep -n 'started at tick' "$log" | tail -1 | cut -d: -f1)
		first_done=$(grep -n ' done after ' "$log" | head -1 | cut -d: -f1)
		starts=$(grep -c 'started at tick' "$log")
		dones=$(grep -c ' done after ' "$log")
		if [ "$starts" = 16 ] && [ "$dones" = 16 ] && [ "$last_start" -lt "$first_done" ]; then
			pass
		else
			fail "$starts starts, $dones dones, last start on line $last_start, first done on $first_done"
		fi
	}
fi

# Each fault ends only its process, with its vector named; the next runs.
# Past-the-limit references give #PF under QEMU: its TCG does not check
# segment limits, so the paging backstop catches them (docs/memory.md);
# under Bochs, as on a CPU, #GP. A stack
# that runs out, a NULL pointer (the data segment's unmapped first page) and
# a call through a NULL function pointer (the ud2 at code offset 0) are
# named as such.
if selected faults; then
	name=faults
	cat > "$out/faults.cmd" <<-'CMD'
	faults de
	faults ud
	faults cli
	faults hlt
	faults out
	faults kernelsel
	faults int
	faults np
	faults br
	faults load
	faults store
	faults jump
	faults stack
	faults stackpush
	faults nullwrite
	faults nullread
	faults nullcall
	hello still alive
	CMD
	if boot faults 0 -batch "$out/faults.cmd" $kernel $u/faults.elf $u/hello.elf $u/cmd.elf; then
		ok=1 n=0
		# The error codes: a selector's (0x10, the kernel's data), an IDT
		# entry's ((0x20 << 3) | 2: IDT, vector 0x20), LDT entry 2's
		# ((2 << 3) | 4); #PF's: user (4), plus write (2) for stores.
		if [ "$emu" = qemu ]; then past="#PF error 0x0004|#PF error 0x0006|#PF error 0x0004"
		else past="#GP error 0x0000|#GP error 0x0000|#GP error 0x0000"; fi
		IFS='|'
		# shellcheck disable=SC2086
		set -- $past
		unset IFS
		for want in "#DE error 0x0000" "#UD error 0x0000" "#GP error 0x0000" "#GP error 0x0000" "#GP error 0x0000" \
			"#GP error 0x0010" "#GP error 0x0102" "#NP error 0x0014" "#BR error 0x0000" \
			"$1" "$2" "$3" "#PF error 0x0006" \
			"#PF error 0x0006" "#PF error 0x0006" "#PF error 0x0004" "#UD error 0x0000"; do
			n=$((n + 1))
			line=$(grep "^${K}faults\[[0-9]*\]: " "$log" | sed -n "${n}p")
			case $line in
			*"$want at 0007:"*", ended"*) ;;
			*) ok=0; fail "fault $n: wanted '$want at 0007:...', got '$line'"; break ;;
			esac
		done
		[ $ok = 1 ] && hasnot "did not fault" && has "[hello] [still] [alive]" &&
		count_is ", stack overflow, ended" 2 &&
		count_is "linear 80000000, null pointer, ended" 1 && count_is "linear 80000fa0, null pointer, ended" 1 &&
		count_is "#UD error 0x0000 at 0007:00000000, null function pointer, ended" 1 &&
		count_is ", null" 3 && has "kernel: cmd exited with status 0" && pass
	fi
fi

# Segment limits and types, and far transfers (tests/guest/faults.c): each
# kind with the fault line it must give under each emulator. A CPU (Bochs)
# checks every reference against its segment: #GP, #SS through SS. QEMU's
# TCG checks none at a reference: what leaves the segment's pages is the
# backstop's #PF, a read through CS within the code's last page does not
# fault at all, and a jump past the code limit runs the zero bytes there
# (add %al,(%eax) with EAX 0: a NULL pointer). Selectors and far transfers
# are checked alike by both. "-": no fault line ("did not fault").
if selected seglimits; then
	name=seglimits
	kinds="datalimit datastraddle stacklimit stackwrap codelimit coderead codewrite dscodewrite sscode farlimit
		farkernel fartss fardata retkernel ac"
	if [ "$emu" = qemu ]; then
		wants="#PF error 0x0006|#PF error 0x0004|#PF error 0x0006|#PF error 0x0006|#PF error 0x0004|-|#PF error 0x0007|#PF error 0x0007"
	else
		wants="#GP error 0x0000|#GP error 0x0000|#SS error 0x0000|#SS error 0x0000|#GP error 0x0000|#GP error 0x0000|#GP error 0x0000|#GP error 0x0000"
	fi
	wants="$wants|#GP error 0x0004|#GP error 0x0000|#GP error 0x0008|#GP error 0x0018|#GP error 0x000c|#GP error 0x0008"
	if [ "$emu" = qemu ]; then wants="$wants|-"; else wants="$wants|#AC error 0x0000"; fi
	: > "$out/seglimits.cmd"
	for k in $kinds; do echo "faults $k" >> "$out/seglimits.cmd"; done
	echo "hello still alive" >> "$out/seglimits.cmd"
	if boot seglimits 0 -batch "$out/seglimits.cmd" $kernel $u/faults.elf $u/hello.elf $u/cmd.elf; then
		ok=1 n=0 nofault=0
		IFS='|'
		# shellcheck disable=SC2086
		set -- $wants
		unset IFS
		for k in $kinds; do
			want=$1
			shift
			if [ "$want" = - ]; then
				nofault=$((nofault + 1))
				has "faults: $k did not fault" || { ok=0; break; }
				continue
			fi
			n=$((n + 1))
			line=$(grep "^${K}faults\[[0-9]*\]: " "$log" | sed -n "${n}p")
			case $line in
			*"$want at 0007:"*", ended"*) ;;
			*) ok=0; fail "faults $k: wanted '$want at 0007:...', got '$line'"; break ;;
			esac
		done
		# no more fault lines than those, and nothing else did not fault
		[ $ok = 1 ] && count_is "^${K}faults\[[0-9]*\]: " "$n" && count_is "did not fault" "$nofault" &&
		has "[hello] [still] [alive]" && pass
	fi
fi

if selected badptr; then
	boot badptr 0 $kernel $u/badptr.elf $u/hello.elf $u/cmd.elf &&
	has "badptr: 0 failed" && hasnot "FAILED" && bochs_clean && pass
fi

if selected toolarge; then
	name=toolarge
	printf 'bigprog\nhello next\n' > "$out/big.cmd"
	boot toolarge 0 -batch "$out/big.cmd" $kernel $u/bigprog.elf $u/hello.elf $u/cmd.elf &&
	has "spawn: bigprog needs" && has "cmd: bigprog: not enough memory" &&
	hasnot "bigprog: loaded" && has "[hello] [next]" && pass
fi

if selected panic; then
	boot panic 2 -append crash=fault $kernel $u/hello.elf $u/cmd.elf &&
	has "panic: #UD (vector 6) error 0x0000 at 0008:" && hasnot "hello from ring 3" && pass
fi

if selected triplefault; then
	boot triplefault 3 -append crash=triple $kernel $u/hello.elf $u/cmd.elf && pass
fi

if selected badhz; then
	boot badhz 2 -hz 18 $kernel $u/hello.elf $u/cmd.elf &&
	has "hz= must be a rate from 19 to 20000" && pass
fi

if selected hang; then
	name=hang
	printf 'faults spin\n' > "$out/hang.cmd"
	LIMIT=3 boot hang 4 -batch "$out/hang.cmd" $kernel $u/faults.elf $u/cmd.elf && pass
fi

# ---- the profiler ------------------------------------------------------
pinfo=$build/pinfo
extract() { "$build/profextract" -o "$dir" "$log" > "$dir/extract.out" 2>&1 || { fail "profextract: $(cat "$dir/extract.out")"; return 1; }; }
# tics NAME < report: the tics of symbol NAME in a pinfo map report.
tics() { awk -v n="$1" '$NF == n && $1 ~ /^[0-9a-f]+:[0-9a-f]+$/ { t += $2 } END { print t + 0 }'; }
# modtics MODULE < summary: a module's tics in a pinfo summary.
modtics() { awk -v m="$1" '$1 == m { t += ($2 ~ /^[0-9a-f]+$/ && NF == 5) ? $4 : $2 } END { print t + 0 }'; }
# ratio A B LO HI: A / B within [LO, HI]?
ratio() { awk -v a="$1" -v b="$2" -v lo="$3" -v hi="$4" 'BEGIN { r = b ? a / b : -1; exit !(r >= lo && r <= hi) }'; }

if selected testprof; then
	boot testprof 0 $kernel $u/testprof.elf $u/cmd.elf && extract && {
		$build/mkmap $u/testprof.elf TESTPROF > "$dir/testprof.map"
		$pinfo "$dir/testprof.pro" > "$dir/summary.txt" &&
		$pinfo "$dir/testprof.pro" "$dir/testprof.map" > "$dir/report.txt" || fail "pinfo failed"
		inner=$(tics inner < "$dir/report.txt")
		total=$(modtics TESTPROF < "$dir/summary.txt")
		# inner's tics are at least 90% of the module's, and the samples are many
		if [ "$total" -ge 300 ] && ratio "$inner" "$total" 0.90 1.0; then pass
		else fail "inner $inner of $total tics"; cat "$dir/report.txt"; fi
	}
fi

if selected deterministic; then
	name=deterministic
	boot det1 0 $kernel $u/testprof.elf $u/cmd.elf && extract &&
	boot det2 0 $kernel $u/testprof.elf $u/cmd.elf && extract && {
		name=deterministic
		# (under Bochs, the whole capture too: clock: sync=none, a fixed CMOS time)
		if ! cmp -s "$out/det1/testprof.pro" "$out/det2/testprof.pro"; then fail "two runs gave different dumps"
		elif [ "$emu" = bochs ] && ! cmp -s "$out/det1/serial.log" "$out/det2/serial.log"; then
			fail "two runs gave different captures: $(cmp "$out/det1/serial.log" "$out/det2/serial.log")"
		else pass; fi
	}
fi

if selected profcalls; then
	boot profcalls 0 $kernel $u/profcalls.elf $u/cmd.elf &&
	has "profcalls: 0 failed" && hasnot "FAILED" && extract && {
		ok=1
		for f in on off again a-name-that-is-rather-long-but-fine cleared; do
			[ -f "$dir/$f.pro" ] || { ok=0; fail "no $f.pro"; break; }
			$pinfo "$dir/$f.pro" > "$dir/$f.txt" || { ok=0; fail "pinfo $f.pro"; break; }
		done
		if [ $ok = 1 ]; then
			on=$(modtics PROFCALLS < "$dir/on.txt") off=$(modtics PROFCALLS < "$dir/off.txt")
			again=$(modtics PROFCALLS < "$dir/again.txt") cleared=$(awk '$1 == "Total" { print $2 }' "$dir/cleared.txt")
			# dumping changes nothing; counting went on between on.pro and off.pro
			if [ "$on" -gt 0 ] && [ "$off" -gt "$on" ] && [ "$again" = "$off" ] && [ "$cleared" = 0 ]; then pass
			else fail "tics: on $on, off $off, again $again, cleared total $cleared"; fi
		fi
	}
fi

if selected threefn; then
	boot threefn 0 $kernel $u/threefn.elf $u/cmd.elf && extract && {
		$build/mkmap $u/threefn.elf THREEFN > "$dir/threefn.map"
		$pinfo "$dir/threefn.pro" "$dir/threefn.map" > "$dir/report.txt"
		one=$(tics one < "$dir/report.txt") two=$(tics two < "$dir/report.txt") four=$(tics four < "$dir/report.txt")
		# costs 1 : 2 : 4, with a few hundred samples: within 10%
		if [ "$one" -ge 100 ] && ratio "$two" "$one" 1.8 2.2 && ratio "$four" "$one" 3.6 4.4; then pass
		else fail "one $one, two $two, four $four"; fi
	}
fi

if selected profil; then
	boot profil 0 $kernel $u/profiltest.elf $u/cmd.elf &&
	has "profiltest: 0 failed" && hasnot "FAILED" && extract && {
		$build/mkmap $u/profiltest.elf PROFILTEST > "$dir/profiltest.map"
		hot=$($pinfo "$dir/both.pro" "$dir/profiltest.map" | tics hot)
		counted=$(sed -n 's/^profiltest: beside ProfOn: profil counted \([0-9]*\) in hot$/\1/p' "$log")
		# profil and the user profile saw the same ticks in hot
		if [ "${counted:-0}" -gt 50 ] && [ "$hot" = "$counted" ]; then pass
		else fail "profil counted $counted, the user profile $hot"; fi
	}
fi

# ---- system profiling -----------------------------------------------------
if selected system; then
	name=system
	boot system 0 -batch tests/guest/system.cmd $kernel $u/worker.elf $u/sorter.elf $u/pset.elf $u/cmd.elf &&
	extract && {
		for m in worker sorter; do $build/mkmap $u/$m.elf $(echo $m | tr a-z A-Z) > "$dir/$m.map"; done
		cp $build/kernel.map "$dir/"
		printf 'worker.map\nsorter.map\nkernel.map\n' > "$dir/maps.lst"
		$pinfo "$dir/sys.pro" > "$dir/summary.txt" && $pinfo "$dir/sys.pro" -f "$dir/maps.lst" > "$dir/report.txt" ||
			fail "pinfo failed"
		idle=$(awk '$1 == "idle" { print $2 }' "$dir/summary.txt")
		kern=$(awk '$1 == "kernel" { print $2 }' "$dir/summary.txt")
		crunch=$(tics crunch < "$dir/report.txt") sort=$(tics insertion_sort < "$dir/report.txt")
		kfuncs=$(awk '/^Module kernel/ { k = 1; next } /^Module / { k = 0 } k && $1 ~ /^0001:/' "$dir/report.txt" | wc -l)
		# 100 ms asleep at 1000 Hz is 100 idle tics, give or take one
		if [ "${idle:-0}" -ge 99 ] && [ "${idle:-0}" -le 101 ] && [ "${kern:-0}" -gt 0 ] &&
		   [ "$crunch" -gt 50 ] && [ "$sort" -gt 20 ] && [ "$kfuncs" -ge 1 ]; then pass
		else fail "idle $idle, kernel $kern, crunch $crunch, insertion_sort $sort, kernel functions $kfuncs"; cat "$dir/report.txt"; fi
	}
fi

# Code fingerprints: the maps mkmap wrote of the run's programs and kernel,
# in each form, and the ELF files themselves, match the dump's (nothing on
# stderr, --strict passes); another program's map under the right name, in
# each form, gets a warning naming it, the module and the dump, and fails
# with --strict, printing nothing.
if selected fingerprint; then
	name=fingerprint
	boot fingerprint 0 -batch tests/guest/system.cmd $kernel $u/worker.elf $u/sorter.elf $u/pset.elf $u/cmd.elf &&
	extract && {
		ok=1 sys=$dir/sys.pro
		mkdir -p "$dir/right" "$dir/wrong"
		for m in worker sorter; do
			M=$(echo $m | tr a-z A-Z)
			$build/mkmap $u/$m.elf $M > "$dir/right/$m.map" && $build/mkmap -s $u/$m.elf $M > "$dir/right/$m.sym" &&
			cp $u/$m.elf "$dir/right/" || { ok=0; fail "mkmap $m"; }
		done
		cp $build/kernel.map $build/kernel.sym $kernel "$dir/right/"
		for f in "$dir"/right/*; do
			$pinfo --strict "$sys" "$f" > "$dir/out.txt" 2> "$dir/err.txt" && [ ! -s "$dir/err.txt" ] &&
			grep -q '^Module ' "$dir/out.txt" || { ok=0; fail "$f: $(cat "$dir/err.txt")"; }
		done
		$build/mkmap $u/sorter.elf WORKER > "$dir/wrong/worker.map"	# sorter's code, worker's name
		$build/mkmap -s $u/sorter.elf SORTER > "$dir/wrong/worker.sym"
		cp $u/sorter.elf "$dir/wrong/worker.elf"
		for f in "$dir"/wrong/*; do
			$pinfo "$sys" "$f" > "$dir/out.txt" 2> "$dir/err.txt"; a=$?
			grep -q "^pinfo: warning: $f: module WORKER: the map's code fingerprint [0-9a-f]\{8\} differs from [0-9a-f]\{8\} in $sys: " "$dir/err.txt" &&
			grep -q '^Module WORKER' "$dir/out.txt" || { ok=0; fail "$f: no warning: $(cat "$dir/err.txt")"; }
			$pinfo --strict "$sys" "$f" > "$dir/out.txt" 2> "$dir/err.txt"; b=$?
			[ "$a$b" = 01 ] && [ ! -s "$dir/out.txt" ] && grep -q 'not reported (--strict)$' "$dir/err.txt" ||
				{ ok=0; fail "$f: statuses $a $b: $(cat "$dir/err.txt")"; }
		done
		[ $ok = 1 ] && pass
	}
fi

if selected shares; then
	name=shares
	cat > "$out/shares.cmd" <<-'CMD'
	pset init
	pset on
	start worker 1
	start workerb 3
	wait
	pset off
	pset dump shares.pro
	pset free
	CMD
	boot shares 0 -batch "$out/shares.cmd" $kernel $u/worker.elf $u/workerb.elf $u/pset.elf $u/cmd.elf &&
	extract && {
		$pinfo "$dir/shares.pro" > "$dir/summary.txt"
		a=$(modtics WORKER < "$dir/summary.txt") b=$(modtics WORKERB < "$dir/summary.txt")
		# run at the same time, 1 unit against 3: their tics follow
		if [ "$a" -ge 50 ] && ratio "$b" "$a" 2.7 3.3; then pass
		else fail "WORKER $a, WORKERB $b tics"; cat "$dir/summary.txt"; fi
	}
fi

if selected modulelist; then
	name=modulelist
	printf 'pset init WORKERB\npset on\nstart worker 1\nstart workerb 1\nwait\npset off\npset dump only.pro\npset free\n' > "$out/only.cmd"
	boot modulelist 0 -batch "$out/only.cmd" $kernel $u/worker.elf $u/workerb.elf $u/pset.elf $u/cmd.elf &&
	extract && {
		$pinfo "$dir/only.pro" > "$dir/summary.txt"
		if grep -q '^WORKERB ' "$dir/summary.txt" && ! grep -q '^WORKER ' "$dir/summary.txt" &&
		   [ "$(modtics WORKERB < "$dir/summary.txt")" -gt 50 ]; then pass
		else fail "summary: $(cat "$dir/summary.txt")"; fi
	}
fi

if selected pset; then
	name=pset
	cat > "$out/pset.cmd" <<-'CMD'
	pset
	pset bogus
	pset on
	pset init nosuch
	pset init
	pset init
	pset off
	pset on
	pset free
	pset dump
	pset off
	pset free
	pset free
	CMD
	boot pset 0 -batch "$out/pset.cmd" $kernel $u/pset.elf $u/cmd.elf &&
	has "USAGE: pset INIT | CLEAR | ON | OFF | DUMP file | FREE" &&
	has "pset: ON: ENOTINIT" && has "pset: INIT: ENOENT" && has "pset: INIT: EEXIST" &&
	has "pset: OFF: ENOTON" && has "pset: FREE: EBUSY" && has "pset: FREE: ENOTINIT" &&
	count_is 'cmd: pset exited with status [12]$' 9 && pass
fi

# ---- hostile ring 3 ------------------------------------------------------
# The file, heap, time and signal calls (tests/guest/fstest.c): every
# result and error; a data file of the boot image ("file") rewritten, a file
# created by one program read by the next, both back on the host through
# their frames, byte for byte; abort() as kill(getpid(), SIGABRT): status
# 134; a heap page given back faults; a program started right after one
# that exited with a heap of all memory gets that memory.
if selected fstest; then
	name=fstest
	mkdir -p "$out/fsdata"
	printf 'line one\nline two\n' > "$out/fsdata/in.txt"
	printf 'fstest\nfstest cat renamed.txt\nfstest write made.txt made-by-fstest\nfstest abort\nfstest heapgone\nfstest heapall\nhello alive\n' > "$out/fstest.cmd"
	LIMIT=120 boot fstest 0 -batch "$out/fstest.cmd" -file "$out/fsdata/in.txt" $kernel $u/fstest.elf \
		$u/hello.elf $u/cmd.elf &&
	has "fstest: 0 failed" && hasnot "FAILED" && line_is "kept: 1" &&
	has "${K}fstest[5]: signal 6 SIGABRT, ended" && has "cmd: fstest exited with status 134" && {
		# the fault is at the byte it touched: the data window's base + its offset
		off=$(sed -n 's/^fstest: touching a page given back, at offset \([0-9a-f]*\)$/\1/p' "$log")
		want=$(printf '%08x' $((0x80000000 + 0x${off:-0})))
		[ -n "$off" ] && grep -q "^${K}fstest\[6\]: #PF error 0x0006 at 0007:[0-9a-f]*, linear $want, ended" "$log" ||
			{ fail "heapgone: no fault at $want: $(grep -a 'fstest\[6\]\|touching' "$log")"; false; }
	} &&
	has "cmd: fstest exited with status 142" && has "fstest: exiting with a heap of" && has "[hello] [alive]" &&
	has "${K}kernel: 3 files written by programs sent back (41 bytes)" && extract &&
	file_is in.txt "$(printf 'INne one\nline two')" && file_is renamed.txt "kept: 1" &&
	file_is made.txt made-by-fstest && {
		got=$(ls "$dir/files" | tr '\n' ' ')
		[ "$got" = "in.txt made.txt renamed.txt " ] && pass || fail "files back: $got"
	}
fi

# stdin=NAME: every program's fd 0 reads that file from its start; a name
# that is no module stops the boot.
if selected fsstdin; then
	name=fsstdin
	mkdir -p "$out/fsdata"
	printf 'line one\nline two\n' > "$out/fsdata/in.txt"
	printf 'fstest stdin\nfstest stdin\n' > "$out/fsstdin.cmd"
	boot fsstdin 0 -append stdin=in.txt -batch "$out/fsstdin.cmd" -file "$out/fsdata/in.txt" $kernel \
		$u/fstest.elf $u/cmd.elf &&
	count_is "^fstest: stdin is a file of 18 bytes:" 2 && count_is "^line two$" 2 &&
	has "fstest: lseek(0) back to 0: OK" && hasnot "FAILED" && hasnot "sent back" && {
		boot fsstdin 2 -append stdin=nosuch -batch "$out/fsstdin.cmd" $kernel $u/fstest.elf $u/cmd.elf &&
		has "stdin=nosuch: no such file among the modules" && pass
	}
fi

# A data file through GRUB (mkiso.sh's file:PATH): read, rewritten, back.
if selected fsiso; then
	name=fsiso
	mkdir -p "$out/fsdata"
	printf 'line one\nline two\n' > "$out/fsdata/in.txt"
	printf 'fstest cat in.txt\nfstest write in.txt rewritten\n' > "$out/fsiso.cmd"
	boot fsiso 0 -iso -batch "$out/fsiso.cmd" -file "$out/fsdata/in.txt" $kernel $u/fstest.elf $u/cmd.elf &&
	line_is "line two" && extract && file_is in.txt rewritten && pass
fi

if selected usertests; then
	name=usertests
	# the faults a CPU raises under Bochs (tests/guest/usertests.c)
	if [ "$emu" = qemu ]; then ut=usertests; else ut="usertests cpu"; fi
	printf '%s\nhello alive\n' "$ut" > "$out/usertests.cmd"
	boot usertests 0 -batch "$out/usertests.cmd" $kernel $u/usertests.elf $u/faults.elf $u/hello.elf $u/cmd.elf &&
	has "usertests: 0 failed" && hasnot "FAILED" && has "[hello] [alive]" && count_is ": OK$" 11 &&
	extract && {
		# five dumps, whatever their names, all inside the output folder, all readable
		n=0 bad=0
		for f in "$dir"/*; do
			case $f in *.log|*.out|*/bochsrc|*/bochs.rc|*/boot.iso) continue ;; esac	# (the run's own)
			n=$((n + 1))
			$pinfo "$f" > /dev/null 2>&1 || bad=$((bad + 1))
		done
		if [ "$n" = 5 ] && [ "$bad" = 0 ] && [ ! -e "$out/outside.pro" ] && [ ! -e "$dir/../outside.pro" ]; then pass
		else fail "$n files, $bad unreadable: $(ls "$dir")"; fi
	}
fi

# A program forges the console: a frame's begin line, a whole frame, escape
# codes, the kernel's mark byte, a line worded as the kernel's, half a line;
# then it faults. qrun's view (not -quiet) must show the kernel's fault line
# as the kernel's, every program line after "| ", no control byte raw; the
# capture must hold the program's mark byte as 0x1A; profextract must take
# the kernel's frame and not the program's.
if selected console; then
	name=console dir=$out/console
	rm -rf "$dir"
	view=$out/console.view
	$qrun -o "$dir" -timeout 30 $kernel $u/conforge.elf $u/hello.elf $u/cmd.elf >"$view" 2>&1
	got=$? log=$dir/serial.log
	if [ "$got" != 0 ]; then
		fail "qrun status $got: $(cat "$view")"
	elif ! grep -q '^conforge\[[0-9]*\]: #GP error 0x0000 at 0007:[0-9a-f]* in main+0x[0-9a-f]* (conforge\.c:31), ended$' "$view"; then
		fail "the kernel's fault line is not shown as the kernel's, naming main and line 31 (the cli): $(cat "$view")"
	elif grep -q "[$ESC$K]" "$view" || [ "$(tr -d '\011\012\040-\176' < "$view" | wc -c)" != 0 ]; then
		fail "control bytes reach the terminal raw"
	elif ! grep -qxF '| ^[[2J^[[H^[]0;title^Gcleared the screen' "$view" ||
	     ! grep -qxF '| ^[[1A^[[2Kerased the line above' "$view"; then
		fail "escape codes not shown as text: $(cat "$view")"
	elif ! grep -qxF '| @PDUMP1 BEGIN name=fake.pro len=5 crc=00000000' "$view" ||
	     ! grep -qxF '| half a line, then' "$view" ||
	     ! grep -q '^| hello from ring 3' "$view"; then
		fail "program lines not shown after '| ': $(cat "$view")"
	elif ! grep -qxF '| ^Zkernel: conforge exited with status 0; shutting down' "$view" ||
	     grep -q '^kernel: conforge exited' "$view" || grep -q "^${K}kernel: conforge" "$log"; then
		fail "a program's line passed for the kernel's"
	elif ! grep -q '^\[dump frame: name=real.pro len=[0-9]* crc=[0-9A-F]*\]$' "$view" ||
	     grep -q '^\[dump frame: name=forged.pro' "$view"; then
		fail "frames: $(grep 'dump frame' "$view")"
	elif ! "$build/profextract" -o "$dir" "$log" > "$dir/extract.out" 2>&1 ||
	     [ "$(wc -l < "$dir/extract.out")" != 1 ] ||
	     ! grep -qx "wrote $dir/real.pro ([0-9]* bytes)" "$dir/extract.out" || [ -e "$dir/forged.pro" ]; then
		fail "profextract: $(cat "$dir/extract.out")"
	else
		pass
	fi
fi

if selected sysfuzz; then
	name=sysfuzz
	seed=${FUZZ_SEED:-12345}
	printf 'pset init\npset on\nsysfuzz %s 100000\npset init\npset on\nworker 1\npset off\npset dump fuzz.pro\nhello alive\n' \
		"$seed" > "$out/sysfuzz.cmd"
	LIMIT=120 boot sysfuzz 0 -batch "$out/sysfuzz.cmd" $kernel $u/sysfuzz.elf $u/pset.elf $u/worker.elf \
		$u/hello.elf $u/cmd.elf &&
	has "sysfuzz: seed $seed: 100000 calls made" && has "[hello] [alive]" && bochs_clean && extract &&
	$pinfo "$dir/fuzz.pro" > "$dir/summary.txt" 2>&1 && {
		if [ "$(modtics WORKER < "$dir/summary.txt")" -gt 50 ]; then pass
		else fail "fuzz.pro: $(cat "$dir/summary.txt")"; fi
	} || fail "seed $seed: $(cat "$dir/summary.txt" 2>/dev/null)"
fi

# The timer's real entry (boot/irq0.asm) against prof_tick(), tick by tick,
# with and without the jitter's entry (kernel/ticktest.c), in the self-test
# kernel; the product kernel has none of the self-test's code, and refuses
# selftest=tick.
# "0 bad", over at least 20,000 ticks (each one checked by the test itself:
# compared with prof_tick(), counted once by the entry).
ticktest_ok() {
	n=$(sed -n 's/^.ticktest: \([0-9]*\) ticks through the IRQ0 entry, [0-9]* counted, 0 bad$/\1/p' "$log")
	[ -n "$n" ] && [ "$n" -ge 20000 ] || { fail "no clean ticktest line: $(grep ticktest "$log" | tail -3)"; return 1; }
}
# Each boot checks some 40,000 ticks, copying the tables of stacks around
# each one: about 20 s here, so its bound is 120 s, not the usual 30.
if selected ticktest; then
	LIMIT=120 boot ticktest 0 -append selftest=tick $build/selftest.elf $u/hello.elf $u/cmd.elf &&
	ticktest_ok &&
	hasnot "hello from ring 3" && pass
	LIMIT=120 boot ticktest-fixed 0 -append "selftest=tick jitter=0" $build/selftest.elf $u/hello.elf $u/cmd.elf &&
	ticktest_ok && pass
	boot ticktest-product 2 -append selftest=tick $kernel $u/hello.elf $u/cmd.elf &&
	has "selftest=tick: this kernel has no self-test (boot build/selftest.elf)" && {
		t=$(nm "$kernel" | grep -i ticktest)
		[ -z "$t" ] || { fail "the product kernel has the self-test's code: $(echo $t)"; false; }
	} && pass
fi

# Two processes at once with different x87 and SSE rounding modes and
# precisions: each keeps its own registers across switches, and starts clean.
if selected fpmix; then
	name=fpmix
	printf 'fpmix\nhello alive\n' > "$out/fpmix.cmd"
	boot fpmix 0 -batch "$out/fpmix.cmd" $kernel $u/fpmix.elf $u/hello.elf $u/cmd.elf &&
	has "fpmix down: 4000 rounds, 0 bad" && has "fpmix up: 4000 rounds, 0 bad" &&
	has "fpmix: 0 of 2 children failed" && has "[hello] [alive]" && bochs_clean && pass
fi

# Forged iret frames: virtual-8086 mode, NT, TF, IOPL, AC... each child ends
# as its flags say, the kernel lives, and the system profile still reads.
if selected iretfuzz; then
	name=iretfuzz
	seed=${FUZZ_SEED:-4242}
	printf 'pset init\npset on\niretfuzz %s 400\npset off\npset dump iret.pro\nhello alive\n' \
		"$seed" > "$out/iretfuzz.cmd"
	LIMIT=120 boot iretfuzz 0 -hz 20000 -batch "$out/iretfuzz.cmd" $kernel $u/iretfuzz.elf $u/pset.elf \
		$u/hello.elf $u/cmd.elf &&
	has "iretfuzz: seed $seed: 400 frames," && has " 0 bad; the kernel lives" &&
	# (QEMU's TCG enters virtual-8086 mode from a ring-3 iret, which the
	# kernel ends; a CPU ignores VM at CPL 3, and never enters it)
	if [ "$emu" = qemu ]; then has "virtual-8086 mode (vector 14), ended"; else hasnot "virtual-8086 mode"; fi &&
	hasnot "panic" && has "[hello] [alive]" && extract &&
	$pinfo "$dir/iret.pro" > "$dir/summary.txt" 2>&1 && {
		if [ "$(modtics IRETFUZZ < "$dir/summary.txt")" -gt 0 ]; then pass
		else fail "iret.pro: $(cat "$dir/summary.txt")"; fi
	} || fail "seed $seed: $(cat "$dir/summary.txt" 2>/dev/null)"
fi

# Hostile frame-pointer chains under call-stack sampling
# (tests/guest/badstacks.c): EBP null, in the guard page, at and past the
# data limit, odd, at the kernel's addresses, on a loop, a cycle, a
# downward chain, one deeper than 64 frames, return addresses past the
# code limit. The kernel lives (under Bochs too, whose CPU checks every
# limit), the dump reads, and its folded stacks hold every sample, none
# deeper than the sampler's 64 frames.
if selected badstacks; then
	name=badstacks
	printf 'profrun /stacks badstacks\nhello alive\n' > "$out/badstacks.cmd"
	boot badstacks 0 -hz 20000 -batch "$out/badstacks.cmd" $kernel $u/badstacks.elf $u/profrun.elf \
		$u/hello.elf $u/cmd.elf &&
	has "badstacks: 16 hostile frame pointers sampled, the kernel lives" && hasnot "panic" &&
	has "[hello] [alive]" && bochs_clean && extract && {
		$build/mkmap $u/badstacks.elf BADSTACKS > "$dir/badstacks.map" &&
		$pinfo --folded "$dir/bad.folded" "$dir/badstacks.pro" "$dir/badstacks.map" 2> "$dir/err.txt" &&
		total=$($pinfo "$dir/badstacks.pro" | awk '$1 == "Total" { print $2 }') || { fail "pinfo: $(cat "$dir/err.txt")"; false; }
	} && {
		set -- $(awk '{ n = split($1, a, ";"); if (n > m) m = n; t += $NF } END { print m + 0, t + 0 }' "$dir/bad.folded")
		if [ "$2" = "$total" ] && [ "$total" -gt 1000 ] && [ "$1" -ge 2 ] && [ "$1" -le 64 ]; then pass
		else fail "folded: deepest $1 frames, $2 samples of $total"; fi
	}
fi

# ---- pinfo and what it is given -----------------------------------------------
# Anything but a regular file, as a dump, a map or a -f list (or named in
# one), is refused at once: status 1, one line saying what it is, nothing
# read from it (/dev/zero would fill the memory, a FIFO wait for ever).
if selected pinfo-files; then
	name=pinfo-files dir=$out/pinfo-files
	rm -rf "$dir"
	mkdir -p "$dir"
	mkfifo "$dir/fifo"
	printf '/dev/zero\n' > "$dir/zero.lst"
	dump=tests/unit/data/hot.pro
	ok=1 n=0
	for args in "/dev/zero" "$dir/fifo" "$dir" "$dump /dev/zero" "$dump $dir/fifo" "$dump $dir" \
		"$dump -f /dev/zero" "$dump -f $dir/fifo" "$dump -f $dir/zero.lst"; do
		n=$((n + 1))
		# shellcheck disable=SC2086
		(ulimit -v 1000000; exec timeout 10 "$pinfo" $args) > "$dir/$n.out" 2> "$dir/$n.err" </dev/null
		got=$?
		if [ "$got" != 1 ] || [ -s "$dir/$n.out" ] || [ "$(wc -l < "$dir/$n.err")" != 1 ] ||
		   ! grep -q '^pinfo: .*: not a regular file (\(a character device\|a FIFO\|a folder\))$' "$dir/$n.err"; then
			ok=0
			fail "pinfo $args: status $got, stderr: $(head -c 300 "$dir/$n.err")"
			break
		fi
	done
	[ $ok = 1 ] && pass
fi

# ---- make run, as a user runs it --------------------------------------------
make=${MAKE:-make}
# A program names its dumps after the files of the run and the build, and
# with names a shell would split, glob or take for an option, and prints a
# forged frame named extracted.txt whose counters say "wrote /dev/null".
# Each dump is reported as itself, from build/run/dumps/; no file of the run
# or the build is replaced; make still reads its Makefile.
# (forge.h includes the format's code by name: PROG_CFLAGS puts format/ on
# the path.)
if selected makerun-names; then
	name=makerun-names log=$out/makerun-names.log dir=$out/makerun-names run=$build/run
	# (left there, if at all, by a make run of before build/run/dumps/)
	rm -f pwned "$run/x.d" "$run/_._run_y.d" "$run/extracted.txt"
	if $make --no-print-directory run PROG=tests/guest/dumpnames.c PROG_CFLAGS=-Iformat > "$log" 2>&1; then
		ok=1
		for n in x.d cmd.elf serial.log maps.lst extracted.txt kernel.elf _ a_b.pro -e.pro \
			__touch_pwned_.pro _._run_y.d; do
			if [ ! -f "$run/dumps/$n" ] || [ "$(grep -cxF -- "pinfo $n" "$log")" != 1 ] ||
			   [ "$(grep -cxF -- "pinfo $n -f maps.lst" "$log")" != 1 ]; then
				ok=0
				fail "the dump $n is not reported as itself"
				break
			fi
		done
		[ $ok = 1 ] && {
			if [ "$(grep -c '^pinfo ' "$log")" != 22 ] || [ "$(grep -c '^Module DUMPNAMES$' "$log")" != 11 ] ||
			   grep -q '^pinfo: ' "$log"; then
				fail "$(grep -c '^pinfo ' "$log") report lines, $(grep -c '^Module DUMPNAMES$' "$log") map reports: $(grep '^pinfo' "$log" | head -30)"
			elif ! cmp -s "$run/cmd.elf" "$build/user/cmd.elf" || ! cmp -s "$run/kernel.elf" "$build/kernel.elf" ||
			     ! grep -q "^${K}kernel: cmd exited" "$run/serial.log" || [ ! -f "$run/maps.lst" ] ||
			     grep -qv '\.map$' "$run/maps.lst"; then
				fail "a file of the run was replaced"
			elif [ -e "$run/x.d" ] || [ -e "$run/_._run_y.d" ] || [ -e "$build/y.d" ] || [ -e pwned ] ||
			     [ -e "$run/extracted.txt" ]; then
				fail "files outside build/run/dumps: $(ls "$run")"
			elif ! $make --no-print-directory -n clean > "$dir.clean" 2>&1; then
				fail "make -n clean: $(cat "$dir.clean")"
			else
				pass
			fi
		}
	else
		fail "make run failed: $(tail -5 "$log")"
	fi
fi

if selected makerun; then
	name=makerun dir=$out/makerun log=$out/makerun.log
	mkdir -p "$dir"
	if $make --no-print-directory run > "$log" 2>&1; then
		# Example 1, then Example 2 with inner on top
		# and the dumps of an earlier run (makerun-names) are gone
		if has "pinfo testprof.pro" && has "Module    Segment  Length  Tics      Percent" &&
		   has "pinfo testprof.pro testprof.map" && has "Module TESTPROF" &&
		   [ "$(grep -A3 '^Segment 1:' "$log" | sed -n 2p | awk '{ print $NF }')" = inner ] &&
		   [ "$(ls "$build/run/dumps")" = testprof.pro ]; then pass
		else fail "reports not as expected, or dumps: $(ls "$build/run/dumps" | head -5)"; fi
	else
		fail "make run failed"
	fi
fi

# 2,000 dumps under 2,000 names, each reported: one summary and one report
# with every map of the run (pinfo --skip-absent), never a pinfo run a dump
# and a map (docs/running.md has the time it takes).
if selected makerun-many; then
	name=makerun-many log=$out/makerun-many.log count=$out/makerun-many.runs dir=$out/makerun-many
	: > "$count"
	printf '#!/bin/sh\necho >> "%s"\nexec "%s" "$@"\n' "$(pwd)/$count" "$(pwd)/$pinfo" > "$out/countpinfo"
	chmod +x "$out/countpinfo"
	if PROFKERN_PINFO=$(pwd)/$out/countpinfo $make --no-print-directory run PROG=tests/guest/manydumps.c > "$log" 2>&1; then
		files=$(ls "$build/run/dumps" | grep -c '^d[0-9][0-9][0-9][0-9]\.pro$')
		missing=$(awk '/^pinfo d[0-9][0-9][0-9][0-9]\.pro$/ { s[$2] = 1 }
			/^pinfo d[0-9][0-9][0-9][0-9]\.pro -f maps\.lst$/ { m[$2] = 1 }
			END { for (i = 0; i < 2000; i++) { n = sprintf("d%04d.pro", i); if (!(n in s) || !(n in m)) k++ }
			      print k + 0 }' "$log")
		sums=$(grep -c '^MANYDUMPS   0001 ' "$log") maps=$(grep -c '^Module MANYDUMPS$' "$log")
		# one pinfo run a dump, whatever the maps, and one for the HTML report
		runs=$(wc -l < "$count") want=$((files + 1))
		if [ "$files" = 2000 ] && [ "$missing" = 0 ] && [ "$sums" = 2000 ] && [ "$maps" = 2000 ] &&
		   [ "$runs" = "$want" ] && [ -s "$build/run/report.html" ] && has "manydumps: 2000 dumps made, 0 failed" && ! grep -q '^pinfo: ' "$log"; then pass
		else fail "$files dumps, $missing not reported, $sums summaries, $maps map reports, $runs pinfo runs"; fi
	else
		fail "make run failed: $(tail -5 "$log")"
	fi
fi

if selected makerun-prog; then
	name=makerun-prog log=$out/makerun-prog.log dir=$out/makerun-prog
	src=$(mktemp -d)
	printf '#include <stdio.h>\nint main(void) { __asm__ volatile("cli"); printf("not reached\\n"); return 0; }\n' > "$src/usecli.c"
	printf '#include <stdio.h>\nint main(int argc, char **argv) { printf("second program %%s runs\\n", argv[0]); return 0; }\n' > "$src/second.c"
	if $make --no-print-directory run PROG="$src/usecli.c $src/second.c" > "$log" 2>&1; then
		fail "make run exited 0 with a program that faults"
	else
		has "#GP error 0x0000 at 0007:" && hasnot "not reached" &&
		has "second program second runs" &&
		has "make run: usecli failed: usecli[" && hasnot "make run: second failed" &&
		line_is "make run: 2 programs ran, 1 failed" &&
		hasnot "pset exited with status" && hasnot "USAGE: pset" && hasnot "testprof" && pass
	fi
	rm -rf "$src"
fi

# A program as portable benchmarks come: files in several folders, a board
# file, -I and -D flags, named with NAME=; another from a whole folder; both
# make no Prof* call, so each is profiled whole into NAME.pro. A program that
# exits non-zero fails the run, by name; STACK= sets the stack, and an
# overflow says so.
if selected makerun-real; then
	name=makerun-real log=$out/makerun-real.log dir=$out/makerun-real
	p=tests/programs/crc
	if $make --no-print-directory run PROG="A_RATHER_LONG_BENCHMARK_NAME_32C=$p/app/main.c,$p/support/crc.c,$p/board/board.c tests/programs/twofiles" \
		PROG_CFLAGS="-I$p/support -DGLOBAL_SCALE=3 -DEXPECTED_CRC=0x7c08d106" > "$log" 2>&1; then
		has "board: ready" && has "crc 7c08d106 after 12 rounds" && has "twofiles: twice 21 is 42" &&
		has "pinfo A_RATHER_LONG_BENCHMARK_NAME_32C.pro A_RATHER_LONG_BENCHMARK_NAME_32C.map" && has "pinfo twofiles.pro twofiles.map" &&
		line_is "Module A_RATHER_LONG_BENCHMARK_NAME_32C" &&
		{ grep -q "^0001:[0-9a-f]* *[0-9]* ([ 0-9.]*%)   crc32_update$" "$log" || fail "no crc32_update line"; } &&
		{ [ "$(tail -1 "$log")" = "make run: 2 programs ran, 0 failed" ] || fail "last line: $(tail -1 "$log")"; } && {
			# a wrong expectation makes the program exit 1, and the run fail naming it
			if $make --no-print-directory run PROG="A_RATHER_LONG_BENCHMARK_NAME_32C=$p/app/main.c,$p/support/crc.c,$p/board/board.c" \
				PROG_CFLAGS="-I$p/support -DGLOBAL_SCALE=3 -DEXPECTED_CRC=1" > "$log.2" 2>&1; then
				fail "a program that exits 1 left make run at 0"
			elif ! grep -q "^make run: A_RATHER_LONG_BENCHMARK_NAME_32C failed: profrun: A_RATHER_LONG_BENCHMARK_NAME_32C exited with status 1$" "$log.2"; then
				fail "no line naming A_RATHER_LONG_BENCHMARK_NAME_32C: $(tail -3 "$log.2")"
			else
				src=$(mktemp -d)
				printf '#include <stdio.h>\nstatic int down(int n) { volatile char pad[1000]; pad[0] = (char)n; return n ? down(n - 1) + pad[0] : 0; }\nint main(void) { printf("depth %%d\\n", down(900)); return 0; }\n' > "$src/deep.c"
				if $make --no-print-directory run PROG="$src/deep.c" > "$log.3" 2>&1 &&
				   grep -q "depth 7114" "$log.3" &&
				   ! $make --no-print-directory run PROG="$src/deep.c" STACK=65536 > "$log.4" 2>&1 &&
				   grep -q "^make run: deep failed: deep\[[0-9]*\]: #PF .*, stack overflow, ended$" "$log.4"; then
					pass
				else
					fail "STACK: $(grep -h 'depth\|failed' "$log.3" "$log.4" | head -3)"
				fi
				rm -rf "$src"
			fi
		}
	else
		fail "make run failed: $(tail -5 "$log")"
	fi
fi

# A NULL pointer faults, and the fault line says so: the data segment's
# first page is unmapped (docs/memory.md). A write (the outside user's
# example), a read, a write through what malloc returned when its heap ran
# out, and a call through a NULL function pointer (the ud2 at code offset 0)
# each fail the run by name. The guard page is not taken from STACK=: a
# program that uses over 60 KiB of a 64 KiB stack runs, and overflows one
# of 60 KiB; with no stack at all (STACK=0) the loader refuses it.
# heapout's 100000-byte blocks: the heap grows to what the machine's memory
# (MEM, 128 MiB) leaves, over 1000 blocks (the old library's fixed 1 MiB
# heap held 10), and malloc gives NULL past that, never a fault.
heapout_blocks() {
	n=$(sed -n 's/^| heapout: \([0-9]*\) blocks, then NULL$/\1/p' "$log")
	[ -n "$n" ] && [ "$n" -ge 1000 ] || { fail "heapout: $(grep 'heapout:' "$log" | head -2)"; return 1; }
}
if selected makerun-null; then
	name=makerun-null log=$out/makerun-null.log dir=$out/makerun-null
	src=$(mktemp -d)
	cat > "$src/nullwrite.c" <<-'EOF'
	#include <stdio.h>
	#include <string.h>
	int main(int argc, char **argv)
	{
		int *p = (int *)(long)(argc - 1);
		(void)argv;
		p[0] = 42;
		p[100] = 7;
		strcpy((char *)p, "hello");
		printf("nullwrite: not reached\n");
		return 0;
	}
	EOF
	cat > "$src/nullread.c" <<-'EOF'
	#include <stdio.h>
	int main(int argc, char **argv)
	{
		volatile int *p = (int *)(long)(argc - 1);
		(void)argv;
		printf("nullread: %d, not reached\n", p[10]);
		return 0;
	}
	EOF
	cat > "$src/heapout.c" <<-'EOF'
	#include <stdio.h>
	#include <stdlib.h>
	int main(void)
	{
		char *q;
		int n = 0;
		while ((q = malloc(100000)) != NULL)
			n++;
		printf("heapout: %d blocks, then NULL\n", n);
		q[5] = 1;
		printf("heapout: not reached\n");
		return 0;
	}
	EOF
	cat > "$src/nullcall.c" <<-'EOF'
	#include <stdio.h>
	int main(int argc, char **argv)
	{
		void (*f)(void) = (void (*)(void))(long)(argc - 1);
		(void)argv;
		f();
		printf("nullcall: not reached\n");
		return 0;
	}
	EOF
	# a NULL store in a named function, on a known line (10): the console's
	# fault line and make run's name the function and the line
	cat > "$src/advance.c" <<-'EOF'
	#include <stdio.h>
	struct body { double x, v; };
	__attribute__((noinline)) void bodies_advance(struct body *b, int n)
	{
		int i;
		for (i = 0; i < n; i++)
			b[i].x += b[i].v;
		if (n > 2) {
			volatile int *p = (int *)(long)(n - 3);
			*p = 1;
		}
	}
	int main(int argc, char **argv)
	{
		struct body b[3] = { { 0, 1 }, { 1, 2 }, { 2, 3 } };
		(void)argv;
		bodies_advance(b, argc + 2);
		printf("advance: not reached\n");
		return 0;
	}
	EOF
	cat > "$src/fullstack.c" <<-'EOF'
	#include <stdio.h>
	static unsigned long deepest;
	static int down(int n)
	{
		volatile char pad[1000];
		pad[0] = (char)n;
		if (!n)
			deepest = (unsigned long)pad;
		return n ? down(n - 1) + pad[0] : 0;
	}
	int main(void)
	{
		char top;
		int sum = down(60);
		printf("fullstack: %d, %lu bytes of stack\n", sum, (unsigned long)&top - deepest);
		return 0;
	}
	EOF
	# (each fault line names the function and source line of the code that
	# faulted: docs/running.md, "Fault lines"; but the NULL function
	# pointer's offset 0, crt0's trap, is no function of the program;
	# nullwrite's first store is line 7's or line 8's, as gcc orders them)
	pf="#PF error 0x000[46] at 0007:[0-9a-f]* in main+0x[0-9a-f]* (nullwrite.c:[78]), linear 80000[0-9a-f][0-9a-f][0-9a-f], null pointer, ended"
	adv="advance\[[0-9]*\]: #PF error 0x0006 at 0007:[0-9a-f]* in bodies_advance+0x[0-9a-f]*"
	if $make --no-print-directory run PROG="$src/nullwrite.c $src/nullread.c $src/heapout.c $src/nullcall.c $src/advance.c" > "$log" 2>&1; then
		fail "make run passed with five NULL references"
	elif { grep -q "^make run: nullwrite failed: nullwrite\[[0-9]*\]: $pf$" "$log" || fail "nullwrite: $(grep 'nullwrite' "$log" | tail -2)"; } &&
	     { grep -q "^make run: nullread failed: nullread\[[0-9]*\]: #PF error 0x0004 at 0007:[0-9a-f]* in main+0x[0-9a-f]* (nullread.c:6), linear 80000028, null pointer, ended$" "$log" ||
	       fail "nullread: $(grep 'nullread' "$log" | tail -2)"; } &&
	     { grep -q "^make run: heapout failed: heapout\[[0-9]*\]: #PF error 0x0006 at 0007:[0-9a-f]* in main+0x[0-9a-f]* (heapout.c:10), linear 80000005, null pointer, ended$" "$log" ||
	       fail "heapout: $(grep 'heapout' "$log" | tail -2)"; } &&
	     { grep -q "^make run: nullcall failed: nullcall\[[0-9]*\]: #UD error 0x0000 at 0007:00000000, null function pointer, ended$" "$log" ||
	       fail "nullcall: $(grep 'nullcall' "$log" | tail -2)"; } &&
	     { grep -q "^$adv (advance.c:10), linear 80000000, null pointer, ended$" "$log" ||
	       fail "advance, the console's line: $(grep 'advance' "$log" | tail -3)"; } &&
	     { grep -q "^make run: advance failed: $adv (advance.c:10), linear 80000000, null pointer, ended$" "$log" ||
	       fail "advance, make run's line: $(grep 'advance' "$log" | tail -3)"; } &&
	     { blocks=$(sed -n 's/^| heapout: \([0-9]*\) blocks, then NULL$/\1/p' "$log"); [ "${blocks:-0}" -gt 1000 ] ||
	       fail "heapout: '$blocks' blocks of 100000 bytes before NULL, wanted the heap to grow past 100 MB (MEM=128)"; } &&
	     hasnot "not reached" && line_is "make run: 5 programs ran, 5 failed"; then
		if $make --no-print-directory run PROG="$src/advance.c" PROG_CFLAGS=-g0 > "$log.5" 2>&1 ||
		   ! grep -q "^$adv, linear 80000000, null pointer, ended$" "$log.5" ||
		   ! grep -q "^make run: advance failed: $adv, linear 80000000, null pointer, ended$" "$log.5"; then
			fail "advance without -g: $(grep 'advance' "$log.5" | tail -3)"
		elif ! $make --no-print-directory run PROG="$src/fullstack.c" STACK=65536 > "$log.2" 2>&1; then
			fail "fullstack at STACK=65536: $(grep 'fullstack\|failed' "$log.2" | tail -3)"
		elif ! used=$(sed -n 's/^| fullstack: 1830, \([0-9]*\) bytes of stack$/\1/p' "$log.2") || [ -z "$used" ] || [ "$used" -le 61440 ]; then
			fail "fullstack used ${used:-no} bytes, wanted over 61440: $(grep 'fullstack' "$log.2" | tail -2)"
		elif $make --no-print-directory run PROG="$src/fullstack.c" STACK=61440 > "$log.3" 2>&1 ||
		     ! grep -q "^make run: fullstack failed: fullstack\[[0-9]*\]: #PF .*, stack overflow, ended$" "$log.3"; then
			fail "fullstack at STACK=61440 did not overflow: $(grep 'fullstack' "$log.3" | tail -2)"
		elif $make --no-print-directory run PROG="$src/fullstack.c" STACK=0 > "$log.4" 2>&1 ||
		     ! grep -q "^spawn: fullstack: no room for a stack below the data (at 0x1000; the stack starts at 0x1000, above the guard page, and needs 256 bytes)$" "$log.4"; then
			fail "fullstack at STACK=0 was not refused: $(grep 'fullstack' "$log.4" | tail -2)"
		else
			pass
		fi
	fi
	rm -rf "$src"
fi

# The C library portable code expects (malloc, floating point, math.h,
# printf's %f %e %g, qsort, strtod, ctype, assert, setjmp), over files in two
# folders with -I and -D: the guest prints what the same source prints on
# the host, built with the host's C library (an x86-64 program: nothing
# 32-bit runs on the host), line for line.
if selected makerun-portable; then
	name=makerun-portable log=$out/makerun-portable.log dir=$out/makerun-portable
	p=tests/programs/portable
	mkdir -p "$dir"
	if ! ${HOST_CC:-cc} -O2 -I$p/util -DN_ITEMS=500 $p/main.c $p/stats.c $p/util/parse.c -lm -o "$dir/host" ||
	   ! "$dir/host" > "$dir/host.out"; then
		fail "the host build of $p did not run"
	elif $make --no-print-directory run PROG="PORTABLE=$p/main.c,$p/stats.c,$p/util/parse.c" \
		PROG_CFLAGS="-I$p/util -DN_ITEMS=500" > "$log" 2>&1; then
		sed -n 's/^| //p' "$log" > "$dir/guest.out"
		if [ "$(wc -l < "$dir/host.out")" -lt 10 ] || ! cmp -s "$dir/host.out" "$dir/guest.out"; then
			fail "the guest printed otherwise: $(diff "$dir/host.out" "$dir/guest.out" | head -10)"
		else
			line_is "Module PORTABLE" && line_is "make run: 1 program ran, 0 failed" && pass
		fi
	else
		fail "make run failed: $(tail -5 "$log")"
	fi
fi

# make run EMU=bochs: the same GRUB image booted in Bochs, the run's end
# found (no isa-debug-exit there), the dump extracted and reported as under
# QEMU: the same reports, inner on top; make run says which emulator it
# booted. An EMU of another form is refused by name before anything runs.
if selected makerun-bochs; then
	name=makerun-bochs log=$out/makerun-bochs.log dir=$out/makerun-bochs
	if $make --no-print-directory run EMU=x > "$log" 2>&1 ||
	   $make --no-print-directory run EMU='qemu bochs' >> "$log" 2>&1 ||
	   $make --no-print-directory run EMU='$(shell touch pwned)' >> "$log" 2>&1; then
		fail "EMU=x was accepted"
	elif ! has "make run: EMU must be qemu or bochs, not 'x'" ||
	     ! has "make run: EMU must be qemu or bochs, not 'qemu bochs'" ||
	     ! has "make run: EMU must be qemu or bochs, not '\$(shell touch pwned)'" || ! hasnot "booting"; then
		:
	elif [ -e pwned ]; then
		fail "EMU's value ran"
	elif PROFKERN_EMU=x sh scripts/makerun.sh "$build/run" 1000 "" "" 60 128 demo testprof > "$log" 2>&1 ||
	     ! grep -qxF "make run: EMU must be qemu or bochs, not 'x'" "$log" ||
	     sh scripts/qrun -emu x -o "$dir" $kernel $u/hello.elf $u/cmd.elf > "$log" 2>&1 ||
	     ! grep -qxF "qrun: -emu must be qemu or bochs, not 'x'" "$log" ||
	     sh scripts/qrun -emu bochs -plugin x.so -o "$dir" $kernel $u/hello.elf $u/cmd.elf > "$log" 2>&1 ||
	     ! grep -qxF "qrun: -plugin: TCG plugins are QEMU's; Bochs has none" "$log"; then
		fail "makerun.sh or qrun took a bad emulator: $(cat "$log")"
	elif $make --no-print-directory run EMU=bochs > "$log" 2>&1; then
		if line_is "make run: booting the GRUB image in Bochs" && has "pinfo testprof.pro" &&
		   has "pinfo testprof.pro testprof.map" && has "Module TESTPROF" &&
		   [ "$(grep -A3 '^Segment 1:' "$log" | sed -n 2p | awk '{ print $NF }')" = inner ] &&
		   [ "$(ls "$build/run/dumps")" = testprof.pro ] && has "make run: HTML report of testprof.pro" &&
		   grep -q 'Shutdown port: shutdown requested' "$build/run/bochs.log" &&
		   $make --no-print-directory run > "$log.qemu" 2>&1 &&
		   grep -qxF "make run: booting the GRUB image in QEMU" "$log.qemu" && [ ! -e "$build/run/bochs.log" ]; then
			pass
		else
			fail "reports not as expected: $(tail -5 "$log")"
		fi
	else
		fail "make run EMU=bochs failed: $(tail -5 "$log")"
	fi
fi

if selected makerun-hz; then
	name=makerun-hz log=$out/makerun-hz.log dir=$out/makerun-hz
	if $make --no-print-directory run HZ=5 > "$log" 2>&1; then
		fail "HZ=5 was accepted"
	else
		has "make run: HZ must be the sample rate: a number from 19 to 20000 (Hz), not '5'" && pass
	fi
fi

# STACKTABLE=N: the size of the kernel's tables of call stacks, a boot
# argument; a size that is none is refused before the boot.
if selected makerun-stacktable; then
	name=makerun-stacktable log=$out/makerun-stacktable.log dir=$out/makerun-stacktable
	src=$(mktemp -d)
	printf '#include <stdio.h>\nint main(void) { printf("tabled runs\\n"); return 0; }\n' > "$src/tabled.c"
	if $make --no-print-directory run PROG="$src/tabled.c" STACKTABLE=1000 > "$log" 2>&1; then
		fail "STACKTABLE=1000 was accepted"
	elif $make --no-print-directory run PROG="$src/tabled.c" STACKTABLE=0256 >> "$log" 2>&1; then
		fail "STACKTABLE=0256 was accepted"
	elif has "make run: STACKTABLE must be the distinct stacks a table holds: a power of 2 from 256 to 1048576, not '1000'" &&
	     has "make run: STACKTABLE must be the distinct stacks a table holds: a power of 2 from 256 to 1048576, not '0256'" && hasnot "tabled runs" &&
	     $make --no-print-directory run PROG="$src/tabled.c" STACKS=1 STACKTABLE=256 > "$log" 2>&1; then
		has "kernel: tables of call stacks of 256 entries (18 KiB each)" && has "tabled runs" &&
		line_is "make run: 1 program ran, 0 failed" && [ -f "$build/run/tabled.folded" ] && pass
	else
		fail "make run STACKS=1 STACKTABLE=256: $(tail -5 "$log")"
	fi
	rm -rf "$src"
fi

# What a PROG word may name: a program may not take the name of one of the
# guest's own commands or modules (it would stand in for cmd, the guest's
# shell, or for the kernel's map), nor name a file that is not there; the
# run's stacks and lists are its own, none an earlier run left.
if selected makerun-reserved; then
	name=makerun-reserved log=$out/makerun-reserved.log dir=$out/makerun-reserved
	src=$(mktemp -d)
	printf '#include <stdio.h>\nint main(void) { printf("impostor runs\\n"); return 0; }\n' > "$src/cmd.c"
	printf '#include <stdio.h>\nint main(void) { printf("first runs\\n"); return 0; }\n' > "$src/first.c"
	printf '#include <stdio.h>\nint main(void) { printf("second runs\\n"); return 0; }\n' > "$src/second.c"
	if $make --no-print-directory run PROG="$src/cmd.c" > "$log" 2>&1 ||
	   $make --no-print-directory run PROG="Kernel=$src/first.c" >> "$log" 2>&1 ||
	   $make --no-print-directory run PROG="$src/nothere.c" >> "$log" 2>&1 ||
	   $make --no-print-directory run PROG="$src/first.c First=$src/second.c" >> "$log" 2>&1 ||
	   $make --no-print-directory run PROG="$src/first.c" STACK=1m >> "$log" 2>&1 ||
	   $make --no-print-directory run PROG="$src/first.c" STACK=010000 >> "$log" 2>&1 ||
	   $make --no-print-directory run PROG="$src/first.c" STACK=4294971392 >> "$log" 2>&1; then
		fail "a program named cmd or Kernel, a file not there, two programs of one name or STACK=1m was accepted"
	elif has "make run: PROG word '$src/cmd.c': 'cmd' is the name of the guest's own command or module" &&
	     has "make run: PROG word 'Kernel=$src/first.c': 'Kernel' is the name of the guest's own command or module" &&
	     has "make run: PROG word '$src/nothere.c': no file $src/nothere.c" && hasnot "impostor runs" &&
	     has "make run: two PROG words name a program first (in any case): '$src/first.c' 'First=$src/second.c'" &&
	     has "make run: STACK must be the program's stack in bytes: a decimal number without a leading 0 or a 0x hex one, not '1m'" &&
	     has "make run: STACK must be the program's stack in bytes: a decimal number without a leading 0 or a 0x hex one, not '010000'" &&
	     has "make run: STACK must be the program's stack in bytes: at most 1073737728 (1 GiB less a page), not '4294971392'" &&
	     $make --no-print-directory run PROG="$src/first.c" STACKS=1 > "$log" 2>&1 &&
	     has "first runs" && [ -f "$build/run/first.folded" ] &&
	     $make --no-print-directory run PROG="$src/second.c" STACKS=1 > "$log" 2>&1; then
		# the guest's own cmd ran the second program (no impostor), and
		# nothing of the first run is taken for this one's
		if has "second runs" && hasnot "impostor runs" && line_is "make run: 1 program ran, 0 failed" &&
		   [ -f "$build/run/second.folded" ] && [ ! -e "$build/run/first.folded" ] && [ ! -e "$build/run/first.svg" ] &&
		   grep -qx "$build/run/second.elf" "$build/run/elfs.lst" && grep -qx "$build/run/kernel.map" "$build/run/maps.lst" &&
		   ! grep -q "first" "$build/run/elfs.lst" "$build/run/maps.lst"; then
			# a machine that never starts reports nothing of the run before
			if $make --no-print-directory run PROG="$src/second.c" MEM=8 > "$log" 2>&1 ||
			   $make --no-print-directory run PROG="$src/second.c" MEM=064 >> "$log" 2>&1; then
				fail "MEM=8 or MEM=064 was accepted"
			elif has "make run: MEM must be the machine's memory: a number from 16 to 1024 (MiB), not '8'" &&
			     has "make run: MEM must be the machine's memory: a number from 16 to 1024 (MiB), not '064'" &&
			     hasnot "pinfo second.pro" && hasnot "HTML report"; then
				pass
			fi
		else
			fail "the second run: $(cat "$build/run/elfs.lst" "$build/run/maps.lst" | tr '\n' ' '; ls "$build/run" | grep -E 'first|second' | tr '\n' ' ')"
		fi
	else
		fail "$(tail -5 "$log")"
	fi
	rm -rf "$src"
fi

# GCC drops -falign-functions at -Os; a program make run builds still has
# every function at a multiple of 16 (-ffunction-sections, SUBALIGN(16)),
# so that no 4-byte bucket holds two functions.
if selected makerun-align; then
	name=makerun-align log=$out/makerun-align.log dir=$out/makerun-align
	src=$(mktemp -d)
	cat > "$src/small.c" <<'EOF_C'
#include <stdio.h>
__attribute__((noinline)) int one(int x) { return x + 1; }
__attribute__((noinline)) int two(int x) { return one(x) * 3; }
__attribute__((noinline)) static int three(int x) { return two(x) ^ 5; }
int main(void) { volatile int v = 0; for (int i = 0; i < 300000; i++) v += three(i); printf("small %d\n", v); return 0; }
EOF_C
	if $make --no-print-directory run PROG="$src/small.c" PROG_CFLAGS=-Os > "$log" 2>&1; then
		# (but _start, at 2 after crt0's ud2 for a NULL call, docs/memory.md)
		odd=$(nm "$build/run/small.elf" | awk '$2 ~ /^[Tt]$/ && $1 !~ /0$/ && $3 != "_start" { print $3 }')
		n=$(nm "$build/run/small.elf" | awk '$2 ~ /^[Tt]$/ && $3 ~ /^(one|two|three)$/' | wc -l)
		if [ "$n" != 3 ]; then
			fail "one, two and three are not all in the ELF ($n)"
		elif [ -n "$odd" ]; then
			fail "functions not at a multiple of 16 at -Os: $odd"
		else
			line_is "make run: 1 program ran, 0 failed" && pass
		fi
	else
		fail "make run failed: $(tail -5 "$log")"
	fi
	rm -rf "$src"
fi

# profrun profiles a program from its first instruction to its exit, not
# the kernel's loading of it (which grows with STACK=): a program loaded
# with a 16 MiB stack has the kernel ticks and, but for the jitter's
# phase, the ticks of its own of one loaded with 64 KiB. (That the
# program's first instruction comes after profrun's ProfOn, even when
# the spawn outlasts a quantum, is spawn-order's.)
if selected makerun-loadtime; then
	name=makerun-loadtime log=$out/makerun-loadtime.log dir=$out/makerun-loadtime
	src=$(mktemp -d)
	cat > "$src/busy.c" <<'EOF_C'
#include <stdio.h>
int main(void) { volatile unsigned v = 1; for (unsigned i = 0; i < 600000; i++) v = v * 3 + i; printf("busy %u\n", v); return 0; }
EOF_C
	ticks() {	# LOG MODULE: the module's ticks in the module table
		awk -v m="$2" '$1 == m { print ($2 ~ /^[0-9]+$/ && NF == 3) ? $2 : $4; exit }' "$1"
	}
	if $make --no-print-directory run PROG="$src/busy.c" HZ=20000 STACK=65536 > "$log" 2>&1 &&
	   $make --no-print-directory run PROG="$src/busy.c" HZ=20000 STACK=16777216 > "$log.big" 2>&1; then
		k1=$(ticks "$log" kernel) k2=$(ticks "$log.big" kernel) b1=$(ticks "$log" BUSY) b2=$(ticks "$log.big" BUSY)
		if [ -z "$k1" ] || [ -z "$b1" ] || [ -z "$k2" ] || [ -z "$b2" ] || [ "$b1" -lt 600 ]; then
			fail "no ticks read: kernel $k1 $k2, BUSY $b1 $b2"
		elif [ "$k2" -gt $((k1 + 2)) ] || [ "$k1" -gt 10 ]; then
			fail "the kernel's loading is in the profile: kernel $k1 ticks with 64 KiB, $k2 with 16 MiB"
		elif [ $((b2 - b1)) -gt 30 ] || [ $((b1 - b2)) -gt 30 ]; then
			# (the jittered periods make the count of one length of run
			# vary by a few ticks with the phase; a quantum lost is 200)
			fail "the program's own ticks differ with the stack's size: $b1 and $b2"
		else
			pass
		fi
	else
		fail "make run failed: $(tail -5 "$log" "$log.big")"
	fi
	rm -rf "$src"
fi

# spawn lets its caller run on a tick or two (profrun's ProfOn before the
# program's first instruction), once a slice: a process that spawns at
# every tick does not take the machine from a busy one. Each counts its
# work for 2000 ticks; the busy one, which spawns nothing, must do at least
# as much as the spawner (a whole new quantum at each spawn gave the
# spawner four times the busy one's).
if selected spawn-fair; then
	name=spawn-fair log=$out/spawn-fair.log dir=$out/spawn-fair
	src=$(mktemp -d)
	cat > "$src/fair.c" <<'EOF_C'
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <stdint.h>
#include <profkern.h>
static uint64_t now(void) { uint64_t t; uint32_t hz; clock_ticks(&t, &hz); return t; }
int main(int argc, char **argv)
{
	if (argc > 1 && !strcmp(argv[1], "child"))
		return 0;
	if (argc > 1 && (!strcmp(argv[1], "spin") || !strcmp(argv[1], "spawner"))) {
		int spawner = argv[1][1] == 'p' && argv[1][2] == 'a';
		uint64_t end = now() + 2000, next = now() + 1;
		unsigned long work = 0;
		char *child[] = { "fair", "child", 0 };
		while (now() < end) {
			for (volatile int i = 0; i < 1000; i++)
				;
			work++;
			if (spawner && now() >= next) {
				if (spawn("fair", child) < 0)
					waitchild(-1, 0);
				next = now() + 1;
			}
		}
		while (spawner && waitchild(-1, 0) > 0)
			;
		printf("%s %lu\n", argv[1], work);
		return 0;
	}
	char *a[] = { "fair", "spin", 0 }, *b[] = { "fair", "spawner", 0 };
	int pa = spawn("fair", a), pb = spawn("fair", b);
	waitchild(pa, 0);
	waitchild(pb, 0);
	return 0;
}
EOF_C
	if $make --no-print-directory run PROG="$src/fair.c" > "$log" 2>&1; then
		spin=$(sed -n 's/^| spin \([0-9]*\)$/\1/p' "$log") spawner=$(sed -n 's/^| spawner \([0-9]*\)$/\1/p' "$log")
		if [ -z "$spin" ] || [ -z "$spawner" ] || [ "$spawner" -lt 100 ]; then
			fail "no counts: spin '$spin', spawner '$spawner'"
		elif [ "$spin" -lt "$spawner" ]; then
			fail "the spawner took the machine: spin $spin, spawner $spawner"
		else
			pass
		fi
	else
		fail "make run failed: $(tail -5 "$log")"
	fi
	rm -rf "$src"
fi

# spawn lets its caller go on first, even when loading the child outlasted
# the caller's quantum while another process waited to run (a 16 MiB stack
# to clear, a busy process runnable): the caller's line comes before the
# child's first one. Without it, the switch the slice's end asked for ran
# the child first.
if selected spawn-order; then
	name=spawn-order log=$out/spawn-order.log dir=$out/spawn-order
	src=$(mktemp -d)
	cat > "$src/order.c" <<'EOF_C'
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <stdint.h>
#include <profkern.h>
static uint64_t now(void) { uint64_t t; uint32_t hz; clock_ticks(&t, &hz); return t; }
int main(int argc, char **argv)
{
	if (argc > 1 && !strcmp(argv[1], "busy")) {
		uint64_t end = now() + 100;
		while (now() < end)
			;
		return 0;
	}
	if (argc > 1 && !strcmp(argv[1], "child")) {
		printf("order: child starts\n");
		return 0;
	}
	char *b[] = { "order", "busy", 0 }, *c[] = { "order", "child", 0 };
	int pb = spawn("order", b), pc;

	sleep_ms(1);	/* a new slice, after busy's: its spawn's grace unused */
	pc = spawn("order", c);
	printf("order: parent after the spawn\n");
	waitchild(pc, 0);
	waitchild(pb, 0);
	return 0;
}
EOF_C
	if $make --no-print-directory run PROG="$src/order.c" STACK=16777216 > "$log" 2>&1; then
		if [ "$(grep '^| order: ' "$log" | tr '\n' '/')" = "| order: parent after the spawn/| order: child starts/" ]; then
			pass
		else
			fail "the child ran before its parent went on: $(grep '^| order: ' "$log" | tr '\n' '/')"
		fi
	else
		fail "make run failed: $(tail -5 "$log")"
	fi
	rm -rf "$src"
fi

# profrun frees only the profile it made: run while another's system
# profile exists, it says so and leaves that profile to its owner.
if selected profrun-busy; then
	name=profrun-busy log=$out/profrun-busy.log dir=$out/profrun-busy
	mkdir -p "$dir"
	printf 'pset init\nprofrun hello\npset on\npset off\npset dump sys.pro\npset free\n' > "$dir/busy.cmd"
	if $make --no-print-directory run PROG=tests/guest/hello.c SCRIPT="$dir/busy.cmd" > "$log" 2>&1; then
		has "profrun: hello: not profiled: EEXIST" && hasnot "ENOTINIT" &&
		[ -f "$build/run/dumps/sys.pro" ] && pass
	else
		fail "make run failed: $(tail -5 "$log")"
	fi
fi

echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
