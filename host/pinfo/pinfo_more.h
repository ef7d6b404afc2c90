/* pinfo_more.h: pinfo's tools beyond the seed's report (docs/pinfo.md):
 * --diff, --merge (diff.c) and --html (html.c). Each returns the exit
 * status, having said what is wrong on errs. */
#ifndef HOST_PINFO_PINFO_MORE_H
#define HOST_PINFO_PINFO_MORE_H

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

/* One self-contained HTML report of dumpfile with maps (ELF files for
 * annotated source; maps of modules not in the dump are skipped). split:
 * how the annotated source splits a bucket over lines (enum lines_split). */
int pinfo_html(const char *htmlfile, const char *dumpfile, char *const *maps, size_t nmaps,
	       int strict, int split, FILE *errs);

#endif
