/* faults.c: `faults KIND` commits one fault in ring 3; the kernel must end
 * this process with a line naming the vector, and nothing else. */
#include <stdio.h>
#include <string.h>

static volatile int zero;
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
