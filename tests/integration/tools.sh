#!/bin/sh
# tools.sh BUILD: pinfo's exports read by the real tools. gprof (binutils)
# reads what `pinfo --gmon` writes and readprofile (util-linux) what
# `pinfo --proc-profile` writes, for profiles of QEMU runs (a user profile,
# a system profile: a program, the kernel) and for the fixture
# tests/unit/data/hot.pro (bins above 65535). Their per-function ticks are
# compared with pinfo's: exactly for gprof; for readprofile, exactly as its
# off-by-one moves them (docs/pinfo.md). Each pinfo run is made again by
# the sanitizer build, which must do the same (sanpinfo.sh). One line per
# check, "N passed, N failed" last; non-zero status if any failed.
set -u
build=${1:-build}
out=$build/tooltest
pinfo=$build/pinfo
u=$build/user
hz=1000
. tests/integration/check.sh
. tests/integration/sanpinfo.sh	# $pinfo: build/pinfo, then build/san/pinfo alike

judge() {	# judge VERDICT: "OK details" or "FAIL details" from a checker
	case $1 in
	OK*) pass "${1#OK }" ;;
	FAIL*) fail "${1#FAIL }" ;;
	*) fail "the checker failed: $1" ;;
	esac
}

# Hex to number, in any awk (mawk has no strtonum): the scripts' own.
HEX=$(cat scripts/lib/hex.awk)

# boot NAME qrun-arguments...: a run in $out/NAME, its dumps extracted there.
boot() {
	dir=$out/$1
	shift
	rm -rf "$dir"
	sh scripts/qrun -quiet -o "$dir" -timeout "${LIMIT:-60}" -hz $hz "$@" >"$dir.out" 2>&1 &&
		"$build/profextract" -o "$dir" "$dir/serial.log" >>"$dir.out" 2>&1
}

# pinfo's ticks a function, "name ticks", from pinfo DUMP MAP.
pinfo_ticks() {
	$pinfo --strict "$1" "$2" | awk '/^[0-9a-f][0-9a-f][0-9a-f][0-9a-f]:/ { print $NF, $2 }'
}

# gprof's flat profile, "name self-seconds", of ELF and GMON.
gprof_self() {
	gprof -b -p "$1" "$2" | awk 'NF == 4 && $1 ~ /^[0-9.]+$/ { print $4, $3 }'
}

# check_gprof NAME DUMP ELF: gprof on pinfo --gmon's file against pinfo on
# a map of the functions gprof knows (gprof drops labels such as name.hang
# and keeps one name an address: pinfo is given the same functions). With
# the rate set to 1 Hz in a copy, gprof's seconds are ticks, to compare
# exactly; at the real rate they are ticks / hz to 2 decimals. gprof charges
# nothing to the text's last function (binutils 2.40): there it may say 0.
check_gprof() {
	name=gprof-$1 dump=$2 elf=$3
	dir=$out/$name
	mod=$(basename "$elf" .elf)
	rm -rf "$dir"
	mkdir -p "$dir"
	$pinfo --gmon "$dir/gmon.out" "$dump" "$elf" 2>"$dir/export.err" ||
		{ fail "pinfo --gmon: $(cat "$dir/export.err")"; return; }
	cp "$dir/gmon.out" "$dir/gmon1.out"
	printf '\001\000\000\000' | dd of="$dir/gmon1.out" bs=1 seek=33 count=4 conv=notrunc 2>/dev/null
	gprof -b -p -z "$elf" "$dir/gmon1.out" >"$dir/all.txt" 2>"$dir/gprof.err" ||
		{ fail "gprof: $(cat "$dir/gprof.err")"; return; }
	awk 'NF == 4 && $1 ~ /^[0-9.]+$/ { print $4 }' "$dir/all.txt" >"$dir/names"
	{	# the code fingerprint first, as mkmap -s writes it, for pinfo to check
		"$build/mkmap" -s "$elf" "$mod" | head -1
		nm "$elf" | awk 'NR == FNR { want[$1] = 1; next } $2 ~ /^[TtWw]$/ && ($3 in want)' \
			"$dir/names" - | sort
	} >"$dir/$mod.nm"
	last=$(tail -1 "$dir/$mod.nm" | awk '{ print $3 }')
	pinfo_ticks "$dump" "$dir/$mod.nm" >"$dir/pinfo.txt"
	gprof_self "$elf" "$dir/gmon1.out" >"$dir/gprof1.txt"
	gprof_self "$elf" "$dir/gmon.out" >"$dir/gprof.txt"
	verdict=$(awk -v last="$last" -v hz=$hz '
		FILENAME ~ /pinfo.txt$/ { p[$1] = $2; names[$1] = 1; next }
		FILENAME ~ /gprof1.txt$/ { g[$1] = $2; names[$1] = 1; next }
		{ s[$1] = $2 }
		END {
			for (f in names) {
				if (f == last && g[f] + 0 == 0) { dropped = f " " p[f] + 0; continue }
				if (g[f] + 0 != p[f] + 0) bad = bad " " f ": gprof " g[f] + 0 ", pinfo " p[f] + 0
				else if (s[f] != sprintf("%.2f", p[f] / hz)) bad = bad " " f ": " s[f] " s at " hz " Hz"
				n++; t += p[f]
			}
			if (bad != "") print "FAIL" bad
			else if (!n) print "FAIL no function with ticks"
			else print "OK " n " functions, " t " ticks the same" \
				(dropped == "" ? "" : "; last function " dropped " ticks: gprof 0, as it does")
		}' "$dir/pinfo.txt" "$dir/gprof1.txt" "$dir/gprof.txt")
	judge "$verdict"
}

# check_readprofile NAME DUMP MODULE MAP MAP0 BASE: readprofile -v on pinfo
# --proc-profile's file of MODULE with MAP, System.map text from _stext to
# _etext whose addresses are the dump's plus BASE (hex); MAP0 is the map
# at the dump's addresses, for pinfo. Expected from pinfo -ez's buckets:
# readprofile charges bucket b to the last function starting in a bucket at
# or before b + 1 (its off-by-one), loses the text's last bucket, and
# prints the ticks outside as *unknown*; with the lost ones, it charges as
# many ticks as pinfo's functions have.
check_readprofile() {
	name=readprofile-$1 dump=$2 module=$3 map=$4 map0=$5 base=$6
	dir=$out/$name
	rm -rf "$dir"
	mkdir -p "$dir"
	$pinfo --proc-profile "$dir/profile" --module "$module" "$dump" 2>"$dir/export.err" ||
		{ fail "pinfo --proc-profile: $(cat "$dir/export.err")"; return; }
	readprofile -v -p "$dir/profile" -m "$map" >"$dir/rp.txt" 2>"$dir/rp.err" ||
		{ fail "readprofile: $(cat "$dir/rp.err")"; return; }
	$pinfo "$dump" >"$dir/table.txt"
	$pinfo -e -z "$dump" "$map0" >"$dir/pinfo.txt"
	verdict=$(awk -v m="$module" -v base="$base" "$HEX"'
		FILENAME ~ /table.txt$/ {
			if ($0 ~ /^[^ ]/ && tolower($1) == tolower(m)) row = $1 == "kernel" ? $2 : $4
			if ($1 == "(out") oor = $4
			next }
		FILENAME ~ /pinfo.txt$/ {
			if ($0 ~ /^[0-9a-f]+:[0-9a-f]+ /) {
				split($1, part, ":"); pf[hex(part[2]) + hex(base)] += $2; pinfo += $2 }
			if ($0 ~ /^    [0-9a-f]+:[0-9a-f]+ +[0-9]+$/ && $2 > 0) {
				split($1, part, ":"); b[++nb] = hex(part[2]) + hex(base); c[nb] = $2; inseg += $2 }
			next }
		FILENAME ~ /rp.txt$/ {
			if ($2 == "*unknown*") unknown = $1
			else if ($2 == "total") total = $3
			else got[hex($1)] = $3
			next }
		!started { if ($3 == "_stext") { add0 = hex($1); started = 1 } next }
		!ended {
			if ($3 == "_etext") { etext = hex($1); ended = 1; next }
			s[++ns] = hex($1); k[ns] = int((s[ns] - add0) / 4) }
		END {
			for (i = 1; i <= nb; i++) {
				j = int((b[i] - add0) / 4) + 1
				if (j >= int((etext - add0) / 4)) { lost += c[i]; continue }
				for (f = ns; f > 1 && k[f] > j; f--) ;
				want[s[f]] += c[i]; sum += c[i]
			}
			for (a in want) if (got[a] + 0 != want[a]) bad = bad sprintf(" %x: readprofile %d, expected %d", a, got[a], want[a])
			for (a in got) if (!(a in want)) bad = bad sprintf(" %x: readprofile %d, expected 0", a, got[a])
			outside = m == "kernel" ? row - inseg : oor + 0
			if (total + 0 != sum) bad = bad " total " total ", expected " sum
			if (sum + lost != pinfo) bad = bad " total " sum " + " lost " lost, pinfo " pinfo
			if (unknown + 0 != outside) bad = bad " *unknown* " unknown ", expected " outside
			for (a in want) n++
			for (a in pf) if (pf[a] != got[a] + 0) moved++
			if (bad != "") print "FAIL" bad
			else if (!sum) print "FAIL no ticks"
			else print "OK " sum " ticks in " n " functions, " lost + 0 " lost in the last bucket, " \
				unknown " *unknown*; pinfo: " pinfo ", " moved + 0 " functions moved by the off-by-one"
		}' "$dir/table.txt" "$dir/pinfo.txt" "$dir/rp.txt" "$map")
	judge "$verdict"
}

# A program's System.map for readprofile: it takes _stext at 0 for "not
# found", so every address moves up by BASE (hex); _stext and _etext bound
# LENGTH (hex).
shifted_map() {	# shifted_map ELF MODULE BASE LENGTH
	printf '%08x T _stext\n' $((0x$3))
	"$build/mkmap" -s "$1" "$2" | while read -r addr type sym; do
		case $type in [TtWw]) ;; *) continue ;; esac
		[ $((0x$addr)) -lt $((0x$4)) ] && printf '%08x %s %s\n' $((0x$addr + 0x$3)) "$type" "$sym"
	done
	printf '%08x T _etext\n' $((0x$3 + 0x$4))
}

mkdir -p "$out"
for tool in gprof readprofile nm as; do
	command -v $tool >/dev/null || { name=$tool; fail "not installed (make deps installs it)"; }
done

if boot user -kernel "$build/kernel.elf" "$u/testprof.elf" "$u/cmd.elf"; then
	check_gprof testprof "$out/user/testprof.pro" "$u/testprof.elf"
else
	name=boot-user; fail "$(cat "$out/user.out")"
fi

if boot sys -kernel -batch tests/guest/system.cmd "$build/kernel.elf" "$u/worker.elf" "$u/sorter.elf" \
	"$u/pset.elf" "$u/cmd.elf"; then
	sys=$out/sys/sys.pro
	check_gprof worker "$sys" "$u/worker.elf"
	check_gprof sorter "$sys" "$u/sorter.elf"
	check_gprof kernel "$sys" "$build/kernel.elf"
	check_readprofile kernel "$sys" kernel "$build/kernel.sym" "$build/kernel.sym" 0
	len=$($pinfo "$sys" | awk '$1 == "WORKER" { print $3 }')
	shifted_map "$u/worker.elf" WORKER 1000 "$len" >"$out/worker.sym"
	"$build/mkmap" -s "$u/worker.elf" WORKER >"$out/worker.map0"
	check_readprofile worker "$sys" WORKER "$out/worker.sym" "$out/worker.map0" 1000
else
	name=boot-sys; fail "$(cat "$out/sys.out")"
fi

fixture=tests/unit/data/hot.pro
check_gprof hot-bins $fixture tests/unit/data/tiny.elf
shifted_map tests/unit/data/tiny.elf TINY 1000 87 >"$out/tiny.sym"
check_readprofile hot-bins $fixture TINY "$out/tiny.sym" tests/unit/data/tiny.elf 1000

# The code fingerprint's line in mkmap's System.map text (the first) is the
# line binutils print for such a symbol: as assembles ".set" of it, nm
# prints it. readprofile read the kernel's map with it above.
name=nm-fingerprint-line
line=$(head -1 "$build/kernel.sym")
printf '.globl __code_crc32\n.set __code_crc32, 0x%s\n' "${line%% *}" | as --32 -o "$out/fp.o" - &&
	nmline=$(nm "$out/fp.o")
case $line in
[0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f]" A __code_crc32")
	if [ "$line" = "${nmline:-}" ]; then pass "$line"; else fail "mkmap: '$line', nm: '${nmline:-}'"; fi ;;
*) fail "first line of kernel.sym: '$line'" ;;
esac

# Misuse is status 2; a module the dump lacks is 1, and no file.
name=cli
$pinfo -e --gmon "$out/x.out" $fixture tests/unit/data/tiny.elf 2>/dev/null; a=$?
$pinfo --module TINY $fixture 2>/dev/null; b=$?
$pinfo --proc-profile "$out/x.out" --module NOSUCH $fixture 2>/dev/null; c=$?
if [ "$a$b$c" = 221 ] && [ ! -e "$out/x.out" ]; then pass; else fail "statuses $a $b $c"; fi

sanpinfo_verdict
echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
