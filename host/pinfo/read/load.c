/* load.c: pinfo's files read and checked (load.h): the dumps, whole or
 * scanned, each with its trace's index (runs.h); the maps; the -f lists.
 * Each problem is said on errs as "pinfo: FILE: what is wrong". */
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "dump.h"
#include "hostio.h"
#include "load.h"
#include "maps.h"
#include "runs.h"
#include "shown.h"

/* A name as given (from the current folder); failing that, from the list's. */
static char *resolve(const char *listpath, const char *name, size_t n)
{
	const char *slash = strrchr(listpath, '/');
	size_t dirlen = slash ? (size_t)(slash - listpath) + 1 : 0;
	char *path = malloc(dirlen + n + 1);

	if (!path)
		return NULL;
	memcpy(path, name, n);
	path[n] = 0;
	if (name[0] == '/' || !dirlen || !access(path, F_OK))
		return path;
	memcpy(path, listpath, dirlen);
	memcpy(path + dirlen, name, n);
	path[dirlen + n] = 0;
	if (!access(path, F_OK))
		return path;
	memcpy(path, name, n);	/* neither: the name as given, for the message */
	path[n] = 0;
	return path;
}

size_t pinfo_map_list(const char *listpath, const char *text, size_t len, char ***paths)
{
	size_t n = 0, pos = 0;
	char **list = NULL, **grown;

	while (pos < len) {
		const char *line = text + pos, *nl = memchr(line, '\n', len - pos);
		size_t end = nl ? (size_t)(nl - line) : len - pos, start = 0;

		pos += end + 1;
		while (start < end && strchr(" \t\r", line[start]))
			start++;
		while (end > start && strchr(" \t\r", line[end - 1]))
			end--;
		if (start == end)
			continue;
		if (!(grown = realloc(list, (n + 1) * sizeof *list)))
			goto oom;
		list = grown;
		if (!(list[n] = resolve(listpath, line + start, end - start)))
			goto oom;
		n++;
	}
	*paths = list;
	return n;
oom:
	while (n)
		free(list[--n]);
	free(list);
	return (size_t)-1;
}

/* Reads path whole, saying why not on errs. */
static int read_or_say(const char *path, uint8_t **buf, size_t *len, FILE *errs)
{
	char err[300];

	if (read_regular(path, buf, len, err, sizeof err)) {
		fprintf(errs, "pinfo: %s: %s\n", SHOWN(path), SHOWN(err));
		return -1;
	}
	return 0;
}

/* The trace's index made for d (read from path); -1 having said why. */
static int index_or_say(const char *path, struct pdump *d, FILE *errs)
{
	if (!d->trace || !runs_index(d))
		return 0;
	fprintf(errs, "pinfo: %s: out of memory for the index of a trace of %u ticks\n", SHOWN(path),
		d->ntrace);
	pdump_release(d, &host_alloc);
	return -1;
}

int pinfo_load_dump(const char *path, struct pdump *d, FILE *errs)
{
	char err[300];
	uint8_t *buf;
	size_t len;
	int rc;

	if (read_or_say(path, &buf, &len, errs))
		return -1;
	rc = pdump_read(buf, len, d, &host_alloc, err, sizeof err);
	if (rc)
		fprintf(errs, "pinfo: %s: %s\n", SHOWN(path), SHOWN(err));
	free(buf);
	return rc ? rc : index_or_say(path, d, errs);
}

int pinfo_scan_dump(const char *path, struct pdump *d, struct pinfo_bytes *b, FILE *errs)
{
	char err[300];

	if (map_regular(path, &b->p, &b->len, &b->mapped, err, sizeof err)) {
		fprintf(errs, "pinfo: %s: %s\n", SHOWN(path), SHOWN(err));
		return -1;
	}
	if (pdump_scan(b->p, b->len, d, &host_alloc, err, sizeof err)) {
		fprintf(errs, "pinfo: %s: %s\n", SHOWN(path), SHOWN(err));
		file_release(b->p, b->len, b->mapped);
		return -1;
	}
	if (index_or_say(path, d, errs)) {
		file_release(b->p, b->len, b->mapped);
		return -1;
	}
	return 0;
}

int pinfo_decode_segs(struct pdump *d, const char *module)
{
	uint32_t i;

	for (i = 0; i < d->nseg; i++)
		if ((!module || !strcasecmp(d->segs[i].module, module)) &&
		    pdump_load_seg(&d->segs[i], d->shift, &host_alloc))
			return -1;
	return 0;
}

void pinfo_release_dump(struct pdump *d)
{
	runs_index_free(d);
	pdump_release(d, &host_alloc);
}

void pinfo_release_scan(struct pdump *d, struct pinfo_bytes *b)
{
	pinfo_release_dump(d);
	file_release(b->p, b->len, b->mapped);
}

int pinfo_load_map(const char *path, struct map *m, FILE *errs)
{
	char err[300];
	uint8_t *buf;
	size_t len;
	int mapped;

	if (map_regular(path, &buf, &len, &mapped, err, sizeof err)) {
		fprintf(errs, "pinfo: %s: %s\n", SHOWN(path), SHOWN(err));
		return -1;
	}
	if (map_parse_owned(path, buf, len, mapped, m, err, sizeof err)) {	/* buf is m's */
		fprintf(errs, "pinfo: %s: %s\n", SHOWN(path), SHOWN(err));
		return -1;
	}
	return 0;
}

/* The dump's modules, for the message about a map that matches none. */
void pinfo_list_modules(FILE *errs, const struct pdump *d)
{
	uint32_t i, j;
	int first = 1;

	for (i = 0; i < d->nseg; i++) {
		for (j = 0; j < i && strcmp(d->segs[j].module, d->segs[i].module); j++)
			;
		if (j == i) {
			fprintf(errs, "%s%s", first ? "" : ", ", d->segs[i].module);
			first = 0;
		}
	}
	if (first)
		fputs("none", errs);
}

