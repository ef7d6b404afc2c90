/* report.h: pinfo's output, laid out as the seed's examples 1 and 2
 * (docs/pinfo.md). Pure: a dump and maps in, text out. */
#ifndef HOST_PINFO_VIEWS_REPORT_H
#define HOST_PINFO_VIEWS_REPORT_H

#include <stdio.h>
#include "dump.h"
#include "maps.h"

#define PINFO_E	1	/* every bucket's count, under its symbol */
#define PINFO_T	2	/* a total line for each segment */
#define PINFO_Z	4	/* zero counts too */
#define PINFO_STRICT	8	/* --strict: a map of other code than the dump's is an error */

/* Example 1: the table of modules and segments. */
void report_summary(FILE *out, const struct pdump *d, int flags);

/* Example 2: m's module, symbol by symbol. Returns 0; 1 when the module has
 * no segment in d (nothing printed); -1 when out of memory. */
int report_module(FILE *out, const struct pdump *d, const struct map *m, int flags);

/* Compares the code fingerprint of map m (read from mapfile) with those of
 * its module's code segments (segment 1) in d (read from dumpfile), and
 * says on errs, naming both files and the module: a warning when they
 * differ (an error when strict), a note when either has none (a map not
 * made by mkmap, a version 1 dump). Nothing when the module is not in d.
 * Returns 1 when they differ, else 0. */
int report_check_fingerprint(FILE *errs, const char *dumpfile, const struct pdump *d,
			     const char *mapfile, const struct map *m, int strict);

#endif
