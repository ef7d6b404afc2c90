/* spread.c: the sub-profiles of a profile made with PT_SPREAD
 * (docs/accuracy.md): the i-th tick such a profile counts also goes into
 * sub-profile i mod PDUMP_NSUB, its total and, when it lands in a bucket,
 * that bucket's counter in the sub-profile. The clock calls
 * prof_tick_spread() only while such a profile lives (prof_tick_fn);
 * prof_tick() (sample.c), which does the profile's own counting, is the
 * same code with or without them. */
#include "profint.h"
#include "profkern/profile.h"

/* The sub-profile of s this tick on CPU cpu goes to: counted in the
 * bucket's counter of the CPU's copy if the tick lands in one (as sample.c's
 * count() finds it: the kernel's buffer, or the process's by LDT index),
 * else as a kernel, idle or out-of-range tick of it (nob). A dump adds
 * them up into the sub-profiles' totals (snap.c). */
static void count_sub(struct prof_session *s, uint32_t cpu, struct pdump_seg *const *bufs,
		      uint32_t cs, uint32_t eip, int idle)
{
	struct prof_cpustate *pc = &s->cpu[cpu];
	uint32_t k = pc->seq++ & (PDUMP_NSUB - 1), off, *c;
	struct pdump_seg *b;

	if (idle) {
		pc->nob[k][1]++;
		return;
	}
	if ((cs & 3) == 0) {
		b = s->kbuf;
		if (!b || pc->dumping || (off = eip - b->origin) >= b->length) {
			pc->nob[k][0]++;
			return;
		}
	} else {
		uint32_t idx = cs >> 3;
		b = idx < PROF_LDT_SLOTS ? bufs[idx] : 0;
		if (!b || (off = eip - b->origin) >= b->length) {
			pc->nob[k][2]++;
			return;
		}
	}
	c = &b->sub[(cpu * PDUMP_NSUB + k) * b->stride + (off >> PROF_SHIFT)];
	*c += *c != SATURATED;
}

void PROF_HOT prof_tick_spread(struct prof_proc *pp, uint32_t cs, uint32_t eip, uint32_t ebp)
{
	struct prof_session *s;
	uint32_t cpu = (uint32_t)prof_cpu();

	/* the profiles prof_tick() counts the tick into, as it decides */
	if (pp && (s = pp->user) && prof_counts(s, cpu) && (s->type & PT_SPREAD))
		count_sub(s, cpu, pp->ubuf, cs, eip, 0);
	if ((s = prof_system) && prof_counts(s, cpu) && (s->type & PT_SPREAD))
		count_sub(s, cpu, pp ? pp->sbuf : 0, cs, eip, !pp);
	prof_tick_on(pp, cs, eip, ebp, cpu);
}

/* How many profiles with PT_SPREAD live; prof_tick_fn (sample.c) follows. */
static uint32_t spreading;

void prof_spread_adjust(int d)
{
	spreading += (uint32_t)d;
	prof_tick_fn = spreading ? prof_tick_spread : prof_tick;
}
