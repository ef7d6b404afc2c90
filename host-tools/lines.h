/* lines.h: source lines of an ELF file's code, read from its DWARF line
 * table with elfutils' libdw, and a segment's ticks charged to them
 * (docs/pinfo.md, "Source lines"). */
#ifndef LINES_H
#define LINES_H

#include <stddef.h>
#include <stdint.h>
#include "dump.h"
#include "maps.h"

#define LINES_NOFILE	UINT32_MAX	/* a cell of bytes no line row covers */

/* Bytes [lo, hi) whose code comes from line `line` of files[file]. */
struct line_range {
	uint64_t lo, hi;
	uint32_t file, line;
};

/* A function as DWARF declares it: where its code starts, its declaration. */
struct line_func {
	uint64_t lowpc;
	uint32_t file, line;	/* file LINES_NOFILE: no declaration known */
};

struct line_table {
	struct line_range *r;	/* sorted by lo, not overlapping */
	size_t n;
	char **files;		/* paths as DWARF names them (comp_dir joined) */
	size_t nfiles;
	struct line_func *funcs;	/* sorted by lowpc */
	size_t nfuncs;
};

/* Reads the line table of the ELF file in buf[0..len). Returns 0, or -1
 * with a one-line reason in err (not an ELF file, no DWARF line table). */
int lines_load(const uint8_t *buf, size_t len, struct line_table *t, char *err, size_t errlen);
void lines_free(struct line_table *t);

/* The declaration of the function whose code starts at addr, or NULL. */
const struct line_func *lines_func_at(const struct line_table *t, uint64_t addr);

/* A source line of one function, and its share of the ticks. */
struct line_tics {
	uint32_t file, line;	/* file LINES_NOFILE: bytes without line info */
	size_t func;		/* index in the symbols given, or LINES_NOFUNC */
	uint64_t first;		/* its lowest address */
	unsigned __int128 share;	/* exact, in units of 1/2^shift tic */
	uint64_t tics;		/* rounded (largest remainder over the segment) */
};
#define LINES_NOFUNC	((size_t)-1)

struct line_attribution {
	struct line_tics *l;	/* every (line, function) with code in the segment */
	size_t n;
	uint64_t tics;		/* the segment's ticks: the sum of the tics */
};

/* Charges the ticks of segs[0..nsegs) (one module and segment number) to
 * the lines of t, each line of each function (syms: that segment's symbols,
 * sorted by address, unique) apart. A bucket that spans several lines is
 * split in proportion to the bytes each line has in it, as attribute()
 * splits one between symbols; the integer tics are then given by the
 * largest remainder method (ties: the lower address), so they sum to the
 * segment's ticks. Returns 0, or -1 when out of memory. */
int lines_attribute(const struct pdump_seg *const *segs, size_t nsegs, uint32_t shift,
		    const struct line_table *t, const struct msym *syms, size_t nsyms,
		    struct line_attribution *out);
void line_attribution_free(struct line_attribution *a);

/* A path for display: relative to the current folder when under it. */
const char *lines_display_path(const char *path);

#endif
