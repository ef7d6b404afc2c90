# cases/smp-turns.sh (sourced by run.sh, after smp-cpus): with several CPUs
# the busy ones take turns (the default, docs/smp.md), so that a sample is
# a period of one CPU's own work whatever the others do: programs of
# unequal length, started at once or one after another, each keep their
# share of the samples. Each run is make run TRUTH=1, and each program's
# share of the programs' samples (pinfo's module table) must be within
# one point of its share of their instructions (the exact answer), and
# the dump says its CPUs took turns (format 8, docs/dump-format.md). With
# each CPU's own timer on QEMU's one clock (turns=0), the first mix below
# gave 17.03, 17.18, 25.62 and 40.17 with four CPUs, where the exact
# shares are 12.5, 12.5, 25 and 50.
dir=$out/smp-turns
rm -rf "$dir" && mkdir -p "$dir"
wprog="wa=tests/guest/worker.c wb=tests/guest/worker.c wc=tests/guest/worker.c wd=tests/guest/worker.c"
# turns_shares: "worst M: WA s/t WB s/t ..." from make run's dump and
# truth, each program's share of the four's samples and of their
# instructions; status 1 if a module is missing
turns_shares() {
	{ "$build/pinfo" -z -- "$build/run/dumps/mix.pro" < /dev/null |
		awk '$2 ~ /^[0-9a-f]+$/ && NF == 5 { print "S", $1, $4 }'
	  awk '!/^#/ { print "T", $1, $3 }' "$build/run/mix.truth"; } |
	awk 'index(" WA WB WC WD ", " " $2 " ") == 0 { next }
		$1 == "S" { s[$2] += $3; ss += $3 } $1 == "T" { t[$2] += $3; ts += $3 }
		END { if (!ss || !ts) exit 1; w = 0; line = ""
		      split("WA WB WC WD", m, " ")
		      for (i = 1; i <= 4; i++) { if (!(m[i] in s) || !(m[i] in t)) exit 1
			a = 100 * s[m[i]] / ss; b = 100 * t[m[i]] / ts; d = a > b ? a - b : b - a; if (d > w) w = d
			line = line sprintf(" %s %.2f/%.2f", m[i], a, b) }
		      printf "worst %.2f:%s\n", w, line }'
}
# turns_case NAME CPUS BATCH-LINES: the run, and its check
turns_case() {
	name=$1
	printf 'pset init\npset on\n%s\npset off\npset dump mix.pro\npset free\n' "$3" > "$dir/$1.cmd"
	if ! $make --no-print-directory run TRUTH=1 CPUS="$2" HZ=5000 SCRIPT="$dir/$1.cmd" PROG="$wprog" \
		> "$dir/$1.log" 2>&1; then
		fail "make run CPUS=$2: $(tail -3 "$dir/$1.log")"
	elif ! grep -q "format version 8, $2 CPUs in turns" "$dir/$1.log"; then
		fail "the dump does not say its $2 CPUs took turns: $(grep -a '^Dump' "$dir/$1.log" | head -1)"
	elif ! got=$(turns_shares); then
		fail "no shares of WA to WD: $(grep -a 'W[A-D] ' "$dir/$1.log" | head -4)"
	elif awk -v w="${got#worst }" 'BEGIN { exit !(w + 0 <= 1) }'; then
		pass "$2 CPUs: $got"
	else
		fail "$2 CPUs, a program's share more than a point from its exact one: $got"
	fi
}
# Four at once, of 1, 1, 2 and 4 units: the last one runs alone at the end.
for c in 2 4 8; do
	turns_case smp-turns-mix$c $c "$(printf 'start wa 1\nstart wb 1\nstart wc 2\nstart wd 4\nwait')"
done
# Started and ending at different times: wa runs throughout, wb beside
# it, then wc and wd one after the other, on three CPUs.
turns_case smp-turns-staggered 3 "$(printf 'start wa 4\nwb 1\nstart wc 2\nwd 1\nwait')"
# Forged iret frames at 20000 Hz with four CPUs taking turns
# (cases/iretfuzz.sh): the kernel lives.
printf 'iretfuzz 4242 200\nhello alive\n' > "$out/smp-turns-fuzz.cmd"
LIMIT=120 boot smp-turns-fuzz 0 -cpus 4 -hz 20000 -batch "$out/smp-turns-fuzz.cmd" $kernel $u/iretfuzz.elf \
	$u/hello.elf $u/cmd.elf &&
has " 0 bad; the kernel lives" && has "[hello] [alive]" && hasnot "panic" && hasnot "turns=0" && pass
