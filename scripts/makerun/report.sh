# report.sh: make run's dumps (sourced by scripts/makerun.sh): extracted
# from the capture, each reported with pinfo (its stacks, its exact
# counts with TRUTH=1), the HTML report of the main one, and the files
# the programs wrote. A failure sets status 1.

# extract: list, the dumps of RUN/serial.log written to RUN/dumps/, "NAME
# SCOPE KIND [stacks]" a line (profextract -k: a safe name holds no '/',
# space or newline; the rest is what the dump's type says), and the files
# the programs wrote to RUN/files/; RUN/maps.lst and RUN/elfs.lst, the
# maps and ELF files of this run (not an earlier one's), for pinfo -f
extract() {
	cp "$build/kernel.map" "$build/kernel.sym" "$build/kernel.elf" "$run/" 2>/dev/null
	for n in kernel $modules; do [ -f "$run/$n.map" ] && printf '%s\n' "$run/$n.map"; done > "$run/maps.lst"
	# (an ELF file holds the code, whose calls name the frames a tail
	# call left out: docs/stacks.md)
	for n in kernel $modules; do [ -f "$run/$n.elf" ] && printf '%s\n' "$run/$n.elf"; done > "$run/elfs.lst"
	# (bounded: a capture of frames without end must not hold make run)
	list=$(timeout 300 "$build/profextract" -k -o "$dumps" -f "$run/files" -- "$run/serial.log" 2> "$run/extract.err")
	case $? in 0) ;; 124) echo "make run: profextract did not end within 300 s" >&2; status=1 ;; *) status=1 ;; esac
	# A run with no dump in it says so in make run's words (profextract's
	# other lines as they are).
	grep -v ': no dump frame found (' "$run/extract.err" >&2
	if grep -q ': no dump frame found (' "$run/extract.err"; then
		echo "make run: no profile in this run: no program ran under profrun or called ProfDump${script:+ (a batch\
 file runs each program as it is: \`profrun NAME\` profiles one)}"
	fi
	rm -f "$run/extract.err"
}

# truth_all: TRUTH=1, each dump's exact answer, RUN/NAME.truth (scripts/truth.sh)
truth_all() {
	while read -r name scope kind more; do
		[ -n "$name" ] || continue
		if sh scripts/truth.sh "$pinfo" "$dumps/$name" "$scope" "$run/counts.txt" \
			"$build/bench/truth/plugin.args" "$run/maps.lst" > "$run/${name%.pro}.truth"; then
			echo "make run: the exact instruction counts of $name (TRUTH=1): $run/${name%.pro}.truth"
		else
			rm -f "$run/${name%.pro}.truth"
			status=1
		fi
	done <<EOF_TRUTH
$list
EOF_TRUTH
}

# report_all: each dump, one pinfo run: the module table, a form feed
# line, then the functions by the dump's own map, or by every map of the
# run; its functions as CSV too (RUN/NAME.csv, docs/pinfo.md); its stacks'
# folded file and flame graph when it has them, with profrun's options
# given (docs/stacks.md). main: the dump of most samples, for the HTML
# report (the first of them); offstacks: the off-CPU dumps with stacks.
report_all() {
	main="" maintics=0 maintruth="" mainmore="" offstacks=" "
	FF=$(printf '\f')
	# pinfo's reports show the truth beside the samples where it takes --truth
	truthopt=
	[ -n "$truth" ] && "$pinfo" --help 2>/dev/null </dev/null | grep -q -- '--truth' && truthopt=1
	while read -r name scope kind more; do
		[ -n "$name" ] || continue
		dump=$dumps/$name
		echo
		case $kind in
		syscall) printf 'Event profile: system calls (%s)\n\n' "$name" ;;
		switch) printf 'Event profile: context switches (%s)\n\n' "$name" ;;
		offcpu) printf 'Event profile: time off the CPU (%s)\n\n' "$name" ;;
		esac
		echo "pinfo $name"
		map=${name%.pro}
		[ "$kind" = time ] || map=${map%.$kind}
		map=$map.map
		tr=$run/${name%.pro}.truth
		[ -n "$truthopt" ] && [ -f "$tr" ] || tr=
		if [ -f "$run/$map" ]; then
			shown="pinfo $name $map" skip=
			set -- "$run/$map"
		else
			shown="pinfo $name -f maps.lst" skip=--skip-absent
			set -- -f "$run/maps.lst"
		fi
		"$pinfo" --summary --csv "$run/${name%.pro}.csv" $skip ${tr:+--truth "$tr"} -- "$dump" "$@" </dev/null \
			> "$run/table.txt" || status=1
		table_show
		if [ "$kind" = time ] && [ -n "$tics" ] && { [ -z "$main" ] || [ "$tics" -gt "$maintics" ]; }; then
			main=$dump maintics=$tics maintruth=$tr mainmore=" $more "
		fi
		case "$kind: $more " in "offcpu:"*" stacks "*) offstacks="$offstacks$name " ;; esac
		case " $more " in *" stacks "*)
			[ -n "$profopts" ] || continue
			base=$run/${name%.pro}
			"$pinfo" --folded "$base.folded" --flamegraph "$base.svg" -- "$dump" -f "$run/elfs.lst" \
				</dev/null && echo "wrote $base.folded and $base.svg" || status=1 ;;
		esac
	done <<EOF_LIST
$list
EOF_LIST
}

# table_show: RUN/table.txt as it comes, the form feed line as the line
# naming the map; tics, its total, read on the way without another
# process (two thousand dumps make a forked awk a dump count)
table_show() {
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
}

# html_report: one page, RUN/report.html (docs/report.md), of the run's
# dump of most samples, with every ELF file of the run for its functions
# and source (the modules not in that dump are skipped); its program's
# time off the CPU beside its flame graph when both have stacks
html_report() {
	rm -f "$run/report.html"
	[ -n "$main" ] || return 0
	echo
	off=${main%.pro}.offcpu.pro
	case "$mainmore" in *" stacks "*) ;; *) off= ;; esac
	case "$offstacks" in *" ${off##*/} "*) ;; *) off= ;; esac
	if "$pinfo" --html "$run/report.html" ${maintruth:+--truth "$maintruth"} ${off:+--offcpu "$off"} -- "$main" \
		-f "$run/elfs.lst" </dev/null; then
		echo "make run: HTML report of $(basename "$main")${off:+ and ${off##*/}}: $run/report.html"
	else
		status=1
	fi
}

# files_back: the files the programs wrote, back from the guest (in their
# folders: profextract made every name safe, so a path is one line)
files_back() {
	find "$run/files" -type f 2>/dev/null | LC_ALL=C sort | while IFS= read -r f; do
		printf 'make run: a program wrote %s (%s bytes)\n' "$f" "$(wc -c < "$f" | tr -d ' ')"
	done
}
