/* exact.c: code whose instruction counts are known by construction, for
 * the bar the instruction-count plugin (insncount.c) must clear: its
 * counts must equal these, exactly (tests/integration/truth.sh).
 *
 *   exact N4 N7 NN NM NC NS          runs each function below once with
 *                                    profiling on (a user profile), and
 *                                    count4(OUTSIDE) before ProfOn and
 *                                    after ProfOff, which must not count
 *   exact plain N4 N7 NN NM NC NS    the same without the profile calls
 *
 * It prints "exact: pid=P n4=N4 ..." so that a test knows which process
 * ran which counts. Every count below is at least 1.
 *
 * The functions are written in assembly, so that the compiler cannot
 * change them; each one's instructions, counted from its first to its
 * ret, are (docs/PERFORMANCE.md, "The plugin's bar"):
 *   count4(n)     2 + 4n      a loop of 4 instructions
 *   count7(n)     4 + 7n      a loop of 7, with a register saved
 *   nest(n, m)    4 + n(3 + 3m)  a loop of 3 inside a loop of 3
 *   caller(n)     2 + 3n      calls leaf() n times ...
 *   leaf()        2           ... each call 2 instructions, its own
 *   sysloop(n)    4 + 4n      n system calls (getpid): the instructions
 *                             after each int $0x80 count once */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <profile.h>
#include <profkern.h>
#include "sys/syscall.h"

#define OUTSIDE 1000
#define STR_(x) #x
#define STR(x) STR_(x)

unsigned count4(unsigned n);
unsigned count7(unsigned n);
unsigned nest(unsigned n, unsigned m);
unsigned caller(unsigned n);
unsigned leaf(void);
unsigned sysloop(unsigned n);

__asm__(".text\n"
	".globl count4\n.type count4, @function\n.p2align 4\n"
	"count4:\n"
	"	movl 4(%esp), %ecx\n"
	"1:	addl %ecx, %eax\n"
	"	xorl %eax, %edx\n"
	"	decl %ecx\n"
	"	jnz 1b\n"
	"	ret\n"
	".size count4, . - count4\n"

	".globl count7\n.type count7, @function\n.p2align 4\n"
	"count7:\n"
	"	movl 4(%esp), %ecx\n"
	"	pushl %ebx\n"
	"1:	movl %ecx, %ebx\n"
	"	shll $3, %ebx\n"
	"	addl %ebx, %eax\n"
	"	rorl $5, %eax\n"
	"	xorl %ecx, %edx\n"
	"	decl %ecx\n"
	"	jnz 1b\n"
	"	popl %ebx\n"
	"	ret\n"
	".size count7, . - count7\n"

	".globl nest\n.type nest, @function\n.p2align 4\n"
	"nest:\n"
	"	pushl %esi\n"
	"	movl 8(%esp), %esi\n"
	"2:	movl 12(%esp), %ecx\n"
	"1:	addl %ecx, %eax\n"
	"	decl %ecx\n"
	"	jnz 1b\n"
	"	decl %esi\n"
	"	jnz 2b\n"
	"	popl %esi\n"
	"	ret\n"
	".size nest, . - nest\n"

	".globl caller\n.type caller, @function\n.p2align 4\n"
	"caller:\n"
	"	movl 4(%esp), %ecx\n"
	"1:	call leaf\n"
	"	decl %ecx\n"
	"	jnz 1b\n"
	"	ret\n"
	".size caller, . - caller\n"

	".globl leaf\n.type leaf, @function\n.p2align 4\n"
	"leaf:\n"
	"	addl $1, %eax\n"
	"	ret\n"
	".size leaf, . - leaf\n"

	".globl sysloop\n.type sysloop, @function\n.p2align 4\n"
	"sysloop:\n"
	"	pushl %ebx\n"
	"	movl 8(%esp), %ebx\n"
	"1:	movl $" STR(SYS_getpid) ", %eax\n"
	"	int $0x80\n"
	"	decl %ebx\n"
	"	jnz 1b\n"
	"	popl %ebx\n"
	"	ret\n"
	".size sysloop, . - sysloop\n");

static unsigned arg(const char *s)
{
	unsigned long v = strtoul(s, 0, 10);

	if (v < 1 || v > 100000000) {
		printf("exact: '%s': a count must be 1 to 100000000\n", s);
		exit(2);
	}
	return (unsigned)v;
}

static void must(const char *call, int rc)
{
	if (rc) {
		printf("exact: %s: %s\n", call, errname(rc));
		exit(1);
	}
}

int main(int argc, char **argv)
{
	int plain = argc == 8 && !strcmp(argv[1], "plain");
	char **a = argv + 1 + plain;
	unsigned n4, n7, nn, nm, nc, ns;

	if (argc != 7 + plain) {
		printf("usage: exact [plain] N4 N7 NN NM NC NS\n");
		return 2;
	}
	n4 = arg(a[0]), n7 = arg(a[1]), nn = arg(a[2]), nm = arg(a[3]), nc = arg(a[4]), ns = arg(a[5]);
	if (!plain) {
		count4(OUTSIDE);
		must("ProfInit", ProfInit(PT_USER, NULL));
		must("ProfOn", ProfOn(PT_USER));
	}
	count4(n4);
	count7(n7);
	nest(nn, nm);
	caller(nc);
	sysloop(ns);
	if (!plain) {
		must("ProfOff", ProfOff(PT_USER));
		count4(OUTSIDE);
		must("ProfFree", ProfFree(PT_USER));
	}
	printf("exact: pid=%d n4=%u n7=%u nn=%u nm=%u nc=%u ns=%u\n", getpid(), n4, n7, nn, nm, nc, ns);
	return 0;
}
