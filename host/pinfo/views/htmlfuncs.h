/* htmlfuncs.h: the functions' table, the truth lines and the CPUs of
 * pinfo --html (htmlfuncs.c). */
#ifndef HOST_PINFO_VIEWS_HTMLFUNCS_H
#define HOST_PINFO_VIEWS_HTMLFUNCS_H

#include <stdio.h>
#include "htmlbase.h"

/* The functions' table: the first HTML_MAX_FUNCS of fs (by tics), each
 * share with its 95% interval, and with present.truth (share.h) its share
 * of its module's samples, its exact share and the difference. */
struct pdump;
void html_func_table(FILE *out, const struct pdump *d, const struct html_func *fs, size_t n);

/* A share's interval as a cell: "±0.41", its ends in the title. */
void html_share_cell(FILE *out, const struct share *s);

/* With present.truth: "truth: NAME worst difference X.XX points" of the
 * map's module, as a note; nothing when the truth lacks it. 0, or -1 out of
 * memory. */
struct map;
int html_truth_line(FILE *out, const struct pdump *d, const struct map *m);

/* The section "CPUs" (id "cpus"): cpus.h's table of d, one row a CPU;
 * nothing for a dump without CPU records. 0, or -1 out of memory. */
int html_cpus(FILE *out, const struct pdump *d);

#endif
