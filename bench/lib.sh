# lib.sh: what the benchmark's scripts share; sourced by bench/bench.sh,
# which sets build (the build folder) and out (where the runs go).

note() { echo "bench: $*" >&2; }
die() { echo "bench: $*" >&2; exit 1; }

# boot DIR HZ JITTER BATCH PROGRAM...: boots the kernel (QEMU, -icount, so
# deterministic) with the programs and a batch file holding the lines of
# BATCH, and extracts every dump into DIR. With BOOT_PLUGIN set, QEMU loads
# that TCG plugin (qrun -plugin).
boot() {
	_dir=$1 _hz=$2 _jitter=$3 _batch=$4
	shift 4
	rm -rf "$_dir"
	mkdir -p "$_dir"
	printf '%s\n' "$_batch" > "$_dir/bench.cmd"
	_progs=""
	for _p in "$@" cmd; do _progs="$_progs $build/user/$_p.elf"; done
	# shellcheck disable=SC2086
	sh scripts/qrun -kernel -quiet -o "$_dir" -hz "$_hz" -append "jitter=$_jitter" -timeout 300 \
		${BOOT_PLUGIN:+-plugin "$BOOT_PLUGIN"} -batch "$_dir/bench.cmd" "$build/kernel.elf" $_progs > "$_dir/qrun.out" 2>&1 ||
		die "$_dir: qrun failed: $(cat "$_dir/qrun.out")"
	"$build/profextract" -o "$_dir" "$_dir/serial.log" > "$_dir/extract.out" 2>&1 ||
		die "$_dir: profextract failed: $(cat "$_dir/extract.out")"
}

# benchline NAME LOG: the "bench:" line program NAME printed.
benchline() { grep "^bench: name=$1 " "$2" | tail -1; }
# get KEY LINE: a field of a "bench:" line.
get() { echo "$2" | tr ' ' '\n' | sed -n "s/^$1=//p"; }

# tics DUMP MAP...: "MODULE function tics", a line for each function of
# the maps with ticks, from pinfo's report.
tics() {
	"$build/pinfo" "$@" |
	awk '/^Module / { m = $2 } $1 ~ /^[0-9a-f]+:[0-9a-f]+$/ && NF >= 4 { print m, $NF, $2 }'
}

# dumptotal DUMP: every tick of the dump.
dumptotal() { "$build/pinfo" "$1" | awk '$1 == "Total" { print $2 }'; }

# nonzero DUMP MAP: the dump's nonzero buckets in the map's module.
nonzero() { "$build/pinfo" -e "$1" "$2" | grep -c '^    [0-9a-f]*:[0-9a-f]* '; }

# wirebytes LOG NAME: the bytes of dump NAME's frame on the serial line
# (each of its lines starts with the kernel's mark, 0x01: counted too).
wirebytes() {
	(TOP=. && . scripts/lib/defs.sh && marks_export && awk -v n="$2" '
		BEGIN { bg = ENVIRON["FRAME_MARK"] ENVIRON["FRAME_BEGIN"] " name=" n " "; e = ENVIRON["FRAME_MARK"] ENVIRON["FRAME_END"] " " }
		{ l = $0; if (substr(l, 1, 1) == ENVIRON["CONSOLE_MARK"]) l = substr(l, 2) }
		index(l, bg) == 1 { on = 1 }
		on { b += length($0) + 1 } on && index(l, e) == 1 { on = 0 } END { print b + 0 }' "$1")
}

# divisor HZ: the PIT divisor of a rate (drivers/pit8253.h).
divisor() { echo $(( (1193182 + $1 / 2) / $1 )); }

# now: nanoseconds, for timing the host tools.
now() { date +%s%N; }

# target SECTION WHAT MEASURED GOAL OK: a line of the targets' summary
# (sorted by SECTION); OK is 1 when the target holds, 0 when it does not,
# - when it could not be measured.
target() {
	case $5 in 1) _s=met ;; 0) _s="**not met**" ;; *) _s="not measured" ;; esac
	echo "$1|| $2 | $3 | $4 | $_s |" >> "$out/targets.txt"
}
# holds EXPR: whether an awk condition on numbers holds (1 or 0).
holds() { awk "BEGIN { print ($1) ? 1 : 0 }"; }
