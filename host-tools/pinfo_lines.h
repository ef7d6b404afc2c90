/* pinfo_lines.h: pinfo -l and --annotate over files (docs/pinfo.md). */
#ifndef PINFO_LINES_H
#define PINFO_LINES_H

#include <stdio.h>
#include "dump.h"
#include "lines.h"
#include "maps.h"

/* Reads the ELF file path as a map and its line table; checks its code
 * fingerprint against d (an error with strict). 0, or -1 having said why. */
int pinfo_elf_load(const char *path, const char *dumpfile, const struct pdump *d, int strict,
		   struct map *m, struct line_table *t, FILE *errs);

/* -l (func NULL): the ticks of each source line of each ELF file's module;
 * --annotate func: that function's source, from the first ELF file that
 * has it; split: how a bucket over several lines is split (lines.h).
 * Returns the exit status. */
int pinfo_lines(const char *dumpfile, char *const *elfs, size_t n, const char *func, int strict,
		enum lines_split split, FILE *out, FILE *errs);

#endif
