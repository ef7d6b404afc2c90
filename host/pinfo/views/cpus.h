/* cpus.h: the table of pinfo --cpus, how each CPU spent its time
 * (docs/pinfo.md, "Per CPU"), from a dump's CPU records (version 6,
 * docs/dump-format.md), which the HTML report's section "CPUs" shows too
 * (html.h's html_cpus); pinfo_run.h's pinfo_cpus reads the files. */
#ifndef HOST_PINFO_VIEWS_CPUS_H
#define HOST_PINFO_VIEWS_CPUS_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include "dump.h"

/* The table: a row a CPU, its columns samples, kernel (the kernel's
 * segments' ticks included, as the report's kernel row), idle, out of
 * range (only when the dump has such ticks), then one a module, grouped as
 * the report groups them (by name, case aside, in order of first
 * appearance; the kernel's segments are in the kernel column). */
#define CPUS_FIXED	4	/* samples, kernel, idle, out of range */
struct cpus_table {
	uint32_t ncpu;
	size_t ncol;		/* module columns */
	const char **name;	/* each module column's name: its first segment's (d's) */
	int oor;		/* the out-of-range column is shown */
	uint64_t *cell;		/* ncpu rows of CPUS_FIXED + ncol */
};

/* The table of d, which must have CPU records (d->ncpu > 0): with modules
 * (nmod of them, their columns in that order), or every module with a tick
 * on some CPU (modules NULL). Returns 0; -1 out of memory; 1 when a module
 * asked for is not in d (its index in *missing). */
int cpus_make(const struct pdump *d, const char *const *modules, size_t nmod,
	      struct cpus_table *t, size_t *missing);
void cpus_free(struct cpus_table *t);

/* The text: a header line naming the columns ("cpu N", "samples", ...,
 * the modules), then one line a CPU, "cpu 0" and the numbers, each column
 * right-aligned to its widest entry, two spaces apart. 0, or -1 out of
 * memory (nothing written). */
int cpus_print(FILE *out, const struct cpus_table *t);

/* Column k's name (k < CPUS_FIXED: "samples", "kernel", "idle",
 * "out-of-range"; then the modules'), and whether it is shown (the
 * out-of-range column only when the dump has such ticks). */
const char *cpus_col_name(const struct cpus_table *t, size_t k);
int cpus_col_shown(const struct cpus_table *t, size_t k);

#endif
