#!/bin/sh
# apply.sh XV6 DEST: a copy of the xv6-public tree XV6 at DEST, with the
# profiler's glue: the files of ports/xv6/ that xv6 compiles (profxv6.c,
# profxv6.h, uprof.c, profinit.c) and the hook lines below, each put
# beside a line of xv6's found exactly once (docs/porting.md, "xv6").
# XV6 is only read; DEST is made anew (in DEST.new, renamed when whole),
# so a tree whose lines are not found leaves nothing, and says which.
set -u
set -f
[ $# = 2 ] || { echo "usage: apply.sh XV6 DEST" >&2; exit 2; }
src=$1 dest=$2 here=$(dirname -- "$0")
for f in Makefile kernel.ld defs.h proc.h proc.c exec.c trap.c lapic.c spinlock.c syscall.h syscall.c; do
	[ -f "$src/$f" ] || { echo "make xv6: XV6=$src: not an xv6-public tree (no $f)" >&2; exit 2; }
done
new=$dest.new
rm -rf -- "$new" && mkdir -p -- "$new" || exit 1
# the tree as it is, without its history
(cd -- "$src" && tar cf - --exclude=.git .) | (cd -- "$new" && tar xf -) || { rm -rf -- "$new"; exit 1; }
for f in profxv6.c profxv6.h uprof.c profinit.c; do
	cp -- "$here/$f" "$new/$f" || { rm -rf -- "$new"; exit 1; }
done

# hook FILE WHERE LINE TEXT: TEXT (lines) before or after the one line of
# FILE that is LINE (blanks around it aside), or instead of it (replace).
hook() {
	F=$new/$1 W=$2 A=$3 T=$4 awk '
	function trim(s) { sub(/^[ \t]+/, "", s); sub(/[ \t]+$/, "", s); return s }
	BEGIN { a = trim(ENVIRON["A"]); w = ENVIRON["W"]; t = ENVIRON["T"] }
	{ line[NR] = $0; if (trim($0) == a) { hits++; at = NR } }
	END {
		if (hits != 1) exit hits ? 3 : 4
		for (i = 1; i <= NR; i++) {
			if (i == at && w == "before") print t
			if (i != at || w != "replace") print line[i]
			if (i == at && w != "before") print t
		}
	}' "$new/$1" > "$new/$1.hooked"
	rc=$?
	if [ $rc != 0 ]; then
		[ $rc = 3 ] && how="more than once" || how=nowhere
		echo "make xv6: XV6=$src: $1: the line '$3' is found $how: not the xv6-public this glue knows (eeb7b415)" >&2
		rm -rf -- "$new"
		exit 2
	fi
	mv -- "$new/$1.hooked" "$new/$1"
}

T='	'
# the glue's object and the module's library in the kernel
hook Makefile replace 'OBJS = \' 'OBJS = profxv6.o $(PROFKERN_LIB) \'
# the kernel's text, named as pinfo finds it in an ELF file
hook kernel.ld replace '*(.text .stub .text.* .gnu.linkonce.t.*)' "$T${T}_text_start = .;
$T$T*(.text .stub .text.* .gnu.linkonce.t.*)
$T${T}_text_end = .;"
hook defs.h after '#define NELEM(x) (sizeof(x)/sizeof((x)[0]))' '#include "profxv6.h"  // the profiler (ports/xv6)'
hook proc.h after 'char name[16];               // Process name (debugging)' \
	'  struct prof_proc *prof;      // Its profiles (profxv6.c)'
# the sampling clock: every CPU's LAPIC timer at HZ, xv6's tick every HZ/100th
hook lapic.c replace 'lapicw(TICR, 10000000);' '  lapicw(TICR, prof_xv6_ticr(10000000));'
hook trap.c after 'case T_IRQ0 + IRQ_TIMER:' '    if(prof_xv6_tick(tf)){ lapiceoi(); return; }  // a sample, not a tick'
# the calls: one system call
hook syscall.h after '#define SYS_close  21' '#define SYS_prof   22'
hook syscall.c after 'extern int sys_close(void);' 'extern int sys_prof(void);'
hook syscall.c after '[SYS_close]   sys_close,' '[SYS_prof]    sys_prof,'
# a process's code: what exec loads, what fork copies, its end
hook exec.c before 'if(ph.vaddr % PGSIZE != 0)' '    prof_xv6_load(curproc, &ph);'
hook exec.c after 'switchuvm(curproc);' '  prof_xv6_exec(curproc);'
hook proc.c before 'pid = np->pid;' '  prof_xv6_fork(np, curproc);'
hook proc.c before '// Close all open files.' '  prof_xv6_exit(curproc);'
# Several CPUs under -icount: QEMU runs them in turn, a turn ending at a
# pause. A CPU that waits for a spinlock ends its turn, so as not to spend
# it while the holder waits for its own; an idle CPU ends its turn where
# ptable.lock is free, which its loop holds nearly all the time: else the
# others may find it held at every turn (xv6 then never reaches init).
hook spinlock.c replace 'while(xchg(&lk->locked, 1) != 0)' '  while(xchg(&lk->locked, 1) != 0){ __asm__ volatile("pause"); }'
hook proc.c before '// Enable interrupts on this processor.' '    __asm__ volatile("pause");'

rm -rf -- "$dest" && mv -- "$new" "$dest"
