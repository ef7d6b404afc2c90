/* trace.c: a profile's trace (prof.h, docs/accuracy.md): its memory, and
 * its entries turned from counter addresses into the dump's bucket
 * numbers. The sampler appends (prof_trace_put, profint.h; boot/irq0.asm). */
#include "profint.h"
#include "profenv.h"
#include "profile.h"

void prof_trace_new(struct prof_session *s)
{
	uint32_t *t = prof_zalloc(((size_t)PROF_TRACE_ENTRIES + 1) * 4);	/* and the spare */

	if (!t)
		return;		/* a profile without a trace: pinfo's intervals are Wilson's */
	s->trace.base = t;
	s->trace.pos4 = (uintptr_t)t >> 2;
	s->trace.end4 = (uintptr_t)(t + PROF_TRACE_ENTRIES) >> 2;
	s->trace.conv = 0;
}

void prof_trace_free(struct prof_session *s)
{
	if (s->trace.base)
		prof_release(s->trace.base);
	s->trace.base = 0;
	s->trace.pos4 = s->trace.end4 = 0;
}

/* With the clock masked. */
void prof_trace_clear(struct prof_session *s)
{
	s->trace.pos4 = (uintptr_t)s->trace.base >> 2;
	s->trace.conv = 0;
}

/* Where the last entry was found: a buffer and the number of its first
 * bucket (the buckets of the buffers before it, plus 1). */
struct at {
	uint32_t i, first;
};

/* The bucket number of the counter at address a (its low 32 bits), 0 if
 * none of s's. The search starts at the last one's buffer and walks the
 * others in turn, their first buckets added as it goes: an entry in the
 * same buffer as the one before costs one compare. */
static uint32_t number(const struct prof_session *s, uint32_t a, struct at *at)
{
	for (uint32_t k = 0; k < s->nbufs; k++) {
		const struct pdump_seg *b = &s->bufs[at->i];
		uint32_t nb = pdump_nbuckets(b->length, PROF_SHIFT), off = a - (uint32_t)(uintptr_t)b->counters;

		if (off / 4 < nb)
			return at->first + off / 4;
		if (++at->i < s->nbufs) {
			at->first += nb;
		} else {
			at->i = 0;
			at->first = 1;
		}
	}
	return 0;
}

void prof_trace_number(struct prof_session *s, uint32_t n)
{
	struct at at = { 0, 1 };
	uint32_t *t = s->trace.base;

	for (; s->trace.conv < n; s->trace.conv++)
		if (t[s->trace.conv])
			t[s->trace.conv] = number(s, t[s->trace.conv], &at);
}
