/* decode.c: the code of a line table (lines.h): the bytes of an ELF32 i386
 * file's executable sections and the words elsewhere that point into them
 * (libelf), and their instructions, decoded by capstone (disasm.c) and cut
 * into basic blocks, for the split of buckets by instructions (insnsplit.c). */
#include <capstone/capstone.h>
#include <gelf.h>
#include <libelf.h>
#include <stdlib.h>
#include <string.h>

#include "decode.h"
#include "disasm.h"
#include "hostsort.h"
#include "lines.h"

/* ---- the code's bytes (libelf) -------------------------------------------------- */

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

/* The code sections sorted by address. Sections that overlap (a hostile
 * file) are clipped to where those before end: the sweep wants addresses
 * that only grow. */
static void sort_code(struct line_table *t)
{
	uint64_t end;
	size_t i;

	host_qsort(t->code, t->ncode, sizeof *t->code, by_addr);
	end = t->code[0].addr + t->code[0].size;
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

/* The words that point into the code, sorted, each once. */
static void sort_ptrs(struct line_table *t)
{
	size_t i, k = 0;

	if (t->nptrs > 1)
		host_qsort(t->ptrs, t->nptrs, sizeof *t->ptrs, by_u64);
	for (i = 0; i < t->nptrs; i++)
		if (!k || t->ptrs[k - 1] != t->ptrs[i])
			t->ptrs[k++] = t->ptrs[i];
	t->nptrs = k;
}

/* The code, and the words that point into it (decode.h). */
int lines_load_code(Elf *elf, struct line_table *t)
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
		if (!pass && t->ncode > 1)
			sort_code(t);
	}
	sort_ptrs(t);
	return 0;
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
		host_qsort(v->v, v->n, sizeof *v->v, by_u64);
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

