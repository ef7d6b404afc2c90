#!/bin/sh
# mkiso.sh [--] OUT.iso "KERNEL ARGS" kernel.elf [module [batch.cmd]]...
# A GRUB 2 rescue image holding only what a multiboot boot needs. A module
# given as file:PATH is a data file (docs/syscalls.md, "Files"): it goes to
# /boot/files/ and its line says "file" after its name, which is its whole
# base name; one given as filein:DIR:PATH goes to /boot/files/DIR/, its
# line saying "in=DIR" after "file" (DIR checked by qrun).
# The arguments and the modules' names are written into grub.cfg, which
# GRUB reads as a script: each is checked to hold no character GRUB would
# take for its syntax, and refused otherwise.
set -eu
[ "${1:-}" = -- ] && shift
[ $# -ge 3 ] || { echo "usage: mkiso.sh [--] OUT.iso \"KERNEL ARGS\" kernel.elf [module]..." >&2; exit 2; }
out=$1 args=$2 kernel=$3
shift 3
case $args in
*[!A-Za-z0-9_.,=/\ -]*) echo "mkiso: kernel arguments '$args': letters, digits, spaces and '_ . , = / -' only" >&2; exit 1 ;;
esac
for m in "$@"; do
	case $m in filein:*) m=file:${m#filein:*:} ;; esac
	case $(basename -- "${m#file:}") in
	-*|*[!A-Za-z0-9_.+@-]*) echo "mkiso: module $m: a name of letters, digits and '_ . + @ -' only, not first '-'" >&2; exit 1 ;;
	esac
	# only regular files: a link may lead anywhere, a device or a pipe may
	# never end (docs/security.md)
	if [ -L "${m#file:}" ] || [ ! -f "${m#file:}" ]; then
		echo "mkiso: module ${m#file:}: not a regular file (a symbolic link, a device, a pipe or a folder)" >&2
		exit 1
	fi
done
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
trap 'exit 1' HUP INT TERM
mkdir -p "$stage/boot/grub" "$stage/boot/files"
cp -- "$kernel" "$stage/boot/kernel.elf"
# copy SOURCE DEST: SOURCE copied as it is now, a link as a link (cp -P),
# and the copy checked, not the source: a file swapped for a link or a
# device after the check above is refused, never followed.
copy() {
	if ! cp -P -- "$1" "$2" || [ -L "$2" ] || [ ! -f "$2" ]; then
		echo "mkiso: module $1: not a regular file (a symbolic link, a device, a pipe or a folder)" >&2
		exit 1
	fi
}
{
	echo "set timeout=0"
	echo "set default=0"
	echo "menuentry profkern {"
	echo "  multiboot /boot/kernel.elf $args"
	for m in "$@"; do
		case $m in
		filein:*)
			path=${m#filein:*:} dir=${m#filein:}
			dir=${dir%%:*}
			case /$dir/ in *//*|*/./*|*/../*|*[!A-Za-z0-9_.+@/-]*)
				echo "mkiso: module $m: a bad folder" >&2; exit 1 ;; esac
			file=$(basename -- "$path")
			mkdir -p "$stage/boot/files/$dir"
			copy "$path" "$stage/boot/files/$dir/$file"
			echo "  module /boot/files/$dir/$file $file file in=$dir"
			continue ;;
		file:*)
			file=$(basename -- "${m#file:}")
			copy "${m#file:}" "$stage/boot/files/$file"
			echo "  module /boot/files/$file $file file"
			continue ;;
		esac
		name=$(basename -- "$m" .elf)
		file=$(basename -- "$m")
		copy "$m" "$stage/boot/$file"
		echo "  module /boot/$file $name"
	done
	echo "}"
} > "$stage/boot/grub/grub.cfg"
# --locales/--fonts/--themes empty and only the multiboot loader installed:
# the image stays small.
if ! grub-mkrescue -o "$out" --install-modules="multiboot normal configfile" \
	--locales= --fonts= --themes= --compress=xz "$stage" >"$out.log" 2>&1; then
	echo "mkiso: grub-mkrescue failed:" >&2
	cat "$out.log" >&2
	exit 1
fi
rm -f "$out.log"
