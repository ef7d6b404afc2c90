/* fuzz_dump.c: the dump reader (format/dump_read.c) on any bytes. It must
 * refuse with a one-line reason and nothing allocated, or accept a dump that
 * keeps the format's promises, that writes back to bytes it reads again the
 * same, and that pinfo's module table can print, and its --cpus table
 * (format 6), whose lines add up to their samples. */
#include <string.h>
#include <strings.h>

#include "dumpfmt.h"
#include "cpus.h"
#include "fuzz.h"
#include "hostio.h"
#include "report.h"
#include "callstacks.h"

/* Written again, the dump reads back to the same header and counters (the
 * bytes may differ: the writer picks each segment's smaller encoding). */
static void check_rewrite(const struct pdump *d)
{
	struct bytes b = { NULL, 0, 0 };
	struct pdump back;
	char err[300];
	uint32_t i;

	FUZZ_CHECK(pdump_write(d, fuzz_sink, &b) == b.len);
	FUZZ_CHECK(pdump_size(d) == b.len);
	if (pdump_read(b.data, b.len, &back, &host_alloc, err, sizeof err)) {
		fprintf(stderr, "rewritten dump refused: %s\n", err);
		abort();
	}
	FUZZ_CHECK(back.total == d->total && back.nseg == d->nseg && back.shift == d->shift);
	/* a version 1 dump is written as 2; the others as they were */
	FUZZ_CHECK(back.version == (d->version == PDUMP_VERSION_V1 ? PDUMP_VERSION : d->version));
	FUZZ_CHECK(back.ntrace == d->ntrace && (!d->ntrace || !memcmp(back.trace, d->trace, (size_t)d->ntrace * 4)));
	FUZZ_CHECK(back.ncpu == d->ncpu && back.nsub == d->nsub);
	for (i = 0; i < d->ncpu; i++)
		FUZZ_CHECK(back.cpus[i].samples == d->cpus[i].samples && back.cpus[i].kernel == d->cpus[i].kernel &&
			   back.cpus[i].idle == d->cpus[i].idle &&
			   (!d->nseg || !memcmp(back.cpus[i].segtics, d->cpus[i].segtics, (size_t)d->nseg * 8)));
	FUZZ_CHECK(back.nstacks == d->nstacks && back.dropped == d->dropped);
	for (i = 0; i < d->nstacks; i++) {
		const struct pdump_stack *x = &d->stacks[i], *y = &back.stacks[i];

		FUZZ_CHECK(x->count == y->count && x->useg == y->useg && x->depth == y->depth &&
			   x->kdepth == y->kdepth && !memcmp(x->pcs, y->pcs, (size_t)x->depth * 4));
	}
	for (i = 0; i < d->nseg; i++) {
		const struct pdump_seg *x = &d->segs[i], *y = &back.segs[i];

		FUZZ_CHECK(!memcmp(x->module, y->module, sizeof x->module));
		FUZZ_CHECK(x->origin == y->origin && x->length == y->length);
		FUZZ_CHECK(x->fingerprint == y->fingerprint);
		FUZZ_CHECK(d->version != PDUMP_VERSION_V1 || !x->fingerprint);
		if (pdump_nbuckets(x->length, d->shift))	/* else no counters at all */
			FUZZ_CHECK(!memcmp(x->counters, y->counters,
					   (size_t)pdump_nbuckets(x->length, d->shift) * 4));
	}
	pdump_release(&back, &host_alloc);
	free(b.data);
}

/* Its stacks named (without maps) and shown: they add up to the dump's
 * ticks, and the views are made. */
static void check_stacks(const struct pdump *d)
{
	struct callstacks cs;
	char err[300];
	uint64_t sum = 0;
	size_t i;

	if (callstacks_build(d, NULL, 0, &cs, err, sizeof err))
		return;		/* out of memory only */
	for (i = 0; i < cs.nstacks; i++)
		sum += cs.stacks[i].count;
	FUZZ_CHECK(sum == d->total);
	FUZZ_CHECK(callstacks_folded(&cs, fuzz_null()) == 0);
	FUZZ_CHECK(callstacks_flamegraph(&cs, "fuzz", fuzz_null()) == 0);
	FUZZ_CHECK(callstacks_callgraph(&cs, fuzz_null()) == 0);
	callstacks_free(&cs);
}

/* pinfo --cpus's table: each line's columns add up to its samples, the
 * kernel column's CPUs to the module table's kernel row, and it prints. */
static void check_cpus(const struct pdump *d)
{
	struct cpus_table t;
	uint64_t kernel = d->kernel, kcol = 0, parts;
	size_t w, k, missing;
	uint32_t c, i;

	if (!d->ncpu || cpus_make(d, NULL, 0, &t, &missing))
		return;		/* none, or out of memory */
	for (i = 0; i < d->nseg; i++)
		if (!strcasecmp(d->segs[i].module, "kernel"))
			kernel += d->segs[i].tics;
	w = CPUS_FIXED + t.ncol;
	FUZZ_CHECK(t.ncpu == d->ncpu && t.oor == (d->out_of_range != 0));
	for (c = 0; c < t.ncpu; c++) {
		for (parts = 0, k = 1; k < w; k++)
			parts += t.cell[c * w + k];
		FUZZ_CHECK(parts == t.cell[c * w]);
		kcol += t.cell[c * w + 1];
	}
	FUZZ_CHECK(kcol == kernel);
	FUZZ_CHECK(cpus_print(fuzz_null(), &t) == 0);
	cpus_free(&t);
}

static void one(const uint8_t *data, size_t size)
{
	struct pdump d;
	char err[300];
	int flags;

	if (pdump_read(data, size, &d, &host_alloc, err, sizeof err)) {
		fuzz_check_reason(err, sizeof err);
		return;
	}
	fuzz_check_dump(&d);
	if (fuzz_dump_buckets(&d) <= FUZZ_BUCKETS_CAP) {
		check_rewrite(&d);
		for (flags = 0; flags < 8; flags++)	/* -e, -t, -z in every mix */
			report_summary(fuzz_null(), &d, flags);
	}
	if (d.type & PDUMP_TYPE_STACKS)
		check_stacks(&d);
	check_cpus(&d);
	pdump_release(&d, &host_alloc);
}

/* The bytes as they are, then with their CRC made right. */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	uint8_t *fixed = fuzz_fix_crc(data, size);

	one(data, size);
	one(fixed, size);
	free(fixed);
	return 0;
}
