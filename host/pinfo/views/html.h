/* html.h: pinfo --html, one self-contained HTML report (docs/report.md):
 * the run's facts, the module table, the functions by tics with bars, the
 * flame graph when the dump has call stacks, and the hottest functions'
 * annotated source. No network: styles and the script are inline. */
#ifndef HOST_PINFO_VIEWS_HTML_H
#define HOST_PINFO_VIEWS_HTML_H

#include <stdint.h>
#include <stdio.h>
#include "share.h"

/* One folded call stack (as flamegraph.pl's input line "a;b;c 12"):
 * frames[0] is the outermost caller, frames[depth - 1] the sampled frame. */
struct folded_stack {
	const char *const *frames;
	size_t depth;
	uint64_t count;
};

/* The flame graph section (htmlflame.c): an inline SVG, one box (<g class="frame">) for
 * each distinct frame of the merged call tree (the same caller chain), its
 * width its samples' share of total, children in name order, as
 * flamegraph.pl draws them. Boxes narrower than 1/2000 of the graph are
 * left out (their samples stay in their parents' width) and counted in a
 * note. Returns 0, or -1 when out of memory (nothing written). */
int html_flamegraph(FILE *out, const struct folded_stack *stacks, size_t n, uint64_t total);

/* A function of the report: its module's samples (modtics) for the truth's
 * columns; src, html.c's. */
struct src;
struct html_func {
	const char *name, *module;
	uint16_t segno;
	uint32_t addr;
	uint64_t tics, modtics;
	struct share s;		/* its share of the dump and the interval (share.h) */
	struct src *src;
};

/* The functions' table (htmlfuncs.c): the first HTML_MAX_FUNCS of fs (by
 * tics), each share with its 95% interval, and with present.truth
 * (share.h) its share of its module's samples, its exact share and the
 * difference. */
#define HTML_MAX_FUNCS	1000	/* rows of the functions' table; the rest summed */
struct pdump;
void html_func_table(FILE *out, const struct pdump *d, const struct html_func *fs, size_t n);

/* A share's interval as a cell: "±0.41", its ends in the title. */
void html_share_cell(FILE *out, const struct share *s);

/* With present.truth: "truth: NAME worst difference X.XX points" of the
 * map's module, as a note; nothing when the truth lacks it. 0, or -1 out of
 * memory. */
struct map;
int html_truth_line(FILE *out, const struct pdump *d, const struct map *m);

/* The section "CPUs" (id "cpus", htmlfuncs.c): cpus.h's table of d, one
 * row a CPU; nothing for a dump without CPU records. 0, or -1 out of
 * memory. */
int html_cpus(FILE *out, const struct pdump *d);

/* Writes s HTML-escaped (& < > " '). */
void html_escape(FILE *out, const char *s);

#endif
