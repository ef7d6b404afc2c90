#!/bin/sh
# makerun.sh RUN HZ REALTIME SCRIPT TIMEOUT NAME...: what `make run` does
# after the build: boot the programs (or the batch file SCRIPT) from the
# GRUB image, show the console, extract every dump, report each with pinfo.
set -u
run=$1 hz=${2:-1000} realtime=$3 script=$4 timeout=$5
shift 5
build=$(dirname "$run")
pinfo=$(cd "$build" && pwd)/pinfo

case $hz in
''|*[!0-9]*) ok=0 ;;
*) ok=$(( hz >= 19 && hz <= 20000 )) ;;
esac
[ "$ok" = 1 ] || { echo "make run: HZ=$hz: the sample rate must be from 19 to 20000 Hz" >&2; exit 2; }

opts="-iso -o $run -hz $hz -timeout $timeout"
[ -n "$realtime" ] && [ "$realtime" != 0 ] && opts="$opts -realtime"
if [ -n "$script" ]; then
	[ -f "$script" ] || { echo "make run: no such batch file: $script" >&2; exit 1; }
	cp "$script" "$run/$(basename "$script")"
	opts="$opts -batch $run/$(basename "$script")"
fi

progs=""
for n in "$@" cmd pset testprof; do
	case " $progs " in *" $run/$n.elf "*) ;; *) progs="$progs $run/$n.elf" ;; esac
done

# Dumps of an earlier run must not pass for this one's.
for f in "$run"/*.pro; do [ -e "$f" ] && rm -f "$f"; done

# shellcheck disable=SC2086
sh host-tools/qrun $opts "$build/kernel.elf" $progs
status=$?

cp "$build/kernel.map" "$build/kernel.sym" "$build/kernel.elf" "$run/" 2>/dev/null

"$build/profextract" -o "$run" "$run/serial.log" > "$run/extracted.txt" || status=1
dumps=$(sed -n 's/^wrote \(.*\) ([0-9]* bytes)$/\1/p' "$run/extracted.txt")
for d in $dumps; do
	base=$(basename "$d")
	map="$run/$(basename "$base" .pro).map"
	echo
	echo "pinfo $base"
	"$build/pinfo" "$d" || status=1
	echo
	if [ -f "$map" ]; then
		echo "pinfo $base $(basename "$map")"
		"$build/pinfo" "$d" "$map" || status=1
	else
		# The maps of the modules this dump has, the kernel's included, for
		# pinfo -f (whose names are relative to the list's folder).
		(cd "$run" && for m in *.map; do
			"$pinfo" "$base" "$m" >/dev/null 2>&1 && echo "$m"
		done) > "$run/maps.lst"
		echo "pinfo $base -f maps.lst"
		"$build/pinfo" "$d" -f "$run/maps.lst" || status=1
	fi
done
exit $status
