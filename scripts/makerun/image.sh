# image.sh: what goes into make run's boot image besides the build's
# (sourced by scripts/makerun.sh): the batch file, the environment's file,
# and the check that the image fits in the machine's memory.

# The mark of the lines run.cmd echoes before each program and after the
# last (the verdict reads them; the console shown leaves them out)
MARK=@MAKERUN1

# batch_write: batch, the batch file: SCRIPT's copy, or RUN/run.cmd, the
# programs (or the demo) in order and nothing else. With PROG, each
# program's line comes after an echo of "MARK start NAME" and the last
# after "MARK end", so that the capture shows cmd reaching each line and
# going on after it. Each line must be one cmd reads whole (user/batch.h):
# refused before the boot otherwise, by name (status 2).
batch_write() {
	if [ -n "$script" ]; then
		batch=$run/$(basename -- "$script")
		cp -- "$script" "$batch" || return 1
		return 0
	fi
	batch=$run/run.cmd
	maxwords=$(define_of BATCH_MAXARGS user/batch.h) && maxbytes=$(define_of BATCH_LINE_MAX user/batch.h) || return 1
	maxbytes=$((maxbytes - 1))
	: > "$batch"
	for n in $programs; do
		if [ "$mode" != programs ] || [ -f "$run/$n.profcalls" ]; then	# user/prog.mk: its objects call Prof* or profil
			line="$n${args:+ $args}"
		else
			line="profrun $profopts$n${args:+ $args}"
		fi
		set -f
		# shellcheck disable=SC2086
		set -- $line	# (the words as cmd splits them, at blanks)
		if [ "$#" -gt "$maxwords" ] || [ ${#line} -gt "$maxbytes" ]; then
			printf "make run: ARGS: program %s's batch line, '%s' and ARGS, has %s words and %s bytes: cmd reads\
 at most %s words and %s bytes a line (user/batch.h); give fewer ARGS\n" "$n" "${line%"${args:+ $args}"}" "$#" \
				"${#line}" "$maxwords" "$maxbytes" >&2
			return 2
		fi
		[ "$mode" = programs ] && printf 'echo %s start %s\n' "$MARK" "$n" >> "$batch"
		printf '%s\n' "$line" >> "$batch"
	done
	[ "$mode" = programs ] && printf 'echo %s end\n' "$MARK" >> "$batch"
	return 0
}

# env_write: RUN/.environ, ENV's words a line, a data file of the image
# that the C library reads at each program's start (docs/libc.md, "The
# environment"), when ENV= gives one
env_write() {
	rm -f "$run/.environ"
	[ -n "${PROFKERN_ENV:-}" ] || return 0
	for w in $PROFKERN_ENV; do printf '%s\n' "$w"; done > "$run/.environ" || return 1
	files="$files $run/.environ"
}

# clean_run: an earlier run's dumps, files, capture, stacks and reports gone
clean_run() {
	rm -rf "$dumps" "$run/files" && mkdir -p "$dumps" "$run/files" ||
		{ echo "make run: cannot make $dumps" >&2; return 1; }
	set +f
	rm -f "$run"/*.csv "$run"/*.folded "$run"/*.svg "$run"/*.truth "$run/counts.txt" "$run/serial.log" \
		"$run/report.html" "$run/table.txt" "$run/bochs.log"
	set -f
}

pages() { echo $((($1 + 4095) / 4096 * 4096)); }	# pages BYTES: in whole pages

# image_fits: the boot image fits in the machine's memory above its first
# MiB: the kernel as loaded and each module in whole pages (the modules,
# the batch file, FILES's and STDIN's files), and the room GRUB needs
# while it loads them: 2.5 MiB and the modules but the largest once more
# (it stopped, with no word on the serial line, at 0.35 to 0.45 MiB less,
# with 3 and 7 modules at MEM=16, 20, 32 and 128). Past that the run would
# end as a hang: refused before, saying how much it needs. Sets need.
image_fits() {
	kmem=$(size -- "$build/kernel.elf" 2>/dev/null | awk 'NR == 2 { print $4 }')
	mods=0 fmods=0 largest=0 big="" bigsize=0
	for f in $files $stdin; do
		f=${f%%=*}	# (a folder's file is PATH=REL)
		sz=$(stat -L -c %s -- "$f")
		fmods=$((fmods + $(pages "$sz")))
		[ "$sz" -gt "$bigsize" ] && big=$(basename -- "$f") bigsize=$sz
	done
	for f in $modules; do
		sz=$(pages "$(stat -L -c %s -- "$run/$f.elf")")
		mods=$((mods + sz))
		[ "$sz" -gt "$largest" ] && largest=$sz
	done
	sz=$(pages "$(stat -L -c %s -- "$batch")")
	[ "$(pages "$bigsize")" -gt "$largest" ] && largest=$(pages "$bigsize")
	need=$((${kmem:-0} + mods + sz + fmods))
	room=$((2621440 + mods + sz + fmods - largest))
	[ $((need + room)) -gt $(((mem - 1) * 1048576)) ] || return 0
	atleast=$(((need + room + 1048575) / 1048576 + 1))	# (the first MiB is not for modules)
	if [ "$atleast" -le 1024 ]; then atleast="MEM=$atleast would hold it"; else atleast="more than MEM can give (1024)"; fi
	echo "make run: the boot image does not fit in MEM=$mem MiB: the kernel and its modules take $need bytes${big:+\
 (FILES and STDIN $fmods of them, the largest $big: $bigsize bytes)}, and the boot loader needs $room bytes more\
 while it loads them; $atleast" >&2
	return 1
}
