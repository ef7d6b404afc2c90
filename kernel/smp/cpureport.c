/* cpureport.c: the shutdown lines of several CPUs: the clock's ticks and each
 * CPU's own counts (kernel/smp/percpu.h), read at one moment with the
 * clock masked, then printed. */
#include "cpureport.h"
#include "percpu.h"
#include "clock.h"
#include "console.h"
#include "x86.h"

void smp_report(void)
{
	uint32_t n[NCPU_MAX][5], fl, clock;

	if (ncpu < 2)
		return;
	fl = irq_save();
	clock = (uint32_t)clock_ticks();
	for (int i = 0; i < ncpu; i++) {
		n[i][0] = (uint32_t)percpu_area[i].irq0.ticks;
		n[i][1] = (uint32_t)percpu_area[i].kticks;
		n[i][2] = (uint32_t)percpu_area[i].iticks;
		n[i][3] = percpu_area[i].late;
		n[i][4] = percpu_area[i].moved_in;
	}
	irq_restore(fl);
	kprintf("kernel: clock: %u ticks\n", clock);
	for (int i = 0; i < ncpu; i++)
		kprintf("kernel: cpu %d: %u samples, %u kernel, %u idle, %u late, %u moved in\n", i,
			n[i][0], n[i][1], n[i][2], n[i][3], n[i][4]);
}
