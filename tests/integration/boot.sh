# boot.sh: what run.sh's cases (cases/*.sh) share, sourced by run.sh after
# check.sh: boot a machine and check its serial log, read its dumps back.
# run.sh sets build, emu, out, qrun, kernel and u first.

# (a failed case shows the end of its machine's log)
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
# file_is NAME TEXT: a file a program wrote came back, in $dir/files, holding TEXT.
file_is() { [ "$(cat "$dir/files/$1" 2>/dev/null)" = "$2" ] || { fail "files/$1: '$(cat "$dir/files/$1" 2>&1)', wanted '$2'"; return 1; }; }
# The byte that starts each line the kernel writes (format/console_mark.h).
K=$(printf '\001')
ESC=$(printf '\033')

# ---- the profiler ------------------------------------------------------
pinfo=$build/pinfo
extract() { "$build/profextract" -o "$dir" "$log" > "$dir/extract.out" 2>&1 || { fail "profextract: $(cat "$dir/extract.out")"; return 1; }; }
# tics NAME < report: the tics of symbol NAME in a pinfo map report.
tics() { awk -v n="$1" '$NF == n && $1 ~ /^[0-9a-f]+:[0-9a-f]+$/ { t += $2 } END { print t + 0 }'; }
# modtics MODULE < summary: a module's tics in a pinfo summary.
modtics() { awk -v m="$1" '$1 == m { t += ($2 ~ /^[0-9a-f]+$/ && NF == 5) ? $4 : $2 } END { print t + 0 }'; }
# ratio A B LO HI: A / B within [LO, HI]?
ratio() { awk -v a="$1" -v b="$2" -v lo="$3" -v hi="$4" 'BEGIN { r = b ? a / b : -1; exit !(r >= lo && r <= hi) }'; }

# ---- make run, as a user runs it --------------------------------------------
make=${MAKE:-make}
