/* snap.c: what a dump sends of a profile, read from every CPU's copies
 * (docs/smp.md, "Counter buffers per CPU") into memory of the dump's own:
 * the other CPUs go on counting while the dump is sent, and the frame's
 * two passes (format/frame.c) must send the same bytes. Every total the
 * dump carries is worked out from the one reading of each count, so that
 * they agree as the reader checks (format/dump_cpus.c): each CPU's
 * samples are its kernel, idle and out-of-range ticks and its share of the
 * counters; the dump's totals are the CPUs' added up; with sub-profiles,
 * the counters and each sub-profile's total are added up from the
 * sub-profiles' own counts. A tick counts its place before it is traced,
 * and before its stack is (prof_tick(); boot/irq0.asm): the traces are
 * read first, then the tables of stacks, then the counters, then the
 * totals, so no entry of a trace or a table is a tick the counts miss. */
#include "profint.h"
#include "profkern/profile.h"
#include "profkern/dumpfmt.h"

_Static_assert((uint64_t)PROF_NCPU_MAX * PROF_TRACE_ENTRIES <= PDUMP_MAXTRACE,
	       "the CPUs' traces one after another are a trace a reader takes");

/* What each CPU holds when the dump starts: its trace's entries and its
 * table's, read before the scratch is sized (later ones are not sent). */
struct held {
	uint32_t ntrace, nents;
};

/* A bump allocator over the scratch; with base NULL, it only sizes. */
struct bump {
	uint8_t *base;
	size_t used;
};

static void *take(struct bump *b, size_t n)
{
	void *p = b->base ? b->base + b->used : 0;

	b->used += (n + 7) & ~(size_t)7;
	return p;
}

static uint64_t load64(const uint64_t *p)
{
	return *(const volatile uint64_t *)p;
}

static uint32_t load32(const uint32_t *p)
{
	return __atomic_load_n(p, __ATOMIC_RELAXED);
}

/* d's arrays in the scratch (b), as big as what s and held give. */
static void lay_out(const struct prof_session *s, const struct held *h, struct pdump *d, struct bump *b)
{
	uint32_t nt = 0, ne = 0, spread = (s->type & PT_SPREAD) != 0;

	d->segs = take(b, (size_t)s->nbufs * sizeof *d->segs);
	d->cpus = take(b, (size_t)s->ncpu * sizeof *d->cpus);
	d->cputrace = take(b, (size_t)s->ncpu * 4);
	d->subtotal = take(b, PDUMP_NSUB * 8);
	d->ev_count = s->evcount ? take(b, PROF_EV_CLASSES * 8) : 0;	/* an event profile's only */
	for (uint32_t c = 0; c < s->ncpu; c++) {
		nt += h[c].ntrace;
		ne += h[c].nents;
		if (d->cpus)
			d->cpus[c].segtics = take(b, (size_t)s->nbufs * 8);
		else
			take(b, (size_t)s->nbufs * 8);
	}
	d->stacks = take(b, (size_t)ne * sizeof *d->stacks);
	d->trace = take(b, (size_t)nt * 4);
	for (uint32_t i = 0; i < s->nbufs; i++) {
		uint32_t nb = pdump_nbuckets(s->bufs[i].length, PROF_SHIFT);
		uint32_t *c = take(b, (size_t)nb * 4), *sub = spread ? take(b, (size_t)nb * 4 * PDUMP_NSUB) : 0;
		if (d->segs) {
			d->segs[i] = s->bufs[i];
			d->segs[i].counters = c;
			d->segs[i].sub = sub;
		}
	}
}

/* The traces one after another, CPU 0's first, turned into bucket numbers. */
static void copy_traces(struct prof_session *s, const struct held *h, struct pdump *d)
{
	d->ntrace = 0;
	for (uint32_t c = 0; c < s->ncpu; c++) {
		prof_trace_number(s, c, h[c].ntrace);
		d->cputrace[c] = h[c].ntrace;
		for (uint32_t j = 0; j < h[c].ntrace; j++)
			d->trace[d->ntrace++] = s->cpu[c].trace.base[j];
	}
}

static uint32_t sat_add(uint32_t a, uint32_t b)
{
	return b > SATURATED - a ? SATURATED : a + b;
}

/* The tables merged: each distinct stack once, where it is first found
 * (CPU 0's table first, each in its own order), its count the CPUs' added
 * up (saturating); and the samples dropped, added up, with those of the
 * stacks past the PDUMP_MAXSTACKS a reader takes (tables that large on
 * several CPUs: 2^20 entries each). */
static void merge_stacks(struct prof_session *s, const struct held *h, struct pdump *d)
{
	d->nstacks = 0;
	d->dropped = 0;
	for (uint32_t c = 0; c < s->ncpu; c++) {
		const struct prof_stacks *t = s->cpu[c].stacks;
		d->dropped += load64(&t->dropped);
		for (uint32_t i = 0; i < h[c].nents; i++) {
			const struct pdump_stack *e = &t->ents[i], *f;
			struct pdump_stack *out = &d->stacks[d->nstacks];
			uint32_t o = 0;
			while (o < c && !prof_stacks_find(s->cpu[o].stacks, h[o].nents, e))
				o++;
			if (o < c)
				continue;	/* sent with the first CPU's */
			*out = *e;
			out->count = load32(&e->count);
			for (o = c + 1; o < s->ncpu; o++)
				if ((f = prof_stacks_find(s->cpu[o].stacks, h[o].nents, e)))
					out->count = sat_add(out->count, load32(&f->count));
			if (d->nstacks == PDUMP_MAXSTACKS)
				d->dropped += out->count;	/* more than a reader takes */
			else
				d->nstacks++;
		}
	}
}

/* The CPUs' copies of segment i's counters (of each sub-profile's, with
 * PT_SPREAD) added up into the dump's, saturating: each CPU's counts taken
 * in turn, as far as they fit, as its share; its shares are its ticks of
 * the segment. With sub-profiles the counters are their sum. */
static void sum_segment(const struct prof_session *s, uint32_t i, struct pdump *d)
{
	const struct pdump_seg *b = &s->bufs[i];
	struct pdump_seg *o = &d->segs[i];
	uint32_t nb = pdump_nbuckets(b->length, PROF_SHIFT), ns = b->sub && o->sub ? PDUMP_NSUB : 1;

	for (uint32_t j = 0; j < nb; j++) {
		uint32_t sum = 0;
		for (uint32_t k = 0; k < ns; k++) {
			uint32_t part = 0;
			for (uint32_t c = 0; c < s->ncpu; c++) {
				uint32_t v = ns > 1 ? load32(&b->sub[(c * PDUMP_NSUB + k) * b->stride + j])
						    : load32(&prof_counters_of(b, c)[j]);
				if (v > SATURATED - sum)
					v = SATURATED - sum;
				sum += v;
				part += v;
				d->cpus[c].segtics[i] += v;
			}
			if (ns > 1) {
				o->sub[k * nb + j] = part;
				d->subtotal[k] += part;
			}
		}
		o->counters[j] = sum;
	}
}

/* Each CPU's totals (the caller's own as read at the start), and the
 * dump's. With sub-profiles, the kernel, idle and out-of-range ticks are
 * the sub-profiles' (nob), which also end their totals. */
static void sum_totals(const struct prof_session *s, uint32_t me, const struct prof_cpustate *own,
		       struct pdump *d)
{
	d->kernel = d->idle = d->out_of_range = d->total = 0;
	for (uint32_t c = 0; c < s->ncpu; c++) {
		const struct prof_cpustate *pc = c == me ? own : &s->cpu[c];
		struct pdump_cpu *cpu = &d->cpus[c];
		uint64_t nob[3] = { 0, 0, 0 };
		if (s->type & PT_SPREAD) {
			for (int k = 0; k < PDUMP_NSUB; k++)
				for (int x = 0; x < 3; x++) {
					uint64_t v = load64(&pc->nob[k][x]);
					nob[x] += v;
					d->subtotal[k] += v;
				}
		} else {
			nob[0] = load64(&pc->kernel);
			nob[1] = load64(&pc->idle);
			nob[2] = load64(&pc->out_of_range);
		}
		cpu->kernel = nob[0];
		cpu->idle = nob[1];
		cpu->out_of_range = nob[2];
		cpu->samples = nob[0] + nob[1] + nob[2];
		for (uint32_t i = 0; i < s->nbufs; i++)
			cpu->samples += cpu->segtics[i];
		d->kernel += cpu->kernel;
		d->idle += cpu->idle;
		d->out_of_range += cpu->out_of_range;
		d->total += cpu->samples;
	}
}

static uint32_t trace_len_now(const struct prof_trace *t)
{
	uintptr_t pos = __atomic_load_n(&t->pos4, __ATOMIC_ACQUIRE);

	return t->base ? (uint32_t)(pos - ((uintptr_t)t->base >> 2)) : 0;
}

int prof_snap(struct prof_session *s, uint32_t me, const struct prof_cpustate *own,
	      struct pdump *d, void **scratch)
{
	struct held h[PROF_NCPU_MAX];
	struct bump b = { 0, 0 };

	for (uint32_t c = 0; c < s->ncpu; c++) {
		const struct prof_stacks *t = s->cpu[c].stacks;
		h[c].ntrace = trace_len_now(c == me ? &own->trace : &s->cpu[c].trace);
		h[c].nents = t ? __atomic_load_n(&t->nents, __ATOMIC_ACQUIRE) : 0;
	}
	lay_out(s, h, d, &b);
	if (!(b.base = *scratch = prof_zalloc(b.used)))
		return -PROF_ENOMEM;
	b.used = 0;
	lay_out(s, h, d, &b);
	/* in this order (the fences keep the compiler to it; x86 keeps loads
	 * in order): traces, tables, counters, totals */
	if (s->cpu[0].trace.base)
		copy_traces(s, h, d);
	else
		d->ntrace = 0;
	__atomic_thread_fence(__ATOMIC_ACQUIRE);
	if (s->stacks)
		merge_stacks(s, h, d);
	else
		d->nstacks = 0, d->dropped = 0;
	__atomic_thread_fence(__ATOMIC_ACQUIRE);
	for (uint32_t i = 0; i < s->nbufs; i++)
		sum_segment(s, i, d);
	__atomic_thread_fence(__ATOMIC_ACQUIRE);
	sum_totals(s, me, own, d);
	/* an event profile's classes, after its samples: an event counts its
	 * class first, so the classes hold every sample read (docs/events.md) */
	__atomic_thread_fence(__ATOMIC_ACQUIRE);
	d->ev_every = s->every;
	d->ev_nclass = !s->evcount ? 0 : (s->type & PT_SWITCH) ? 2 : (s->type & PT_OFFCPU) ? 1 : PROF_EV_CLASSES;
	for (uint32_t k = 0; k < d->ev_nclass; k++) {
		d->ev_count[k] = 0;
		for (uint32_t c = 0; c < s->ncpu; c++)
			d->ev_count[k] += load64(&s->evcount[c * PROF_EV_CLASSES + k]);
	}
	d->nseg = s->nbufs;
	d->ncpu = s->ncpu;
	d->nsub = (s->type & PT_SPREAD) ? PDUMP_NSUB : 0;
	d->frames = 0;
	d->cputics = 0;
	d->clock = 0;	/* the caller's to set (version 8) */
	return 0;
}
