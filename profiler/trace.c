/* trace.c: a profile's traces, one a CPU (prof.h, docs/accuracy.md): their
 * memory, and their entries turned from counter addresses into the dump's
 * bucket numbers. The sampler appends (prof_trace_put, profint.h;
 * boot/irq0.asm). */
#include "profint.h"
#include "profkern/profile.h"

/* One block: CPU c's entries at c * PROF_TRACE_STRIDE words, each with its
 * spare, on cache lines of their own. */
void prof_trace_new(struct prof_session *s)
{
	uint32_t *t = prof_zalloc_lines((size_t)PROF_TRACE_STRIDE * 4 * s->ncpu);

	if (!t)
		return;		/* a profile without a trace: pinfo's intervals are Wilson's */
	for (uint32_t c = 0; c < s->ncpu; c++) {
		struct prof_trace *tr = &s->cpu[c].trace;
		tr->base = t + (size_t)c * PROF_TRACE_STRIDE;
		tr->pos4 = (uintptr_t)tr->base >> 2;
		tr->end4 = (uintptr_t)(tr->base + PROF_TRACE_ENTRIES) >> 2;
		tr->conv = 0;
	}
}

void prof_trace_free(struct prof_session *s)
{
	prof_release_lines(s->cpu[0].trace.base);
	for (uint32_t c = 0; c < PROF_NCPU_MAX; c++) {
		s->cpu[c].trace.base = 0;
		s->cpu[c].trace.pos4 = s->cpu[c].trace.end4 = 0;
	}
}

/* With the clock masked, and no other CPU counting into s. */
void prof_trace_clear(struct prof_session *s)
{
	for (uint32_t c = 0; c < s->ncpu; c++) {
		s->cpu[c].trace.pos4 = (uintptr_t)s->cpu[c].trace.base >> 2;
		s->cpu[c].trace.conv = 0;
	}
}

/* Where the last entry was found: a buffer and the number of its first
 * bucket (the buckets of the buffers before it, plus 1). */
struct at {
	uint32_t i, first;
};

/* The bucket number of the counter at address a (its low 32 bits) in any
 * CPU's copy of s's buffers, 0 if none. The search starts at the last
 * one's buffer and walks the others in turn, their first buckets added as
 * it goes: an entry in the same buffer as the one before costs one
 * compare (and one division, by the copies' stride). */
static uint32_t number(const struct prof_session *s, uint32_t a, struct at *at)
{
	for (uint32_t k = 0; k < s->nbufs; k++) {
		const struct pdump_seg *b = &s->bufs[at->i];
		uint32_t nb = pdump_nbuckets(b->length, PROF_SHIFT), stride = b->stride;
		uint32_t w = (a - (uint32_t)(uintptr_t)b->counters) / 4;

		if (w < stride * s->ncpu && w % stride < nb)
			return at->first + w % stride;
		if (++at->i < s->nbufs) {
			at->first += nb;
		} else {
			at->i = 0;
			at->first = 1;
		}
	}
	return 0;
}

void prof_trace_number(struct prof_session *s, uint32_t cpu, uint32_t n)
{
	struct at at = { 0, 1 };
	struct prof_trace *tr = &s->cpu[cpu].trace;
	uint32_t *t = tr->base;

	for (; tr->conv < n; tr->conv++)
		if (t[tr->conv])
			t[tr->conv] = number(s, t[tr->conv], &at);
}
