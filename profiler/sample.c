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
