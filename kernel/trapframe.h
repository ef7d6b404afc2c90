/* trapframe.h: the frame every interrupt entry stub builds
 * (boot/trapentry.asm), the vectors' numbers and the EFLAGS bits the
 * kernel tests: what the dispatcher (trap.c), the process code and the
 * scheduler all read, below each of them. */
#ifndef KERNEL_TRAPFRAME_H
#define KERNEL_TRAPFRAME_H

#include <stdint.h>

struct trapframe {
	uint32_t edi, esi, ebp, oesp, ebx, edx, ecx, eax;	/* pushad */
	uint32_t gs, fs, es, ds;
	uint32_t trapno, err;
	uint32_t eip, cs, eflags;	/* pushed by the CPU */
	uint32_t esp, ss;		/* only when the trap came from ring 3 */
};

#define T_DE	0	/* divide error */
#define T_DB	1
#define T_NMI	2
#define T_BP	3
#define T_OF	4
#define T_BR	5	/* bound range */
#define T_UD	6	/* invalid opcode */
#define T_NM	7
#define T_DF	8
#define T_TS	10
#define T_NP	11	/* segment not present */
#define T_SS	12	/* stack-segment fault */
#define T_GP	13	/* general protection */
#define T_PF	14
#define T_MF	16
#define T_AC	17	/* alignment check */
#define T_MC	18
#define T_XM	19
#define T_SYSCALL 0x80

/* Bytes on the kernel stack at boot/irq0.asm's ring-3 test: the CPU's EIP,
 * CS, EFLAGS, ESP and SS, then irq0.asm's EAX and EDX. */
#define IRQ0_RING3_DEPTH (7 * 4)

#define FL_TF	0x100
#define FL_IF	0x200
#define FL_NT	0x4000
#define FL_VM	0x20000
#define FL_AC	0x40000

/* A frame from ring 3: CPL 3 in CS, or virtual-8086 mode, which runs at CPL
 * 3 whatever its CS says. QEMU's TCG lets a ring-3 iret set EFLAGS.VM (a
 * real CPU ignores it there); the first fault then arrives with a real-mode
 * CS whose low bits may be 0. */
#define TF_VM86(tf)	(((tf)->eflags & FL_VM) != 0)
#define TF_USER(tf)	(((tf)->cs & 3) == 3 || TF_VM86(tf))

#endif
