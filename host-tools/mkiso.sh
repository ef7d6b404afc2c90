#!/bin/sh
# mkiso.sh OUT.iso "KERNEL ARGS" kernel.elf [module [batch.cmd]]...
# A GRUB 2 rescue image holding only what a multiboot boot needs.
set -eu
out=$1 args=$2 kernel=$3
shift 3
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
mkdir -p "$stage/boot/grub"
cp "$kernel" "$stage/boot/kernel.elf"
{
	echo "set timeout=0"
	echo "set default=0"
	echo "menuentry profkern {"
	echo "  multiboot /boot/kernel.elf $args"
	for m in "$@"; do
		name=$(basename "$m" .elf)
		file=$(basename "$m")
		cp "$m" "$stage/boot/$file"
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
