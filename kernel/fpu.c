/* fpu.c: the floating-point unit, one state per process (fpu.h).
 *
 * CR0: EM clear (the FPU is there), MP and NE set (WAIT honours TS, and an
 * unmasked x87 exception is #MF, which ends the process, not an external
 * interrupt); CR4: OSFXSR (FXSAVE/FXRSTOR cover the SSE registers, SSE
 * instructions are allowed) and OSXMMEXCPT (an unmasked SSE exception is
 * #XM). A CPU without FXSAVE keeps CR0.EM set instead: every FPU or SSE
 * instruction then faults (#NM or #UD) and ends its process, so none can
 * see another's registers either. */
#include "fpu.h"
#include "console.h"
#include "percpu.h"
#include <string.h>

#define CR0_MP	(1u << 1)
#define CR0_EM	(1u << 2)
#define CR0_TS	(1u << 3)
#define CR0_NE	(1u << 5)
#define CR4_OSFXSR	(1u << 9)
#define CR4_OSXMMEXCPT	(1u << 10)
#define CPUID_FXSR	(1u << 24)
#define CPUID_SSE	(1u << 25)

static struct fpustate initial;
static int have_fxsr;

static uint32_t cpuid1_edx(void)
{
	uint32_t a = 1, b, c, d;
	__asm__ volatile("cpuid" : "+a"(a), "=b"(b), "=c"(c), "=d"(d));
	return d;
}

void fpuinit(void)
{
	uint32_t cr0, cr4, edx = cpuid1_edx();

	have_fxsr = (edx & CPUID_FXSR) != 0;
	__asm__ volatile("mov %%cr0, %0" : "=r"(cr0));
	if (!have_fxsr) {
		__asm__ volatile("mov %0, %%cr0" : : "r"(cr0 | CR0_EM | CR0_TS));
		kprintf("fpu: no FXSAVE on this CPU: floating point faults in every process\n");
		return;
	}
	__asm__ volatile("mov %0, %%cr0" : : "r"((cr0 & ~(CR0_EM | CR0_TS)) | CR0_MP | CR0_NE));
	if (edx & CPUID_SSE) {
		__asm__ volatile("mov %%cr4, %0" : "=r"(cr4));
		__asm__ volatile("mov %0, %%cr4" : : "r"(cr4 | CR4_OSFXSR | CR4_OSXMMEXCPT));
	}
	/* The state every process starts from: FNINIT's (control word 0x37F,
	 * every register empty) and the SSE default (MXCSR 0x1F80, all
	 * exceptions masked). */
	__asm__ volatile("fninit; fxsave %0" : "=m"(initial));
	if (edx & CPUID_SSE) {
		uint32_t mxcsr = 0x1F80;
		memcpy(&initial.fx[24], &mxcsr, 4);
	}
}

void fpu_initstate(struct fpustate *s)
{
	memcpy(s, &initial, sizeof(*s));
}

void fpu_switch(struct fpustate *from, const struct fpustate *to)
{
	if (!have_fxsr)
		return;
	if (from)
		__asm__ volatile("fxsave %0" : "=m"(*from));
	if (to)
		__asm__ volatile("fxrstor %0" : : "m"(*to));
}

void fpu_release(const struct proc *p)
{
	if (this_cpu->fpu_owner == p)
		this_cpu->fpu_owner = 0;
}
