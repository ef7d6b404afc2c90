/* pinfo_run.c: pinfo's report, its --cpus table and its exports, apart
 * from its options (pinfo_run.h); the files are read by read/load.c. The dump
 * is read and checked before anything is printed, and each map is read and
 * checked before its block; the blocks are written as they are made, so
 * that pinfo's memory follows its inputs, never its output. */
#define _GNU_SOURCE	/* fopencookie */
#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "attrib.h"
#include "cpus.h"
#include "csv.h"
#include "dump.h"
#include "export.h"
#include "hostio.h"
#include "load.h"
#include "maps.h"
#include "pinfo_run.h"
#include "report.h"
#include "share.h"
#include "view.h"
#include "shown.h"

/* A block on its way to out: a FILE that passes its bytes through, the
 * blank line that parts two blocks first, so that a block that writes
 * nothing (a module without a tic) adds no blank line. Nothing is held:
 * a report is as long as its output, which with -e -z may be a line for
 * each of 2^28 counters, far past the dump's size. */
struct pass {
	FILE *out;
	int parted;	/* the blank line is owed before the first byte */
	int wrote;
};

static ssize_t pass_write(void *cookie, const char *data, size_t n)
{
	struct pass *p = cookie;

	if (n && p->parted && !p->wrote)
		fputc('\n', p->out);
	p->wrote |= n != 0;
	return (ssize_t)fwrite(data, 1, n, p->out);
}

/* A FILE writing to out through p, or NULL. */
static FILE *pass_open(struct pass *p, FILE *out, int parted)
{
	static const cookie_io_functions_t io = { .write = pass_write };

	p->out = out;
	p->parted = parted;
	p->wrote = 0;
	return fopencookie(p, "w", io);
}

/* What the views' options add to a report (share.h's present): the CSV's
 * rows, the truth's worst difference of each module, the hottest function
 * for the note on too few samples. */
struct extras {
	int on;
	FILE *csv;		/* rows, held until the report is done */
	char *csvbuf;
	size_t csvlen;
	struct share_hot hot;
	struct worst {
		char module[64];
		double worst;
	} *w;
	size_t nw;
};

/* m's module's part of x; -1 out of memory. */
static int extras_module(struct extras *x, const struct pdump *d, const struct map *m)
{
	double worst;
	struct worst *g;
	int rc = csv_module(x->csv, d, m, &worst, &x->hot);

	if (rc || worst < 0)
		return rc < 0 ? -1 : 0;
	if (!(g = realloc(x->w, (x->nw + 1) * sizeof *g)))
		return -1;
	x->w = g;
	snprintf(g[x->nw].module, sizeof g->module, "%s", m->module);
	g[x->nw++].worst = worst;
	return 0;
}

static int csv_out(FILE *f, void *arg)
{
	const struct extras *x = arg;

	return fwrite(x->csvbuf, 1, x->csvlen, f) == x->csvlen ? 0 : -1;
}

/* The report's last lines: the note on too few samples (views with the
 * interval), the truth's; the CSV written. Returns the status. */
static int extras_end(struct extras *x, const struct pdump *d, const struct view *v, int status,
		      FILE *out, FILE *errs)
{
	char err[300];
	size_t i;
	int noted = ((v && v->on) || present.ci) && share_hot_note(out, &x->hot, d);

	if (x->nw && !noted)	/* the truth's lines after a blank line too */
		fputc('\n', out);
	for (i = 0; i < x->nw; i++)
		csv_truth_line(out, x->w[i].module, x->w[i].worst);
	free(x->w);
	if (!x->csv)
		return status;
	if (fclose(x->csv) && status == PINFO_OK) {
		fprintf(errs, "pinfo: out of memory\n");
		status = PINFO_FAIL;
	}
	if (status == PINFO_OK && write_whole_file(present.csv, csv_out, x, err, sizeof err)) {
		fprintf(errs, "pinfo: %s: %s; nothing written\n", SHOWN(present.csv), SHOWN(err));
		status = PINFO_FAIL;
	}
	free(x->csvbuf);
	return status;
}

/* One map's block, written to out as it is made (nothing for a module
 * without a tic, but with -z), after a blank line if *first is 0; *first
 * becomes 0 once a block wrote. Returns 0, 1 for a map of a module the
 * dump lacks with PINFO_SKIP_ABSENT (nothing said), or -1 having said why
 * (out of memory: the block's lines so far are out). */
static int one_map(const char *path, const char *dumpfile, struct pdump *d, int flags,
		   const struct view *v, FILE *out, int *first, struct extras *x, FILE *errs)
{
	struct map m;
	struct pass p;
	FILE *block;
	int rc = -1;

	if (pinfo_load_map(path, &m, errs))
		return -1;
	if (report_check_fingerprint(errs, dumpfile, d, path, &m, flags & PINFO_STRICT) &&
	    (flags & PINFO_STRICT)) {
		map_free(&m);
		return -1;	/* a map of other code: no block */
	}
	/* -e and the sorted views read the counters: decode this module's */
	if (map_normalize(&m) || (((flags & PINFO_E) || (v && v->on) || x->on) &&
				  pinfo_decode_segs(d, m.module))) {
		fprintf(errs, "pinfo: %s: out of memory\n", SHOWN(path));
		map_free(&m);
		return -1;
	}
	if ((block = pass_open(&p, out, !*first))) {
		rc = v && v->on ? view_module(block, d, &m, flags & (PINFO_E | PINFO_T | PINFO_Z), v)
				: report_module(block, d, &m, flags & (PINFO_E | PINFO_T | PINFO_Z));
		if (fclose(block) && !rc)
			rc = -1;
		*first &= !p.wrote;
	}
	if (!rc && x->on && extras_module(x, d, &m) < 0)
		rc = -1;
	if (rc == 1 && (flags & PINFO_SKIP_ABSENT)) {
		map_free(&m);
		return 1;
	}
	if (rc == 1) {
		fprintf(errs, "pinfo: %s: module %s is not in the dump (its modules: ",
			SHOWN(path), SHOWN(m.module));
		pinfo_list_modules(errs, d);
		fputs(")\n", errs);
	} else if (rc < 0) {
		fprintf(errs, "pinfo: %s: out of memory\n", SHOWN(path));
	}
	map_free(&m);
	return rc ? -1 : 0;
}

int pinfo_run(const char *dumpfile, char *const *maps, size_t nmaps, int flags,
	      FILE *out, FILE *errs)
{
	return pinfo_run_view(dumpfile, maps, nmaps, flags, NULL, out, errs);
}

int pinfo_run_view(const char *dumpfile, char *const *maps, size_t nmaps, int flags,
		   const struct view *v, FILE *out, FILE *errs)
{
	struct pdump d;
	size_t i, skipped = 0;
	int status = PINFO_OK, first = 1, rc;
	struct pinfo_bytes dumpbuf;
	struct extras x = { 0 };

	/* Blocks of a megabyte or more are mapped and given back when freed, so
	 * the large ones freed along the way (the sort's keys, the rounding's
	 * arrays) do not stay in the peak (glibc would raise its threshold). */
	mallopt(M_MMAP_THRESHOLD, 1 << 20);
	if (pinfo_scan_dump(dumpfile, &d, &dumpbuf, errs))
		return PINFO_FAIL;
	x.on = present.csv || present.truth || present.ci || (v && v->on);
	if (present.csv && !(x.csv = open_memstream(&x.csvbuf, &x.csvlen))) {
		fprintf(errs, "pinfo: out of memory\n");
		pinfo_release_scan(&d, &dumpbuf);
		return PINFO_FAIL;
	}
	if (x.csv)
		csv_header(x.csv);
	if (v && v->on) {	/* the sorted view: the dump's facts first */
		view_header(out, dumpfile, &d);
		fputc('\n', out);
	}
	if (!nmaps || (flags & PINFO_SUMMARY)) {	/* the module table, then the maps' blocks */
		if ((flags & PINFO_E) && pinfo_decode_segs(&d, NULL)) {
			fprintf(errs, "pinfo: out of memory\n");
			status = PINFO_FAIL;
		} else {
			report_summary(out, &d, flags);
			if (nmaps)
				fputs("\f\n", out);
		}
	}
	for (i = 0; i < nmaps; i++) {
		if ((rc = one_map(maps[i], dumpfile, &d, flags, v, out, &first, &x, errs)) < 0)
			status = PINFO_FAIL;
		skipped += rc == 1;
	}
	if (nmaps && skipped == nmaps) {
		fprintf(errs, "pinfo: %s: no map given is of a module of the dump (its modules: ",
			SHOWN(dumpfile));
		pinfo_list_modules(errs, &d);
		fputs(")\n", errs);
		status = PINFO_FAIL;
	}
	status = extras_end(&x, &d, v, status, out, errs);
	pinfo_release_scan(&d, &dumpbuf);
	return status;
}

/* ---- --cpus ------------------------------------------------------------------ */

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
			"writes them from version 6 on; pinfo --merge never)\n", SHOWN(dumpfile), d.version);
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
	pinfo_release_dump(&d);
	return status;
}

/* ---- exports ------------------------------------------------------------------- */

typedef int (*export_fn)(const struct export_src *src, const struct pdump *d, FILE *f,
			 struct gmon_stats *st, char *err, size_t errlen);

static int gmon_fn(const struct export_src *src, const struct pdump *d, FILE *f,
		   struct gmon_stats *st, char *err, size_t errlen)
{
	return export_gmon(src, d->hz, f, st, err, errlen);
}

static int proc_fn(const struct export_src *src, const struct pdump *d, FILE *f,
		   struct gmon_stats *st, char *err, size_t errlen)
{
	(void)st;
	return export_proc_profile(src, export_outside(d, src->module), f, err, errlen);
}

/* One export, for write_whole_file. */
struct export_job {
	export_fn fn;
	const struct export_src *src;
	const struct pdump *d;
	struct gmon_stats *st;
	char *err;
	size_t errlen;
};

static int export_to(FILE *f, void *arg)
{
	const struct export_job *j = arg;

	return j->fn(j->src, j->d, f, j->st, j->err, j->errlen);
}

/* One export of module's code segment to path; who names the file that
 * chose the module, for a module the dump lacks. */
static int one_export(const char *path, const struct pdump *d, const char *module,
		      export_fn fn, const char *who, FILE *errs)
{
	struct export_src src;
	struct gmon_stats st;
	char err[300];
	int rc;

	if (export_select(d, module, 1, &src, err, sizeof err)) {
		fprintf(errs, "pinfo: %s: %s (its modules: ", SHOWN(who), SHOWN(err));
		pinfo_list_modules(errs, d);
		fputs(")\n", errs);
		return -1;
	}
	memset(&st, 0, sizeof st);
	{
		struct export_job j = { fn, &src, d, &st, err, sizeof err };

		rc = write_whole_file(path, export_to, &j, err, sizeof err);
	}
	export_src_free(&src);
	if (rc) {
		fprintf(errs, "pinfo: %s: %s; nothing written\n", SHOWN(path), SHOWN(err));
		return -1;
	}
	if (st.hot)
		fprintf(errs, "pinfo: %s: %u bins above %u ticks, carried by records of one "
			"range that gprof adds up (%u records)\n", SHOWN(path), st.hot, GMON_BIN_MAX,
			st.records);
	if (st.clipped)
		fprintf(errs, "pinfo: %s: %u bins above %u ticks (gprof's int) written as %u\n",
			SHOWN(path), st.clipped, GMON_SUM_MAX, GMON_SUM_MAX);
	return 0;
}

int pinfo_export(const char *dumpfile, const struct pinfo_exports *x, FILE *errs)
{
	struct pdump d;
	struct map m;
	int status = PINFO_OK;

	if (pinfo_load_dump(dumpfile, &d, errs))
		return PINFO_FAIL;
	if (x->gmon) {
		if (pinfo_load_map(x->gmon_map, &m, errs)) {
			status = PINFO_FAIL;
		} else {
			if ((report_check_fingerprint(errs, dumpfile, &d, x->gmon_map, &m, x->strict) &&
			     x->strict) ||
			    one_export(x->gmon, &d, m.module, gmon_fn, x->gmon_map, errs))
				status = PINFO_FAIL;
			map_free(&m);
		}
	}
	if (x->proc && one_export(x->proc, &d, x->proc_module ? x->proc_module : "kernel",
				  proc_fn, dumpfile, errs))
		status = PINFO_FAIL;
	pinfo_release_dump(&d);
	return status;
}
