/* pinfo_stacks.c: pinfo's views of a dump's call stacks (docs/stacks.md):
 * --folded, --flamegraph, --pprof (files, each written whole or not at
 * all) and -g (the call graph, on stdout); with --offcpu, of the time off
 * the CPU beside them. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "callstacks.h"
#include "hostio.h"
#include "load.h"
#include "pinfo_stacks.h"
#include "report.h"
#include "shown.h"

enum stack_view { FOLDED, FLAME, PPROF };

struct view_job {
	enum stack_view v;
	const struct callstacks *cs, *off;	/* off: --offcpu's, or NULL */
	const struct callstacks *both;	/* cs, or cs and off joined */
	const char *title;
	char *err;
	size_t errlen;
};

/* --offcpu's stacks into f, each line under a root frame "[off-cpu]":
 * the time off the CPU beside the time on it, one flame graph of both
 * (fgprof's wall clock). 0, or -1 out of memory. */
static int folded_off(const struct callstacks *off, FILE *f)
{
	char *text = NULL, *p, *nl;
	size_t len = 0;
	FILE *m = open_memstream(&text, &len);

	if (!m)
		return -1;
	if (callstacks_folded(off, m)) {
		fclose(m);
		free(text);
		return -1;
	}
	fclose(m);
	for (p = text; p && *p; p = nl + 1) {
		if (!(nl = strchr(p, '\n')))
			nl = p + strlen(p) - 1;
		fprintf(f, "[off-cpu];%.*s\n", (int)(nl - p), p);
	}
	free(text);
	return 0;
}

/* The folded file of --offcpu is the two profiles' files one after the
 * other; the other views draw both (cs then callstacks_join()'s). */
static int write_view(FILE *f, void *arg)
{
	const struct view_job *j = arg;

	if (j->v == FOLDED && j->off)
		return callstacks_folded(j->cs, f) || folded_off(j->off, f) ?
		       (snprintf(j->err, j->errlen, "out of memory"), -1) : 0;
	if (j->v == FOLDED)
		return callstacks_folded(j->cs, f) ? (snprintf(j->err, j->errlen, "out of memory"), -1) : 0;
	if (j->v == FLAME)
		return callstacks_flamegraph(j->both, j->title, f) ?
		       (snprintf(j->err, j->errlen, "out of memory"), -1) : 0;
	return callstacks_pprof(j->both, f, j->err, j->errlen);
}

/* The flame graph's caption: the dump's name, and --offcpu's after it
 * (malloc'd; NULL out of memory). */
static char *title_of(const char *dumpfile, const char *offcpu)
{
	const char *d = strrchr(dumpfile, '/') ? strrchr(dumpfile, '/') + 1 : dumpfile;
	const char *o = offcpu && strrchr(offcpu, '/') ? strrchr(offcpu, '/') + 1 : offcpu;
	size_t len = strlen(d) + (o ? strlen(o) : 0) + sizeof ", and  under " CALLSTACKS_OFFCPU;
	char *title = malloc(len);

	if (title && o)
		snprintf(title, len, "%s, and %s under " CALLSTACKS_OFFCPU, d, o);
	else if (title)
		snprintf(title, len, "%s", d);
	return title;
}

/* The views x asks for of cs, and of off (--offcpu's, or NULL) beside
 * it. The exit status, having said what failed on errs. */
static int write_views(const char *dumpfile, const struct pinfo_stack_views *x, const struct callstacks *cs,
		       const struct callstacks *off, FILE *out, FILE *errs)
{
	const char *files[3] = { x->folded, x->flamegraph, x->pprof };
	struct callstacks both;
	int joined = off && (x->flamegraph || x->pprof || x->callgraph), status = PINFO_OK;
	char err[300], *title = title_of(dumpfile, off ? x->offcpu : NULL);
	size_t i;

	if (!title) {
		fprintf(errs, "pinfo: out of memory\n");
		return PINFO_FAIL;
	}
	if (joined && callstacks_join(cs, off, &both, err, sizeof err)) {
		fprintf(errs, "pinfo: %s: %s\n", SHOWN(x->offcpu), SHOWN(err));
		free(title);
		return PINFO_FAIL;
	}
	for (i = 0; i < 3; i++) {
		struct view_job j = { (enum stack_view)i, cs, off, joined ? &both : cs, title, err, sizeof err };

		if (files[i] && write_whole_file(files[i], write_view, &j, err, sizeof err)) {
			fprintf(errs, "pinfo: %s: %s; nothing written\n", SHOWN(files[i]), SHOWN(err));
			status = PINFO_FAIL;
		}
	}
	if (x->callgraph && callstacks_callgraph(joined ? &both : cs, out)) {
		fprintf(errs, "pinfo: out of memory\n");
		status = PINFO_FAIL;
	}
	free(title);
	if (joined)
		callstacks_free(&both);
	return status;
}

int pinfo_stacks(const char *dumpfile, char *const *mapfiles, size_t nmaps,
		 const struct pinfo_stack_views *x, FILE *out, FILE *errs)
{
	struct map *maps = calloc(nmaps ? nmaps : 1, sizeof *maps);
	struct callstacks cs, ocs;
	struct pdump d, od;
	int have_od = 0, have_ocs = 0;
	char err[300];
	uint8_t *buf;
	size_t len, i, loaded = 0;
	int status = PINFO_OK, rc;

	if (!maps) {
		fprintf(errs, "pinfo: out of memory\n");
		return PINFO_FAIL;
	}
	if (read_regular(dumpfile, &buf, &len, err, sizeof err)) {
		fprintf(errs, "pinfo: %s: %s\n", SHOWN(dumpfile), SHOWN(err));
		free(maps);
		return PINFO_FAIL;
	}
	rc = pdump_read(buf, len, &d, &host_alloc, err, sizeof err);
	free(buf);
	if (rc) {
		fprintf(errs, "pinfo: %s: %s\n", SHOWN(dumpfile), SHOWN(err));
		free(maps);
		return PINFO_FAIL;
	}
	for (i = 0; i < nmaps; i++) {
		if (read_regular(mapfiles[i], &buf, &len, err, sizeof err)) {
			fprintf(errs, "pinfo: %s: %s\n", SHOWN(mapfiles[i]), SHOWN(err));
			status = PINFO_FAIL;
			break;
		}
		rc = map_parse(mapfiles[i], buf, len, &maps[loaded], err, sizeof err);
		free(buf);
		if (rc) {
			fprintf(errs, "pinfo: %s: %s\n", SHOWN(mapfiles[i]), SHOWN(err));
			status = PINFO_FAIL;
			break;
		}
		if (report_check_fingerprint(errs, dumpfile, &d, mapfiles[i], &maps[loaded],
					     x->strict) && x->strict)
			status = PINFO_FAIL;
		loaded++;
	}
	if (status == PINFO_OK && x->offcpu) {	/* its stacks, by the same maps */
		if (read_regular(x->offcpu, &buf, &len, err, sizeof err) ||
		    (rc = pdump_read(buf, len, &od, &host_alloc, err, sizeof err), free(buf), rc) ||
		    (have_od = 1, callstacks_build(&od, maps, loaded, &ocs, err, sizeof err))) {
			fprintf(errs, "pinfo: %s: %s\n", SHOWN(x->offcpu), SHOWN(err));
			status = PINFO_FAIL;
		} else {
			have_ocs = 1;
		}
	}
	if (status == PINFO_OK && callstacks_build(&d, maps, loaded, &cs, err, sizeof err)) {
		fprintf(errs, "pinfo: %s: %s\n", SHOWN(dumpfile), SHOWN(err));
		status = PINFO_FAIL;
	} else if (status == PINFO_OK) {
		status = write_views(dumpfile, x, &cs, have_ocs ? &ocs : NULL, out, errs);
		callstacks_free(&cs);
	}
	if (have_ocs)
		callstacks_free(&ocs);
	if (have_od)
		pdump_release(&od, &host_alloc);
	for (i = 0; i < loaded; i++)
		map_free(&maps[i]);
	free(maps);
	pdump_release(&d, &host_alloc);
	return status;
}
