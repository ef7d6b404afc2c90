/* lines.h: source lines of an ELF file's code, read from its DWARF line
 * table with elfutils' libdw, and a segment's ticks charged to them
 * (docs/pinfo.md, "Source lines"). dwarf.c reads the table, decode.c the
 * code and its instructions, split.c and insnsplit.c charge the ticks. */
#ifndef HOST_PINFO_READ_LINES_H
#define HOST_PINFO_READ_LINES_H

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

/* The bytes of an executable section, as the ELF file holds them. */
struct line_code {
	uint64_t addr, size;
	uint8_t *bytes;
};

struct line_table {
	struct line_range *r;	/* sorted by lo, not overlapping */
	size_t n;
	char **files;		/* paths as DWARF names them, a relative one joined to its
				 * unit's comp_dir, real paths where the file exists */
	size_t nfiles;
	struct line_func *funcs;	/* sorted by lowpc */
	size_t nfuncs;
	/* The code, for the split by instructions (an ELF32 i386 file only;
	 * none otherwise): its executable sections, sorted by address, and the
	 * aligned 4-byte words of its other allocated sections whose value is
	 * an address in them (switch tables), sorted, unique. */
	struct line_code *code;
	size_t ncode;
	uint64_t *ptrs;
	size_t nptrs;
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
	unsigned __int128 share;	/* exact, in units of 1/2^unit tic */
	uint64_t tics;		/* rounded (largest remainder over the segment) */
};
#define LINES_NOFUNC	((size_t)-1)

struct line_attribution {
	struct line_tics *l;	/* every (line, function) with code in the segment */
	size_t n;
	uint64_t tics;		/* the segment's ticks: the sum of the tics */
	uint32_t unit;		/* shares are in 1/2^unit tic: shift (bytes), 32 (instructions) */
	uint64_t byte_buckets;	/* buckets with ticks split by bytes where instructions were asked */
	int exact;		/* charged from the sampled addresses themselves (leaves) */
};

/* A sampled address and its samples: a call stack's leaf. */
struct line_leaf {
	uint64_t addr, count;
};

/* The sampled addresses of segs (which point into d->segs), from d's stack
 * table (docs/dump-format.md, version 3), when they account for every tick
 * of segs: no sample dropped, every leaf in its segment, each bucket's
 * leaves adding up to its counter. A program's leaf is the first frame of
 * a stack of its segment with no kernel frame; the kernel's, the first
 * frame of a stack with kernel frames. Returns 1 with *out (malloc'd) and
 * *n; 0 when the stacks do not give every tick (or there are none); -1
 * out of memory. */
int lines_leaves(const struct pdump *d, const struct pdump_seg *const *segs, size_t nsegs,
		 struct line_leaf **out, size_t *n);

/* How a bucket over several lines is split (docs/pinfo.md, "Source lines"). */
enum lines_split {
	LINES_SPLIT_INSNS,	/* by the instructions that start in it, at their estimated rates */
	LINES_SPLIT_BYTES,	/* by the bytes of each line in it (--split=bytes) */
};

/* Charges the ticks of segs[0..nsegs) (one module and segment number) to
 * the lines of t, each line of each function (syms: that segment's symbols,
 * sorted by address, unique) apart. LINES_SPLIT_BYTES: a bucket that spans
 * several lines is split in proportion to the bytes each line has in it,
 * as attribute() splits one between symbols. LINES_SPLIT_INSNS: t's code
 * is disassembled (a linear sweep from every symbol), cut into basic
 * blocks, one execution rate a block is estimated from every bucket at
 * once (the maximum-likelihood split, by EM iterations), and each bucket's
 * ticks go to the instructions that start in it in proportion to their
 * blocks' rates; a bucket of code that could not be disassembled (or of no
 * instruction) is split by bytes. The integer tics are then given by the
 * largest remainder method (ties: the lower address), so they sum to the
 * segment's ticks. With LINES_SPLIT_INSNS and leaves (lines_leaves: every
 * tick's own address known), each leaf's samples go to its line, exactly,
 * and nothing is estimated. Returns 0, or -1 when out of memory. */
int lines_attribute(const struct pdump_seg *const *segs, size_t nsegs, uint32_t shift,
		    const struct line_table *t, const struct msym *syms, size_t nsyms,
		    enum lines_split split, const struct line_leaf *leaves, size_t nleaves,
		    struct line_attribution *out);

/* The instructions of t's code over [lo, hi) as lines_attribute sees them
 * (for the tests): their addresses and lengths, the index of each one's
 * basic block, whether that block can run (reached from a symbol, a jump
 * or a table, or by falling through), and [lo, hi) pairs that could not
 * be disassembled. Returns 0, -1 out of memory. */
struct line_insns {
	uint64_t *addr;
	uint8_t *len;
	uint32_t *block;
	uint8_t *live;		/* by block */
	size_t n, nblocks;
	uint64_t *bad;		/* pairs */
	size_t nbad;
};
int lines_insns(const struct line_table *t, const struct msym *syms, size_t nsyms, uint64_t lo,
		uint64_t hi, struct line_insns *out);
void lines_insns_free(struct line_insns *li);
void line_attribution_free(struct line_attribution *a);

/* A path for display: relative to the current folder when under it. */
const char *lines_display_path(const char *path);

#endif
