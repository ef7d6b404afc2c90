# cases/makerun-docs.sh (sourced by run.sh): the demo's outputs that docs/pinfo.md shows are
# what the demo gives today. Each example "    $ pinfo ..." of the demo's dump is run as written
# (testprof.pro, testprof.map and testprof.elf copied from make run's files, build/ the build)
# and its output compared with the lines the doc shows under it; and the doc's CSV rows are
# make run's build/run/testprof.csv. A change to the kernel's tick or the dump that moves the
# demo's samples fails here until the doc is made true again.
name=makerun-docs dir=$out/makerun-docs log=$out/makerun-docs.log
doc=docs/pinfo.md
rm -rf "$dir"
mkdir -p "$dir"
case $build in /*) absbuild=$build ;; *) absbuild=$(pwd)/$build ;; esac
# doc_block FILE COMMAND: the lines shown under "    $ COMMAND" in FILE, up to the next command or
# the first line not indented, without the indent and the blank lines at the end
doc_block() {
	awk -v c="    \$ $2" '
		on && /^    \$ / { exit }
		on && ($0 == "" || /^    /) { l[++n] = substr($0, 5); if ($0 != "") last = n; next }
		on { exit }
		$0 == c { on = 1 }
		END { for (i = 1; i <= last; i++) print l[i] }' "$1"
}
# (pinfo is run in a UTF-8 locale, as the doc's "±" is; without one it prints "+-")
# doc_check WHERE COMMAND: COMMAND run in WHERE ("copies": the folder of the dump's copies; "tree":
# the tree, for the views that name sources relative to it) against the doc's lines under it
doc_check() {
	doc_block "$doc" "$2" > "$dir/want"
	if [ ! -s "$dir/want" ]; then fail "$doc shows no example of: $2"; return 1; fi
	set -- "$1" $2
	where=$1
	shift 2
	if [ "$where" = copies ]; then
		(cd "$dir" && LC_ALL=C.UTF-8 "$absbuild/pinfo" "$@") > "$dir/got" 2>&1
	else
		for a; do
			shift
			case $a in testprof.pro) a=$dir/testprof.pro ;; build/*) a=$build/${a#build/} ;; esac
			set -- "$@" "$a"
		done
		LC_ALL=C.UTF-8 "$build/pinfo" "$@" > "$dir/got" 2>&1
	fi
	if ! cmp -s "$dir/want" "$dir/got"; then
		fail "$doc's example of pinfo $* differs from the demo's output (shown < , real > ): $(diff "$dir/want" "$dir/got" | grep '^[<>]' | head -4 | tr '\n' '|')"
		return 1
	fi
}
if ! $make --no-print-directory run > "$log" 2>&1; then
	fail "make run failed"
elif ! cp "$build/run/dumps/testprof.pro" "$build/run/testprof.map" "$build/run/testprof.elf" "$dir/" ||
     ! ln -s "$absbuild" "$dir/build"; then
	fail "the demo's files could not be copied to $dir"
elif doc_check copies "pinfo testprof.pro" &&
     doc_check copies "pinfo testprof.pro testprof.map" &&
     doc_check copies "pinfo --cpus build/run/dumps/testprof.pro" &&
     doc_check copies "pinfo --sort=tics testprof.pro testprof.elf" &&
     doc_check copies "pinfo testprof.pro build/user/testprof.elf" &&
     doc_check tree "pinfo -l testprof.pro build/run/testprof.elf" &&
     doc_check tree "pinfo --annotate inner testprof.pro build/run/testprof.elf"; then
	# both rows of the CSV, each a line of the doc (indented as an example)
	if [ "$(sed -n 2,3p "$build/run/testprof.csv" | sed 's/^/    /' | grep -cxFf "$doc")" = 2 ]
	then pass "7 examples and the CSV rows"
	else fail "$doc's CSV rows are not make run's: $(sed -n 2,3p "$build/run/testprof.csv" | tr '\n' '|')"; fi
fi
