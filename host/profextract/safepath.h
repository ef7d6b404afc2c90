/* safepath.h: the names a capture's files are written under (safepath.c):
 * a frame's file name, and a file frame's path below the files folder,
 * made safe whatever bytes the guest gave. */
#ifndef HOST_PROFEXTRACT_SAFEPATH_H
#define HOST_PROFEXTRACT_SAFEPATH_H

#include <stddef.h>
#include <stdint.h>

#define SAFE_NAME_MAX	100	/* bytes of a written file's name */
#define SAFE_EXT_MAX	16	/* an extension kept through truncation, dot included */

/* The name a frame's file gets in the output folder: a plain file name,
 * never a path, "." or "..", nor one starting with '.' or '-', whatever
 * bytes the guest gave. A frame whose safe name another frame of the
 * capture, of another name, took is written as name~1 (~2, ...) before
 * its extension (extract.c, pick_name). */
void safe_name(const uint8_t *name, size_t len, char out[SAFE_NAME_MAX + 1]);

/* A file frame's path under the files folder: each name between its '/'s
 * made safe as safe_name makes it (so never "." or "..", nor empty: no
 * path leaves the folder), at most SAFE_PATH_DEPTH deep and SAFE_NAME_MAX
 * bytes; a deeper or longer one, one safe name. */
#define SAFE_PATH_DEPTH	16
void safe_path(const uint8_t *name, size_t len, char out[SAFE_NAME_MAX + 1]);
/* The folders of dir/path (a safe path) below dir, made as needed: each
 * must be a folder, never a link. 0, or -1 with err. */
int make_folders(const char *dir, const char *path, char *err, size_t errlen);

#endif
