/* htmlbase.h: what the parts of pinfo --html share (htmlbase.c): the
 * escape of text, a folded call stack, a function of the report and how
 * many the table shows. The report (html.c) and its sections
 * (htmlflame.c, htmlfuncs.c, timeline.c) stand on it. */
#ifndef HOST_PINFO_VIEWS_HTMLBASE_H
#define HOST_PINFO_VIEWS_HTMLBASE_H

#include <stddef.h>
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

#define HTML_MAX_FUNCS	1000	/* rows of the functions' table; the rest summed */

/* Writes s HTML-escaped (& < > " '). */
void html_escape(FILE *out, const char *s);

#endif
