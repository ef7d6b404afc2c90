# cases/pinfo-files.sh (sourced by run.sh): pinfo refuses anything but a regular file.
#
# Anything but a regular file, as a dump, a map or a -f list (or named in
# one), is refused at once: status 1, one line saying what it is, nothing
# read from it (/dev/zero would fill the memory, a FIFO wait for ever).
name=pinfo-files dir=$out/pinfo-files
rm -rf "$dir"
mkdir -p "$dir"
mkfifo "$dir/fifo"
printf '/dev/zero\n' > "$dir/zero.lst"
dump=tests/unit/data/hot.pro
ok=1 n=0
for args in "/dev/zero" "$dir/fifo" "$dir" "$dump /dev/zero" "$dump $dir/fifo" "$dump $dir" \
	"$dump -f /dev/zero" "$dump -f $dir/fifo" "$dump -f $dir/zero.lst"; do
	n=$((n + 1))
	# shellcheck disable=SC2086
	(ulimit -v 1000000; exec timeout 10 "$pinfo" $args) > "$dir/$n.out" 2> "$dir/$n.err" </dev/null
	got=$?
	if [ "$got" != 1 ] || [ -s "$dir/$n.out" ] || [ "$(wc -l < "$dir/$n.err")" != 1 ] ||
	   ! grep -q '^pinfo: .*: not a regular file (\(a character device\|a FIFO\|a folder\))$' "$dir/$n.err"; then
		ok=0
		fail "pinfo $args: status $got, stderr: $(head -c 300 "$dir/$n.err")"
		break
	fi
done
[ $ok = 1 ] && pass
