/* safepath.c: the name a frame's file gets in the output folder, and the
 * path a file frame's file gets under the files folder: a program's file
 * in a folder (docs/syscalls.md, "Files") comes back in the same folders,
 * each name of the path made safe as safe_name makes a file's, so that no
 * path leaves the folder. */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "safepath.h"

static int keep(uint8_t b)
{
	return (b >= 'A' && b <= 'Z') || (b >= 'a' && b <= 'z') ||
	       (b >= '0' && b <= '9') || b == '.' || b == '_' || b == '-';
}

/* Keeps [A-Za-z0-9._-], makes any other byte '_' (so '/' and '\\' never
 * reach the file system), a leading '.' '_' (no hidden file, no "." or
 * ".."), a leading '-' '_' (no name a shell's glob hands a command as an
 * option), nothing "unnamed.pro", and cuts a long name to SAFE_NAME_MAX
 * bytes keeping its extension. */
void safe_name(const uint8_t *name, size_t len, char out[SAFE_NAME_MAX + 1])
{
	size_t i, n = 0, dot = 0, ext = 0;

	if (!len) {
		strcpy(out, "unnamed.pro");
		return;
	}
	for (i = len; i > 1; i--)	/* the extension: from the last dot, not the first byte */
		if (name[i - 1] == '.') {
			dot = i - 1;
			ext = len - dot;
			break;
		}
	if (len > SAFE_NAME_MAX && ext && ext <= SAFE_EXT_MAX) {
		for (i = 0; i < SAFE_NAME_MAX - ext; i++)
			out[n++] = (char)name[i];
		for (i = dot; i < len; i++)
			out[n++] = (char)name[i];
	} else {
		for (i = 0; i < len && i < SAFE_NAME_MAX; i++)
			out[n++] = (char)name[i];
	}
	out[n] = 0;
	for (i = 0; i < n; i++)
		if (!keep((uint8_t)out[i]))
			out[i] = '_';
	if (out[0] == '.' || out[0] == '-')
		out[0] = '_';
}

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
