/* profenv.c: the kernel's side of profiler/profenv.h. */
#include "profenv.h"
#include "prof.h"
#include "mem.h"
#include "trap.h"
#include "module.h"
#include "x86.h"
#include "clock.h"
#include "smp.h"

void *prof_zalloc(size_t size) { return kalloc(size); }
void prof_release(void *p) { kfree(p); }

uint32_t prof_clock_mask(void) { return irq_save(); }

void prof_clock_period(uint32_t *base, uint32_t *spread)
{
	clock_period(base, spread);
}
void prof_clock_restore(uint32_t state) { irq_restore(state); }

/* Module names are file names ("testprof"); the profiler's are in capitals. */
int prof_module_known(const char *name)
{
	const struct module *m;

	for (int i = 0; (m = module_at(i)); i++)
		if (prof_name_eq(m->name, name))
			return 1;
	return 0;
}

int prof_ncpu(void) { return ncpu; }
int prof_cpu(void) { return smp_cpu(); }
void prof_replan(int wait) { smp_replan(wait); }
