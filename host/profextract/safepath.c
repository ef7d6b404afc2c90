/* safepath.c: the path a file frame's file gets under the files folder: a
 * program's file in a folder (docs/syscalls.md, "Files") comes back in
 * the same folders, each name of the path made safe as safe_name makes a
 * file's, so that no path leaves the folder. */
#include "extract.h"
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

void safe_path(const uint8_t *name, size_t len, char out[SAFE_NAME_MAX + 1])
{
	char part[SAFE_NAME_MAX + 1], flat[SAFE_NAME_MAX + 1];
	size_t n = 0, i = 0, depth = 0;

	out[0] = 0;
	while (i < len) {
		size_t s = i;

		while (i < len && name[i] != '/')
			i++;
		if (i > s) {
			safe_name(name + s, i - s, part);	/* never "", ".", ".." nor with '/' */
			if (++depth > SAFE_PATH_DEPTH || n + (n ? 1 : 0) + strlen(part) > SAFE_NAME_MAX)
				goto flatten;
			if (n)
				out[n++] = '/';
			strcpy(out + n, part);
			n += strlen(part);
		}
		i++;
	}
	if (n)
		return;
flatten:	/* too deep or too long, or no name at all: one safe name, as a dump's */
	safe_name(name, len, flat);
	strcpy(out, flat);
}

int make_folders(const char *dir, const char *path, char *err, size_t errlen)
{
	char p[4096];
	struct stat st;
	size_t k = strlen(dir);

	if (k + 1 + strlen(path) >= sizeof p) {
		snprintf(err, errlen, "%s: a path too long", path);
		return -1;
	}
	memcpy(p, dir, k);
	p[k] = '/';
	strcpy(p + k + 1, path);
	for (char *s = p + k + 1; (s = strchr(s, '/')); s++) {
		*s = 0;
		/* made here, or a folder there already: never a link, nor a file */
		if (mkdir(p, 0755) && errno != EEXIST) {
			snprintf(err, errlen, "%.200s: %s", p, strerror(errno));
			return -1;
		}
		if (lstat(p, &st) || !S_ISDIR(st.st_mode)) {
			snprintf(err, errlen, "%.200s: there and not a folder", p);
			return -1;
		}
		*s = '/';
	}
	return 0;
}
