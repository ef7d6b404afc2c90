/* load.h: pinfo's files read and checked (load.c), and the exit status
 * each of pinfo's runs returns. Every problem is said on errs as
 * "pinfo: FILE: what is wrong"; every file is read only if it is a
 * regular file. */
#ifndef HOST_PINFO_READ_LOAD_H
#define HOST_PINFO_READ_LOAD_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define PINFO_OK	0
#define PINFO_FAIL	1	/* a bad dump, or a map that could not be used */
#define PINFO_USAGE	2

/* The map files a -f list names: one a line, blank lines skipped, spaces
 * around a name dropped. A relative name is taken from the current folder,
 * or from the list's folder when it is not found there.
 * Returns the count (paths malloc'd), or (size_t)-1 when out of memory. */
size_t pinfo_map_list(const char *listpath, const char *text, size_t len, char ***paths);

/* The dump at path read whole, its counters decoded and its trace indexed
 * (runs.h); freed with pinfo_release_dump. 0, or -1 having said why. */
struct pdump;
int pinfo_load_dump(const char *path, struct pdump *d, FILE *errs);
void pinfo_release_dump(struct pdump *d);

/* The dump checked whole but decoded only where a report asks (pdump_scan),
 * its trace indexed: its bytes stay in *b till pinfo_release_scan. 0, or
 * -1 having said why (nothing kept). */
struct pinfo_bytes {
	uint8_t *p;
	size_t len;
	int mapped;
};
int pinfo_scan_dump(const char *path, struct pdump *d, struct pinfo_bytes *b, FILE *errs);
void pinfo_release_scan(struct pdump *d, struct pinfo_bytes *b);

/* The counters of module's segments (every one for NULL) of a scanned dump
 * decoded (-e lists buckets from them). 0, or -1 when out of memory. */
int pinfo_decode_segs(struct pdump *d, const char *module);

/* The map (or ELF file) at path read and parsed. 0, or -1 having said why. */
struct map;
int pinfo_load_map(const char *path, struct map *m, FILE *errs);

/* The dump's modules, listed on errs for a message ("none" without). */
void pinfo_list_modules(FILE *errs, const struct pdump *d);

#endif
