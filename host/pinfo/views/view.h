/* view.h: the per-symbol report sorted and filtered as gprof, perf and
 * pprof users expect (--sort, --top, --percent-limit: docs/pinfo.md), and
 * the facts of a dump (its rate, samples, type) for headers. */
#ifndef HOST_PINFO_VIEWS_VIEW_H
#define HOST_PINFO_VIEWS_VIEW_H

#include <stdio.h>
#include "dump.h"
#include "maps.h"

enum view_sort { VIEW_TICS, VIEW_ADDRESS, VIEW_NAME };

struct view {
	int on;			/* any of the options below given: the sorted layout */
	enum view_sort sort;	/* default VIEW_TICS */
	unsigned long top;	/* 0: every symbol */
	double limit;		/* percent; symbols below it are left out */
};

/* "tics", "address", "name": 0 and *sort set, or -1. */
int view_sort_of(const char *word, enum view_sort *sort);

/* The dump's type in words: "system" or "user", with its flags. */
const char *view_type_name(uint32_t type, char *buf, size_t len);

/* One line: "Dump FILE: a user profile (type 5: PT_USER|PT_USEKP), 1000 Hz,
 * 496 samples, format version 2". */
void view_header(FILE *out, const char *dumpfile, const struct pdump *d);

/* m's module as report_module, each segment's symbols in the view's order
 * and filters, with a cumulative percent column. Same returns. */
int view_module(FILE *out, const struct pdump *d, const struct map *m, int flags,
		const struct view *v);

#endif
