/* dump_cpus.c: version 6's CPU records (docs/dump-format.md, "Version 6:
 * the CPUs"), walked and checked for the scan (dump_read.c), which calls
 * pdump_walk_cpus after the rest of the dump and before its CRC. As the
 * scan, it trusts nothing: a count is bounded before it is allocated, and
 * every sum is checked for overflow before it is compared. */
#include "dump.h"
#include "dumpfmt.h"
#include "dump_base.h"
#include "dump_cpus.h"

/* Canonical LEB128 of at most max (a u32's or a u64's): at most 10 bytes,
 * no needless trailing zero group, no bits past max. */
static int cpu_varint(struct reader *r, uint64_t *v, uint64_t max, const char *what, uint32_t cpu)
{
	uint64_t acc = 0;
	int k;

	for (k = 0; k < 10; k++) {
		uint8_t b;

		if (r->pos >= r->len)
			return HARD(r, "truncated: cpu %u's %s needs a byte at offset %u", what, cpu, r->pos, 0);
		b = r->buf[r->pos++];
		if (k == 9 && b > 1)
			return HARD(r, "cpu %u: malformed varint (%s) at offset %u", what, cpu, r->pos - 1, 0);
		acc |= (uint64_t)(b & 0x7f) << (7 * k);
		if (!(b & 0x80)) {
			if ((k > 0 && b == 0) || acc > max)
				return HARD(r, "cpu %u: malformed varint (%s) at offset %u",
					    what, cpu, r->pos - 1, 0);
			*v = acc;
			return 0;
		}
	}
	return HARD(r, "cpu %u: varint (%s) longer than 10 bytes at offset %u", what, cpu, r->pos - 1, 0);
}

/* a + b into *sum; 1 when it passes 64 bits. */
static int add_over(uint64_t *sum, uint64_t b)
{
	*sum += b;
	return *sum < b;
}

/* CPU c's record into h->cpus[c] (its segtics already placed). */
static int walk_cpu(struct reader *r, const struct pdump *h, uint32_t c)
{
	struct pdump_cpu *cpu = &h->cpus[c];
	uint64_t n, k, gap, t, idx, next = 0, parts = 0;
	int over = 0;

	if (r->len - r->pos < PDUMP_CPUHDR_SIZE)
		return HARD(r, "truncated: cpu %u's record needs %u bytes at offset %u",
			    NULL, c, PDUMP_CPUHDR_SIZE, r->pos);
	cpu->samples = get64(r->buf + r->pos);
	cpu->kernel = get64(r->buf + r->pos + 8);
	cpu->idle = get64(r->buf + r->pos + 16);
	cpu->out_of_range = get64(r->buf + r->pos + 24);
	r->pos += PDUMP_CPUHDR_SIZE;
	if (cpu_varint(r, &n, 0xffffffffu, "segment count", c))
		return -1;
	if (n > h->nseg)
		SOFT(r, "cpu %u: %u segments with ticks, but the dump has %u", NULL, c, n, h->nseg);
	for (k = 0; k < n; k++) {
		if (cpu_varint(r, &gap, 0xffffffffu, "segment gap", c) ||
		    cpu_varint(r, &t, UINT64_MAX, "segment ticks", c))
			return -1;
		idx = next + gap;	/* gaps make indices strictly increasing */
		if (idx >= h->nseg)
			SOFT(r, "cpu %u: segment %u out of range (%u segments)", NULL, c, idx, h->nseg);
		else if (!t)
			SOFT(r, "cpu %u: zero ticks listed for segment %u", NULL, c, idx, 0);
		else
			cpu->segtics[idx] = t;
		over |= add_over(&parts, t);
		next = idx + 1;
	}
	over |= add_over(&parts, cpu->kernel) | add_over(&parts, cpu->idle) |
		add_over(&parts, cpu->out_of_range);
	if (over)
		SOFT(r, "cpu %u: kernel + idle + out_of_range + its segments' ticks overflow 64 bits",
		     NULL, c, 0, 0);
	else if (parts != cpu->samples)
		SOFT(r, "cpu %u: samples %u, but kernel + idle + out_of_range + its segments' ticks = %u",
		     NULL, c, cpu->samples, parts);
	return 0;
}

/* The CPUs added up must give the header's totals, and each segment's
 * counters' sum. */
static void check_sums(struct reader *r, const struct pdump *h)
{
	static const char *const names[4] = { "samples", "kernel ticks", "idle ticks", "out_of_range ticks" };
	uint64_t sum[4] = { 0 }, want[4] = { h->total, h->kernel, h->idle, h->out_of_range }, t;
	uint32_t c, i, f;
	int over[4] = { 0 }, o;

	for (c = 0; c < h->ncpu; c++) {
		over[0] |= add_over(&sum[0], h->cpus[c].samples);
		over[1] |= add_over(&sum[1], h->cpus[c].kernel);
		over[2] |= add_over(&sum[2], h->cpus[c].idle);
		over[3] |= add_over(&sum[3], h->cpus[c].out_of_range);
	}
	for (f = 0; f < 4; f++)
		if (over[f])
			SOFT(r, "the CPUs' %s overflow 64 bits", names[f], 0, 0, 0);
		else if (sum[f] != want[f])
			SOFT(r, "the CPUs' %s add up to %u, the dump's are %u", names[f], sum[f], want[f], 0);
	for (i = 0; i < h->nseg; i++) {
		for (t = 0, o = 0, c = 0; c < h->ncpu; c++)
			o |= add_over(&t, h->cpus[c].segtics[i]);
		if (o || t != h->segs[i].tics)
			SOFT(r, "segment %u: the CPUs hold %u ticks, its counters %u", NULL, i,
			     o ? UINT64_MAX : t, h->segs[i].tics);
	}
}

int pdump_walk_cpus(struct reader *r, struct pdump *h, const struct pdump_alloc *a)
{
	uint32_t c;

	if (r->len - r->pos < 4)
		return HARD(r, "truncated: the CPUs' count needs 4 bytes at offset %u, the file has %u",
			    NULL, r->pos, r->len, 0);
	h->ncpu = get_le(r->buf + r->pos, 4);
	r->pos += 4;
	if (!h->ncpu || h->ncpu > PDUMP_MAXCPUS)
		return HARD(r, "%u CPUs (a dump has 1 to %u)", NULL, h->ncpu, PDUMP_MAXCPUS, 0);
	/* each record takes its header and a count at least: a short file is
	 * refused before the allocation */
	if (r->len - r->pos < (size_t)h->ncpu * (PDUMP_CPUHDR_SIZE + 1))
		return HARD(r, "truncated: %u CPUs' records need %u bytes at offset %u", NULL, h->ncpu,
			    (uint64_t)h->ncpu * (PDUMP_CPUHDR_SIZE + 1), r->pos);
	if (!(h->cpus = a->zalloc(a->ctx, (size_t)h->ncpu * sizeof *h->cpus)) ||
	    (h->nseg && !(h->cputics = a->zalloc(a->ctx, (size_t)h->ncpu * h->nseg * 8))))
		return HARD(r, "out of memory for %u CPUs", NULL, h->ncpu, 0, 0);
	for (c = 0; c < h->ncpu; c++) {
		h->cpus[c].segtics = h->nseg ? h->cputics + (size_t)c * h->nseg : NULL;
		if (walk_cpu(r, h, c))
			return -1;
	}
	check_sums(r, h);
	return 0;
}

/* Version 7's event record (docs/dump-format.md, "Version 7: events"): N,
 * then the classes' counts. With N 1 every event is a sample, so the
 * classes add up to the dump's total at least (more only when events came
 * while the dump was read: its classes are read after its samples). */
int pdump_walk_events(struct reader *r, struct pdump *h, const struct pdump_alloc *a)
{
	uint64_t sum = 0;
	int over = 0;

	if (r->len - r->pos < 8)
		return HARD(r, "truncated: the event record needs 8 bytes at offset %u", NULL, r->pos, 0, 0);
	h->ev_every = get_le(r->buf + r->pos, 4);
	h->ev_nclass = get_le(r->buf + r->pos + 4, 4);
	r->pos += 8;
	if (h->ev_nclass > PDUMP_MAXCLASSES)
		return HARD(r, "%u event classes (a dump has at most %u)", NULL, h->ev_nclass, PDUMP_MAXCLASSES, 0);
	if (r->len - r->pos < (size_t)h->ev_nclass * 8)
		return HARD(r, "truncated: %u event classes need %u bytes at offset %u", NULL, h->ev_nclass,
			    (uint64_t)h->ev_nclass * 8, r->pos);
	if (h->ev_nclass && !(h->ev_count = a->zalloc(a->ctx, (size_t)h->ev_nclass * 8)))
		return HARD(r, "out of memory for %u event classes", NULL, h->ev_nclass, 0, 0);
	for (uint32_t k = 0; k < h->ev_nclass; k++, r->pos += 8) {
		h->ev_count[k] = get64(r->buf + r->pos);
		over |= add_over(&sum, h->ev_count[k]);
	}
	if (!h->ev_every)
		SOFT(r, "event record: every 0th event (N is 1 or more)", NULL, 0, 0, 0);
	else if (h->ev_every == 1 && !over && sum < h->total)
		SOFT(r, "event record: every event sampled, but the classes add up to %u and the samples to %u",
		     NULL, over ? UINT64_MAX : sum, h->total, 0);
	if (!!(h->type & PDUMP_TYPE_SYSCALL) + !!(h->type & PDUMP_TYPE_SWITCH) + !!(h->type & PDUMP_TYPE_OFFCPU) > 1)
		SOFT(r, "both event types in type %x", NULL, h->type, 0, 0);
	return 0;
}

/* Version 8's clock record (docs/dump-format.md, "Version 8: the clock"):
 * how the CPUs' ticks fell, then each CPU's entries of the trace, which
 * are its first ticks counted: no more than its samples, and together the
 * trace's. */
int pdump_walk_clock(struct reader *r, struct pdump *h, const struct pdump_alloc *a)
{
	uint64_t n, sum = 0;
	uint32_t c;

	if (r->len - r->pos < 4)
		return HARD(r, "truncated: the clock record needs 4 bytes at offset %u", NULL, r->pos, 0, 0);
	h->clock = get_le(r->buf + r->pos, 4);
	r->pos += 4;
	if (h->clock != PDUMP_CLOCK_CELLS && h->clock != PDUMP_CLOCK_TURNS)
		SOFT(r, "clock %u (1: the CPUs at once, 2: in turns)", NULL, h->clock, 0, 0);
	if (!(h->cputrace = a->zalloc(a->ctx, (size_t)h->ncpu * 4)))
		return HARD(r, "out of memory for %u CPUs' traces", NULL, h->ncpu, 0, 0);
	for (c = 0; c < h->ncpu; c++) {
		if (cpu_varint(r, &n, 0xffffffffu, "trace entries", c))
			return -1;
		h->cputrace[c] = (uint32_t)n;
		sum += n;
		if (n > h->cpus[c].samples)
			SOFT(r, "cpu %u: %u trace entries, more than its %u ticks", NULL, c, n, h->cpus[c].samples);
	}
	if (sum != h->ntrace)
		SOFT(r, "the CPUs' trace entries add up to %u, the trace has %u", NULL, sum, h->ntrace, 0);
	return 0;
}
