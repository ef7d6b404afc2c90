/* truth.h: a run's exact instruction counts, function by function, as
 * make run TRUTH=1 writes them (build/run/NAME.truth), for pinfo --truth
 * (docs/pinfo.md, "The exact answer: --truth"). */
#ifndef HOST_PINFO_READ_TRUTH_H
#define HOST_PINFO_READ_TRUTH_H

#include <stddef.h>
#include <stdint.h>

struct truth_fn {
	const char *module, *name;	/* into the truth's text */
	uint64_t insns;
};

struct truth_mod {
	const char *module;
	uint64_t insns;			/* the sum of its functions' */
};

struct truth {
	struct truth_fn *f;		/* by module (any case), then name; one a pair */
	size_t n;
	struct truth_mod *m;		/* by module (any case) */
	size_t nm;
	char *text;			/* the names live here */
};

/* Reads text[0..len) ("MODULE FUNCTION INSTRUCTIONS" a line, blank lines
 * and lines starting with '#' skipped; fields parted by blanks; names of
 * more than SHOWN_LONG bytes shortened as the maps' are; a pair given twice
 * adds up) into *t. path names the file in messages. Returns 0, or -1 with
 * "LINE: what is wrong" (or "out of memory") in err, *t then empty. */
int truth_parse(const char *text, size_t len, struct truth *t, char *err, size_t errlen);

/* truth_parse of the regular file path; err as "FILE:LINE: what". */
int truth_load(const char *path, struct truth *t, char *err, size_t errlen);

void truth_free(struct truth *t);

/* module's total instructions (0: not in the truth), and name's in it. */
uint64_t truth_module(const struct truth *t, const char *module);
uint64_t truth_insns(const struct truth *t, const char *module, const char *name);

/* The exact share of name in module, percent: its instructions over the
 * module's. 0, or -1 when the module is not in the truth (*pct 0). */
int truth_share(const struct truth *t, const char *module, const char *name, double *pct);

#endif
