/* sample.c: the sampling hook, IRQ0's only work in the profiler. It
 * indexes and increments: no loop, no allocation, no user memory. */
#include "profint.h"
#include "profile.h"

static inline void count(struct prof_session *s, struct pdump_seg *const *bufs,
			 uint32_t cs, uint32_t eip)
{
	struct pdump_seg *b;
	uint32_t off, *c;

	if ((cs & 3) == 0) {		/* RPL 0: the kernel's own code */
		b = s->kbuf;
		if (!b || s->dumping || (off = eip - b->origin) >= b->length) {
			s->kernel++;
			return;
		}
	} else {
		uint32_t idx = cs >> 3;	/* the LDT index: O(1) to the buffer */
		b = idx < PROF_LDT_SLOTS ? bufs[idx] : 0;
		if (!b || (off = eip - b->origin) >= b->length) {
			s->out_of_range++;
			return;
		}
	}
	c = &b->counters[off >> PROF_SHIFT];
	*c += *c != SATURATED;
}

/* profil(): the user's PC only, into a 16-bit counter that saturates. */
static inline void count_profil(struct prof_proc *pp, uint32_t eip)
{
	uint64_t i = profil_index(eip, pp->pfoffset, pp->pfscale);
	uint16_t *c;

	if (i == PROFIL_NONE || i + 2 > pp->pfsize)
		return;
	c = (uint16_t *)(pp->pfbuf + i);
	if (*c != 0xFFFF)
		++*c;
}

/* No frame pointer here: the few instructions it costs are paid each tick. */
__attribute__((optimize("omit-frame-pointer")))
void PROF_HOT prof_tick(struct prof_proc *pp, uint32_t cs, uint32_t eip)
{
	struct prof_session *s;

	if (pp && (s = pp->user) && s->depth)
		count(s, pp->ubuf, cs, eip);
	if (pp && pp->pfbuf && (cs & 3))
		count_profil(pp, eip);
	if ((s = prof_system) && s->depth) {
		if (!pp)
			s->idle++;
		else
			count(s, pp->sbuf, cs, eip);
	}
}

/* The ring-3 byte offsets profil's plan can count at: d = pc - offset,
 * counted when d < limit. Returns 0 when no such limit says it exactly
 * (scale 2, or every PC from offset on, when offset is 0), so the plan
 * calls prof_tick() instead. */
static uint32_t profil_limit(const struct prof_proc *pp)
{
	/* i(d) = (d * scale >> 16) & ~1 grows with d; a counter fits while
	 * i(d) + 2 <= size, that is d * scale < (size & ~1) * 65536. */
	uint64_t even = pp->pfsize & ~1u, scale = pp->pfscale;
	uint64_t lim = (even * 65536 + scale - 1) / scale;
	uint64_t above = (uint64_t)1 << 32;	/* d for every pc >= offset is below 2^32 - offset */

	above -= pp->pfoffset;
	if (lim > above)
		lim = above;			/* d of a pc below offset wraps to at least that */
	if (pp->pfscale == 2 || lim > 0xFFFFFFFFu)
		return 0;
	return (uint32_t)lim;
}

void prof_plan(const struct prof_proc *pp, struct prof_plan *plan)
{
	struct prof_session *u = pp ? pp->user : 0, *s = prof_system;
	int user = u && u->depth, sys = s && s->depth, pf = pp && pp->pfbuf;
	struct pdump_seg *const *bufs;

	for (int i = 0; i < PROF_LDT_SLOTS; i++)
		plan->seg[i].limit = 0, plan->seg[i].counters = 0;
	plan->pfoffset = plan->pflimit = plan->pfscale = 0;
	plan->pfbuf = 0;
	if (!pp || user + sys + pf == 0) {	/* (idle has no ring-3 tick) */
		plan->kind = PROF_PLAN_NONE;
	} else if (user + sys + pf > 1) {
		plan->kind = PROF_PLAN_CALL;
	} else if (pf) {
		plan->pflimit = profil_limit(pp);
		plan->kind = plan->pflimit ? PROF_PLAN_PROFIL : PROF_PLAN_CALL;
		plan->pfoffset = pp->pfoffset;
		plan->pfscale = pp->pfscale;
		plan->pfbuf = pp->pfbuf;
	} else {
		plan->kind = PROF_PLAN_DWORD;
		bufs = user ? pp->ubuf : pp->sbuf;
		for (int i = 0; i < PROF_LDT_SLOTS; i++) {
			const struct pdump_seg *b = bufs[i];
			if (b && b->origin == 0) {
				plan->seg[i].limit = b->length;
				plan->seg[i].counters = b->counters;
			}
		}
	}
}
