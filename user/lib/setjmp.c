/* setjmp.c: setjmp and longjmp (<setjmp.h>), in assembly.
 *
 * i386 (the guests): a jmp_buf holds EBX, ESI, EDI, EBP (the registers a
 * call preserves), ESP as it is after setjmp returns, and the return
 * address. longjmp puts them back and jumps to that address with EAX = val,
 * or 1 if val is 0. x86-64 has its own version, for the host's unit tests
 * (RBX, RBP, R12-R15, RSP, the return address), the same in every step. */
#include "libc.h"

#define STR(x)		#x
#define NAME(x)		STR(x)
#define SYMBOL(name)	".globl " NAME(LIBC(name)) "\n\t.type " NAME(LIBC(name)) ", @function\n" \
			NAME(LIBC(name)) ":\n\t"

#if defined(__i386__)
__asm__(".text\n\t.align 16\n"
	SYMBOL(setjmp)
	"movl 4(%esp), %eax\n\t"	/* env */
	"movl %ebx, 0(%eax)\n\t"
	"movl %esi, 4(%eax)\n\t"
	"movl %edi, 8(%eax)\n\t"
	"movl %ebp, 12(%eax)\n\t"
	"leal 4(%esp), %ecx\n\t"	/* ESP once setjmp has returned */
	"movl %ecx, 16(%eax)\n\t"
	"movl (%esp), %ecx\n\t"		/* the return address */
	"movl %ecx, 20(%eax)\n\t"
	"xorl %eax, %eax\n\t"
	"ret\n\t"
	".size " NAME(LIBC(setjmp)) ", . - " NAME(LIBC(setjmp)) "\n\t"
	".align 16\n"
	SYMBOL(longjmp)
	"movl 4(%esp), %edx\n\t"	/* env */
	"movl 8(%esp), %eax\n\t"	/* val */
	"testl %eax, %eax\n\t"
	"jnz 1f\n\t"
	"incl %eax\n"
	"1:\n\t"
	"movl 0(%edx), %ebx\n\t"
	"movl 4(%edx), %esi\n\t"
	"movl 8(%edx), %edi\n\t"
	"movl 12(%edx), %ebp\n\t"
	"movl 16(%edx), %esp\n\t"
	"jmp *20(%edx)\n\t"
	".size " NAME(LIBC(longjmp)) ", . - " NAME(LIBC(longjmp)) "\n");
#elif defined(__x86_64__)
__asm__(".text\n\t.align 16\n"
	SYMBOL(setjmp)
	"movq %rbx, 0(%rdi)\n\t"
	"movq %rbp, 8(%rdi)\n\t"
	"movq %r12, 16(%rdi)\n\t"
	"movq %r13, 24(%rdi)\n\t"
	"movq %r14, 32(%rdi)\n\t"
	"movq %r15, 40(%rdi)\n\t"
	"leaq 8(%rsp), %rcx\n\t"
	"movq %rcx, 48(%rdi)\n\t"
	"movq (%rsp), %rcx\n\t"
	"movq %rcx, 56(%rdi)\n\t"
	"xorl %eax, %eax\n\t"
	"ret\n\t"
	".size " NAME(LIBC(setjmp)) ", . - " NAME(LIBC(setjmp)) "\n\t"
	".align 16\n"
	SYMBOL(longjmp)
	"movl %esi, %eax\n\t"
	"testl %eax, %eax\n\t"
	"jnz 1f\n\t"
	"incl %eax\n"
	"1:\n\t"
	"movq 0(%rdi), %rbx\n\t"
	"movq 8(%rdi), %rbp\n\t"
	"movq 16(%rdi), %r12\n\t"
	"movq 24(%rdi), %r13\n\t"
	"movq 32(%rdi), %r14\n\t"
	"movq 40(%rdi), %r15\n\t"
	"movq 48(%rdi), %rsp\n\t"
	"jmp *56(%rdi)\n\t"
	".size " NAME(LIBC(longjmp)) ", . - " NAME(LIBC(longjmp)) "\n");
#else
#error "setjmp.c: i386 or x86-64 only"
#endif
