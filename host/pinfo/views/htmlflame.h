/* htmlflame.h: the flame graph section of pinfo --html (htmlflame.c). */
#ifndef HOST_PINFO_VIEWS_HTMLFLAME_H
#define HOST_PINFO_VIEWS_HTMLFLAME_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include "htmlbase.h"

/* The flame graph section: an inline SVG, one box (<g class="frame">) for
 * each distinct frame of the merged call tree (the same caller chain), its
 * width its samples' share of total, children in name order, as
 * flamegraph.pl draws them. Boxes narrower than 1/2000 of the graph are
 * left out (their samples stay in their parents' width) and counted in a
 * note. Returns 0, or -1 when out of memory (nothing written). */
int html_flamegraph(FILE *out, const struct folded_stack *stacks, size_t n, uint64_t total);

#endif
