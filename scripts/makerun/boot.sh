# boot.sh: make run's boot (sourced by scripts/makerun.sh): qrun with the
# run's values, its console shown but for the batch file's marks, its
# status in qs.

# boot: qrun's arguments (options, the kernel, each module once), the
# run, the console; qs, qrun's status
boot() {
	set -- -emu "$emu" -iso -o "$run" -hz "$hz" -timeout "$timeout" -mem "$mem"
	[ "$cpus" = 1 ] || set -- "$@" -cpus "$cpus"
	kargs=${stacktable:+stacktable=$stacktable}
	# (seed 1 is the kernel's own: not given, the command line stays as it was)
	[ "$seed" = 1 ] || kargs="${kargs:+$kargs }seed=$seed"
	[ -n "$stdin" ] && kargs="${kargs:+$kargs }stdin=$(basename -- "$stdin")"
	[ -n "$kargs" ] && set -- "$@" -append "$kargs"
	# (a file of a folder's subfolder is PATH=REL: REL its path in the guest)
	for f in $files $stdin; do
		case $f in
		*=*/*) rel=${f#*=}; set -- "$@" -filein "${rel%/*}" "${f%%=*}" ;;
		*) set -- "$@" -file "$f" ;;
		esac
	done
	[ -n "$realtime" ] && set -- "$@" -realtime
	set -- "$@" -batch "$batch"
	# (the plugin reads the kernel's memory: all of it, MEM MiB)
	[ -n "$truth" ] && set -- "$@" -plugin \
		"$build/bench/truth/insncount.so,$(cat "$build/bench/truth/plugin.args"),ram=$((mem * 1048576)),out=$run/counts.txt"
	set -- "$@" -- "$build/kernel.elf"
	for n in $modules; do set -- "$@" "$run/$n.elf"; done

	if [ "$emu" = bochs ]; then echo "make run: booting the GRUB image in Bochs"
	else echo "make run: booting the GRUB image in QEMU"; fi
	sh scripts/qrun "$@" > "$run/console.txt" 2> "$run/qrun.err"
	qs=$?
	MARK=$MARK NAMES="$modules" LC_ALL=C awk '
		BEGIN { start = "| " ENVIRON["MARK"] " start "; names = ENVIRON["NAMES"] }
		$0 == "| " ENVIRON["MARK"] " end" { next }
		substr($0, 1, length(start)) == start && index(names, " " substr($0, length(start) + 1) " ") { next }
		{ print }' "$run/console.txt"
	cat "$run/qrun.err" >&2
	rm -f "$run/console.txt" "$run/qrun.err"
}
