/* faults.c: `faults KIND` commits one fault in ring 3; the kernel must end
 * this process with a line naming the vector, and nothing else. */
#include <stdio.h>
#include <string.h>
#include <stdint.h>

static volatile int zero;

/* A segment's size in bytes: its limit, read with lsl, plus one. */
static uint32_t seg_size(uint32_t sel)
{
	uint32_t limit;
	__asm__("lsl %1, %0" : "=r"(limit) : "r"(sel));
	return limit + 1;
}
static volatile int forever = 1;	/* the compiler must not see the recursion is endless */

__attribute__((noinline)) static int recurse(int depth)
{
	volatile char frame[256];
	frame[0] = (char)depth;
	return forever ? recurse(depth + 1) + frame[0] : depth;
}

static void fault(const char *kind)
{
	if (!strcmp(kind, "de")) {			/* #DE: divide by zero */
		unsigned q = 1;
		__asm__ volatile("xor %%edx, %%edx; divl %1" : "+a"(q) : "r"(zero) : "edx");
		printf("%u\n", q);
	} else if (!strcmp(kind, "ud")) {		/* #UD: an invalid opcode */
		__asm__ volatile("ud2");
	} else if (!strcmp(kind, "cli")) {		/* #GP: privileged */
		__asm__ volatile("cli");
	} else if (!strcmp(kind, "hlt")) {
		__asm__ volatile("hlt");
	} else if (!strcmp(kind, "out")) {		/* #GP: no I/O permission */
		__asm__ volatile("outb %%al, $0x80" : : "a"(0));
	} else if (!strcmp(kind, "load")) {		/* #GP: past the data limit */
		printf("%d\n", *(volatile int *)0xFFFFFF00);
	} else if (!strcmp(kind, "store")) {
		*(volatile int *)0x7FFFFFF0 = 1;
	} else if (!strcmp(kind, "jump")) {		/* #GP: past the code limit */
		((void (*)(void))0x7FFFFFF0)();
	} else if (!strcmp(kind, "stack")) {		/* #PF: runaway recursion, into the guard page */
		printf("%d\n", recurse(0));
	} else if (!strcmp(kind, "stackpush")) {	/* #PF: a push just below the stack's bottom */
		extern char __stack_guard[];
		__asm__ volatile("mov %0, %%esp; push $1" : : "r"(__stack_guard) : "memory");
	} else if (!strcmp(kind, "nullwrite")) {	/* #PF: a NULL pointer, offset 0 */
		*(volatile int *)(long)zero = 42;
	} else if (!strcmp(kind, "nullread")) {		/* #PF: near NULL, in the guard page */
		printf("%d\n", ((volatile int *)(long)zero)[1000]);
	} else if (!strcmp(kind, "nullcall")) {		/* #UD: the ud2 at code offset 0 */
		((void (*)(void))(long)zero)();
	} else if (!strcmp(kind, "np")) {		/* #NP: a not-present segment */
		__asm__ volatile("mov %0, %%fs" : : "r"(0x17));
	} else if (!strcmp(kind, "br")) {		/* #BR: bound range exceeded */
		static int bounds[2] = { 0, 10 };
		__asm__ volatile("bound %0, %1" : : "r"(20), "m"(bounds));
	} else if (!strcmp(kind, "ac")) {		/* #AC: misaligned with EFLAGS.AC */
		static char bytes[8];
		__asm__ volatile("pushf; orl $0x40000, (%%esp); popf" ::: "memory");
		printf("%d\n", *(volatile int *)(bytes + 1));
	} else if (!strcmp(kind, "kernelsel")) {	/* #GP: the kernel's data selector */
		__asm__ volatile("mov %0, %%ds" : : "r"(0x10));
	} else if (!strcmp(kind, "int")) {		/* #GP: a gate ring 3 may not use */
		__asm__ volatile("int $0x20");
	} else if (!strcmp(kind, "vm86")) {		/* iret into virtual-8086 mode at 0000:0000 */
		__asm__ volatile("push $0; push $0; push $0; push $0\n"	/* GS FS DS ES */
				 "push $0; push $0x1000\n"			/* SS ESP */
				 "push $0x20202; push $0; push $0\n"		/* EFLAGS (VM IF) CS EIP */
				 "iret" ::: "memory");
	} else if (!strcmp(kind, "vm86cs3")) {		/* the same with CS 0003, which looks like ring 3 */
		__asm__ volatile("push $0; push $0; push $0; push $0\n"
				 "push $0; push $0x1000\n"
				 "push $0x20202; push $3; push $0x10\n"
				 "iret" ::: "memory");
	/* Segment limits and types, which a CPU checks at every reference
	 * (docs/memory.md): a CPU (Bochs) raises #GP, or #SS through SS; QEMU's
	 * TCG checks none of them at a reference, and the paging backstop
	 * catches what leaves the segment's pages (#PF), or nothing does: an
	 * offset past a limit that wraps 4 GiB into the process's other window
	 * (DS 0x80000000 + 0xC0000000 is the code's 0x40000000; CS's
	 * 0x40000000 + 0x40000000 the data's) reads the process's own bytes. */
	} else if (!strcmp(kind, "datalimit")) {	/* a byte store at the data limit: the first past */
		*(volatile char *)(uintptr_t)seg_size(0x0F) = 1;
	} else if (!strcmp(kind, "datastraddle")) {	/* a 4-byte load over the limit: 2 in, 2 past */
		printf("%d\n", *(volatile int *)(uintptr_t)(seg_size(0x0F) - 2));
	} else if (!strcmp(kind, "stacklimit")) {	/* a push through SS, past the limit */
		__asm__ volatile("mov %0, %%esp; push $1" : : "r"(seg_size(0x0F) + 4) : "memory");
	} else if (!strcmp(kind, "stackwrap")) {	/* a push at ESP 0: below offset 0, past the limit */
		__asm__ volatile("xor %%esp, %%esp; push $1" ::: "memory");
	} else if (!strcmp(kind, "codelimit")) {	/* a jump to the first byte past the code limit */
		/* (EAX 0: under TCG the zero bytes there run, add %al,(%eax), a NULL write) */
		__asm__ volatile("jmp *%0" : : "r"(seg_size(0x07)), "a"(0) : "memory");
	} else if (!strcmp(kind, "coderead")) {		/* a read through CS, past the code limit */
		uint32_t v;
		__asm__ volatile("mov %%cs:(%1), %0" : "=r"(v) : "r"(seg_size(0x07)));
		printf("%u\n", v);
	} else if (!strcmp(kind, "dswrap")) {		/* a load at DS:0xC0000010: past the limit, */
		uint32_t v, code;			/* its linear address the code window's 16 */
		__asm__ volatile("mov (%2), %0; mov %%cs:(16), %1" : "=r"(v), "=r"(code) : "r"(0xC0000010u));
		printf("faults: dswrap read %s\n", v == code ? "its own code" : "other bytes");
	} else if (!strcmp(kind, "dswrapwrite")) {	/* the same address, a store */
		__asm__ volatile("movl $0, (%0)" : : "r"(0xC0000010u) : "memory");
	} else if (!strcmp(kind, "cswrap")) {		/* a load at CS:0x40000000 + x: its data's x */
		static volatile uint32_t mark = 0x5AA5C33Cu;
		uint32_t v;
		__asm__ volatile("mov %%cs:(%1), %0" : "=r"(v) : "r"(0x40000000u + (uint32_t)(uintptr_t)&mark));
		printf("faults: cswrap read %s\n", v == mark ? "its own data" : "other bytes");
	} else if (!strcmp(kind, "codewrite")) {	/* a write through CS: code is not writable */
		__asm__ volatile("movl $0, %%cs:(16)" ::: "memory");
	} else if (!strcmp(kind, "dscodewrite")) {	/* the code selector in DS (readable), then a store */
		__asm__ volatile("mov %0, %%ds; movl $0, (16)" : : "r"(0x07) : "memory");
	} else if (!strcmp(kind, "sscode")) {		/* the code selector into SS: #GP(0x04) */
		__asm__ volatile("mov %0, %%ss" : : "r"(0x07));
	} else if (!strcmp(kind, "farlimit")) {		/* a far jump to our own CS, past its limit: #GP(0) */
		struct { uint32_t off; uint16_t sel; } __attribute__((packed)) to = { seg_size(0x07), 0x07 };
		__asm__ volatile("ljmp *%0" : : "m"(to));
	} else if (!strcmp(kind, "farkernel")) {	/* a far call to the kernel's code: #GP(0x08) */
		__asm__ volatile("lcall $0x08, $0");
	} else if (!strcmp(kind, "fartss")) {		/* a far jump to the TSS: #GP(0x18) */
		__asm__ volatile("ljmp $0x18, $0");
	} else if (!strcmp(kind, "fardata")) {		/* a far call to the data selector: #GP(0x0C) */
		__asm__ volatile("lcall $0x0F, $0");
	} else if (!strcmp(kind, "retkernel")) {	/* a far return to ring 0: #GP(0x08) */
		__asm__ volatile("push $0x08; push $0; lret" ::: "memory");
	} else if (!strcmp(kind, "spin")) {		/* never ends: the hang detector's test */
		for (;;)
			zero = 0;
	} else {
		printf("faults: unknown kind %s\n", kind);
		return;
	}
	printf("faults: %s did not fault\n", kind);
}

int main(int argc, char **argv)
{
	if (argc != 2) {
		printf("usage: faults KIND\n");
		return 2;
	}
	fault(argv[1]);
	return 1;
}
