/* lines.c: source lines from DWARF by elfutils' libdw, and ticks charged
 * to them (lines.h). The line table is read once into address ranges; the
 * ticks are charged to "cells", the pieces of the segment where both the
 * line and the function stay the same, by one pass over the buckets. */
#define _GNU_SOURCE	/* qsort_r */
#include <capstone/capstone.h>
#include <dwarf.h>
#include <elfutils/libdw.h>
#include <gelf.h>
#include <libelf.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "disasm.h"
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

static int by_addr(const void *x, const void *y)
{
	const struct line_code *a = x, *b = y;

	return a->addr < b->addr ? -1 : a->addr > b->addr;
}

static int by_u64(const void *x, const void *y)
{
	uint64_t a = *(const uint64_t *)x, b = *(const uint64_t *)y;

	return a < b ? -1 : a > b;
}

static int in_code(const struct line_table *t, uint64_t v)
{
	size_t i;

	for (i = 0; i < t->ncode; i++)
		if (v >= t->code[i].addr && v - t->code[i].addr < t->code[i].size)
			return 1;
	return 0;
}

/* The unwinding tables: their words that name code are functions' starts
 * and lengths, never jump targets. */
static int unwind_section(Elf *elf, size_t shstrndx, const GElf_Shdr *sh)
{
	const char *name = elf_strptr(elf, shstrndx, sh->sh_name);

	return name && (!strncmp(name, ".eh_frame", 9) || !strcmp(name, ".gcc_except_table"));
}

/* The code of an ELF32 i386 file: its executable PROGBITS sections' bytes,
 * and the words of its other allocated PROGBITS sections (but the
 * unwinding tables) that point into them. Another machine, or sections
 * libelf cannot read, give no code (then every bucket is split by bytes).
 * Returns -1 only out of memory. */
static int load_code(Elf *elf, struct line_table *t)
{
	GElf_Ehdr eh;
	Elf_Scn *scn;
	size_t cap = 0, shstrndx;
	int pass;

	if (!gelf_getehdr(elf, &eh) || eh.e_ident[EI_CLASS] != ELFCLASS32 || eh.e_machine != EM_386)
		return 0;
	if (elf_getshdrstrndx(elf, &shstrndx))
		shstrndx = SHN_UNDEF;	/* no names: no section is known for the unwinding's */
	for (pass = 0; pass < 2; pass++) {	/* the code, then the words that point into it */
		for (scn = NULL; (scn = elf_nextscn(elf, scn));) {
			GElf_Shdr sh;
			Elf_Data *data;
			const uint8_t *p;
			size_t k;

			if (!gelf_getshdr(scn, &sh) || sh.sh_type != SHT_PROGBITS || !(sh.sh_flags & SHF_ALLOC) ||
			    !!(sh.sh_flags & SHF_EXECINSTR) != !pass)
				continue;
			if (!(data = elf_rawdata(scn, NULL)) || !data->d_buf || !data->d_size ||
			    data->d_size > sh.sh_size || sh.sh_addr + data->d_size < sh.sh_addr ||
			    sh.sh_addr + data->d_size > UINT32_MAX + 1ull)
				continue;
			p = data->d_buf;
			if (pass && unwind_section(elf, shstrndx, &sh))
				continue;
			if (!pass) {
				struct line_code *grown = realloc(t->code, (t->ncode + 1) * sizeof *grown);
				uint8_t *bytes = malloc(data->d_size);

				if (!grown || !bytes) {
					free(bytes);
					if (grown)
						t->code = grown;
					return -1;
				}
				t->code = grown;
				memcpy(bytes, p, data->d_size);
				t->code[t->ncode++] = (struct line_code){ sh.sh_addr, data->d_size, bytes };
				continue;
			}
			for (k = (4 - sh.sh_addr % 4) % 4; k + 4 <= data->d_size; k += 4) {
				uint64_t v = p[k] | (uint32_t)p[k + 1] << 8 | (uint32_t)p[k + 2] << 16 |
					     (uint32_t)p[k + 3] << 24;

				if (!in_code(t, v))
					continue;
				if (t->nptrs == cap) {
					size_t c = cap ? 2 * cap : 256;
					uint64_t *grown = realloc(t->ptrs, c * sizeof *grown);

					if (!grown)
						return -1;
					t->ptrs = grown;
					cap = c;
				}
				t->ptrs[t->nptrs++] = v;
			}
		}
		if (!pass && t->ncode > 1) {
			size_t i;

			qsort(t->code, t->ncode, sizeof *t->code, by_addr);
			/* Sections that overlap (a hostile file) are clipped to
			 * where those before end: the sweep wants addresses that
			 * only grow. */
			uint64_t end = t->code[0].addr + t->code[0].size;

			for (i = 1; i < t->ncode; i++) {
				struct line_code *c = &t->code[i];

				if (c->addr < end) {
					uint64_t cut = end - c->addr < c->size ? end - c->addr : c->size;

					memmove(c->bytes, c->bytes + cut, c->size - cut);
					c->addr = end;	/* (empty, when it was all inside) */
					c->size -= cut;
				}
				if (c->addr + c->size > end)
					end = c->addr + c->size;
			}
		}
	}
	if (t->nptrs > 1)
		qsort(t->ptrs, t->nptrs, sizeof *t->ptrs, by_u64);
	{
		size_t i, k = 0;

		for (i = 0; i < t->nptrs; i++)
			if (!k || t->ptrs[k - 1] != t->ptrs[i])
				t->ptrs[k++] = t->ptrs[i];
		t->nptrs = k;
	}
	return 0;
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
		rc = load_code(elf, t);
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

/* ---- the code's instructions and basic blocks (capstone) --------------------- */

struct vec {
	uint64_t *v;
	size_t n, cap;
};

static int vpush(struct vec *v, uint64_t x)
{
	if (v->n == v->cap) {
		size_t c = v->cap ? 2 * v->cap : 256;
		uint64_t *grown = realloc(v->v, c * sizeof *grown);

		if (!grown)
			return -1;
		v->v = grown;
		v->cap = c;
	}
	v->v[v->n++] = x;
	return 0;
}

static void vsort(struct vec *v)
{
	size_t i, k = 0;

	if (v->n > 1)
		qsort(v->v, v->n, sizeof *v->v, by_u64);
	for (i = 0; i < v->n; i++)
		if (!k || v->v[k - 1] != v->v[i])
			v->v[k++] = v->v[i];
	v->n = k;
}

/* Whether sorted v holds x, its cursor *at moved on (x never decreases). */
static int vhas(const struct vec *v, size_t *at, uint64_t x)
{
	while (*at < v->n && v->v[*at] < x)
		++*at;
	return *at < v->n && v->v[*at] == x;
}

#define NOFALL	1	/* the next instruction is not reached from this one */

struct sweep {
	const struct capstone *api;
	csh cs;
	cs_insn *insn;
	struct line_insns *li;
	uint8_t *flags;		/* by instruction */
	size_t cap;
	struct vec lead, entry, bad;
};

static int keep_insn(struct sweep *w, uint64_t addr, uint8_t len, uint8_t flags)
{
	struct line_insns *li = w->li;

	if (li->n == w->cap) {
		size_t c = w->cap ? 2 * w->cap : 1024;
		uint64_t *a = realloc(li->addr, c * sizeof *a);
		uint8_t *l, *f;

		if (!a)
			return -1;
		li->addr = a;
		if (!(l = realloc(li->len, c))) 
			return -1;
		li->len = l;
		if (!(f = realloc(w->flags, c)))
			return -1;
		w->flags = f;
		w->cap = c;
	}
	li->addr[li->n] = addr;
	li->len[li->n] = len;
	w->flags[li->n++] = flags;
	return 0;
}

/* A string instruction with a rep prefix: it runs once an iteration. */
static int rep_string(const cs_x86 *x)
{
	uint8_t op = x->opcode[0];

	return (x->prefix[0] == X86_PREFIX_REP || x->prefix[0] == X86_PREFIX_REPNE) && !x->opcode[1] &&
	       ((op >= 0xa4 && op <= 0xa7) || (op >= 0xaa && op <= 0xaf) || (op >= 0x6c && op <= 0x6f));
}

/* Decodes [a, b) of code section s, from a; an instruction may run past b
 * (the next region starts at b all the same). Bytes capstone cannot
 * decode are bad from there to b. */
static int sweep_region(struct sweep *w, const struct line_code *s, uint64_t a, uint64_t b)
{
	const uint8_t *p = s->bytes + (a - s->addr);
	size_t size = s->size - (a - s->addr);
	uint64_t addr = a;

	while (addr < b) {
		const cs_detail *d;
		const cs_x86 *x;
		uint64_t at = addr, next;
		uint8_t flags = 0;
		int jump, call;

		if (!w->api->disasm_iter(w->cs, &p, &size, &addr, w->insn))
			return vpush(&w->bad, at) || vpush(&w->bad, b) ? -1 : 0;
		d = w->insn->detail;
		x = &d->x86;
		next = at + w->insn->size;
		jump = w->api->insn_group(w->cs, w->insn, CS_GRP_JUMP);
		call = w->api->insn_group(w->cs, w->insn, CS_GRP_CALL);
		if ((jump || call) && x->op_count == 1 && x->operands[0].type == X86_OP_IMM) {
			uint64_t target = (uint64_t)x->operands[0].imm & 0xffffffffu;

			if (vpush(&w->lead, target) || vpush(&w->entry, target))
				return -1;
		}
		if (jump || rep_string(x) || w->api->insn_group(w->cs, w->insn, CS_GRP_RET) ||
		    w->api->insn_group(w->cs, w->insn, CS_GRP_IRET) || w->insn->id == X86_INS_UD2) {
			if (vpush(&w->lead, next))
				return -1;
			if (!jump || w->insn->id == X86_INS_JMP || w->insn->id == X86_INS_LJMP)
				flags = rep_string(x) ? 0 : NOFALL;
		}
		if (rep_string(x) && vpush(&w->lead, at))
			return -1;
		if (keep_insn(w, at, (uint8_t)w->insn->size, flags))
			return -1;
	}
	return 0;
}

void lines_insns_free(struct line_insns *li)
{
	free(li->addr);
	free(li->len);
	free(li->block);
	free(li->live);
	free(li->bad);
	memset(li, 0, sizeof *li);
}

int lines_insns(const struct line_table *t, const struct msym *syms, size_t nsyms, uint64_t lo,
		uint64_t hi, struct line_insns *out)
{
	struct sweep w;
	size_t i, k, s = 0, nl = 0, ne = 0, ns = 0;
	int rc = 0;

	memset(out, 0, sizeof *out);
	memset(&w, 0, sizeof w);
	w.li = out;
	if (!t->ncode || !(w.api = disasm_capstone("a bucket over several lines is split by bytes")))
		return 0;	/* no instruction: every bucket split by bytes */
	if (disasm_open(w.api, &w.cs, &w.insn))
		return -1;
	/* each section, from its start and from every symbol in it */
	for (i = 0; !rc && i < t->ncode; i++) {
		const struct line_code *c = &t->code[i];
		uint64_t end = c->addr + c->size, a = c->addr;

		if (end <= lo || c->addr >= hi)
			continue;
		while (s < nsyms && syms[s].addr <= c->addr)
			s++;
		rc = vpush(&w.lead, a) || vpush(&w.entry, a);
		while (!rc && a < end) {
			uint64_t b = s < nsyms && syms[s].addr < end ? syms[s].addr : end;

			if (b > a) {
				rc = sweep_region(&w, c, a, b) || vpush(&w.lead, b) || vpush(&w.entry, b);
				a = b;
			}
			while (s < nsyms && syms[s].addr <= a)
				s++;
		}
	}
	for (i = 0; !rc && i < t->nptrs; i++)	/* switch tables */
		rc = vpush(&w.lead, t->ptrs[i]) || vpush(&w.entry, t->ptrs[i]);
	disasm_close(w.api, &w.cs, w.insn);
	if (rc)
		goto fail;
	vsort(&w.lead);
	vsort(&w.entry);
	/* the instructions that start in [lo, hi), cut into blocks */
	for (i = 0, k = 0; i < out->n; i++)
		if (out->addr[i] >= lo && out->addr[i] < hi) {
			out->addr[k] = out->addr[i];
			out->len[k] = out->len[i];
			w.flags[k++] = w.flags[i];
		}
	out->n = k;
	if (!(out->block = malloc((k ? k : 1) * sizeof *out->block)) || !(out->live = malloc(k ? k : 1)))
		goto fail;
	for (i = 0; i < out->n; i++) {
		int fall = i > 0 && out->addr[i - 1] + out->len[i - 1] == out->addr[i] &&
			   !(w.flags[i - 1] & NOFALL);
		int entry = vhas(&w.entry, &ne, out->addr[i]);

		if (i == 0 || !fall || vhas(&w.lead, &nl, out->addr[i])) {
			out->live[out->nblocks] = entry || (fall && out->live[out->nblocks - 1]);
			out->nblocks++;
		}
		out->block[i] = (uint32_t)(out->nblocks - 1);
	}
	for (i = 0; i + 1 < w.bad.n; i += 2)	/* the bad bytes in [lo, hi) */
		if (w.bad.v[i + 1] > lo && w.bad.v[i] < hi) {
			w.bad.v[ns++] = w.bad.v[i] < lo ? lo : w.bad.v[i];
			w.bad.v[ns++] = w.bad.v[i + 1] > hi ? hi : w.bad.v[i + 1];
		}
	out->bad = w.bad.v;
	out->nbad = ns / 2;
	free(w.flags);
	free(w.lead.v);
	free(w.entry.v);
	return 0;
fail:
	free(w.flags);
	free(w.lead.v);
	free(w.entry.v);
	free(w.bad.v);
	lines_insns_free(out);
	return -1;
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

/* ---- the split by instructions -------------------------------------------------- */

/* A bucket with ticks: its instructions [i0, i1) of the model. */
struct obs {
	uint64_t n;
	size_t i0, i1;
	uint32_t root;		/* its component (a block) */
};

static uint32_t root_of(uint32_t *up, uint32_t b)
{
	while (up[b] != b)
		b = up[b] = up[up[b]];
	return b;
}

static int by_root(const void *x, const void *y)
{
	const struct obs *a = x, *b = y;

	if (a->root != b->root)
		return a->root < b->root ? -1 : 1;
	return a->i0 < b->i0 ? -1 : a->i0 > b->i0;
}

#define EM_ROUNDS	5000	/* at most, a component */
#define EM_STILL	1e-12	/* relative change under which a component is stable */

/* The rates of the blocks of obs[0..n) (one component), by EM: each bucket's
 * ticks split among its instructions in proportion to their blocks' rates,
 * then each block's rate its ticks over its exposure (its instructions,
 * each counted in every segment that covers it). */
static void em(const struct line_insns *li, const struct obs *o, size_t n, const uint32_t *blocks,
	       size_t nb, const double *expo, double *rate, double *num)
{
	size_t r, i, k;

	for (r = 0; r < EM_ROUNDS; r++) {
		double top = 0, moved = 0;

		for (k = 0; k < nb; k++)
			num[blocks[k]] = 0;
		for (i = 0; i < n; i++) {
			double e = 0;

			for (k = o[i].i0; k < o[i].i1; k++)
				e += rate[li->block[k]];
			if (e > 0)
				for (k = o[i].i0; k < o[i].i1; k++)
					num[li->block[k]] += (double)o[i].n * rate[li->block[k]] / e;
		}
		for (k = 0; k < nb; k++) {
			uint32_t b = blocks[k];
			double v = rate[b] > 0 ? num[b] / expo[b] : 0;

			moved = fabs(v - rate[b]) > moved ? fabs(v - rate[b]) : moved;
			top = v > top ? v : top;
			rate[b] = v;
		}
		if (moved <= EM_STILL * top)
			break;
	}
}

/* Bucket [blo, blo + size) of n ticks, split by bytes over the cells. */
static void split_bytes(struct cell *c, size_t nc, uint64_t blo, uint64_t size, uint64_t n,
			uint32_t up)
{
	size_t k = cell_of(c, nc, 0, blo);
	uint64_t bhi = blo + size;

	for (; k < nc && c[k].lo < bhi; k++) {
		uint64_t a = c[k].lo > blo ? c[k].lo : blo;
		uint64_t e = c[k].hi < bhi ? c[k].hi : bhi;

		c[k].share += ((unsigned __int128)n * (e - a)) << up;
	}
}

static int overlaps_bad(const struct line_insns *li, uint64_t lo, uint64_t hi)
{
	size_t a = 0, b = li->nbad;

	while (a < b) {	/* the first bad range ending above lo */
		size_t m = a + (b - a) / 2;

		if (li->bad[2 * m + 1] <= lo)
			a = m + 1;
		else
			b = m;
	}
	return a < li->nbad && li->bad[2 * a] < hi;
}

/* Charges segs' ticks to the cells by instructions (lines_attribute). */
static int split_insns(const struct pdump_seg *const *segs, size_t nsegs, uint32_t shift,
		       const struct line_table *t, const struct msym *syms, size_t nsyms, uint64_t lo,
		       uint64_t hi, struct cell *c, size_t nc, struct line_attribution *out)
{
	struct line_insns li;
	struct obs *o = NULL;
	size_t no = 0, cap = 0, i, k, g;
	uint64_t size = 1ull << shift;
	uint32_t up = out->unit - shift, *upf = NULL, *blocks = NULL;
	double *expo = NULL, *rate = NULL, *num = NULL;
	int rc = -1;

	if (lines_insns(t, syms, nsyms, lo, hi, &li))
		return -1;
	if (li.nblocks && (!(expo = calloc(li.nblocks, sizeof *expo)) ||
			   !(rate = calloc(li.nblocks, sizeof *rate)) ||
			   !(num = calloc(li.nblocks, sizeof *num)) ||
			   !(upf = malloc(li.nblocks * sizeof *upf)) ||
			   !(blocks = malloc(li.nblocks * sizeof *blocks))))
		goto out;
	for (i = 0; i < nsegs; i++) {
		const struct pdump_seg *s = segs[i];
		uint32_t nb = pdump_nbuckets(s->length, shift), b;
		size_t at = 0;

		for (k = 0; k < li.n; k++)	/* exposure: the instructions it covers */
			if (li.addr[k] >= s->origin && li.addr[k] - s->origin < ((uint64_t)nb << shift))
				expo[li.block[k]] += 1;
		for (b = 0; b < nb; b++) {
			uint64_t n = s->counters[b], blo = s->origin + ((uint64_t)b << shift);
			size_t i0;

			if (!n)
				continue;
			out->tics += n;
			while (at < li.n && li.addr[at] < blo)
				at++;
			for (i0 = at; at < li.n && li.addr[at] < blo + size; at++)
				;
			if (i0 == at || overlaps_bad(&li, blo, blo + size)) {
				split_bytes(c, nc, blo, size, n, up);
				out->byte_buckets++;
				continue;
			}
			if (no == cap) {
				size_t nc2 = cap ? 2 * cap : 1024;
				struct obs *grown = realloc(o, nc2 * sizeof *grown);

				if (!grown)
					goto out;
				o = grown;
				cap = nc2;
			}
			o[no++] = (struct obs){ n, i0, at, 0 };
		}
	}
	/* ticks where no instruction could run: those instructions ran */
	for (i = 0; i < no; i++) {
		for (k = o[i].i0; k < o[i].i1 && !li.live[li.block[k]]; k++)
			;
		if (k == o[i].i1)
			for (k = o[i].i0; k < o[i].i1; k++)
				li.live[li.block[k]] = 1;
	}
	/* components: blocks that share a bucket with ticks */
	for (k = 0; k < li.nblocks; k++) {
		upf[k] = (uint32_t)k;
		rate[k] = li.live[k] ? 1 : 0;
	}
	for (i = 0; i < no; i++) {
		uint32_t first = UINT32_MAX;

		for (k = o[i].i0; k < o[i].i1; k++)
			if (li.live[li.block[k]]) {
				uint32_t r = root_of(upf, li.block[k]);

				if (first == UINT32_MAX)
					first = r;
				else if (r != root_of(upf, first))
					upf[r] = root_of(upf, first);
			}
	}
	for (i = 0; i < no; i++) {
		for (k = o[i].i0; !li.live[li.block[k]]; k++)
			;	/* one is live (above) */
		o[i].root = root_of(upf, li.block[k]);
	}
	if (no > 1)
		qsort(o, no, sizeof *o, by_root);
	for (i = 0; i < no; i = g) {
		size_t nb = 0, j;

		for (g = i; g < no && o[g].root == o[i].root; g++)
			for (k = o[g].i0; k < o[g].i1; k++) {
				uint32_t b = li.block[k];

				if (li.live[b] && num[b] >= 0) {
					num[b] = -1;	/* listed */
					blocks[nb++] = b;
				}
			}
		em(&li, o + i, g - i, blocks, nb, expo, rate, num);
		for (j = 0; j < nb; j++)
			num[blocks[j]] = 0;
	}
	/* each bucket's ticks to its instructions, by their blocks' rates */
	for (i = 0; i < no; i++) {
		unsigned __int128 whole = (unsigned __int128)o[i].n << out->unit, given = 0;
		double e = 0;
		size_t most = o[i].i0;

		for (k = o[i].i0; k < o[i].i1; k++) {
			e += rate[li.block[k]];
			most = rate[li.block[k]] > rate[li.block[most]] ? k : most;
		}
		for (k = o[i].i0; k < o[i].i1; k++) {	/* each its part, rounded down */
			double w = e > 0 ? rate[li.block[k]] / e : 1.0 / (double)(o[i].i1 - o[i].i0);
			double f = w * 4294967296.0;	/* w * 2^32, exactly */
			uint64_t q = f >= 4294967296.0 ? 4294967296ull : (uint64_t)f;
			unsigned __int128 part = ((unsigned __int128)o[i].n * q) << (out->unit - 32);

			if (part > whole - given)
				part = whole - given;
			given += part;
			c[cell_of(c, nc, 0, li.addr[k])].share += part;
		}
		/* what rounding left, to the instruction of the highest rate */
		c[cell_of(c, nc, 0, li.addr[most])].share += whole - given;
	}
	rc = 0;
out:
	free(o);
	free(upf);
	free(blocks);
	free(expo);
	free(rate);
	free(num);
	lines_insns_free(&li);
	return rc;
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

static int leaf_by_addr(const void *x, const void *y)
{
	const struct line_leaf *a = x, *b = y;

	return a->addr < b->addr ? -1 : a->addr > b->addr;
}

/* Whether the leaves l[0..n) of segment s fill its buckets exactly. */
static int leaves_fill(const struct pdump_seg *s, uint32_t shift, struct line_leaf *l, size_t n)
{
	uint32_t nb = pdump_nbuckets(s->length, shift), b;
	uint64_t span = (uint64_t)nb << shift, all = 0, sum = 0;
	size_t i = 0;

	if (n > 1)
		qsort(l, n, sizeof *l, leaf_by_addr);
	for (b = 0; b < nb; b++)
		all += s->counters[b];
	while (i < n) {
		uint64_t off = l[i].addr - s->origin, in = 0;

		if (l[i].addr < s->origin || off >= span)
			return 0;
		b = (uint32_t)(off >> shift);
		for (; i < n && l[i].addr - s->origin < span && ((l[i].addr - s->origin) >> shift) == b; i++)
			in += l[i].count;
		if (in != s->counters[b])
			return 0;
		sum += in;
	}
	return sum == all;
}

int lines_leaves(const struct pdump *d, const struct pdump_seg *const *segs, size_t nsegs,
		 struct line_leaf **out, size_t *n)
{
	struct line_leaf *l;
	size_t i, k, m = 0;

	*out = NULL;
	*n = 0;
	if (!d->nstacks || d->dropped || !nsegs)
		return 0;
	if (!(l = malloc(d->nstacks * sizeof *l)))
		return -1;
	for (i = 0; i < nsegs; i++) {
		const struct pdump_seg *s = segs[i];
		int kernel = !strcasecmp(s->module, "kernel");
		size_t first = m;

		if (kernel && nsegs > 1)
			break;	/* whose leaf is whose: not known */
		for (k = 0; k < d->nstacks; k++) {
			const struct pdump_stack *st = &d->stacks[k];

			if (kernel ? st->kdepth > 0 : (!st->kdepth && st->useg == s - d->segs + 1)) {
				if (m == d->nstacks)	/* a stack is one segment's: cannot happen */
					break;
				l[m++] = (struct line_leaf){ st->pcs[0], st->count };
			}
		}
		for (k = first; kernel && k < m;) {	/* the leaves in its text only */
			if (l[k].addr < s->origin || l[k].addr - s->origin >= s->length)
				l[k] = l[--m];
			else
				k++;
		}
		if (!leaves_fill(s, d->shift, l + first, m - first))
			break;
	}
	if (i < nsegs) {
		free(l);
		return 0;
	}
	if (m > 1)
		qsort(l, m, sizeof *l, leaf_by_addr);
	*out = l;
	*n = m;
	return 1;
}

int lines_attribute(const struct pdump_seg *const *segs, size_t nsegs, uint32_t shift,
		    const struct line_table *t, const struct msym *syms, size_t nsyms,
		    enum lines_split split, const struct line_leaf *leaves, size_t nleaves,
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
	out->unit = shift;
	if (split == LINES_SPLIT_INSNS && leaves) {	/* every sample's address: exact */
		for (i = 0; i < nleaves; i++)
			if (leaves[i].addr >= lo && leaves[i].addr < hi) {
				c[cell_of(c, nc, 0, leaves[i].addr)].share += leaves[i].count;
				out->tics += leaves[i].count;
			}
		out->unit = 0;
		out->exact = 1;
	} else if (split == LINES_SPLIT_INSNS) {
		out->unit = 32;	/* above any shift a dump has (at most 31) */
		if (split_insns(segs, nsegs, shift, t, syms, nsyms, lo, hi, c, nc, out)) {
			free(c);
			return -1;
		}
	}
	for (i = 0; split == LINES_SPLIT_BYTES && i < nsegs; i++) {
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
	if (round_lines(out, out->unit)) {
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
