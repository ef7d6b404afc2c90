/* view.c: the sorted and filtered per-symbol report (view.h). The ticks
 * are the default report's (attribute(), largest remainder); only their
 * order, the rows shown and the cumulative column differ. */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "dumpfmt.h"
#include "events.h"
#include "hostsort.h"
#include "modattrib.h"
#include "report.h"
#include "share.h"
#include "shown.h"
#include "truth.h"
#include "view.h"

int view_sort_of(const char *word, enum view_sort *sort)
{
	if (!strcmp(word, "tics"))
		*sort = VIEW_TICS;
	else if (!strcmp(word, "address"))
		*sort = VIEW_ADDRESS;
	else if (!strcmp(word, "name"))
		*sort = VIEW_NAME;
	else
		return -1;
	return 0;
}

const char *view_type_name(uint32_t type, char *buf, size_t len)
{
	static const char *const flag[] = { "PT_USER", "PT_USEDD", "PT_USEKP", "PT_VERBOSE", "PT_STACKS",
					    "PT_SPREAD" };
	const int nflags = (int)(sizeof flag / sizeof flag[0]);
	uint32_t other = type & ~((1u << nflags) - 1);
	size_t n;
	int i, any = 0;

	n = (size_t)snprintf(buf, len, "%s profile (type %u: ", type & 1 ? "user" : "system", type);
	for (i = 0; i < nflags && n < len; i++)
		if (type & (1u << i)) {
			n += (size_t)snprintf(buf + n, len - n, "%s%s", any ? "|" : "", flag[i]);
			any = 1;
		}
	if (other && n < len) {	/* bits no version of the format names */
		n += (size_t)snprintf(buf + n, len - n, "%s0x%x", any ? "|" : "", (unsigned)other);
		any = 1;
	}
	if (n < len)
		snprintf(buf + n, len - n, "%s)", any ? "" : "PT_SYSTEM");
	return buf;
}

void view_header(FILE *out, const char *dumpfile, const struct pdump *d)
{
	char type[120];
	struct shown sh;

	/* the trace's bit is the writer's mark, not a ProfInit type: said apart */
	fprintf(out, "Dump %s: a %s, %u Hz, %llu samples, format version %u", shown(dumpfile, &sh),
		view_type_name(d->type & ~PDUMP_TYPE_TRACE, type, sizeof type), d->hz,
		(unsigned long long)d->total, d->version);
	if (d->clock)	/* format 8: how the CPUs ticked, which the intervals follow */
		fprintf(out, ", %u CPUs %s", d->ncpu, d->clock == PDUMP_CLOCK_TURNS ? "in turns" : "at once");
	if (d->type & PDUMP_TYPE_TRACE)
		fprintf(out, ", a trace of %u ticks (%u bytes)", d->ntrace, d->trace_bytes);
	fputc('\n', out);
}

static enum view_sort sort_key;

static int by_view(const void *x, const void *y)
{
	const struct owner *a = *(const struct owner *const *)x, *b = *(const struct owner *const *)y;
	int c;

	if (sort_key == VIEW_NAME) {
		c = strcmp(a->name ? a->name : "", b->name ? b->name : "");
		if (c)
			return c;
	} else if (sort_key == VIEW_TICS && a->tics != b->tics) {
		return a->tics > b->tics ? -1 : 1;
	}
	return a->lo < b->lo ? -1 : a->lo > b->lo;	/* then by address */
}

static int by_tics(const void *x, const void *y)
{
	const struct owner *a = *(const struct owner *const *)x, *b = *(const struct owner *const *)y;

	if (a->tics != b->tics)
		return a->tics > b->tics ? -1 : 1;
	return a->lo < b->lo ? -1 : a->lo > b->lo;
}

/* The buckets of s starting in [lo, hi), for -e (zeros too with -z). */
static void buckets(FILE *out, const struct pdump_seg *s, uint32_t shift, uint64_t lo,
		    uint64_t hi, int digits, int flags)
{
	uint64_t nb = pdump_nbuckets(s->length, shift), i;

	i = lo <= s->origin ? 0 : (lo - s->origin + (1ull << shift) - 1) >> shift;
	for (; i < nb && s->origin + (i << shift) < hi; i++)
		if (s->counters[i] || (flags & PINFO_Z))
			fprintf(out, "    %04x:%0*llx %10u\n", s->segno, digits,
				(unsigned long long)(s->origin + (i << shift)), s->counters[i]);
}

/* With --truth: the function's share of its module's samples, its exact
 * share of the module's instructions, and the difference in points. */
static void truth_cells(FILE *out, const char *module, const char *name, uint64_t tics,
			uint64_t modtics)
{
	double exact, sampled = pct(tics, modtics);

	if (truth_share(present.truth, module, name ? name : "(no symbol)", &exact))
		fprintf(out, " %7.2f%% %8s %7s", sampled, "-", "-");
	else
		fprintf(out, " %7.2f%% %7.2f%% %+7.2f", sampled, exact, sampled - exact);
}

static void view_head(FILE *out, const struct pdump *d, uint16_t segno, int digits)
{
	fprintf(out, "\nSegment %u:\n", segno);
	fprintf(out, "%-*s %10s %s%8s", 5 + digits, "Address", report_unit(d, 0), " Percent 95% CI ", "Cumul.");
	if (present.truth)
		fprintf(out, " %8s %8s %7s", "Sampled", "Exact", "Diff");
	fputs("   Name\n", out);
}

/* The runs' edge of the rows not shown, rows[0..n), together. */
static double left_edge(const struct pdump *d, const struct pdump_seg **segs, size_t nsegs,
			const struct attribution *a, const struct owner *const *rows, size_t n)
{
	unsigned char *keep;
	double e;
	size_t i;

	if (!d->trace || !n || !(keep = calloc(a->n, 1)))
		return RUNS_NONE;
	for (i = 0; i < n; i++)
		keep[rows[i] - a->owners] = 1;
	e = runs_range(d, segs, nsegs, 0, UINT64_MAX, a, keep);
	free(keep);
	return e;
}

static int view_segment(FILE *out, const struct pdump *d, const struct pdump_seg **segs,
			size_t n, const struct attribution *a, int flags, const struct view *v,
			uint64_t modtics)
{
	const struct owner **rows = malloc((a->n ? a->n : 1) * sizeof *rows);
	int digits = a->hi > 0x10000 ? 8 : 4;
	size_t nrows = 0, kept, i, k;
	uint64_t cum = 0, left = 0, sub[PDUMP_NSUB_MAX], leftsub[PDUMP_NSUB_MAX] = { 0 };
	struct share s;
	char pm[16];
	uint32_t j;
	const uint64_t *one;

	if (!rows)
		return -1;
	for (i = 0; i < a->n; i++)
		if (a->owners[i].tics || ((flags & PINFO_Z) && a->owners[i].name))
			rows[nrows++] = &a->owners[i];
	/* the filters choose by tics: the top N, those at or above the limit */
	host_qsort(rows, nrows, sizeof *rows, by_tics);
	for (kept = 0; kept < nrows; kept++)
		if ((v->top && kept >= v->top) || pct(rows[kept]->tics, d->total) < v->limit)
			break;
	for (i = kept; i < nrows; i++) {
		left += rows[i]->tics;
		if ((one = share_owner_sub(d, a, rows[i])))
			for (j = 0; j < d->nsub; j++)
				leftsub[j] += one[j];
	}
	sort_key = v->sort;
	host_qsort(rows, kept, sizeof *rows, by_view);
	view_head(out, d, segs[0]->segno, digits);
	for (i = 0; i < kept; i++) {
		const struct owner *o = rows[i];
		struct shown sh;

		cum += o->tics;
		s = share_in(d, o->tics, share_owner_noise(d, a, o));
		fprintf(out, "%04x:%0*x %10llu ", segs[0]->segno, digits, o->addr,
			(unsigned long long)o->tics);
		share_cell(out, &s, 1);
		fprintf(out, "%7.2f%%", pct(cum, d->total));
		if (present.truth)
			truth_cells(out, segs[0]->module, o->name, o->tics, modtics);
		fprintf(out, "   %s\n", o->name ? shown(o->name, &sh) : "(no symbol)");
		for (k = 0; (flags & PINFO_E) && k < n; k++)
			buckets(out, segs[k], d->shift, o->lo, o->hi, digits, flags);
	}
	if (kept < nrows)
		fprintf(out, "(%zu more symbol%s: %llu %s, %.2f%% %s)\n", nrows - kept,
			nrows - kept == 1 ? "" : "s", (unsigned long long)left, report_unit(d, 1), pct(left, d->total),
			share_pm(pm, share_in(d, left, (struct noise){ leftsub, left_edge(d, segs, n, a, rows + kept,
			nrows - kept) }).half));
	if ((flags & PINFO_T) && (a->tics || (flags & PINFO_Z))) {
		s = share_in(d, a->tics, share_range(d, segs, n, 0, UINT64_MAX, sub));
		fprintf(out, "%-*s %10llu ", 5 + digits, "Total", (unsigned long long)a->tics);
		share_cell(out, &s, 0);
		fputc('\n', out);
	}
	free(rows);
	return 0;
}

int view_module(FILE *out, const struct pdump *d, const struct map *m, int flags,
		const struct view *v)
{
	struct modattrib w;
	int rc = modattrib_start(&w, d, m), z = flags & PINFO_Z;

	if (rc)
		return rc;
	if (w.tics || z)
		fprintf(out, "Module %s\n", w.segs[0]->module);
	while ((w.tics || z) && (rc = modattrib_next(&w)) > 0)
		if ((rc = w.a.tics || z ? view_segment(out, d, w.run, w.nrun, &w.a, flags, v, w.tics) : 0))
			break;
	modattrib_end(&w);
	return rc;
}
