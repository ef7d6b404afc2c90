#!/bin/sh
# sti.sh BUILD: scripts/check-sti.sh holds the kernel to "sti; nop", and
# fails a kernel that breaks the rule: two made-up kernels, one that keeps
# it (with idle's "sti; hlt") and one with a bare sti, then the real one.
# Then the kernel's build names its sources: no make file builds from a
# wildcard, and every C and assembly file of the guest's folders is in a
# list by name; and each of them is a file a reader can hold: at most 600
# lines, and no C function over 100 (from its name to its closing brace).
set -u
build=${1:-build}
dir=$build/itest/sti
mkdir -p "$dir"
passed=0 failed=0
check() {	# check NAME WANT(0|1) ELF [expected message]
	out=$(sh scripts/check-sti.sh "$3" 2>&1); got=$?
	[ "$got" -ne 0 ] && got=1
	if [ "$got" = "$2" ] && { [ -z "${4:-}" ] || echo "$out" | grep -qF "$4"; }; then
		passed=$((passed + 1)); echo "PASS $1"
	else
		failed=$((failed + 1)); echo "FAIL $1: status $got, wanted $2: $out"
	fi
}
mk() {	# mk NAME BODY: an ELF whose text from _stext is BODY
	printf 'global _stext\nsection .text\n_stext:\n%s\nidle_loop:\n sti\n hlt\n ret\n' "$2" > "$dir/$1.asm" &&
	nasm -f elf32 "$dir/$1.asm" -o "$dir/$1.o" && ld -m elf_i386 -e _stext "$dir/$1.o" -o "$dir/$1.elf"
}
mk good ' sti
 nop
 cli
 ret' && check "check-sti: sti; nop and idle's sti; hlt pass" 0 "$dir/good.elf"
mk bare ' cli
 sti
 ret' && check "check-sti: a bare sti fails, named" 1 "$dir/bare.elf" "sti at 8049001 in _stext is followed by ret, not nop"
check "check-sti: the kernel keeps the rule" 0 "$build/kernel.elf"

# The lists as make reads them: the kernels' sources and the format's
# (kernel/asm-offsets.c has a rule of its own: it makes the assembly's
# offsets).
mks="Makefile $(find . -name '*.mk' -not -path './build/*' | sort)"
wild=$(grep -n 'wildcard[^)]*\*\.\(c\|asm\)' $mks)
lists=" $(printf 'print-lists:\n\t@echo $(KERNEL_C) $(KERNEL_ASM) $(SELFTEST_C) $(SELFTEST_ASM) $(FORMAT_HOST_SRCS)\n' |
	${MAKE:-make} --no-print-directory -s -f Makefile -f - PROFKERN_PHASE=build print-lists) "
unnamed=$(for f in kernel/*.c drivers/*.c profiler/*.c format/*.c lib/*.c boot/*.asm; do
	case $lists in *" $f "*) ;; *) [ "$f" = kernel/asm-offsets.c ] || echo "$f" ;; esac; done)
if [ -z "$wild" ] && [ -z "$unnamed" ]; then
	passed=$((passed + 1)); echo "PASS sources: every one named in a make file, no wildcard"
else
	failed=$((failed + 1)); echo "FAIL sources: wildcards: $wild; not named: $(echo $unnamed)"
fi
echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
