# makevars/files.sh (sourced by makevars.sh): FILES and STDIN take regular
# files only, nothing under /proc, /sys or /dev, and at most the modules
# the kernel takes. Leaves the data folder $out/data and its link $out/uplink.

# FILES and STDIN: only regular files go into the boot image. A link in a
# folder given (to the build's environment, to /proc/kmsg, whose reading
# never ends), a link given, a pipe in a folder, a device: refused by name,
# before anything is read.
d=$out/data
mkdir -p "$d"
printf 'data\n' > "$d/good.txt"
ln -s /proc/self/environ "$d/env.txt"
refused files-link-out "make run: FILES folder '$d': '$d/env.txt' is a symbolic link: only regular files and folders go in" \
	PROG="$src/plain.c" FILES="$d"
rm -f "$d/env.txt"
ln -s /proc/kmsg "$d/kmsg.txt"
refused files-link-kmsg "make run: FILES folder '$d/': '$d/kmsg.txt' is a symbolic link" PROG="$src/plain.c" FILES="$d/"
rm -f "$d/kmsg.txt"
ln -s good.txt "$d/same.txt"
refused files-link-given "make run: FILES or STDIN: '$d/same.txt' is a symbolic link: only regular files and folders go in" \
	PROG="$src/plain.c" FILES="$d/good.txt,$d/same.txt"
refused stdin-link "make run: FILES or STDIN: '$d/same.txt' is a symbolic link" PROG="$src/plain.c" STDIN="$d/same.txt"
rm -f "$d/same.txt"
mkfifo "$d/pipe"
refused files-pipe "make run: FILES folder '$d': '$d/pipe' is not a regular file or a folder" PROG="$src/plain.c" FILES="$d"
rm -f "$d/pipe"
refused stdin-device "make run: FILES or STDIN: '/dev/zero' is not a regular file or a folder" PROG="$src/plain.c" STDIN=/dev/zero
ln -s "$d" "$out/datalink"
refused files-folder-link "make run: FILES or STDIN: '$out/datalink' is a symbolic link" PROG="$src/plain.c" FILES="$out/datalink"
# a link one folder up, as written: data/. and data/file with data a link
ln -s data "$out/uplink"
refused files-link-dot "make run: FILES or STDIN: '$out/uplink/.' is under '$out/uplink', which is a symbolic link" \
	PROG="$src/plain.c" FILES="$out/uplink/."
refused files-link-file "make run: FILES or STDIN: '$out/uplink/good.txt' is under '$out/uplink', which is a symbolic link" \
	PROG="$src/plain.c" FILES="$out/uplink/good.txt"
refused stdin-link-file "make run: FILES or STDIN: '$out/uplink/good.txt' is under '$out/uplink'" \
	PROG="$src/plain.c" STDIN="$out/uplink/good.txt"
# /proc/self is a link; /proc/version, /proc/kmsg read as regular files
# (the last never ends): nothing under /proc, /sys or /dev goes in
refused files-proc-environ "make run: FILES or STDIN: '/proc/self/environ' is under '/proc/self', which is a symbolic link" \
	PROG="$src/plain.c" FILES=/proc/self/environ
refused files-proc "make run: FILES or STDIN: '/proc/version' is under /proc, /sys or /dev" PROG="$src/plain.c" \
	FILES=/proc/version
refused files-sys "make run: FILES or STDIN: '/sys/kernel/' is under /proc, /sys or /dev" PROG="$src/plain.c" \
	FILES=/sys/kernel/
# a pipe or a link a folder up given as a file, not in a folder: refused
# by make, reading nothing (makerun.sh, which the refusal never reaches,
# checks nothing again)
mkfifo "$d/pipe"
refused files-pipe-given "make run: FILES or STDIN: '$d/pipe' is not a regular file or a folder" PROG="$src/plain.c" \
	FILES="$d/good.txt,$d/pipe"
refused stdin-pipe "make run: FILES or STDIN: '$d/pipe' is not a regular file or a folder" PROG="$src/plain.c" \
	STDIN="$d/pipe"
rm -f "$d/pipe"

# The kernel takes 64 modules (kernel/module.h): more are refused, naming
# those it would have left out (it left them out, and their programs
# never ran).
mkdir -p "$out/many"
for i in $(seq 10 71); do : > "$out/many/f$i.txt"; done
refused modules-64 "and the kernel takes 64 (kernel/module.h): it would leave out f68.txt f69.txt f70.txt f71.txt;" \
	PROG="$src/plain.c" FILES="$out/many"
