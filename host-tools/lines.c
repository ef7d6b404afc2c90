/* lines.c: source lines from DWARF by elfutils' libdw, and ticks charged
 * to them (lines.h). The line table is read once into address ranges; the
 * ticks are charged to "cells", the pieces of the segment where both the
 * line and the function stay the same, by one pass over the buckets. */
#define _GNU_SOURCE	/* qsort_r */
#include <dwarf.h>
#include <elfutils/libdw.h>
#include <libelf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lines.h"

/* ---- the line table ---------------------------------------------------------- */

static int fail(char *err, size_t errlen, const char *what)
{
	snprintf(err, errlen, "%s", what);
	return -1;
}

/* The index of path in t->files, added if new; (uint32_t)-1 out of memory.
 * Files are few (one a source or header): a scan, with the last one found
 * tried first, as rows of one file come together. */
static uint32_t intern(struct line_table *t, const char *path, uint32_t *last)
{
	char **grown;
	size_t i;

	if (*last < t->nfiles && !strcmp(t->files[*last], path))
		return *last;
	for (i = 0; i < t->nfiles; i++)
		if (!strcmp(t->files[i], path))
			return *last = (uint32_t)i;
	if (t->nfiles >= LINES_NOFILE - 1 ||
	    !(grown = realloc(t->files, (t->nfiles + 1) * sizeof *grown)))
		return LINES_NOFILE;
	t->files = grown;
	if (!(t->files[t->nfiles] = strdup(path)))
		return LINES_NOFILE;
	return *last = (uint32_t)t->nfiles++;
}

static int push(struct line_table *t, size_t *cap, uint64_t lo, uint64_t hi, uint32_t file,
		uint32_t line)
{
	if (t->n == *cap) {
		size_t c = *cap ? *cap * 2 : 1024;
		struct line_range *grown = realloc(t->r, c * sizeof *grown);

		if (!grown)
			return -1;
		t->r = grown;
		*cap = c;
	}
	t->r[t->n++] = (struct line_range){ lo, hi, file, line };
	return 0;
}

static int by_lo(const void *x, const void *y)
{
	const struct line_range *a = x, *b = y;

	if (a->lo != b->lo)
		return a->lo < b->lo ? -1 : 1;
	return a->hi < b->hi ? -1 : a->hi > b->hi;
}

/* One unit's rows: row i covers [its address, row i+1's) unless it ends a
 * sequence; rows at one address leave the last one (as addr2line finds). */
static int unit_rows(struct line_table *t, size_t *cap, Dwarf_Lines *lines, size_t nl)
{
	uint32_t last = 0;
	size_t i;

	for (i = 0; i + 1 < nl; i++) {
		Dwarf_Line *l = dwarf_onesrcline(lines, i), *next = dwarf_onesrcline(lines, i + 1);
		Dwarf_Addr a, b;
		bool end;
		int lineno;
		const char *src;
		uint32_t file;

		if (!l || !next || dwarf_lineaddr(l, &a) || dwarf_lineaddr(next, &b) ||
		    dwarf_lineendsequence(l, &end) || dwarf_lineno(l, &lineno))
			continue;
		if (end || b <= a)
			continue;
		if (!(src = dwarf_linesrc(l, NULL, NULL)) || lineno <= 0) {
			file = LINES_NOFILE;	/* line 0: code of no line */
			lineno = 0;
		} else if ((file = intern(t, src, &last)) == LINES_NOFILE) {
			return -1;
		}
		if (push(t, cap, a, b, file, (uint32_t)lineno))
			return -1;
	}
	return 0;
}

/* The functions of a unit: where each starts, and its declaration line. */
struct funcs_ctx {
	struct line_table *t;
	size_t cap;
	int failed;
};

static int one_func(Dwarf_Die *die, void *arg)
{
	struct funcs_ctx *c = arg;
	Dwarf_Addr lowpc;
	int line;
	const char *file;
	uint32_t last = 0, f;

	if (dwarf_lowpc(die, &lowpc) || dwarf_decl_line(die, &line) || line <= 0 ||
	    !(file = dwarf_decl_file(die)))
		return DWARF_CB_OK;
	if ((f = intern(c->t, file, &last)) == LINES_NOFILE)
		goto oom;
	if (c->t->nfuncs == c->cap) {
		size_t cap = c->cap ? 2 * c->cap : 256;
		struct line_func *grown = realloc(c->t->funcs, cap * sizeof *grown);

		if (!grown)
			goto oom;
		c->t->funcs = grown;
		c->cap = cap;
	}
	c->t->funcs[c->t->nfuncs++] = (struct line_func){ lowpc, f, (uint32_t)line };
	return DWARF_CB_OK;
oom:
	c->failed = 1;
	return DWARF_CB_ABORT;
}

static int by_lowpc(const void *x, const void *y)
{
	const struct line_func *a = x, *b = y;

	return a->lowpc < b->lowpc ? -1 : a->lowpc > b->lowpc;
}

const struct line_func *lines_func_at(const struct line_table *t, uint64_t addr)
{
	size_t lo = 0, hi = t->nfuncs;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (t->funcs[mid].lowpc < addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < t->nfuncs && t->funcs[lo].lowpc == addr ? &t->funcs[lo] : NULL;
}

/* Ranges sorted; where two overlap (code listed by two units), the first
 * keeps its bytes. Ranges of no line are dropped: their bytes are no line's. */
static void tidy(struct line_table *t)
{
	size_t i, k = 0;

	qsort(t->r, t->n, sizeof *t->r, by_lo);
	for (i = 0; i < t->n; i++) {
		struct line_range r = t->r[i];

		if (k && r.lo < t->r[k - 1].hi)
			r.lo = t->r[k - 1].hi;
		if (r.lo >= r.hi || r.file == LINES_NOFILE)
			continue;
		if (k && t->r[k - 1].hi == r.lo && t->r[k - 1].file == r.file &&
		    t->r[k - 1].line == r.line)
			t->r[k - 1].hi = r.hi;	/* one line, contiguous: one range */
		else
			t->r[k++] = r;
	}
	t->n = k;
}

int lines_load(const uint8_t *buf, size_t len, struct line_table *t, char *err, size_t errlen)
{
	char *copy;
	Elf *elf;
	Dwarf *dw;
	Dwarf_CU *cu = NULL;
	Dwarf_Die cudie;
	Dwarf_Half version;
	uint8_t type;
	size_t cap = 0;
	int rc = 0, units = 0;
	struct funcs_ctx fc = { t, 0, 0 };

	memset(t, 0, sizeof *t);
	if (len < 4 || memcmp(buf, "\177ELF", 4))
		return fail(err, errlen, "not an ELF file: source lines come from an ELF file's DWARF");
	if (!(copy = malloc(len)))	/* libelf's own, never the caller's bytes */
		return fail(err, errlen, "out of memory");
	memcpy(copy, buf, len);
	elf_version(EV_CURRENT);
	if (!(elf = elf_memory(copy, len))) {
		free(copy);
		return fail(err, errlen, "not an ELF file libelf can read");
	}
	if (!(dw = dwarf_begin_elf(elf, DWARF_C_READ, NULL))) {
		elf_end(elf);
		free(copy);
		return fail(err, errlen, "no DWARF debugging information (build with -g)");
	}
	while (!rc && dwarf_get_units(dw, cu, &cu, &version, &type, &cudie, NULL) == 0) {
		Dwarf_Lines *lines;
		size_t nl;

		if (dwarf_tag(&cudie) != DW_TAG_compile_unit && dwarf_tag(&cudie) != DW_TAG_partial_unit)
			continue;
		if (dwarf_getsrclines(&cudie, &lines, &nl))
			continue;
		units++;
		rc = unit_rows(t, &cap, lines, nl);
		if (!rc) {
			dwarf_getfuncs(&cudie, one_func, &fc, 0);
			rc = fc.failed ? -1 : 0;
		}
	}
	dwarf_end(dw);
	elf_end(elf);
	free(copy);
	if (rc) {
		lines_free(t);
		return fail(err, errlen, "out of memory");
	}
	tidy(t);
	qsort(t->funcs, t->nfuncs, sizeof *t->funcs, by_lowpc);
	if (!units || !t->n) {
		lines_free(t);
		return fail(err, errlen, "no DWARF line table (build with -g)");
	}
	return 0;
}

void lines_free(struct line_table *t)
{
	size_t i;

	for (i = 0; i < t->nfiles; i++)
		free(t->files[i]);
	free(t->files);
	free(t->r);
	free(t->funcs);
	memset(t, 0, sizeof *t);
}

const char *lines_display_path(const char *path)
{
	static char cwd[4096];
	static int have = -1;
	size_t n;

	if (have < 0)
		have = getcwd(cwd, sizeof cwd) != NULL;
	n = have ? strlen(cwd) : 0;
	if (n > 1 && !strncmp(path, cwd, n) && path[n] == '/' && path[n + 1])
		return path + n + 1;
	return path;
}

/* ---- ticks to lines ------------------------------------------------------------ */

/* A piece of the segment with one line (or none) and one function. */
struct cell {
	uint64_t lo, hi;
	uint32_t file, line;
	size_t func;
	unsigned __int128 share;
};

/* The cells of [lo, hi): cut at every range's ends and every symbol. */
static int make_cells(const struct line_table *t, const struct msym *syms, size_t nsyms,
		      uint64_t lo, uint64_t hi, struct cell **out, size_t *n)
{
	size_t cap = 2 * t->n + nsyms + 2, k = 0, r = 0, s = 0;
	struct cell *c = malloc(cap * sizeof *c);
	uint64_t at = lo;
	size_t func = LINES_NOFUNC;

	if (!c)
		return -1;
	while (r < t->n && t->r[r].hi <= lo)	/* ranges before the segment */
		r++;
	while (s < nsyms && syms[s].addr <= lo)	/* the owner of the segment's start */
		func = s++;
	while (at < hi) {
		uint64_t end = hi;
		uint32_t file = LINES_NOFILE, line = 0;

		while (r < t->n && t->r[r].hi <= at)
			r++;
		if (r < t->n && t->r[r].lo <= at) {	/* inside a range */
			file = t->r[r].file;
			line = t->r[r].line;
			end = t->r[r].hi < end ? t->r[r].hi : end;
		} else if (r < t->n && t->r[r].lo < end) {	/* a gap before the next */
			end = t->r[r].lo;
		}
		if (s < nsyms && syms[s].addr < end)
			end = syms[s].addr;
		c[k++] = (struct cell){ at, end, file, line, func, 0 };
		at = end;
		while (s < nsyms && syms[s].addr <= at)
			func = s++;
		if (k == cap)
			break;	/* cannot happen: each cut is a range end or a symbol */
	}
	*out = c;
	*n = k;
	return 0;
}

/* The cell holding addr, from cells[j] on (cells tile their span). */
static size_t cell_of(const struct cell *c, size_t n, size_t j, uint64_t addr)
{
	size_t hi = n - 1;

	while (j < hi) {
		size_t mid = j + (hi - j) / 2;

		if (c[mid].hi <= addr)
			j = mid + 1;
		else
			hi = mid;
	}
	return j;
}

static int by_key(const void *x, const void *y)
{
	const struct cell *a = x, *b = y;

	if (a->file != b->file)
		return a->file < b->file ? -1 : 1;
	if (a->line != b->line)
		return a->line < b->line ? -1 : 1;
	if (a->func != b->func)
		return a->func < b->func ? -1 : 1;
	return a->lo < b->lo ? -1 : a->lo > b->lo;
}

/* Larger fraction first, then the lower address. */
static int by_fraction(const void *x, const void *y, void *arg)
{
	const struct line_tics *l = arg;
	const struct line_tics *a = &l[*(const size_t *)x], *b = &l[*(const size_t *)y];
	if (a->share != b->share)
		return a->share > b->share ? -1 : 1;
	return a->first < b->first ? -1 : a->first > b->first;
}

/* The largest remainder method over the lines, as attrib.c over symbols. */
static int round_lines(struct line_attribution *a, uint32_t shift)
{
	unsigned __int128 mask = ((unsigned __int128)1 << shift) - 1;
	size_t *order = malloc((a->n ? a->n : 1) * sizeof *order), i, nfrac = 0;
	unsigned __int128 *exact = malloc((a->n ? a->n : 1) * sizeof *exact);
	uint64_t given = 0;

	if (!order || !exact) {
		free(order);
		free(exact);
		return -1;
	}
	for (i = 0; i < a->n; i++) {
		exact[i] = a->l[i].share;
		a->l[i].tics = (uint64_t)(a->l[i].share >> shift);
		given += a->l[i].tics;
		a->l[i].share &= mask;
		if (a->l[i].share)
			order[nfrac++] = i;
	}
	qsort_r(order, nfrac, sizeof *order, by_fraction, a->l);
	for (i = 0; given < a->tics && i < nfrac; i++, given++)
		a->l[order[i]].tics++;
	for (i = 0; i < a->n; i++)
		a->l[i].share = exact[i];
	free(order);
	free(exact);
	return 0;
}

int lines_attribute(const struct pdump_seg *const *segs, size_t nsegs, uint32_t shift,
		    const struct line_table *t, const struct msym *syms, size_t nsyms,
		    struct line_attribution *out)
{
	uint64_t lo = UINT64_MAX, hi = 0, size = 1ull << shift;
	struct cell *c;
	size_t nc, i, k;

	memset(out, 0, sizeof *out);
	for (i = 0; i < nsegs; i++) {
		uint64_t l = segs[i]->origin;
		uint64_t h = l + ((uint64_t)pdump_nbuckets(segs[i]->length, shift) << shift);

		lo = l < lo ? l : lo;
		hi = h > hi ? h : hi;
	}
	if (!nsegs || hi <= lo)
		return 0;
	if (make_cells(t, syms, nsyms, lo, hi, &c, &nc))
		return -1;
	for (i = 0; i < nsegs; i++) {
		const struct pdump_seg *s = segs[i];
		uint32_t nb = pdump_nbuckets(s->length, shift), b;
		size_t j = 0;

		for (b = 0; b < nb; b++) {
			uint64_t n = s->counters[b], blo, bhi;

			if (!n)
				continue;
			blo = s->origin + ((uint64_t)b << shift);
			bhi = blo + size;
			if (c[j].hi <= blo || c[j].lo > blo)
				j = cell_of(c, nc, c[j].lo > blo ? 0 : j, blo);
			/* the cells the bucket covers, each its bytes of it */
			for (k = j; k < nc && c[k].lo < bhi; k++) {
				uint64_t a = c[k].lo > blo ? c[k].lo : blo;
				uint64_t e = c[k].hi < bhi ? c[k].hi : bhi;

				c[k].share += (unsigned __int128)n * (e - a);
			}
			out->tics += n;
		}
	}
	/* one entry per (file, line, function): the cells grouped */
	qsort(c, nc, sizeof *c, by_key);
	if (!(out->l = malloc((nc ? nc : 1) * sizeof *out->l))) {
		free(c);
		return -1;
	}
	for (i = 0; i < nc; i++) {
		struct line_tics *l = out->n ? &out->l[out->n - 1] : NULL;

		if (l && l->file == c[i].file && l->line == c[i].line && l->func == c[i].func) {
			l->share += c[i].share;
			l->first = c[i].lo < l->first ? c[i].lo : l->first;
		} else {
			out->l[out->n++] = (struct line_tics){ c[i].file, c[i].line, c[i].func,
							       c[i].lo, c[i].share, 0 };
		}
	}
	free(c);
	if (round_lines(out, shift)) {
		line_attribution_free(out);
		return -1;
	}
	return 0;
}

void line_attribution_free(struct line_attribution *a)
{
	free(a->l);
	memset(a, 0, sizeof *a);
}
