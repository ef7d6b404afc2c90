/* cpus.c: the table of pinfo --cpus and of the HTML report's "CPUs"
 * (cpus.h): each CPU's samples, kernel, idle and each module's ticks, from
 * the dump's CPU records (version 6). Pure: a dump in, text out (the files
 * are pinfo_run.c's, the HTML htmlfuncs.c's). The numbers are the dump's,
 * added as the report adds them: the columns of a line sum to its samples
 * when every module has its column. */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "cpus.h"
#include "maps.h"

#define COL_NONE	((size_t)-1)	/* a segment of no column shown */
#define COL_KERNEL	((size_t)-2)	/* a kernel segment: the kernel column */

static const char *const fixed_names[CPUS_FIXED] = { "samples", "kernel", "idle", "out-of-range" };

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
		if (!map_is_kernel(modules[k]) && column_of(t, modules[k]) == COL_NONE)
			t->name[t->ncol++] = d->segs[i].module;
	}
	for (i = 0; !modules && i < d->nseg; i++)
		if (!map_is_kernel(d->segs[i].module) && column_of(t, d->segs[i].module) == COL_NONE)
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
		col[i] = map_is_kernel(d->segs[i].module) ? COL_KERNEL : column_of(t, d->segs[i].module);
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

const char *cpus_col_name(const struct cpus_table *t, size_t k)
{
	return k < CPUS_FIXED ? fixed_names[k] : t->name[k - CPUS_FIXED];
}

int cpus_col_shown(const struct cpus_table *t, size_t k)
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
		len = strlen(cpus_col_name(t, k));
		width[k] = (int)len;
		for (c = 0; c < t->ncpu; c++)
			if (digits(t->cell[(size_t)c * w + k]) > width[k])
				width[k] = digits(t->cell[(size_t)c * w + k]);
	}
	fprintf(out, "cpu %*s", cw, "N");
	for (k = 0; k < w; k++)
		if (cpus_col_shown(t, k))
			fprintf(out, "  %*s", width[k], cpus_col_name(t, k));
	fputc('\n', out);
	for (c = 0; c < t->ncpu; c++) {
		fprintf(out, "cpu %*u", cw, c);
		for (k = 0; k < w; k++)
			if (cpus_col_shown(t, k))
				fprintf(out, "  %*llu", width[k],
					(unsigned long long)t->cell[(size_t)c * w + k]);
		fputc('\n', out);
	}
	free(width);
	return 0;
}
