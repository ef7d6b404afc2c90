/* diff.h: pinfo --diff and --merge (diff.c, docs/pinfo.md). Each returns
 * the exit status, having said what is wrong on errs. */
#ifndef HOST_PINFO_VIEWS_DIFF_H
#define HOST_PINFO_VIEWS_DIFF_H

#include <stddef.h>
#include <stdio.h>

/* Each function of the maps' modules: its share of each dump's ticks and
 * the change, sorted by the size of the change (largest first). */
int pinfo_diff(const char *basefile, const char *newfile, char *const *maps, size_t nmaps,
	       int strict, FILE *out, FILE *errs);

/* Adds dumps[0..n) into outfile: the same kind, rate and bucket size;
 * segments of one module and number matched in order, and refused unless
 * their code fingerprints (and origin and length) are the same; a module
 * of one dump only is kept as it is. outfile is written whole or not at all. */
int pinfo_merge(const char *outfile, char *const *dumps, size_t n, FILE *errs);

#endif
