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

#include "decimal.h"
#include "dumpfmt.h"
#include "events.h"
#include "hostsort.h"
#include "modattrib.h"
#include "report.h"
#include "share.h"
#include "shown.h"

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

/* put_dec (decimal.h) takes a tick count whole: a 64-bit host's size_t. */
_Static_assert(sizeof(size_t) >= sizeof(uint64_t), "pinfo needs a 64-bit size_t");

/* v in lower-case hex, zero-padded to digits. */
static char *put_hex(char *p, uint32_t v, int digits)
{
	char hex[8];
	int n = 0;

	do {
		hex[n++] = "0123456789abcdef"[v & 15];
		v >>= 4;
	} while (v);
	while (digits-- > n)
		*p++ = '0';
	while (n)
		*p++ = hex[--n];
	return p;
}

/* "%.2f" of pct(tics, total), in integers: printf's floating point was
 * a third of a large report's time. Where the exact value sits on a tie
 * (x.xx5), printf rounds the double, which may lie either side: then it is
 * asked, so the text stays the same to the byte. */
static const char *pct2(char buf[32], uint64_t tics, uint64_t total)
{
	unsigned __int128 num = (unsigned __int128)tics * 20000;
	uint64_t hundredths;
	char *p;

	if (!total || tics > total) {
		snprintf(buf, 32, "%.2f", pct(tics, total));
		return buf;
	}
	if (num % (2 * (unsigned __int128)total) == total) {
		snprintf(buf, 32, "%.2f", pct(tics, total));
		return buf;
	}
	hundredths = (uint64_t)((num / total + 1) / 2);	/* rounded to nearest */
	p = put_dec(buf, hundredths / 100, 1);
	*p++ = '.';
	*p++ = (char)('0' + hundredths % 100 / 10);
	*p++ = (char)('0' + hundredths % 10);
	*p = 0;
	return buf;
}

static void row(FILE *out, const char *name, const char *segno, const char *length,
		uint64_t tics, uint64_t total, struct noise nz, const struct pdump *d)
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
	t_right(&t, PCT_END, pct2(num, tics, total));
	if (present.ci) {	/* --ci: the interval after the percent */
		t_put(&t, " ");
		t_put(&t, share_pm(num, share_in(d, tics, nz).half));
	}
	fprintf(out, "%.*s\n", (int)t.n, t.s);
}

/* Offsets in 4 hex digits when the whole segment fits, else 8. */
static int offset_digits(uint64_t end)
{
	return end > 0x10000 ? 8 : 4;
}

/* The index of s's first bucket that starts at or above addr; nb if none.
 * addr may be UINT64_MAX (every bucket): rounded up, it would wrap to 0 and
 * list nothing, so an address past the segment gives its end. */
static uint64_t bucket_from(const struct pdump_seg *s, uint32_t shift, uint64_t addr)
{
	uint64_t nb = pdump_nbuckets(s->length, shift);

	if (addr <= s->origin)
		return 0;
	if (addr >= s->origin + (nb << shift))
		return nb;
	return (addr - s->origin + (1ull << shift) - 1) >> shift;
}

/* -e: the buckets of s that start in [lo, hi), zeros with -z. */
static void buckets(FILE *out, const struct pdump_seg *s, uint32_t shift, uint64_t lo,
		    uint64_t hi, int digits, int flags)
{
	uint64_t i, last = bucket_from(s, shift, hi);

	for (i = bucket_from(s, shift, lo); i < last; i++)
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
	host_qsort(o, d->nseg, sizeof *o, by_rank);
	return o;
}

/* Rows of one module and segment number (a program run twice): summed. */
static void segment_row(FILE *out, const struct pdump *d, const struct order *o, size_t n,
			int flags)
{
	uint64_t tics = 0, sub[PDUMP_NSUB_MAX] = { 0 }, one[PDUMP_NSUB_MAX];
	uint32_t length = 0, k;
	char segno[16], len[16];
	size_t i;
	int subs = 0;
	struct noise nz = NOISE_NONE;
	const struct pdump_seg **segs;

	for (i = 0; present.ci && i < n; i++)	/* the sub-profiles' ticks, with --ci */
		if (share_subs(d, &o[i].s, 1, 0, UINT64_MAX, one))
			for (subs = 1, k = 0; k < d->nsub; k++)
				sub[k] += one[k];
	nz.sub = subs ? sub : NULL;
	if (present.ci && d->trace && (segs = malloc(n * sizeof *segs))) {	/* and their runs */
		for (i = 0; i < n; i++)
			segs[i] = o[i].s;
		nz.edge = runs_range(d, segs, n, 0, UINT64_MAX, NULL, NULL);
		free(segs);
	}
	for (i = 0; i < n; i++) {
		tics += modattrib_seg_tics(o[i].s, d->shift);
		length = o[i].s->length > length ? o[i].s->length : length;
	}
	if (!tics && !(flags & PINFO_Z))
		return;
	snprintf(segno, sizeof segno, "%04x", o[0].s->segno);
	snprintf(len, sizeof len, "%04x", length);
	row(out, o[0].s->module, segno, len, tics, d->total, nz, d);
	for (i = 0; (flags & PINFO_E) && i < n; i++)
		buckets(out, o[i].s, d->shift, 0, UINT64_MAX,
			offset_digits(o[i].s->origin + (uint64_t)o[i].s->length), flags);
}

void report_summary(FILE *out, const struct pdump *d, int flags)
{
	struct order *o = report_order(d);
	uint64_t kernel = d->kernel;
	size_t i, j;

	fprintf(out, "Module    Segment  Length  %-8s  Percent\n"
		"--------  -------  ------  --------  -------\n", report_unit(d, 0));
	for (i = 0; i < d->nseg; i++)
		if (map_is_kernel(d->segs[i].module))
			kernel += modattrib_seg_tics(&d->segs[i], d->shift);
	/* (no sub-profiles outside segments, and the trace does not tell the
	 * kernel's ticks outside them from idle's: Wilson's) */
	row(out, "kernel", NULL, NULL, kernel, d->total, NOISE_NONE, d);
	for (i = 0; (flags & PINFO_E) && i < d->nseg; i++)
		if (map_is_kernel(d->segs[i].module))
			buckets(out, &d->segs[i], d->shift, 0, UINT64_MAX, 8, flags);
	if (!(d->type & (1 | PDUMP_TYPE_EVENTS)))	/* a system time profile's */
		row(out, "idle", NULL, NULL, d->idle, d->total, NOISE_NONE, d);
	if (d->out_of_range)
		row(out, "(out of range)", NULL, NULL, d->out_of_range, d->total, NOISE_NONE, d);
	for (i = 0; o && i < d->nseg; i = j) {
		for (j = i + 1; j < d->nseg && o[j].rank == o[i].rank &&
		     o[j].s->segno == o[i].s->segno; j++)
			;
		if (!map_is_kernel(o[i].s->module))
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
	report_events(out, d);
	free(o);
}

/* ---- example 2 ------------------------------------------------------------ */

static void owner_line(FILE *out, const struct pdump *d, uint16_t segno, int digits,
		       const struct owner *o, double half)
{
	/* As "%04x:%0*x %10llu (%6.2f%%)   %s\n", without printf's cost on a
	 * report of 100,000 lines: one write a line. */
	char line[352], pct[32], *p = line;
	struct shown sh;
	const char *name = o->name ? shown(o->name, &sh) : "(no symbol)";
	size_t n = strlen(name);
	int w;

	p = put_hex(p, segno, 4);
	*p++ = ':';
	p = put_hex(p, o->addr, digits);
	*p++ = ' ';
	p = put_dec(p, o->tics, 10);
	*p++ = ' ';
	*p++ = '(';
	pct2(pct, o->tics, d->total);
	for (w = (int)strlen(pct); w < 6; w++)
		*p++ = ' ';
	for (const char *c = pct; *c; c++)
		*p++ = *c;
	if (half >= 0) {	/* --ci: "( 96.87% ±1.60)" and a space for a half below 10 */
		p += sprintf(p, "%% %s)%s   ", share_pm(pct, half), half < 9.995 ? " " : "");
	} else {
		memcpy(p, "%)   ", 5);
		p += 5;
	}
	if (n < (size_t)(line + sizeof line - p)) {
		memcpy(p, name, n);
		p[n] = '\n';
		fwrite(line, 1, (size_t)(p - line) + n + 1, out);
		return;
	}
	fwrite(line, 1, (size_t)(p - line), out);
	fputs(name, out);
	fputc('\n', out);
}

/* -e lists under each owner the buckets of each segment that start in its
 * bytes. Asking every segment at every owner took 36 s for 4096 segments of
 * one number (a hostile dump) against 10^6 symbols; so each segment waits,
 * in a list kept per owner, at the owner of its next bucket to list, and an
 * owner visits only the segments waiting there. */
struct listing {
	size_t *first;		/* [owner]: the first segment waiting there, or NONE */
	size_t *link;		/* [segment]: the next one waiting at the same owner */
	size_t *here;		/* an owner's segments, in order, for printing */
};
#define NONE	((size_t)-1)

/* Files segs[k] at the owner of its first bucket from i on that -e lists
 * (nonzero, or any with -z), if there is one. */
static void wait_at(struct listing *l, const struct attribution *a, const struct pdump_seg *s,
		    size_t k, uint64_t i, uint32_t shift, int flags)
{
	uint64_t nb = pdump_nbuckets(s->length, shift);
	size_t o;

	while (i < nb && !s->counters[i] && !(flags & PINFO_Z))
		i++;
	if (i == nb)
		return;
	o = attribution_owner(a, s->origin + (i << shift));
	l->link[k] = l->first[o];
	l->first[o] = k;
}

static int by_index(const void *x, const void *y)
{
	size_t a = *(const size_t *)x, b = *(const size_t *)y;

	return a < b ? -1 : a > b;
}

static int segment_block(FILE *out, const struct pdump *d, const struct pdump_seg **segs,
			 size_t n, const struct attribution *a, int flags)
{
	int digits = offset_digits(a->hi), listed = flags & PINFO_E;
	struct listing l = { NULL, NULL, NULL };	/* -e's lists, only with -e */
	size_t i, k, m = 0;
	uint64_t sub[PDUMP_NSUB_MAX];

	if (listed && (!(l.first = malloc(a->n * sizeof *l.first)) ||
		       !(l.link = malloc(n * sizeof *l.link)) || !(l.here = malloc(n * sizeof *l.here)))) {
		free(l.first), free(l.link), free(l.here);
		return -1;
	}
	for (i = 0; listed && i < a->n; i++)
		l.first[i] = NONE;
	for (k = n; listed && k-- > 0;)	/* backwards: lists come out in order */
		wait_at(&l, a, segs[k], k, 0, d->shift, flags);
	fprintf(out, "\nSegment %u:\n", segs[0]->segno);
	for (i = 0; i < a->n; i++) {
		const struct owner *o = &a->owners[i];
		int shown = o->tics || ((flags & PINFO_Z) && o->name);

		if (i + 16 < a->n)	/* names lie in the map's order, not the address's */
			__builtin_prefetch(a->owners[i + 16].name);

		if (listed) {
			for (m = 0, k = l.first[i]; k != NONE; k = l.link[k])
				l.here[m++] = k;
			host_qsort(l.here, m, sizeof *l.here, by_index);
		}
		if (shown)
			owner_line(out, d, segs[0]->segno, digits, o, !present.ci ? -1 :
				   share_in(d, o->tics, share_owner_noise(d, a, o)).half);
		for (k = 0; k < m; k++) {
			const struct pdump_seg *s = segs[l.here[k]];

			if (shown)
				buckets(out, s, d->shift, o->lo, o->hi, digits, flags);
			/* then wait at a later owner, from the first bucket past this one */
			wait_at(&l, a, s, l.here[k], bucket_from(s, d->shift, o->hi), d->shift, flags);
		}
	}
	if ((flags & PINFO_T) && (a->tics || (flags & PINFO_Z)) && present.ci) {
		struct share sh = share_in(d, a->tics, share_range(d, segs, n, 0, UINT64_MAX, sub));

		fprintf(out, "%-*s %10llu ", 5 + digits, "Total", (unsigned long long)a->tics);
		share_cell(out, &sh, 0);
		fputc('\n', out);
	} else if ((flags & PINFO_T) && (a->tics || (flags & PINFO_Z))) {
		fprintf(out, "%-*s %10llu (%6.2f%%)\n", 5 + digits, "Total",
			(unsigned long long)a->tics, pct(a->tics, d->total));
	}
	free(l.first), free(l.link), free(l.here);
	return 0;
}

int report_module(FILE *out, const struct pdump *d, const struct map *m, int flags)
{
	struct modattrib w;
	int rc = modattrib_start(&w, d, m), z = flags & PINFO_Z;

	if (rc)
		return rc;
	if (w.tics || z)	/* a module without a tic, as a segment, only with -z */
		fprintf(out, "Module %s\n", w.segs[0]->module);
	while ((w.tics || z) && (rc = modattrib_next(&w)) > 0)
		/* A segment without a tic has nothing to show, but with -z. */
		if ((rc = w.a.tics || z ? segment_block(out, d, w.run, w.nrun, &w.a, flags) : 0))
			break;
	modattrib_end(&w);
	return rc;
}

int report_check_fingerprint(FILE *errs, const char *dumpfile, const struct pdump *d,
			     const char *mapfile, const struct map *m, int strict)
{
	const struct pdump_seg *first = NULL, *differs = NULL;
	struct shown sd, sm, smod;
	uint32_t i;

	for (i = 0; i < d->nseg; i++) {
		const struct pdump_seg *s = &d->segs[i];

		if (s->segno != 1 || strcasecmp(s->module, m->module))
			continue;
		if (!first)
			first = s;
		if (!differs && s->fingerprint != m->fingerprint)
			differs = s;	/* (a program run twice is one segment, or two) */
	}
	if (!first)
		return 0;
	if (d->version < PDUMP_VERSION) {
		fprintf(errs, "pinfo: note: %s: a version %u dump has no code fingerprints: "
			"%s not checked against it\n", shown(dumpfile, &sd), d->version,
			shown(mapfile, &sm));
		return 0;
	}
	if (!m->has_fingerprint) {
		fprintf(errs, "pinfo: note: %s: no code fingerprint (%s): not checked against %s\n",
			shown(mapfile, &sm), m->why_none[0] ? m->why_none : "a map not made by mkmap",
			shown(dumpfile, &sd));
		return 0;
	}
	if (!differs)
		return 0;
	fprintf(errs, "pinfo: %s%s: module %s: the map's code fingerprint %08x differs from "
		"%08x in %s: the map is of other code than was profiled; %s\n",
		strict ? "" : "warning: ", shown(mapfile, &sm), shown(m->module, &smod),
		m->fingerprint, differs->fingerprint, shown(dumpfile, &sd),
		strict ? "not reported (--strict)" : "its report is wrong");
	return 1;
}
