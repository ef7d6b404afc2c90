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

/* The bucket number of the counter at address a (its low 32 bits), 0 if
 * none of s's; hint: the buffer the last one was in. */
static uint32_t number(const struct prof_session *s, uint32_t a, uint32_t *hint)
{
	uint32_t i = *hint, k, first;

	for (k = 0; k < s->nbufs; k++, i = i + 1 < s->nbufs ? i + 1 : 0) {
		const struct pdump_seg *b = &s->bufs[i];
		uint32_t nb = pdump_nbuckets(b->length, PROF_SHIFT), off = a - (uint32_t)(uintptr_t)b->counters;

		if (off / 4 < nb) {
			*hint = i;
			for (first = 0, k = 0; k < i; k++)
				first += pdump_nbuckets(s->bufs[k].length, PROF_SHIFT);
			return 1 + first + off / 4;
		}
	}
	return 0;
}

uint32_t prof_trace_number(struct prof_session *s, uint32_t n)
{
	uint32_t hint = 0, *t = s->trace.base;

	for (; s->trace.conv < n; s->trace.conv++)
		if (t[s->trace.conv])
			t[s->trace.conv] = number(s, t[s->trace.conv], &hint);
	return n;
}
