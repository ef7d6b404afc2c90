/* csv.h: pinfo --csv FILE, one row a function (docs/pinfo.md, "CSV"), and
 * the truth's worst difference of a module (--truth). Fields are quoted as
 * RFC 4180 has it; lines end in LF; shares have 4 decimals. */
#ifndef HOST_PINFO_VIEWS_CSV_H
#define HOST_PINFO_VIEWS_CSV_H

#include <stdio.h>
#include "dump.h"
#include "maps.h"

/* The first characters a spreadsheet takes for a formula's (OWASP's
 * rule on CSV injection): a field starting with one is text to it. */
#define CSV_FORMULA "=+-@\t\r"

/* s as one field: as it is, or in double quotes (its quotes doubled) when
 * it holds a comma, a quote, a CR or an LF, or starts with a character of
 * CSV_FORMULA or a '; in the last two cases with a ' first inside the
 * quotes, so that a quoted field's first ' is never the name's. */
void csv_field(FILE *out, const char *s);

/* "module,function,tics,percent,ci_low,ci_high", then ",exact,diff" with
 * present.truth. */
void csv_header(FILE *out);

/* m's module in d: a row for each function of samples (and, with
 * present.truth, of instructions) onto out when out is not NULL; percent
 * and its interval: the function's share of the module's samples; exact:
 * its share of the module's instructions, diff: percent less exact, in
 * points (both empty when the truth lacks the module). *worst:
 * the largest difference's size (-1 when the truth lacks the module).
 * hot (when not NULL): the hottest function seen (share.h).
 * Returns 0; 1 when the module is not in d; -1 out of memory. */
struct share_hot;
int csv_module(FILE *out, const struct pdump *d, const struct map *m, double *worst,
	       struct share_hot *hot);

/* "truth: NAME worst difference X.XX points", NAME in lower case. */
void csv_truth_line(FILE *out, const char *module, double worst);

/* --diff --csv: "module,function,percent_a,percent_b,change,significant". */
void csv_diff_header(FILE *out);
void csv_diff_row(FILE *out, const char *module, const char *name, double a, double b, int sig);

#endif
