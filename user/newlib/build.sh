#!/bin/sh
# build.sh TARBALL DIR: newlib, the guests' C library, from Debian's
# newlib-source (docs/libc.md), built once into DIR for i686 with the host's
# gcc -m32 behind target-named wrappers: DIR/bin (the wrappers), DIR/src
# (the sources, kept: the DWARF of libc.a names them for pinfo -l and
# --annotate), DIR/obj (configure's and make's), DIR/install (libc.a, libm.a,
# the headers). Its output goes to DIR/build.log; on failure the log's end
# is shown.
set -eu
[ "${1:-}" = -- ] && shift
tarball=$1 dir=$2
here=$(cd "$(dirname "$0")" && pwd)
[ -f "$tarball" ] || { echo "newlib: no $tarball (Debian's newlib-source package)" >&2; exit 1; }
rm -rf "$dir"
mkdir -p "$dir/bin" "$dir/obj"
dir=$(cd "$dir" && pwd)
log=$dir/build.log

# The target's tools: the host's, made 32-bit. The host gcc defines
# __linux__ and __unix__, which newlib takes for a Linux host (another FILE
# layout, 64-bit stdio the target lacks): undefined, here and in every
# program built against newlib (NEWLIB_CFLAGS, user/newlib/newlib.mk).
gccinc=$(gcc -print-file-name=include)
cat > "$dir/bin/i686-elf-gcc" <<EOF_GCC
#!/bin/sh
exec gcc -m32 -nostdinc -idirafter '$gccinc' -U__linux__ -U__linux -Ulinux -U__gnu_linux__ -U__unix__ -U__unix -Uunix "\$@"
EOF_GCC
printf '#!/bin/sh\nexec as --32 "$@"\n' > "$dir/bin/i686-elf-as"
printf '#!/bin/sh\nexec ld -m elf_i386 "$@"\n' > "$dir/bin/i686-elf-ld"
for t in ar ranlib nm objcopy objdump readelf strip size; do
	printf '#!/bin/sh\nexec %s "$@"\n' "$t" > "$dir/bin/i686-elf-$t"
done
chmod +x "$dir/bin"/*

{
	tar -xJf "$tarball" -C "$dir"
	src=$(find "$dir" -mindepth 1 -maxdepth 1 -type d ! -name bin ! -name obj | head -1)
	mv "$src" "$dir/src"
	sh "$here/patch-asm.sh" "$dir/src"
	cd "$dir/obj"
	# Functions 16-aligned and in sections of their own, frame pointers:
	# what the profiler needs of every program (docs/libc.md). The system
	# calls are ours, under newlib's names (_read, ...: no
	# MISSING_SYSCALL_NAMES); no _init/_fini, crt0 runs the init arrays.
	PATH=$dir/bin:$PATH ../src/configure --target=i686-elf --prefix="$dir/install" \
		--disable-multilib --disable-libgloss --disable-nls \
		--enable-newlib-io-long-long --enable-newlib-io-c99-formats --disable-newlib-multithread \
		CFLAGS_FOR_TARGET="-O2 -g -march=i686 -fno-omit-frame-pointer -falign-functions=16 -ffunction-sections \
-fno-pic -fno-pie -fno-stack-protector -fno-asynchronous-unwind-tables -UMISSING_SYSCALL_NAMES -UHAVE_INIT_FINI \
-Wa,--noexecstack"
	PATH=$dir/bin:$PATH env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make -j2 all-target-newlib
	PATH=$dir/bin:$PATH env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make install-target-newlib
} > "$log" 2>&1 || { tail -30 "$log" >&2; echo "newlib: the build failed; its log: $log" >&2; exit 1; }
[ -f "$dir/install/i686-elf/lib/libc.a" ] && [ -f "$dir/install/i686-elf/lib/libm.a" ] ||
	{ echo "newlib: no libc.a or libm.a after the build; its log: $log" >&2; exit 1; }
