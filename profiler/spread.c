/* spread.c: the sub-profiles of a profile made with PT_SPREAD
 * (docs/accuracy.md): the i-th tick such a profile counts also goes into
 * sub-profile i mod PDUMP_NSUB, its total and, when it lands in a bucket,
 * that bucket's counter in the sub-profile. The clock calls
 * prof_tick_spread() only while such a profile lives (prof_tick_fn);
 * prof_tick() (sample.c), which does the profile's own counting, is the
 * same code with or without them. */
#include "profint.h"
#include "profile.h"

/* The sub-profile of s this tick goes to: counted in its total, and in the
 * bucket's counter if the tick lands in one (as sample.c's count() finds
 * it: the kernel's buffer, or the process's by LDT index). */
static void count_sub(struct prof_session *s, struct pdump_seg *const *bufs, uint32_t cs, uint32_t eip,
		      int idle)
{
	uint32_t k = s->seq++ & (PDUMP_NSUB - 1), off, *c;
	struct pdump_seg *b;

	s->subtotal[k]++;
	if (idle)
		return;
	if ((cs & 3) == 0) {
		b = s->kbuf;
		if (!b || s->dumping || (off = eip - b->origin) >= b->length)
			return;
	} else {
		uint32_t idx = cs >> 3;
		b = idx < PROF_LDT_SLOTS ? bufs[idx] : 0;
		if (!b || (off = eip - b->origin) >= b->length)
			return;
	}
	if (b->sub) {
		c = &b->sub[k * pdump_nbuckets(b->length, PROF_SHIFT) + (off >> PROF_SHIFT)];
		*c += *c != SATURATED;
	}
}

void PROF_HOT prof_tick_spread(struct prof_proc *pp, uint32_t cs, uint32_t eip, uint32_t ebp)
{
	struct prof_session *s;

	/* the profiles prof_tick() counts the tick into, as it decides */
	if (pp && (s = pp->user) && s->depth && (s->type & PT_SPREAD))
		count_sub(s, pp->ubuf, cs, eip, 0);
	if ((s = prof_system) && s->depth && (s->type & PT_SPREAD))
		count_sub(s, pp ? pp->sbuf : 0, cs, eip, !pp);
	prof_tick(pp, cs, eip, ebp);
}

/* How many profiles with PT_SPREAD live; prof_tick_fn follows. */
static uint32_t spreading;
prof_tick_t *volatile prof_tick_fn = prof_tick;

void prof_spread_adjust(int d)
{
	spreading += (uint32_t)d;
	prof_tick_fn = spreading ? prof_tick_spread : prof_tick;
}
