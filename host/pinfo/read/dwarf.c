/* dwarf.c: the line table of an ELF file (lines.h): its rows and its
 * functions' declarations read from DWARF by elfutils' libdw, one address
 * range a row, sorted and tidied; the code the split by instructions
 * decodes is read with it (decode.c). */
#include <dwarf.h>
#include <elfutils/libdw.h>
#include <libelf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "decode.h"
#include "hostsort.h"
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

/* A unit's file names as the table keeps them. DWARF names a file as the
 * compiler was given it, often relative (gcc -c ../src/f.c; DWARF 5's
 * include directories other than the first are relative too, and libdw
 * joins them to the name but not to the compilation directory): a
 * relative name is joined to the unit's DW_AT_comp_dir, and a file that
 * exists is named by its real path (realpath: "..", "." and links
 * resolved), so that it is read from any working directory, and one
 * file reached through two spellings is one file. Each distinct name of
 * a unit is resolved once (libdw hands the same pointer for the same file
 * of a unit). */
struct unit_files {
	const char *comp_dir;	/* NULL: none known */
	struct seen_file {
		const char *src;	/* libdw's, valid while the unit is */
		uint32_t file;
	} *seen;
	size_t n, cap, last;
};

static uint32_t unit_file(struct line_table *t, struct unit_files *u, const char *src,
			  uint32_t *last)
{
	char *joined = NULL, *real;
	const char *path = src;
	uint32_t f;
	size_t i;

	if (u->last < u->n && u->seen[u->last].src == src)
		return u->seen[u->last].file;
	for (i = 0; i < u->n; i++)
		if (u->seen[i].src == src)
			return u->seen[u->last = i].file;
	if (src[0] != '/' && u->comp_dir && u->comp_dir[0]) {
		size_t a = strlen(u->comp_dir), b = strlen(src);

		if (!(joined = malloc(a + b + 2)))
			return LINES_NOFILE;
		memcpy(joined, u->comp_dir, a);
		joined[a] = '/';
		memcpy(joined + a + 1, src, b + 1);
		path = joined;
	}
	real = realpath(path, NULL);	/* NULL: not here (or not readable): as named */
	f = intern(t, real ? real : path, last);
	free(real);
	free(joined);
	if (f == LINES_NOFILE)
		return f;
	if (u->n == u->cap) {
		size_t c = u->cap ? 2 * u->cap : 16;
		struct seen_file *grown = realloc(u->seen, c * sizeof *grown);

		if (!grown)
			return LINES_NOFILE;
		u->seen = grown;
		u->cap = c;
	}
	u->seen[u->n] = (struct seen_file){ src, f };
	u->last = u->n++;
	return f;
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
static int unit_rows(struct line_table *t, size_t *cap, struct unit_files *u, Dwarf_Lines *lines,
		     size_t nl)
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
		} else if ((file = unit_file(t, u, src, &last)) == LINES_NOFILE) {
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
	struct unit_files *u;	/* the unit's */
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
	if ((f = unit_file(c->t, c->u, file, &last)) == LINES_NOFILE)
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

	host_qsort(t->r, t->n, sizeof *t->r, by_lo);
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
	struct funcs_ctx fc = { t, 0, 0, NULL };
	struct unit_files u = { 0 };

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
		Dwarf_Attribute at;
		size_t nl;

		if (dwarf_tag(&cudie) != DW_TAG_compile_unit && dwarf_tag(&cudie) != DW_TAG_partial_unit)
			continue;
		if (dwarf_getsrclines(&cudie, &lines, &nl))
			continue;
		units++;
		u.comp_dir = dwarf_formstring(dwarf_attr(&cudie, DW_AT_comp_dir, &at));
		u.n = u.last = 0;	/* (names of another unit: other pointers) */
		fc.u = &u;
		rc = unit_rows(t, &cap, &u, lines, nl);
		if (!rc) {
			dwarf_getfuncs(&cudie, one_func, &fc, 0);
			rc = fc.failed ? -1 : 0;
		}
	}
	free(u.seen);
	dwarf_end(dw);
	if (!rc)
		rc = lines_load_code(elf, t);
	elf_end(elf);
	free(copy);
	if (rc) {
		lines_free(t);
		return fail(err, errlen, "out of memory");
	}
	tidy(t);
	host_qsort(t->funcs, t->nfuncs, sizeof *t->funcs, by_lowpc);
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
	for (i = 0; i < t->ncode; i++)
		free(t->code[i].bytes);
	free(t->code);
	free(t->ptrs);
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
