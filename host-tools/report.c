/* report.c: pinfo's output (report.h). The columns are the seed's:
 *
 *	Module    Segment  Length  Tics      Percent
 *	--------  -------  ------  --------  -------
 *	kernel                            9    1.88
 *	TESTPROF    0001    182c        470   98.12
 *
 * Tics end at column 34 and percents at 42 (0-based); a wider value pushes
 * right, always after at least one space. */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "attrib.h"
#include "dumpfmt.h"
#include "report.h"

#define TICS_END	35	/* one past the last column of Tics */
#define PCT_END		43
#define SEGNO_COL	12
#define LENGTH_COL	20

struct text {
	char s[512];
	size_t n;
};

/* Moves to col, or one space on when the text already reaches it. */
static void t_at(struct text *t, size_t col)
{
	if (t->n < col) {
		memset(t->s + t->n, ' ', col - t->n);
		t->n = col;
	} else if (t->n && t->s[t->n - 1] != ' ') {
		t->s[t->n++] = ' ';
	}
}

static void t_put(struct text *t, const char *s)
{
	size_t n = strlen(s);

	if (n > sizeof t->s - 1 - t->n)
		n = sizeof t->s - 1 - t->n;
	memcpy(t->s + t->n, s, n);
	t->n += n;
}

static void t_right(struct text *t, size_t end, const char *s)
{
	size_t n = strlen(s);

	t_at(t, end > n ? end - n : 0);
	t_put(t, s);
}

static double percent(uint64_t tics, uint64_t total)
{
	return total ? 100.0 * (double)tics / (double)total : 0.0;
}

static void row(FILE *out, const char *name, const char *segno, const char *length,
		uint64_t tics, uint64_t total)
{
	struct text t = { .n = 0 };
	char num[32];

	t_put(&t, name);
	if (segno) {
		t_at(&t, SEGNO_COL);
		t_put(&t, segno);
		t_at(&t, LENGTH_COL);
		t_put(&t, length);
	}
	snprintf(num, sizeof num, "%llu", (unsigned long long)tics);
	t_right(&t, TICS_END, num);
	snprintf(num, sizeof num, "%.2f", percent(tics, total));
	t_right(&t, PCT_END, num);
	fprintf(out, "%.*s\n", (int)t.n, t.s);
}

static int is_kernel(const char *module)
{
	return !strcasecmp(module, "kernel");
}

static uint64_t seg_tics(const struct pdump_seg *s, uint32_t shift)
{
	uint32_t i, nb = pdump_nbuckets(s->length, shift);
	uint64_t sum = 0;

	for (i = 0; i < nb; i++)
		sum += s->counters[i];
	return sum;
}

/* Offsets in 4 hex digits when the whole segment fits, else 8. */
static int offset_digits(uint64_t end)
{
	return end > 0x10000 ? 8 : 4;
}

/* -e: the buckets of s that start in [lo, hi), zeros with -z. */
static void buckets(FILE *out, const struct pdump_seg *s, uint32_t shift, uint64_t lo,
		    uint64_t hi, int digits, int flags)
{
	uint64_t nb = pdump_nbuckets(s->length, shift), size = 1ull << shift, i;
	uint64_t first = lo > s->origin ? (lo - s->origin + size - 1) >> shift : 0;
	uint64_t last = hi > s->origin ? (hi - s->origin + size - 1) >> shift : 0;

	for (i = first; i < last && i < nb; i++)
		if (s->counters[i] || (flags & PINFO_Z))
			fprintf(out, "    %04x:%0*llx %10u\n", s->segno, digits,
				(unsigned long long)(s->origin + (i << shift)), s->counters[i]);
}

/* ---- example 1 ------------------------------------------------------------ */

/* The segments in report order: module by first appearance, then segment. */
struct order {
	size_t rank, index;
	const struct pdump_seg *s;
};

static int by_rank(const void *x, const void *y)
{
	const struct order *a = x, *b = y;

	if (a->rank != b->rank)
		return a->rank < b->rank ? -1 : 1;
	if (a->s->segno != b->s->segno)
		return a->s->segno < b->s->segno ? -1 : 1;
	return a->index < b->index ? -1 : a->index > b->index;
}

static struct order *report_order(const struct pdump *d)
{
	struct order *o = malloc((d->nseg ? d->nseg : 1) * sizeof *o);
	size_t i, j;

	if (!o)
		return NULL;
	for (i = 0; i < d->nseg; i++) {
		for (j = 0; j < i && strcasecmp(d->segs[j].module, d->segs[i].module); j++)
			;
		o[i].rank = j;	/* the first segment of its module */
		o[i].index = i;
		o[i].s = &d->segs[i];
	}
	qsort(o, d->nseg, sizeof *o, by_rank);
	return o;
}

/* Rows of one module and segment number (a program run twice): summed. */
static void segment_row(FILE *out, const struct pdump *d, const struct order *o, size_t n,
			int flags)
{
	uint64_t tics = 0;
	uint32_t length = 0;
	char segno[16], len[16];
	size_t i;

	for (i = 0; i < n; i++) {
		tics += seg_tics(o[i].s, d->shift);
		length = o[i].s->length > length ? o[i].s->length : length;
	}
	if (!tics && !(flags & PINFO_Z))
		return;
	snprintf(segno, sizeof segno, "%04x", o[0].s->segno);
	snprintf(len, sizeof len, "%04x", length);
	row(out, o[0].s->module, segno, len, tics, d->total);
	for (i = 0; (flags & PINFO_E) && i < n; i++)
		buckets(out, o[i].s, d->shift, 0, UINT64_MAX,
			offset_digits(o[i].s->origin + (uint64_t)o[i].s->length), flags);
}

void report_summary(FILE *out, const struct pdump *d, int flags)
{
	struct order *o = report_order(d);
	uint64_t kernel = d->kernel;
	size_t i, j;

	fputs("Module    Segment  Length  Tics      Percent\n"
	      "--------  -------  ------  --------  -------\n", out);
	for (i = 0; i < d->nseg; i++)
		if (is_kernel(d->segs[i].module))
			kernel += seg_tics(&d->segs[i], d->shift);
	row(out, "kernel", NULL, NULL, kernel, d->total);
	for (i = 0; (flags & PINFO_E) && i < d->nseg; i++)
		if (is_kernel(d->segs[i].module))
			buckets(out, &d->segs[i], d->shift, 0, UINT64_MAX, 8, flags);
	if (!(d->type & 1))	/* PT_USER clear: a system dump */
		row(out, "idle", NULL, NULL, d->idle, d->total);
	if (d->out_of_range)
		row(out, "(out of range)", NULL, NULL, d->out_of_range, d->total);
	for (i = 0; o && i < d->nseg; i = j) {
		for (j = i + 1; j < d->nseg && o[j].rank == o[i].rank &&
		     o[j].s->segno == o[i].s->segno; j++)
			;
		if (!is_kernel(o[i].s->module))
			segment_row(out, d, o + i, j - i, flags);
	}
	fprintf(out, "%*s--------\n", (int)TICS_END - 8, "");
	{
		struct text t = { .n = 0 };
		char num[32];

		t_at(&t, LENGTH_COL - 1);
		t_put(&t, "Total");
		snprintf(num, sizeof num, "%llu", (unsigned long long)d->total);
		t_right(&t, TICS_END, num);
		fprintf(out, "%.*s\n", (int)t.n, t.s);
	}
	free(o);
}

/* ---- example 2 ------------------------------------------------------------ */

static void owner_line(FILE *out, const struct pdump *d, uint16_t segno, int digits,
		       const struct owner *o)
{
	fprintf(out, "%04x:%0*x %10llu (%6.2f%%)   %s\n", segno, digits, o->addr,
		(unsigned long long)o->tics, percent(o->tics, d->total),
		o->name ? o->name : "(no symbol)");
}

static void segment_block(FILE *out, const struct pdump *d, const struct pdump_seg **segs,
			  size_t n, const struct attribution *a, int flags)
{
	int digits = offset_digits(a->hi);
	size_t i, k;

	fprintf(out, "Segment %u:\n", segs[0]->segno);
	for (i = 0; i < a->n; i++) {
		const struct owner *o = &a->owners[i];

		if (!o->tics && (!(flags & PINFO_Z) || !o->name))
			continue;
		owner_line(out, d, segs[0]->segno, digits, o);
		for (k = 0; (flags & PINFO_E) && k < n; k++)
			buckets(out, segs[k], d->shift, o->lo, o->hi, digits, flags);
	}
	if ((flags & PINFO_T) && (a->tics || (flags & PINFO_Z)))
		fprintf(out, "%-*s %10llu (%6.2f%%)\n", 5 + digits, "Total",
			(unsigned long long)a->tics, percent(a->tics, d->total));
}

static int by_segno(const void *x, const void *y)
{
	const struct pdump_seg *a = *(const struct pdump_seg *const *)x;
	const struct pdump_seg *b = *(const struct pdump_seg *const *)y;

	if (a->segno != b->segno)
		return a->segno < b->segno ? -1 : 1;
	return a < b ? -1 : a > b;
}

/* One segment number of the module: its symbols, the merge, the lines. */
static int one_segment(FILE *out, const struct pdump *d, const struct map *m,
		       const struct pdump_seg **segs, size_t n, int flags)
{
	struct msym *syms;
	size_t nsyms = map_segment_symbols(m, segs[0]->segno, &syms);
	struct attribution a;

	if (nsyms == (size_t)-1)
		return -1;
	if (attribute(segs, n, d->shift, syms, nsyms, &a)) {
		free(syms);
		return -1;
	}
	segment_block(out, d, segs, n, &a, flags);
	attribution_free(&a);
	free(syms);
	return 0;
}

int report_module(FILE *out, const struct pdump *d, const struct map *m, int flags)
{
	const struct pdump_seg **segs = malloc((d->nseg ? d->nseg : 1) * sizeof *segs);
	size_t i, j, n = 0;
	int rc = 0;

	if (!segs)
		return -1;
	for (i = 0; i < d->nseg; i++)
		if (!strcasecmp(d->segs[i].module, m->module))
			segs[n++] = &d->segs[i];
	if (!n) {
		free(segs);
		return 1;
	}
	qsort(segs, n, sizeof *segs, by_segno);
	fprintf(out, "Module %s\n", segs[0]->module);
	for (i = 0; i < n && !rc; i = j) {
		for (j = i + 1; j < n && segs[j]->segno == segs[i]->segno; j++)
			;
		fputc('\n', out);
		rc = one_segment(out, d, m, segs + i, j - i, flags);
	}
	free(segs);
	return rc;
}
