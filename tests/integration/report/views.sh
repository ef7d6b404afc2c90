# report/views.sh (sourced by report.sh, after html.sh): every other view
# once, on the dumps lines.sh and html.sh made.

# ---- every other view, on the same runs' dumps (through $pinfo: the
# sanitizer build too, pinfo-san below) ----------------------------------------------------
name=views
sysd=$out/sys/sys.pro sysmaps="$u/worker.elf $u/sorter.elf $build/kernel.elf"
printf 'testprof inner 950\ntestprof main 40\ntestprof exit 10\n' > "$out/views.truth"
printf '%s\n' $sysmaps > "$out/sys.lst"	# (the report's views take one map, or a list)
bad=
# shellcheck disable=SC2086
for view in "--ci -e -t -z $dump $u/testprof.elf" "--sort=name --top 5 $sysd -f $out/sys.lst" "--percent-limit 0.1 $sysd -f $out/sys.lst" \
	"--summary --csv $out/views.csv --truth $out/views.truth $dump $u/testprof.elf" \
	"--html $out/views.html --truth $out/views.truth $dump $u/testprof.elf" "--html $out/nomap.html $dump" \
	"--diff --csv $out/diff.csv $dump $sysd $u/testprof.elf $sysmaps" "--merge $out/merged.pro $dump $dump" \
	"-t $out/merged.pro $u/testprof.elf" "--cpus $sysd $sysmaps" "--where 0x10 $u/testprof.elf" \
	"-l --split=bytes $sysd $sysmaps" "--annotate inner --split=bytes $dump $u/testprof.elf" \
	"--folded $out/views.folded --flamegraph $out/views.svg --pprof $out/views.pb.gz -g ${fdump:-(no-stacks-dump)} $u/calltree.elf $build/kernel.elf"
do
	$pinfo $view > "$out/view.txt" 2>&1 || bad="$bad; pinfo $view: $(head -2 "$out/view.txt")"
done
if [ -z "$bad" ]; then pass; else fail "${bad#; }"; fi
