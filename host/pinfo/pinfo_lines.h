/* pinfo_lines.h: pinfo -l and --annotate over files (docs/pinfo.md). */
#ifndef HOST_PINFO_PINFO_LINES_H
#define HOST_PINFO_PINFO_LINES_H

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

/* --where OFFSET: the function of an ELF file's code at offset off, as a
 * fault line names it: "name+0xNN (file.c:LINE)", the symbol (by the
 * report's rules: segment 1, the alias rule) at or before off, and the
 * base name of the source file and the line of the line-table row that
 * covers off (t NULL, or no row: the name alone); names escaped as
 * shown.h has them, one line. 0; 1 no function there (before the first
 * symbol, or past the code the file holds); -1 out of memory. */
int pinfo_where_print(FILE *out, const struct map *m, const struct line_table *t, uint32_t off);
/* pinfo --where OFFSET program.elf: offset in hex, with or without 0x.
 * Returns the exit status (PINFO_USAGE for a bad offset). */
int pinfo_where(const char *offset, const char *path, FILE *out, FILE *errs);
#endif
