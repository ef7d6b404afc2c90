/* cpureport.h: each CPU's counts on the console at shutdown (cpureport.c). */
#ifndef KERNEL_SMP_CPUREPORT_H
#define KERNEL_SMP_CPUREPORT_H

/* The clock's ticks, then each CPU's samples, kernel and idle ticks, late
 * periods and processes moved in (with several CPUs only). */
void smp_report(void);

#endif
