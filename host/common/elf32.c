/* elf32.c: the symbols of an ELF32 file (elf32.h). Reads the bytes with
 * explicit little-endian loads and checks every offset against the file's
 * size, so a truncated or hostile file gets a reason, not a crash. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dump.h"
#include "elf32.h"
#include "shown.h"
#include "elf.h"

enum {
	EHDR_SIZE = 52, SHDR_SIZE = 40, SYM_SIZE = 16, PHDR_SIZE = 32, PT_LOAD = 1,
	EM_386 = 3, SHT_SYMTAB = 2, SHT_STRTAB = 3, SHT_NOBITS = 8, SHT_DYNSYM = 11,
	SHF_WRITE = 1, SHF_ALLOC = 2, SHF_EXECINSTR = 4, SHN_LORESERVE = 0xff00,
	STT_NOTYPE = 0, STT_OBJECT = 1, STT_FUNC = 2, STB_LOCAL = 0, STB_WEAK = 2,
};

struct shdr {
	uint32_t type, flags, addr, offset, size, link, entsize;
};

static uint32_t le(const uint8_t *p, int n)
{
	uint32_t v = 0;

	while (n--)
		v = v << 8 | p[n];
	return v;
}

int elf32_is(const uint8_t *buf, size_t len)
{
	return len >= 4 && !memcmp(buf, "\177ELF", 4);
}

static int fail(char *err, size_t errlen, const char *what)
{
	snprintf(err, errlen, "%s", what);
	return -1;
}

static void get_shdr(const uint8_t *buf, uint32_t shoff, uint32_t entsize, uint32_t i,
		     struct shdr *s)
{
	const uint8_t *p = buf + shoff + (size_t)i * entsize;

	s->type = le(p + 4, 4);
	s->flags = le(p + 8, 4);
	s->addr = le(p + 12, 4);
	s->offset = le(p + 16, 4);
	s->size = le(p + 20, 4);
	s->link = le(p + 24, 4);
	s->entsize = le(p + 36, 4);
}

static int in_file(size_t len, uint32_t off, uint32_t size)
{
	return (uint64_t)off + size <= len;
}

/* nm's letter: what the section holds, upper case when global. */
static char nm_letter(const struct shdr *sec, int bind, int type)
{
	char c;

	if (bind == STB_WEAK)
		return type == STT_OBJECT ? 'V' : 'W';
	if (sec->flags & SHF_EXECINSTR)
		c = 't';
	else if (sec->type == SHT_NOBITS)
		c = 'b';
	else if (!(sec->flags & SHF_WRITE))
		c = 'r';
	else
		c = 'd';
	return bind == STB_LOCAL ? c : (char)(c - 'a' + 'A');
}

/* The address spans of segment 1 (executable) and 2 (other allocated). */
static void spans(const uint8_t *buf, uint32_t shoff, uint32_t entsize, uint32_t shnum,
		  struct elfsyms *out)
{
	uint32_t i;
	int seen[3] = { 0, 0, 0 };

	for (i = 0; i < shnum; i++) {
		struct shdr s;
		int seg;

		get_shdr(buf, shoff, entsize, i, &s);
		if (!(s.flags & SHF_ALLOC) || !s.size)
			continue;
		seg = s.flags & SHF_EXECINSTR ? 1 : 2;
		if (!seen[seg] || s.addr < out->start[seg])
			out->start[seg] = s.addr;
		if (!seen[seg] || s.addr + s.size > out->end[seg])
			out->end[seg] = s.addr + s.size;
		seen[seg] = 1;
	}
}

static int keep_name(const char *name)
{
	return name[0] && name[0] != '$' && strncmp(name, ".L", 2);
}

static int add_symbols(const uint8_t *buf, size_t len, uint32_t shoff, uint32_t entsize,
		       uint32_t shnum, const struct shdr *symtab, struct elfsyms *out,
		       char *err, size_t errlen)
{
	struct shdr strtab;
	uint32_t i, nsym = symtab->size / SYM_SIZE;

	if (symtab->link >= shnum)
		return fail(err, errlen, "symbol table links to no string table");
	get_shdr(buf, shoff, entsize, symtab->link, &strtab);
	if (strtab.type != SHT_STRTAB || !in_file(len, strtab.offset, strtab.size) ||
	    !strtab.size || buf[strtab.offset + strtab.size - 1])
		return fail(err, errlen, "bad string table");
	/* Names point into the file's string table, not a copy each: symbols
	 * may share a name's bytes, and 20,000 of them on one name of 60 KB
	 * (a 380 KB file) took 2.3 GB as copies. */
	if (!(out->syms = calloc(nsym ? nsym : 1, sizeof *out->syms)))
		return fail(err, errlen, "out of memory");
	out->strings = (char *)(uintptr_t)(buf + strtab.offset);
	out->strings_len = strtab.size;
	for (i = 1; i < nsym; i++) {	/* entry 0 is the null symbol */
		const uint8_t *p = buf + symtab->offset + (size_t)i * SYM_SIZE;
		uint32_t name = le(p, 4), shndx = le(p + 14, 2);
		int type = p[12] & 15, bind = p[12] >> 4;
		const char *s;
		struct shdr sec;
		struct esym *e;

		if (name >= strtab.size)
			return fail(err, errlen, "symbol name outside the string table");
		s = (const char *)buf + strtab.offset + name;
		if ((type != STT_NOTYPE && type != STT_OBJECT && type != STT_FUNC) ||
		    !shndx || shndx >= SHN_LORESERVE || shndx >= shnum || !keep_name(s))
			continue;
		get_shdr(buf, shoff, entsize, shndx, &sec);
		if (!(sec.flags & SHF_ALLOC))
			continue;
		e = &out->syms[out->n++];
		e->value = le(p + 4, 4);
		e->seg = sec.flags & SHF_EXECINSTR ? 1 : 2;
		e->type = nm_letter(&sec, bind, type);
		e->func = type == STT_FUNC;
		e->name = out->strings + name;
	}
	return 0;
}

int elf32_symbols(const uint8_t *buf, size_t len, struct elfsyms *out, char *err, size_t errlen)
{
	uint32_t shoff, entsize, shnum, i;
	struct shdr s, symtab = { 0 };
	int rc;

	memset(out, 0, sizeof *out);
	if (len < EHDR_SIZE || !elf32_is(buf, len))
		return fail(err, errlen, "not an ELF file, or truncated");
	if (buf[4] != 1 || buf[5] != 1)
		return fail(err, errlen, "not a 32-bit little-endian ELF file");
	if (le(buf + 18, 2) != EM_386)
		return fail(err, errlen, "not an i386 ELF file");
	out->entry = le(buf + 24, 4);
	shoff = le(buf + 32, 4);
	entsize = le(buf + 46, 2);
	shnum = le(buf + 48, 2);
	if (!shnum || entsize < SHDR_SIZE || !in_file(len, shoff, shnum * entsize))
		return fail(err, errlen, "no section headers, or outside the file");
	for (i = 0; i < shnum; i++) {
		get_shdr(buf, shoff, entsize, i, &s);
		if ((s.type == SHT_SYMTAB || (s.type == SHT_DYNSYM && !symtab.type)) &&
		    symtab.type != SHT_SYMTAB)
			symtab = s;
	}
	if (!symtab.type)
		return fail(err, errlen, "no symbol table (stripped?)");
	if (symtab.entsize != SYM_SIZE || !in_file(len, symtab.offset, symtab.size))
		return fail(err, errlen, "bad symbol table");
	spans(buf, shoff, entsize, shnum, out);
	rc = add_symbols(buf, len, shoff, entsize, shnum, &symtab, out, err, errlen);
	if (rc)
		elf32_free(out);
	return rc;
}

void elf32_free(struct elfsyms *e)
{
	free(e->syms);
	memset(e, 0, sizeof *e);
}

/* The address of the symbol name in e's code segment, or -1. */
static int64_t code_symbol(const struct elfsyms *e, const char *name)
{
	size_t i;

	for (i = 0; i < e->n; i++)
		if (e->syms[i].seg == 1 && !strcmp(e->syms[i].name, name))
			return e->syms[i].value;
	return -1;
}

/* The kernel's text, [lo, hi), as the PT_LOAD that holds it is loaded: its
 * file bytes (*file of them, at *bytes), then zeros to hi. */
static int kernel_text(const uint8_t *buf, size_t len, uint32_t lo, uint32_t hi,
		       const uint8_t **bytes, uint32_t *file, char *why, size_t whylen)
{
	uint32_t phoff = le(buf + 28, 4), phentsize = le(buf + 42, 2), phnum = le(buf + 44, 2), i;

	if (phentsize < PHDR_SIZE || !in_file(len, phoff, phnum * phentsize))
		return fail(why, whylen, "bad program header table");
	for (i = 0; i < phnum; i++) {
		const uint8_t *ph = buf + phoff + (size_t)i * phentsize;
		uint32_t off = le(ph + 4, 4), vaddr = le(ph + 8, 4);
		uint32_t filesz = le(ph + 16, 4), memsz = le(ph + 20, 4);

		if (le(ph, 4) != PT_LOAD || lo < vaddr || (uint64_t)hi > (uint64_t)vaddr + memsz)
			continue;
		if (filesz > memsz || !in_file(len, off, filesz))
			return fail(why, whylen, "the text's segment lies outside the file");
		*file = filesz > lo - vaddr ? filesz - (lo - vaddr) : 0;	/* bytes from the file */
		if (*file > hi - lo)
			*file = hi - lo;
		*bytes = *file ? buf + off + (lo - vaddr) : NULL;
		return 0;
	}
	return fail(why, whylen, "no loadable segment holds the text");
}

/* Another kernel's program, whose code is not at 0 (profkern links every
 * program's there, lib/elf.c): its one executable PT_LOAD as loaded, file
 * bytes then zeros to its memory size, from its address. 0, or -1 when it
 * has not exactly one, at an address other than 0, whole in the file. */
static int foreign_code(const uint8_t *buf, size_t len, struct elf32_code *c)
{
	uint32_t phoff = le(buf + 28, 4), phentsize = le(buf + 42, 2), phnum = le(buf + 44, 2), i;
	int found = 0;

	if (phentsize < PHDR_SIZE || !in_file(len, phoff, phnum * phentsize))
		return -1;
	for (i = 0; i < phnum; i++) {
		const uint8_t *ph = buf + phoff + (size_t)i * phentsize;
		uint32_t off = le(ph + 4, 4), vaddr = le(ph + 8, 4);
		uint32_t filesz = le(ph + 16, 4), memsz = le(ph + 20, 4);

		if (le(ph, 4) != PT_LOAD || !(le(ph + 24, 4) & 1))	/* PF_X */
			continue;
		if (found++ || !vaddr || !memsz || filesz > memsz || !in_file(len, off, filesz) ||
		    (uint64_t)vaddr + memsz > 0x100000000ull)
			return -1;
		c->origin = vaddr;
		c->size = memsz;
		c->file = filesz;
		c->bytes = filesz ? buf + off : NULL;
	}
	return found ? 0 : -1;
}

int elf32_code(const uint8_t *buf, size_t len, const struct elfsyms *e, int kernel,
	       struct elf32_code *c, char *why, size_t whylen)
{
	struct elfimage img;
	const char *reason;
	int64_t lo, hi;

	if (len < EHDR_SIZE || !elf32_is(buf, len))
		return fail(why, whylen, "not an ELF file");
	if (kernel) {
		lo = code_symbol(e, "_text_start");
		hi = code_symbol(e, "_text_end");
		if (lo < 0 || hi < lo)
			return fail(why, whylen, "no _text_start and _text_end symbols");
		c->origin = (uint32_t)lo;
		c->size = (uint32_t)(hi - lo);
		return kernel_text(buf, len, (uint32_t)lo, (uint32_t)hi, &c->bytes, &c->file, why,
				   whylen);
	}
	if (len > UINT32_MAX)
		return fail(why, whylen, "larger than 4 GiB");
	if (elf_parse(buf, (uint32_t)len, &img, &reason)) {
		if (!foreign_code(buf, len, c))
			return 0;
		snprintf(why, whylen, "the kernel would not load it: %s", reason);
		return -1;
	}
	c->origin = 0;
	c->size = img.codesize;
	c->bytes = buf + img.text.offset;
	c->file = img.text.filesz;
	return 0;
}

int elf32_fingerprint(const uint8_t *buf, size_t len, const struct elfsyms *e, int kernel,
		      uint32_t *crc, char *why, size_t whylen)
{
	struct elf32_code c;

	if (elf32_code(buf, len, e, kernel, &c, why, whylen))
		return -1;
	*crc = c.file ? crc32_update(0, c.bytes, c.file) : 0;
	*crc = crc32_zeros(*crc, c.size - c.file);
	return 0;
}

static int by_offset_down(const void *x, const void *y)
{
	const struct elf32_long *a = x, *b = y;

	return a->off != b->off ? (a->off < b->off ? 1 : -1) : (a->sym > b->sym) - (a->sym < b->sym);
}

int elf32_long_names(const struct elfsyms *e, struct elf32_long **out, size_t *n, size_t *distinct)
{
	struct elf32_long *ln;
	uint64_t h = SHOWN_HASH_INIT;
	size_t i, k = 0, pos = e->strings_len;

	*out = NULL;
	*n = *distinct = 0;
	for (i = 0; i < e->n; i++)
		k += strnlen(e->syms[i].name, SHOWN_LONG + 1) > SHOWN_LONG;
	if (!k)
		return 0;
	if (!(ln = malloc(k * sizeof *ln)))
		return -1;
	for (i = 0, k = 0; i < e->n; i++)
		if (strnlen(e->syms[i].name, SHOWN_LONG + 1) > SHOWN_LONG) {
			ln[k].off = (size_t)(e->syms[i].name - e->strings);
			ln[k++].sym = i;
		}
	qsort(ln, k, sizeof *ln, by_offset_down);
	for (i = 0; i < k;) {	/* the table ends with a NUL (add_symbols) */
		unsigned char c = (unsigned char)e->strings[--pos];

		h = c ? shown_hash_step(h, c) : SHOWN_HASH_INIT;
		for (; i < k && ln[i].off == pos; i++) {
			ln[i].hash = h;
			*distinct += !i || ln[i - 1].off != pos;
		}
	}
	*out = ln;
	*n = k;
	return 0;
}
