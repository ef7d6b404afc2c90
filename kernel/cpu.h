/* cpu.h: the GDT, each CPU's TSS and LDT slot, and the IDT (cpu.c). */
#ifndef KERNEL_CPU_H
#define KERNEL_CPU_H

#include <stdint.h>

void cpuinit(void);		/* GDT, TSS, IDT */
void cpu_ap_init(int cpu, uint32_t kstacktop);	/* another CPU's TSS, GDT and IDT loaded */
void cpu_setldt(const uint64_t *ldt, int n, uint32_t kstacktop);
void cpu_setvector(int v, uint32_t handler);	/* another ring-0 interrupt gate for v */
uint32_t cpu_vector(int v);			/* v's handler */
const char *trapname(uint32_t trapno);		/* "#GP", "#PF", ... */

#endif
