/* html.h: pinfo --html, one self-contained HTML report (docs/report.md):
 * the run's facts, the module table, the functions by tics with bars, the
 * flame graph when the dump has call stacks, and the hottest functions'
 * annotated source. No network: styles and the script are inline
 * (html.c; its parts' base: htmlbase.h). */
#ifndef HOST_PINFO_VIEWS_HTML_H
#define HOST_PINFO_VIEWS_HTML_H

#include <stddef.h>
#include <stdio.h>

/* One self-contained HTML report of dumpfile with maps (ELF files for
 * annotated source; maps of modules not in the dump are skipped). offcpu:
 * a profile of time off the CPU of the same run (or NULL), whose stacks
 * the flame graph draws beside the dump's under "[off-cpu]" (both must
 * have stacks). split: how the annotated source splits a bucket over
 * lines (enum lines_split). Returns the exit status, having said what is
 * wrong on errs. */
int pinfo_html(const char *htmlfile, const char *dumpfile, const char *offcpu, char *const *maps, size_t nmaps,
	       int strict, int split, FILE *errs);

#endif
