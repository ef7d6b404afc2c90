/* report.h: pinfo's output, laid out as the seed's examples 1 and 2
 * (docs/pinfo.md). Pure: a dump and maps in, text out. */
#ifndef REPORT_H
#define REPORT_H

#include <stdio.h>
#include "dump.h"
#include "maps.h"

#define PINFO_E	1	/* every bucket's count, under its symbol */
#define PINFO_T	2	/* a total line for each segment */
#define PINFO_Z	4	/* zero counts too */

/* Example 1: the table of modules and segments. */
void report_summary(FILE *out, const struct pdump *d, int flags);

/* Example 2: m's module, symbol by symbol. Returns 0; 1 when the module has
 * no segment in d (nothing printed); -1 when out of memory. */
int report_module(FILE *out, const struct pdump *d, const struct map *m, int flags);

#endif
