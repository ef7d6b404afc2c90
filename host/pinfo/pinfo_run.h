/* pinfo_run.h: pinfo's report, its --cpus table and its exports, apart
 * from its options (docs/pinfo.md). The other tools' runs: pinfo_lines.h,
 * pinfo_stacks.h, and the views' diff.h, html.h and timeline.h. */
#ifndef HOST_PINFO_PINFO_RUN_H
#define HOST_PINFO_PINFO_RUN_H

#include <stddef.h>
#include <stdio.h>
#include "load.h"	/* PINFO_OK, _FAIL, _USAGE */

/* A flag of pinfo_run beside report.h's PINFO_E, _T, _Z: a map of a module
 * the dump lacks is skipped without a word (so every map of a run can be
 * given at once), instead of being an error; it is still an error when
 * every map given is skipped. */
#define PINFO_SKIP_ABSENT	0x100
#define PINFO_SUMMARY		0x200	/* --summary: the module table first, a form feed line, then the maps' */

/* Reports dumpfile with maps[0..nmaps) (none: the module table) on out;
 * problems on errs as "pinfo: FILE: what is wrong". Nothing goes to out
 * when the dump is bad. Every file is read only if it is a regular file.
 * Returns the exit status. */
int pinfo_run(const char *dumpfile, char *const *maps, size_t nmaps, int flags,
	      FILE *out, FILE *errs);

/* pinfo_run with the sorted and filtered view v (view.h; NULL or v->on 0:
 * the default report); the dump's facts come first when v->on. */
struct view;
int pinfo_run_view(const char *dumpfile, char *const *maps, size_t nmaps, int flags,
		   const struct view *v, FILE *out, FILE *errs);

/* pinfo --cpus DUMP [maps...] (cpus.h's table): its module columns the
 * maps' (each checked against the dump as the report checks it; flags:
 * PINFO_STRICT, PINFO_SKIP_ABSENT) or, without, every module with a tick.
 * A dump without CPU records (versions 1 to 4) is refused with a line
 * saying so. Returns the exit status. */
int pinfo_cpus(const char *dumpfile, char *const *maps, size_t nmaps, int flags,
	       FILE *out, FILE *errs);

/* The exports (docs/pinfo.md): each file named is written whole or not at
 * all (a temporary file renamed over it). */
struct pinfo_exports {
	const char *gmon;	/* gmon.out to write, or NULL */
	const char *gmon_map;	/* its program: the map (an ELF) that names the module */
	const char *proc;	/* /proc/profile to write, or NULL */
	const char *proc_module;	/* its module; NULL: the kernel */
	int strict;		/* --strict: gmon_map of other code than the dump's is an error */
};

/* Writes the exports x asks for from dumpfile, code segments (1) only;
 * problems and notes on errs. Returns the exit status. */
int pinfo_export(const char *dumpfile, const struct pinfo_exports *x, FILE *errs);

#endif
