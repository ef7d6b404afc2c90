# cases/makerun-truth.sh (sourced by run.sh): make run TRUTH=1 (docs/accuracy.md, "The exact answer:
# TRUTH=1"): the dump is the same bytes as without it, for the demo (its own profile of one process) and for
# a program under profrun (a system profile of its module); build/run/NAME.truth is written, well formed,
# its hottest function the profile's, within 3 points of its sampled share, the clock interrupt's own code
# left out (only counted in a comment); a run without TRUTH leaves none; with four CPUs, each process's
# instructions are its own, whichever CPU ran it.
dir=$out/makerun-truth
rm -rf "$dir"
mkdir -p "$dir/src"
# one dominant loop (hot, ten times warm's work), then a line of output
cat > "$dir/src/hotwarm.c" <<'EOF'
#include <stdio.h>
static volatile unsigned sink;
__attribute__((noinline, noclone)) static void hot(unsigned n) { for (unsigned i = 0; i < n; i++) sink += i * 7; }
__attribute__((noinline, noclone)) static void warm(unsigned n) { for (unsigned i = 0; i < n; i++) sink ^= i; }
int main(void)
{
	for (int r = 0; r < 20; r++) {
		hot(400000);
		warm(40000);
	}
	printf("sink %u\n", sink);
	return 0;
}
EOF
# truth_run TAG TRUTH [PROG]: make run, its log and files kept as DIR/TAG.*
truth_run() {
	log=$dir/$1.log
	$make --no-print-directory run TRUTH=$2 ${3:+PROG="$3"} > "$log" 2>&1 || { fail "make run TRUTH=$2 failed: $(tail -3 "$log")"; return 1; }
	for f in "$build"/run/dumps/*.pro "$build"/run/*.truth; do
		[ -f "$f" ] && cp "$f" "$dir/$1.${f##*/}"
	done
	return 0
}
# truth_form FILE MODULES: every line a comment or "MODULE FUNCTION N", MODULE one of MODULES, N > 0; the
# total of the counts on stdout
truth_form() {
	awk -v mods=" $2 " '
		/^#/ { next }
		NF != 3 || !index(mods, " " $1 " ") || $3 !~ /^[1-9][0-9]*$/ { print "bad line " NR ": " $0 > "/dev/stderr"; bad = 1 }
		{ t += $3 }
		END { if (bad || !t) exit 1; printf "%.0f\n", t }' "$1"
}
# sampled_top DUMP MAP: "FUNCTION PERCENT" of the function of most ticks in pinfo's report
sampled_top() {
	"$build/pinfo" "$1" "$2" | awk '$1 ~ /^[0-9a-f]+:[0-9a-f]+$/ && $2 > m { m = $2; f = $NF; p = $4 }
		END { gsub(/%\)?/, "", p); print f, p }'
}

name=makerun-truth-demo
if truth_run demo1 1 && has "make run: the exact instruction counts of testprof.pro (TRUTH=1): build/run/testprof.truth" &&
   truth_run demo0 0; then
	t=$dir/demo1.testprof.truth
	if ! cmp -s "$dir/demo0.testprof.pro" "$dir/demo1.testprof.pro"; then
		fail "the dumps differ with TRUTH=1: $(cmp "$dir/demo0.testprof.pro" "$dir/demo1.testprof.pro" 2>&1)"
	elif [ -e "$dir/demo0.testprof.truth" ]; then
		fail "a run without TRUTH left a .truth file"
	elif ! total=$(truth_form "$t" "TESTPROF kernel" 2> "$dir/demo.err"); then
		fail "$t: $(cat "$dir/demo.err")"
	elif ! grep -q '^# truth testprof.pro: .*a profile of one process$' "$t"; then
		fail "$t: no header naming a profile of one process: $(head -1 "$t")"
	elif [ "$(grep -v '^#' "$t" | head -1 | cut -d' ' -f1-2)" != "TESTPROF inner" ]; then
		fail "hottest in $t: $(grep -v '^#' "$t" | head -1), not TESTPROF inner, the profile's"
	else
		pass "the same $(wc -c < "$dir/demo1.testprof.pro") bytes; $total instructions"
	fi
fi

name=makerun-truth-prog
if truth_run prog1 1 "$dir/src/hotwarm.c" && truth_run prog0 0 "$dir/src/hotwarm.c"; then
	t=$dir/prog1.hotwarm.truth
	top=$(sampled_top "$dir/prog1.hotwarm.pro" "$build/run/hotwarm.map")
	if ! cmp -s "$dir/prog0.hotwarm.pro" "$dir/prog1.hotwarm.pro"; then
		fail "the dumps differ with TRUTH=1: $(cmp "$dir/prog0.hotwarm.pro" "$dir/prog1.hotwarm.pro" 2>&1)"
	elif [ -e "$dir/prog0.hotwarm.truth" ]; then
		fail "a run without TRUTH left a .truth file"
	elif ! total=$(truth_form "$t" "HOTWARM kernel" 2> "$dir/prog.err"); then
		fail "$t: $(cat "$dir/prog.err")"
	elif ! grep -q '^# truth hotwarm.pro: .*a system profile$' "$t"; then
		fail "$t: no header naming a system profile: $(head -1 "$t")"
	elif [ "$(grep -v '^#' "$t" | head -1 | cut -d' ' -f1-2)" != "HOTWARM ${top%% *}" ] || [ "${top%% *}" != hot ]; then
		fail "hottest in $t: $(grep -v '^#' "$t" | head -1); in the profile: $top"
	elif ! share=$(awk -v t="$total" -v p="${top#* }" '!/^#/ && $2 == "hot" {
			s = 100 * $3 / t; d = s - p; exit !(d <= 3 && d >= -3) } END { printf "%.2f", s }' "$t"); then
		fail "hot: $share% of the instructions, ${top#* }% of the ticks: more than 3 points apart"
	elif ! grep -q '^HOTWARM warm ' "$t" || ! grep -q '^kernel ' "$t"; then
		fail "$t: no line for warm or for the kernel"
	elif grep -q '^kernel irq0_' "$t" || ! grep -q '^# total [0-9]*; left out: the clock interrupt (kernel irq0_\*, smp_tick\*) [1-9]' "$t"; then
		fail "$t: the clock interrupt's own code not left out, or not counted in the comment"
	else
		pass "the same $(wc -c < "$dir/prog1.hotwarm.pro") bytes; hot $share% of $total instructions, ${top#* }% of the ticks"
	fi
fi

# With several CPUs (CPUS=4) the plugin follows each CPU's running process: three workers of 1, 2 and 3
# units started at once under a system profile run on three CPUs at once, and each one's crunch() gets
# exactly its own instructions, known by construction (tests/guest/worker.c: 8000006 a unit and 12);
# charged to the first CPU's process, or to whichever ran last, they would not add up so. The plugin's
# checks hold (each ring-3 instruction in its own process's image), and the same run under qrun with and
# without the plugin gives the same dump, byte for byte.
name=makerun-truth-cpus
printf 'pset init\npset on\nstart wa 1\nstart wb 2\nstart wc 3\nwait\npset off\npset dump mix.pro\npset free\n' \
	> "$dir/mix.cmd"
wprog="wa=tests/guest/worker.c wb=tests/guest/worker.c wc=tests/guest/worker.c"
# cpus_qrun TAG [PLUGIN]: the run's programs (make run's) under qrun -kernel, its dump in DIR/TAG/mix.pro
cpus_qrun() {
	rm -rf "$dir/$1" && mkdir -p "$dir/$1" &&
	sh scripts/qrun -quiet -cpus 4 -timeout 120 ${2:+-plugin "$2"} -batch "$dir/mix.cmd" -o "$dir/$1" "$build/kernel.elf" \
		"$build/run/wa.elf" "$build/run/wb.elf" "$build/run/wc.elf" "$build/run/pset.elf" "$build/run/cmd.elf" \
		> "$dir/$1.out" 2>&1 && "$build/profextract" -o "$dir/$1" "$dir/$1/serial.log" > /dev/null 2>&1 && [ -s "$dir/$1/mix.pro" ]
}
if ! $make --no-print-directory run TRUTH=1 CPUS=4 SCRIPT="$dir/mix.cmd" PROG="$wprog" > "$dir/cpus.log" 2>&1; then
	fail "make run TRUTH=1 CPUS=4 failed: $(tail -3 "$dir/cpus.log")"
elif ! cp "$build/run/mix.truth" "$dir/cpus.truth" || ! "$build/pinfo" --cpus "$build/run/dumps/mix.pro" > "$dir/cpus.txt" 2>&1; then
	fail "no truth or no pinfo --cpus: $(tail -3 "$dir/cpus.log")"
elif ! truth_form "$dir/cpus.truth" "WA WB WC CMD PSET kernel" > /dev/null 2> "$dir/cpus.err"; then
	fail "$dir/cpus.truth: $(cat "$dir/cpus.err")"
elif ! got=$(awk '$2 == "crunch" { u = index("ABC", substr($1, 2)); n++
		if ($3 != 8000006 * u + 12) { printf "%s crunch %s, not %d; ", $1, $3, 8000006 * u + 12; bad = 1 } }
		END { if (n != 3) printf "%d crunch lines", n; exit bad || n != 3 }' "$dir/cpus.truth"); then
	fail "$got"
elif ! awk '$1 == "cpu" && $2 == "N" { for (f = 1; f <= NF; f++) c[f] = $f }
		$1 == "cpu" && $2 ~ /^[0-9]$/ { for (f = 1; f <= NF; f++) if (c[f] ~ /^W[ABC]$/ && $f > most[c[f]]) { most[c[f]] = $f; on[c[f]] = $2 } }
		END { for (m in on) cpu[on[m]] = 1; n = 0; for (k in cpu) n++; exit n < 2 }' "$dir/cpus.txt"; then
	fail "the workers did not run on CPUs of their own: $(cat "$dir/cpus.txt")"
elif ! cpus_qrun plain || ! cpus_qrun plugin \
	"$build/bench/truth/insncount.so,$(cat "$build/bench/truth/plugin.args"),out=$dir/plugin/counts.txt"; then
	fail "qrun -cpus 4, with and without the plugin: $(tail -3 "$dir/plain.out" "$dir/plugin.out")"
elif ! cmp -s "$dir/plain/mix.pro" "$dir/plugin/mix.pro"; then
	fail "the dumps differ with the plugin and four CPUs"
elif ! grep -q '^check anchored=1 kernel_mismatch=0 image_mismatch=0 bad_reads=0 ' "$dir/plugin/counts.txt"; then
	fail "the plugin's checks: $(grep '^check' "$dir/plugin/counts.txt")"
else
	pass "$(awk '$2 == "crunch" { printf "%s %s; ", $1, $3 }' "$dir/cpus.truth")the same $(wc -c < "$dir/plain/mix.pro") bytes"
fi
