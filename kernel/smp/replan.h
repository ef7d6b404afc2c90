/* replan.h: the other CPUs' sampling plans dropped when a profile changes
 * (replan.c), the kernel's side of the profiler's prof_replan()
 * (profiler/include/profkern/port.h). */
#ifndef KERNEL_SMP_REPLAN_H
#define KERNEL_SMP_REPLAN_H

/* Every other CPU's plan dropped, and with wait, no tick begun under an
 * old one still running. */
void smp_replan(int wait);

#endif
