/* pinfo_stacks.c: pinfo's views of a dump's call stacks (docs/stacks.md):
 * --folded, --flamegraph, --pprof (files, each written whole or not at
 * all) and -g (the call graph, on stdout). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "callstacks.h"
#include "hostio.h"
#include "pinfo_run.h"
#include "report.h"

enum stack_view { FOLDED, FLAME, PPROF };

static int write_view(const char *path, enum stack_view v, const struct callstacks *cs,
		      const char *title, char *err, size_t errlen)
{
	const char *slash = strrchr(path, '/');
	int dirlen = slash ? (int)(slash - path) + 1 : 0, fd, rc;
	char *tmp;
	mode_t mask;
	struct stat st;
	FILE *f;

	/* a file replaces a file, never a device, a folder or a link */
	if (!lstat(path, &st) && !S_ISREG(st.st_mode)) {
		snprintf(err, errlen, "is there and is not a regular file");
		return -1;
	}
	tmp = malloc(strlen(path) + 16);
	mask = umask(0);
	umask(mask);
	if (!tmp) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	sprintf(tmp, "%.*s.%s.XXXXXX", dirlen, path, path + dirlen);
	if ((fd = mkstemp(tmp)) < 0 || !(f = fdopen(fd, "wb"))) {
		snprintf(err, errlen, "%s", strerror(errno));
		if (fd >= 0) {
			close(fd);
			unlink(tmp);
		}
		free(tmp);
		return -1;
	}
	fchmod(fd, 0666 & ~mask);
	if (v == FOLDED)
		rc = callstacks_folded(cs, f);
	else if (v == FLAME)
		rc = callstacks_flamegraph(cs, title, f);
	else
		rc = callstacks_pprof(cs, f, err, errlen);
	if (rc && v != PPROF)
		snprintf(err, errlen, "out of memory");
	if ((ferror(f) | fclose(f)) && !rc)
		rc = -1, snprintf(err, errlen, "%s", strerror(errno));
	if (!rc && rename(tmp, path))
		rc = -1, snprintf(err, errlen, "%s", strerror(errno));
	if (rc)
		unlink(tmp);
	free(tmp);
	return rc;
}

int pinfo_stacks(const char *dumpfile, char *const *mapfiles, size_t nmaps,
		 const struct pinfo_stack_views *x, FILE *out, FILE *errs)
{
	struct map *maps = calloc(nmaps ? nmaps : 1, sizeof *maps);
	struct callstacks cs;
	struct pdump d;
	char err[300];
	uint8_t *buf;
	size_t len, i, loaded = 0;
	int status = PINFO_OK, rc;

	if (!maps) {
		fprintf(errs, "pinfo: out of memory\n");
		return PINFO_FAIL;
	}
	if (read_regular(dumpfile, &buf, &len, err, sizeof err)) {
		fprintf(errs, "pinfo: %s: %s\n", dumpfile, err);
		free(maps);
		return PINFO_FAIL;
	}
	rc = pdump_read(buf, len, &d, &host_alloc, err, sizeof err);
	free(buf);
	if (rc) {
		fprintf(errs, "pinfo: %s: %s\n", dumpfile, err);
		free(maps);
		return PINFO_FAIL;
	}
	for (i = 0; i < nmaps; i++) {
		if (read_regular(mapfiles[i], &buf, &len, err, sizeof err)) {
			fprintf(errs, "pinfo: %s: %s\n", mapfiles[i], err);
			status = PINFO_FAIL;
			break;
		}
		rc = map_parse(mapfiles[i], buf, len, &maps[loaded], err, sizeof err);
		free(buf);
		if (rc) {
			fprintf(errs, "pinfo: %s: %s\n", mapfiles[i], err);
			status = PINFO_FAIL;
			break;
		}
		if (report_check_fingerprint(errs, dumpfile, &d, mapfiles[i], &maps[loaded],
					     x->strict) && x->strict)
			status = PINFO_FAIL;
		loaded++;
	}
	if (status == PINFO_OK && callstacks_build(&d, maps, loaded, &cs, err, sizeof err)) {
		fprintf(errs, "pinfo: %s: %s\n", dumpfile, err);
		status = PINFO_FAIL;
	} else if (status == PINFO_OK) {
		const char *title = strrchr(dumpfile, '/') ? strrchr(dumpfile, '/') + 1 : dumpfile;
		const char *files[3] = { x->folded, x->flamegraph, x->pprof };

		for (i = 0; i < 3; i++)
			if (files[i] && write_view(files[i], (enum stack_view)i, &cs, title, err, sizeof err)) {
				fprintf(errs, "pinfo: %s: %s; nothing written\n", files[i], err);
				status = PINFO_FAIL;
			}
		if (x->callgraph && callstacks_callgraph(&cs, out)) {
			fprintf(errs, "pinfo: out of memory\n");
			status = PINFO_FAIL;
		}
		callstacks_free(&cs);
	}
	for (i = 0; i < loaded; i++)
		map_free(&maps[i]);
	free(maps);
	pdump_release(&d, &host_alloc);
	return status;
}
