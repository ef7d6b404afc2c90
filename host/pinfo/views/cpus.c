/* cpus.c: pinfo --cpus and the HTML report's "CPUs" (cpus.h): each CPU's
 * samples, kernel, idle and each module's ticks, from the dump's CPU
 * records (version 5). The numbers are the dump's, added as the report
 * adds them: the columns of a line sum to its samples when every module
 * has its column. */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "cpus.h"
#include "dumpfmt.h"
#include "hostio.h"
#include "html.h"
#include "maps.h"
#include "pinfo_run.h"
#include "report.h"
#include "shown.h"

#define COL_NONE	((size_t)-1)	/* a segment of no column shown */
#define COL_KERNEL	((size_t)-2)	/* a kernel segment: the kernel column */

static const char *const fixed_names[CPUS_FIXED] = { "samples", "kernel", "idle", "out-of-range" };

static int is_kernel(const char *module)
{
	return !strcasecmp(module, "kernel");
}

/* The column of module among t's, or COL_NONE. */
static size_t column_of(const struct cpus_table *t, const char *module)
{
	size_t k;

	for (k = 0; k < t->ncol; k++)
		if (!strcasecmp(t->name[k], module))
			return k;
	return COL_NONE;
}

/* The columns: the modules asked for, or every module but the kernel. */
static int columns(const struct pdump *d, const char *const *modules, size_t nmod,
		   struct cpus_table *t, size_t *missing)
{
	uint32_t i;
	size_t k;

	for (k = 0; modules && k < nmod; k++) {
		for (i = 0; i < d->nseg && strcasecmp(d->segs[i].module, modules[k]); i++)
			;
		if (i == d->nseg) {
			*missing = k;
			return 1;
		}
		if (!is_kernel(modules[k]) && column_of(t, modules[k]) == COL_NONE)
			t->name[t->ncol++] = d->segs[i].module;
	}
	for (i = 0; !modules && i < d->nseg; i++)
		if (!is_kernel(d->segs[i].module) && column_of(t, d->segs[i].module) == COL_NONE)
			t->name[t->ncol++] = d->segs[i].module;
	return 0;
}

/* Without modules asked for, a module without a tick on any CPU has no
 * column (the report has no row for it). */
static void drop_empty(struct cpus_table *t)
{
	size_t w = CPUS_FIXED + t->ncol, k, kept = 0;
	uint32_t c;

	for (k = 0; k < t->ncol; k++) {
		uint64_t any = 0;

		for (c = 0; c < t->ncpu; c++)
			any |= t->cell[(size_t)c * w + CPUS_FIXED + k];
		if (!any)
			continue;
		for (c = 0; c < t->ncpu; c++)
			t->cell[(size_t)c * w + CPUS_FIXED + kept] = t->cell[(size_t)c * w + CPUS_FIXED + k];
		t->name[kept++] = t->name[k];
	}
	/* the rows close up: row c's cells start at c * (CPUS_FIXED + kept) */
	for (c = 0; c < t->ncpu; c++)
		memmove(t->cell + (size_t)c * (CPUS_FIXED + kept), t->cell + (size_t)c * w,
			(CPUS_FIXED + kept) * sizeof *t->cell);
	t->ncol = kept;
}

int cpus_make(const struct pdump *d, const char *const *modules, size_t nmod,
	      struct cpus_table *t, size_t *missing)
{
	size_t w, *col = NULL;
	uint32_t c, i;
	int rc;

	memset(t, 0, sizeof *t);
	t->ncpu = d->ncpu;
	t->oor = d->out_of_range != 0;
	if (!(t->name = malloc(((modules ? nmod : d->nseg) + 1) * sizeof *t->name)) ||
	    !(col = malloc((d->nseg + 1) * sizeof *col))) {
		free(col);
		cpus_free(t);
		return -1;
	}
	if ((rc = columns(d, modules, nmod, t, missing))) {
		free(col);
		cpus_free(t);
		return rc;
	}
	for (i = 0; i < d->nseg; i++)
		col[i] = is_kernel(d->segs[i].module) ? COL_KERNEL : column_of(t, d->segs[i].module);
	w = CPUS_FIXED + t->ncol;
	if (!(t->cell = calloc((size_t)d->ncpu * w + 1, sizeof *t->cell))) {
		free(col);
		cpus_free(t);
		return -1;
	}
	for (c = 0; c < d->ncpu; c++) {
		const struct pdump_cpu *p = &d->cpus[c];
		uint64_t *row = t->cell + (size_t)c * w;

		row[0] = p->samples;
		row[1] = p->kernel;
		row[2] = p->idle;
		row[3] = p->out_of_range;
		for (i = 0; i < d->nseg; i++)
			if (col[i] == COL_KERNEL)
				row[1] += p->segtics[i];
			else if (col[i] != COL_NONE)
				row[CPUS_FIXED + col[i]] += p->segtics[i];
	}
	free(col);
	if (!modules)
		drop_empty(t);
	return 0;
}

void cpus_free(struct cpus_table *t)
{
	free(t->name);
	free(t->cell);
	t->name = NULL;
	t->cell = NULL;
	t->ncol = 0;
}

static int digits(uint64_t v)
{
	int n = 1;

	while (v >= 10) {
		v /= 10;
		n++;
	}
	return n;
}

/* Column k's name (k < CPUS_FIXED: the fixed ones) and whether it is shown. */
static const char *col_name(const struct cpus_table *t, size_t k)
{
	return k < CPUS_FIXED ? fixed_names[k] : t->name[k - CPUS_FIXED];
}

static int col_shown(const struct cpus_table *t, size_t k)
{
	return k != 3 || t->oor;
}

int cpus_print(FILE *out, const struct cpus_table *t)
{
	size_t w = CPUS_FIXED + t->ncol, k, len;
	int cw = digits(t->ncpu ? t->ncpu - 1 : 0), *width;
	uint32_t c;

	if (!(width = calloc(w, sizeof *width)))
		return -1;
	for (k = 0; k < w; k++) {
		len = strlen(col_name(t, k));
		width[k] = (int)len;
		for (c = 0; c < t->ncpu; c++)
			if (digits(t->cell[(size_t)c * w + k]) > width[k])
				width[k] = digits(t->cell[(size_t)c * w + k]);
	}
	fprintf(out, "cpu %*s", cw, "N");
	for (k = 0; k < w; k++)
		if (col_shown(t, k))
			fprintf(out, "  %*s", width[k], col_name(t, k));
	fputc('\n', out);
	for (c = 0; c < t->ncpu; c++) {
		fprintf(out, "cpu %*u", cw, c);
		for (k = 0; k < w; k++)
			if (col_shown(t, k))
				fprintf(out, "  %*llu", width[k],
					(unsigned long long)t->cell[(size_t)c * w + k]);
		fputc('\n', out);
	}
	free(width);
	return 0;
}

int cpus_html(FILE *out, const struct pdump *d)
{
	static const char *const heads[CPUS_FIXED] = { "Samples", "Kernel", "Idle", "Out of range" };
	struct cpus_table t;
	size_t k, w, missing;
	uint32_t c;

	if (!d->ncpu)
		return 0;
	if (cpus_make(d, NULL, 0, &t, &missing))
		return -1;
	w = CPUS_FIXED + t.ncol;
	fputs("<section id=\"cpus\"><h2>CPUs</h2>\n<table class=\"sortable\" id=\"cputable\">"
	      "<thead><tr><th data-num>CPU</th>", out);
	for (k = 0; k < w; k++) {
		if (!col_shown(&t, k))
			continue;
		fputs("<th data-num>", out);
		html_escape(out, k < CPUS_FIXED ? heads[k] : t.name[k - CPUS_FIXED]);
		fputs("</th>", out);
	}
	fputs("</tr></thead><tbody>\n", out);
	for (c = 0; c < t.ncpu; c++) {
		fprintf(out, "<tr><td class=\"n\" data-v=\"%u\">%u</td>", c, c);
		for (k = 0; k < w; k++)
			if (col_shown(&t, k))
				fprintf(out, "<td class=\"n\" data-v=\"%llu\">%llu</td>",
					(unsigned long long)t.cell[(size_t)c * w + k],
					(unsigned long long)t.cell[(size_t)c * w + k]);
		fputs("</tr>\n", out);
	}
	fprintf(out, "</tbody></table>\n<p>%u CPU%s; the kernel's segments are in its column, "
		"the modules' ticks in theirs.</p></section>\n", t.ncpu, t.ncpu == 1 ? "" : "s");
	cpus_free(&t);
	return 0;
}

/* The maps' modules, each checked against d as the report checks it; a map
 * of a module d lacks is skipped with PINFO_SKIP_ABSENT, else an error.
 * Returns the count (names malloc'd into *mods), or -1 having said why. */
static long map_modules(const char *dumpfile, const struct pdump *d, char *const *maps,
			size_t nmaps, int flags, char ***mods, FILE *errs)
{
	struct map m;
	size_t i, n = 0;
	uint32_t k;

	if (!(*mods = calloc(nmaps + 1, sizeof **mods))) {
		fprintf(errs, "pinfo: out of memory\n");
		return -1;
	}
	for (i = 0; i < nmaps; i++) {
		if (pinfo_load_map(maps[i], &m, errs))
			return -1;
		for (k = 0; k < d->nseg && strcasecmp(d->segs[k].module, m.module); k++)
			;
		if (k == d->nseg && !(flags & PINFO_SKIP_ABSENT)) {
			fprintf(errs, "pinfo: %s: module %s is not in the dump (its modules: ",
				SHOWN(maps[i]), SHOWN(m.module));
			pinfo_list_modules(errs, d);
			fputs(")\n", errs);
			map_free(&m);
			return -1;
		}
		if (k < d->nseg && report_check_fingerprint(errs, dumpfile, d, maps[i], &m,
							    flags & PINFO_STRICT) && (flags & PINFO_STRICT)) {
			map_free(&m);
			return -1;	/* a map of other code (said so) */
		}
		if (k < d->nseg && !((*mods)[n++] = strdup(m.module))) {
			fprintf(errs, "pinfo: out of memory\n");
			map_free(&m);
			return -1;
		}
		map_free(&m);
	}
	if (nmaps && !n) {
		fprintf(errs, "pinfo: %s: no map given is of a module of the dump (its modules: ",
			SHOWN(dumpfile));
		pinfo_list_modules(errs, d);
		fputs(")\n", errs);
		return -1;
	}
	return (long)n;
}

int pinfo_cpus(const char *dumpfile, char *const *maps, size_t nmaps, int flags,
	       FILE *out, FILE *errs)
{
	struct pdump d;
	struct cpus_table t;
	char **mods = NULL;
	long n = 0;
	size_t missing, k;
	int status = PINFO_FAIL, rc;

	if (pinfo_load_dump(dumpfile, &d, errs))
		return PINFO_FAIL;
	if (!d.ncpu) {
		fprintf(errs, "pinfo: %s: a version %u dump carries no per-CPU totals (the kernel "
			"writes them from version 5 on; pinfo --merge never)\n", SHOWN(dumpfile), d.version);
	} else if (nmaps && (n = map_modules(dumpfile, &d, maps, nmaps, flags, &mods, errs)) < 0) {
		;	/* said why */
	} else if ((rc = cpus_make(&d, nmaps ? (const char *const *)mods : NULL, (size_t)n, &t,
				   &missing))) {
		/* 1 cannot be: every module asked for is the dump's */
		fprintf(errs, "pinfo: %s\n", rc < 0 ? "out of memory" : "a module is not in the dump");
	} else {
		if (cpus_print(out, &t))
			fprintf(errs, "pinfo: out of memory\n");
		else
			status = PINFO_OK;
		cpus_free(&t);
	}
	for (k = 0; mods && mods[k]; k++)
		free(mods[k]);
	free(mods);
	pdump_release(&d, &host_alloc);
	return status;
}
