/* htmlflame.h: the flame graph section of pinfo --html (htmlflame.c), and
 * the stacks it draws. */
#ifndef HOST_PINFO_VIEWS_HTMLFLAME_H
#define HOST_PINFO_VIEWS_HTMLFLAME_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include "callstacks.h"
#include "htmlbase.h"

/* The stacks the flame graph draws: a dump's, named by the maps, or a
 * dump's and a profile's of time off the CPU joined (callstacks_join(),
 * those under "[off-cpu]"), folded, their names pointing into cs. */
struct html_stacks {
	struct callstacks cs;
	struct folded_stack *s;
	size_t n;
	uint64_t offcpu;	/* the samples under [off-cpu]; 0 without off */
};

/* The stacks of d, and of off beside them unless off is NULL, named by
 * maps[0..nmaps). 0 (n 0 when d has none and off is NULL: no section);
 * 1 with a reason in err when d, beside off, has no stacks; 2 when off
 * has none or is of another rate; -1 out of memory. */
int html_stacks_make(const struct pdump *d, const struct pdump *off, const struct map *maps, size_t nmaps,
		     struct html_stacks *hs, char *err, size_t errlen);
void html_stacks_free(struct html_stacks *hs);

/* The flame graph section: an inline SVG, one box (<g class="frame">) for
 * each distinct frame of the merged call tree (the same caller chain), its
 * width its samples' share of total, children in name order, as
 * flamegraph.pl draws them. Boxes narrower than 1/2000 of the graph are
 * left out (their samples stay in their parents' width) and counted in a
 * note. offcpu: the samples of them under [off-cpu], said in the text
 * (0: none). Returns 0, or -1 when out of memory (nothing written). */
int html_flamegraph(FILE *out, const struct folded_stack *stacks, size_t n, uint64_t total, uint64_t offcpu);

#endif
