/* profenv.c: the kernel's side of the profiler's contract
 * (profiler/include/profkern/port.h): its environment. profkern is the
 * module's first port: a process's slot is its code's LDT index, the
 * period the PIT's, and the module's error codes are the kernel's own. */
#include "profkern/port.h"
#include "mem.h"
#include "module.h"
#include "x86.h"
#include "clock.h"
#include "percpu.h"
#include "replan.h"
#include "tick.h"
#include "turns.h"
#include "sys/errno.h"

_Static_assert(PROF_ENOENT == ENOENT && PROF_E2BIG == E2BIG && PROF_ENOMEM == ENOMEM &&
	       PROF_EBUSY == EBUSY && PROF_EEXIST == EEXIST && PROF_EINVAL == EINVAL &&
	       PROF_ENAMETOOLONG == ENAMETOOLONG && PROF_ENOSYS == ENOSYS &&
	       PROF_ENOTINIT == ENOTINIT && PROF_ENOTON == ENOTON && PROF_EOVERFLOW == EOVERFLOW,
	       "the profiler's error codes are the system calls' own");

void *prof_zalloc(size_t size) { return kalloc(size); }
void prof_release(void *p) { kfree(p); }

uint32_t prof_clock_mask(void) { return irq_save(); }
void prof_clock_restore(uint32_t state) { irq_restore(state); }

/* As the tick draws them (clock.h): the PIT's counts, or with turns=1
 * each CPU's periods in its TSC's. */
void prof_clock_period(struct prof_period *p)
{
	if (clock_turns_period(&p->clock_hz, &p->base, &p->spread))
		return;
	p->clock_hz = PROF_PIT_HZ;
	clock_period(&p->base, &p->spread);
}

int prof_clock_turns(void) { return smp_turns; }

/* The clock kernel/sched.c counts a process's time off the CPU in. */
uint64_t prof_clock_ticks(void) { return clock_ticks(); }

/* Module names are file names ("testprof"); the profiler's are in capitals. */
static char upper(char c) { return c >= 'a' && c <= 'z' ? (char)(c - 32) : c; }

static int same_name(const char *a, const char *b)
{
	for (; *a && upper(*a) == upper(*b); a++, b++)
		;
	return upper(*a) == upper(*b);
}

int prof_module_known(const char *name)
{
	const struct module *m;

	for (int i = 0; (m = module_at(i)); i++)
		if (same_name(m->name, name))
			return 1;
	return 0;
}

int tick_c_entry;	/* ctick=1 (kernel/time/tick.h) */

int prof_ncpu(void) { return ncpu; }
int prof_cpu(void) { return smp_cpu(); }
void prof_replan(int wait) { smp_replan(wait); }
