/* annotate.h: pinfo -l (ticks per source line) and --annotate FUNCTION
 * (a function's source with its ticks in the margin), from an ELF file's
 * DWARF line table (lines.h); docs/pinfo.md, "Source lines". */
#ifndef HOST_PINFO_VIEWS_ANNOTATE_H
#define HOST_PINFO_VIEWS_ANNOTATE_H

#include <stdio.h>
#include "dump.h"
#include "lines.h"
#include "maps.h"

/* The lines of a module's code segment (segment 1) in a dump. */
struct module_lines {
	const struct pdump_seg **segs;	/* the module's segments 1 */
	size_t nsegs;
	struct msym *sorted;	/* the map's symbols, sorted (map_sorted_symbols) */
	const struct msym *syms;	/* segment 1's run of them */
	size_t nsyms;
	struct line_attribution la;	/* every (line, function) */
};

/* Returns 0; 1 when m's module has no code segment in d; -1 out of memory.
 * split: how a bucket over several lines is split (lines.h). */
int module_lines_make(const struct pdump *d, const struct map *m, const struct line_table *t,
		      enum lines_split split, struct module_lines *ml);
void module_lines_free(struct module_lines *ml);

/* The name of the function of entry l, or "(no symbol)". */
const char *module_lines_func(const struct module_lines *ml, const struct line_tics *l);

/* The entries with tics, by tics (then file, line), as an index array
 * (malloc'd; *n its length), or NULL when out of memory. */
size_t *module_lines_ranked(const struct module_lines *ml, const struct line_table *t, size_t *n);

/* -l: "Module M", then each line with tics, most first:
 * "file:line  tics (percent%)   function"; percent of the dump's ticks. */
int annotate_list(FILE *out, const struct pdump *d, const struct module_lines *ml,
		  const struct line_table *t);

/* A function's source, its lines numbered, each line's tics and percent
 * of the function's tics in the margin. */
struct annotated_line {
	uint32_t line;
	uint64_t tics;		/* 0: none */
	const char *text;	/* NULL when the source could not be read */
};
struct annotation {
	const char *func;	/* as found */
	const char *file;	/* its source file (DWARF's path) */
	uint64_t tics;		/* the function's: the sum of its lines' */
	struct annotated_line *lines;	/* first..last line of the function */
	size_t n;
	size_t *others;		/* entries of ml->la of other files or none */
	size_t nothers;
	char *source;		/* the file's text (lines point into it) */
	int unreadable;		/* the file could not be read */
};

/* The annotation of function func (the first symbol of that name in
 * segment 1). Returns 0; 1 when no such function; -1 out of memory. */
int annotation_make(const struct module_lines *ml, const struct line_table *t, const char *func,
		    struct annotation *an);
/* The same, of ml->syms[f]. */
int annotation_make_at(const struct module_lines *ml, const struct line_table *t, size_t f,
		       struct annotation *an);

/* 1 when sym names a copy GCC made of function func: func, then one or
 * more of ".constprop.N", ".isra.N", ".part.N" and ".cold" (or ".cold.N"),
 * as in "hotspot.constprop.0.cold"; else 0. */
int annotate_clone_of(const char *sym, const char *func);
void annotation_free(struct annotation *an);

/* --annotate: the annotation as text. */
void annotate_print(FILE *out, const struct pdump *d, const char *module,
		    const struct module_lines *ml, const struct line_table *t,
		    const struct annotation *an);

#endif
