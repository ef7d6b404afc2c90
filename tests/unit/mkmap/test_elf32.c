/* test_elf32.c: ELF32 symbols (host/common/elf32.c) as pinfo reads them
 * (maps.c) and as mkmap writes them (mapwrite.c): a hand-made ELF with
 * every kind of symbol, damage, and a gcc -m32 one checked against nm. */
#define _GNU_SOURCE	/* open_memstream */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "dump.h"
#include "elf32.h"
#include "elf.h"
#include "mapwrite.h"
#include "hostio.h"
#include "maps.h"
#include "report.h"
#include "testbuf.h"

static struct map parse_ok(const char *path, const char *text, size_t len)
{
	struct map m;
	char err[200];

	if (map_parse(path, (const uint8_t *)text, len, &m, err, sizeof err))
		fail_msg("%s: %s", path, err);
	return m;
}

static void assert_sym(const struct map *m, size_t i, uint16_t seg, uint32_t addr,
		       const char *name)
{
	assert_true(i < m->n);
	assert_int_equal(m->syms[i].seg, seg);
	assert_int_equal(m->syms[i].addr, addr);
	assert_string_equal(m->syms[i].name, name);
}

static void put32(uint8_t *p, uint32_t v)
{
	int k;

	for (k = 0; k < 4; k++)
		p[k] = (uint8_t)(v >> (8 * k));
}

static void put16(uint8_t *p, uint32_t v)
{
	p[0] = (uint8_t)v;
	p[1] = (uint8_t)(v >> 8);
}

/* Section i's header: type, flags, addr, offset, size, link, entsize. */
static void shdr(uint8_t *p, uint32_t type, uint32_t flags, uint32_t addr, uint32_t off,
		 uint32_t size, uint32_t link, uint32_t entsize)
{
	put32(p + 4, type);
	put32(p + 8, flags);
	put32(p + 12, addr);
	put32(p + 16, off);
	put32(p + 20, size);
	put32(p + 24, link);
	put32(p + 36, entsize);
}

/* A symbol of a hand-made ELF file. */
struct tsym {
	const char *name;	/* "" for none */
	uint32_t value;
	uint8_t info;		/* bind << 4 | type */
	uint16_t shndx;
};

/* An ELF32 executable for i386 made by hand: its header, a string table
 * and a symbol table of syms[0..nsym), then nsec section headers (they come
 * last, so any truncation loses them), of which the last two are the
 * symbol and string tables; the caller writes the others from *sh_off. */
static struct tbuf syms_elf(const struct tsym *syms, size_t nsym, size_t nsec, size_t *sh_off)
{
	struct tbuf b = { 0 };
	uint8_t zero[64] = { 0 }, *p;
	size_t strtab_off, strtab_len, symtab_off, i, name = 1;

	tbuf_put(&b, zero, 52);
	strtab_off = b.len;
	tbuf_put(&b, "", 1);
	for (i = 0; i < nsym; i++)
		if (syms[i].name[0])
			tbuf_put(&b, syms[i].name, strlen(syms[i].name) + 1);
	strtab_len = b.len - strtab_off;
	symtab_off = b.len;
	for (i = 0; i < nsym; i++) {
		uint8_t e[16] = { 0 };

		if (syms[i].name[0]) {
			put32(e, (uint32_t)name);
			name += strlen(syms[i].name) + 1;
		}
		put32(e + 4, syms[i].value);
		e[12] = syms[i].info;
		put16(e + 14, syms[i].shndx);
		tbuf_put(&b, e, 16);
	}
	*sh_off = b.len;
	for (i = 0; i < nsec; i++)
		tbuf_put(&b, zero, 40);
	p = b.data + *sh_off;
	shdr(p + 40 * (nsec - 2), 2, 0, 0, (uint32_t)symtab_off, (uint32_t)(nsym * 16), (uint32_t)(nsec - 1), 16);
	shdr(p + 40 * (nsec - 1), 3, 0, 0, (uint32_t)strtab_off, (uint32_t)strtab_len, 0, 0);
	memcpy(b.data, "\177ELF\1\1\1", 7);
	put16(b.data + 16, 2);		/* ET_EXEC */
	put16(b.data + 18, 3);		/* EM_386 */
	put32(b.data + 20, 1);
	put32(b.data + 24, 0);		/* entry */
	put32(b.data + 32, (uint32_t)*sh_off);
	put16(b.data + 40, 52);
	put16(b.data + 46, 40);
	put16(b.data + 48, (uint32_t)nsec);
	return b;
}

/* A guest-shaped ELF32 made by hand: .text at 0 (executable), .data at
 * 0x10, .bss at 0x30, .rodata at 0x40 (overlapping the text's addresses),
 * a non-allocated .comment, and symbols of every kind to keep or drop.
 * The section headers come last, so any truncation loses them. */
static struct tbuf tiny_elf(void)
{
	static const struct tsym syms[] = {
		{ "", 0, 0, 0 },
		{ "tiny.c", 0, 0x04, 0xfff1 },	/* FILE */
		{ "", 0, 0x03, 1 },		/* SECTION */
		{ "_start", 0, 0x12, 1 },	/* kept: T */
		{ "helper", 0x20, 0x02, 1 },	/* kept: t */
		{ "counter", 0x10, 0x11, 2 },	/* kept: D */
		{ "buf", 0x30, 0x01, 3 },	/* kept: b */
		{ "msg", 0x40, 0x11, 4 },	/* kept: R */
		{ "$x", 0x8, 0x00, 1 },
		{ ".L42", 0x9, 0x00, 1 },
		{ "printf", 0, 0x10, 0 },	/* undefined */
		{ "absval", 5, 0x10, 0xfff1 },	/* absolute */
		{ "weakfn", 0x80, 0x22, 1 },	/* kept: W */
		{ "label", 0x90, 0x00, 1 },	/* kept: t */
		{ "note", 0, 0x11, 5 },		/* in a non-allocated section */
	};
	size_t sh_off;
	struct tbuf b = syms_elf(syms, sizeof syms / sizeof syms[0], 8, &sh_off);
	uint8_t *p = b.data + sh_off;

	shdr(p + 40 * 1, 1, 6, 0, 0, 0x100, 0, 0);		/* .text AX */
	shdr(p + 40 * 2, 1, 3, 0x10, 0, 0x20, 0, 0);		/* .data WA */
	shdr(p + 40 * 3, 8, 3, 0x30, 0, 0x10, 0, 0);		/* .bss WA, NOBITS */
	shdr(p + 40 * 4, 1, 2, 0x40, 0, 8, 0, 0);		/* .rodata A */
	shdr(p + 40 * 5, 1, 0, 0, 0, 16, 0, 0);			/* .comment */
	return b;
}

/* Kept: named FUNC/OBJECT/NOTYPE of allocated sections; executable ones
 * are segment 1, the rest 2, whatever their addresses. */
static void test_map_elf_built(void **state)
{
	struct tbuf b = tiny_elf();
	struct map m = parse_ok("dir/tiny.elf", (char *)b.data, b.len);
	struct elfsyms e;
	char err[100], letters[8];
	size_t i;

	(void)state;
	assert_int_equal(m.form, MAP_ELF);
	assert_string_equal(m.module, "TINY");
	assert_int_equal(m.n, 7);
	assert_sym(&m, 0, 1, 0, "_start");
	assert_sym(&m, 1, 1, 0x20, "helper");
	assert_sym(&m, 2, 2, 0x10, "counter");
	assert_sym(&m, 3, 2, 0x30, "buf");
	assert_sym(&m, 4, 2, 0x40, "msg");
	assert_sym(&m, 5, 1, 0x80, "weakfn");
	assert_sym(&m, 6, 1, 0x90, "label");
	map_free(&m);
	assert_int_equal(elf32_symbols(b.data, b.len, &e, err, sizeof err), 0);
	for (i = 0; i < 7; i++)
		letters[i] = e.syms[i].type;
	letters[7] = 0;
	assert_string_equal(letters, "TtDbRWt");
	assert_int_equal(e.start[1], 0);
	assert_int_equal(e.end[1], 0x100);
	assert_int_equal(e.start[2], 0x10);
	assert_int_equal(e.end[2], 0x48);
	elf32_free(&e);
	tbuf_free(&b);
}

/* Truncated anywhere, or with a field made absurd: a reason, no crash. */
static void test_map_elf_damaged(void **state)
{
	struct tbuf b = tiny_elf();
	struct map m;
	char err[100];
	size_t n, i;

	(void)state;
	for (n = 0; n < b.len; n++) {
		err[0] = 0;
		assert_int_equal(map_parse("t.elf", b.data, n, &m, err, sizeof err), -1);
		assert_true(err[0]);
	}
	for (i = 0; i < b.len; i++) {	/* any byte at 0xff: parsed or refused, never a crash */
		uint8_t keep = b.data[i];

		b.data[i] = 0xff;
		if (!map_parse("t.elf", b.data, b.len, &m, err, sizeof err))
			map_free(&m);
		b.data[i] = keep;
	}
	b.data[4] = 2;	/* ELFCLASS64 */
	assert_int_equal(map_parse("t.elf", b.data, b.len, &m, err, sizeof err), -1);
	assert_non_null(strstr(err, "32-bit"));
	tbuf_free(&b);
}

/* An ELF made by gcc -m32 (data/tiny.c) gives the symbols nm gives. */
static void test_map_elf_gcc(void **state)
{
	size_t elen, nlen, i, k;
	char *elf = tfile("data/tiny.elf", &elen), *nm = tfile("data/tiny.nm", &nlen);
	struct map me = parse_ok("data/tiny.elf", elf, elen);
	struct map mn = parse_ok("data/tiny.nm", nm, nlen);

	(void)state;
	assert_string_equal(me.module, "TINY");
	assert_string_equal(mn.module, "TINY");
	/* the ELF map keeps the code as loaded, which its fingerprint is of;
	 * a text map has none */
	assert_true(me.has_fingerprint);
	assert_non_null(me.code);
	assert_int_equal(me.code_origin, 0);
	assert_int_equal(me.code_len, 0x87);	/* the text's PT_LOAD: file offset 0x1000 */
	assert_memory_equal(me.code, elf + 0x1000, 0x87);
	assert_int_equal(me.fingerprint, crc32_update(0, elf + 0x1000, 0x87));
	assert_null(mn.code);
	assert_int_equal(me.n, mn.n);
	for (i = 0; i < mn.n; i++) {
		for (k = 0; k < me.n && strcmp(me.syms[k].name, mn.syms[i].name); k++)
			;
		assert_true(k < me.n);
		assert_int_equal(me.syms[k].seg, mn.syms[i].seg);
		assert_int_equal(me.syms[k].addr, mn.syms[i].addr);
	}
	map_free(&me);
	map_free(&mn);
	free(elf);
	free(nm);
}

/* ---- mkmap's output, read back ------------------------------------------------- */

static char *write_map_fp(struct elfsyms *e, const char *module, int kernel, int sysmap,
			  const uint32_t *fp)
{
	char *text;
	size_t len;
	FILE *f = open_memstream(&text, &len);

	if (sysmap)
		map_write_system(f, e, kernel, fp);
	else
		map_write_link(f, module, e, kernel, fp);
	fclose(f);
	return text;
}

static char *write_map(struct elfsyms *e, const char *module, int kernel, int sysmap)
{
	return write_map_fp(e, module, kernel, sysmap, NULL);
}

/* The LINK map mkmap writes parses back to the same symbols; for the kernel
 * only the code segment; System.map text sorted, nm letters. */
static void test_mkmap_roundtrip(void **state)
{
	size_t elen;
	char *elf = tfile("data/tiny.elf", &elen), err[100], *text;
	struct elfsyms e;
	struct map m;

	(void)state;
	assert_int_equal(elf32_symbols((uint8_t *)elf, elen, &e, err, sizeof err), 0);
	text = write_map(&e, "TINY", 0, 0);
	assert_non_null(strstr(text, " 0001:00000000 00000087H  _TEXT"));
	assert_non_null(strstr(text, "\nProgram entry point at 0001:0000006C\n"));
	m = parse_ok("x.map", text, strlen(text));
	assert_string_equal(m.module, "TINY");
	/* one name an address: __bss_start, _edata and hits share 0x10004 */
	assert_int_equal(m.n, e.n - 2);
	assert_sym(&m, 0, 1, 0, "helper");	/* sorted by segment, then value */
	assert_sym(&m, 3, 1, 0x6c, "_start");
	assert_sym(&m, 4, 2, 0x1000, "message");
	map_free(&m);
	free(text);

	text = write_map(&e, "kernel", 1, 0);
	assert_null(strstr(text, "0002:"));
	m = parse_ok("x.map", text, strlen(text));
	assert_int_equal(m.n, 4);
	map_free(&m);
	free(text);

	text = write_map(&e, NULL, 0, 1);
	assert_true(!strncmp(text, "00000000 t helper\n0000001a W hook\n", 34));
	m = parse_ok("tiny.map", text, strlen(text));
	assert_int_equal(m.n, e.n);
	map_free(&m);
	free(text);
	elf32_free(&e);
	free(elf);
}

/* ---- one rule for aliases, whatever the map's form ------------------------------ */

/* An ELF file with aliases in its code, listed as a linker lists them
 * (locals first): a local "zed" and a global "_zed" at 0x10, globals "_f"
 * and "f" at 0x20, a weak "w" and a local "a" at 0x28. */
static struct tbuf alias_elf(void)
{
	static const struct tsym syms[] = {
		{ "", 0, 0, 0 }, { "zed", 0x10, 0x02, 1 }, { "a", 0x28, 0x00, 1 }, { "start", 0, 0x12, 1 },
		{ "_zed", 0x10, 0x12, 1 }, { "_f", 0x20, 0x12, 1 }, { "f", 0x20, 0x12, 1 },
		{ "w", 0x28, 0x22, 1 }, { "odd", 0x31, 0x12, 1 },
	};
	size_t sh_off;
	struct tbuf b = syms_elf(syms, sizeof syms / sizeof syms[0], 4, &sh_off);

	shdr(b.data + sh_off + 40 * 1, 1, 6, 0, 0, 0x40, 0, 0);	/* .text AX */
	return b;
}

/* pinfo's report of a dump of ALIAS's 64 bytes (bucket i holds i + 1 ticks) with map m. */
static char *alias_report(const struct map *m)
{
	uint32_t counters[16];
	struct pdump_seg seg = { .module = "ALIAS", .segno = 1, .selector = 7, .length = 0x40,
				 .counters = counters };
	struct pdump d = { .version = 2, .type = 5, .shift = 2, .hz = 1000, .nseg = 1, .segs = &seg };
	char *text;
	size_t len, i;
	FILE *f = open_memstream(&text, &len);

	for (i = 0; i < 16; i++)
		d.total += counters[i] = (uint32_t)i + 1;
	assert_int_equal(report_module(f, &d, m, 0), 0);
	fclose(f);
	return text;
}

/* The ELF file, the LINK map and the System.map text mkmap writes of it:
 * the same report, line for line, each address named by the alias rule. */
static void test_aliases_every_form(void **state)
{
	struct tbuf b = alias_elf();
	struct map me = parse_ok("alias.elf", (char *)b.data, b.len), m;
	struct elfsyms e;
	char err[100], *want, *text;
	int sysmap;

	(void)state;
	want = alias_report(&me);
	assert_non_null(strstr(want, "0001:0010"));
	assert_non_null(strstr(want, "   _zed\n"));	/* a global over a local */
	assert_non_null(strstr(want, "   f\n"));	/* no leading underscore */
	assert_non_null(strstr(want, "   w\n"));	/* a weak symbol is global */
	assert_null(strstr(want, "   zed\n"));
	assert_null(strstr(want, "   _f\n"));
	assert_int_equal(elf32_symbols(b.data, b.len, &e, err, sizeof err), 0);
	for (sysmap = 0; sysmap < 2; sysmap++) {
		char *map = write_map(&e, "ALIAS", 0, sysmap);

		m = parse_ok("alias.map", map, strlen(map));
		text = alias_report(&m);
		assert_string_equal(text, want);
		free(text);
		map_free(&m);
		free(map);
	}
	elf32_free(&e);
	map_free(&me);
	free(want);
	tbuf_free(&b);
}

/* ---- fingerprints ----------------------------------------------------------- */

/* The loader's code segment, made as kernel/proc.c makes it: a zeroed block
 * of the segment's size, the text's file bytes copied to its start. */
static uint32_t loaded_crc(const uint8_t *buf, size_t len)
{
	struct elfimage img;
	const char *why;
	uint8_t *image;
	uint32_t crc;

	if (elf_parse(buf, (uint32_t)len, &img, &why))
		fail_msg("elf_parse: %s", why);
	image = calloc(1, img.codesize);
	assert_non_null(image);
	memcpy(image, buf + img.text.offset, img.text.filesz);
	crc = crc32_update(0, image, img.codesize);
	free(image);
	return crc;
}

/* A program of one executable PT_LOAD at vaddr, text file bytes a pattern. */
static struct tbuf program_elf_at(uint32_t vaddr, uint32_t filesz, uint32_t memsz)
{
	struct tbuf b = { 0 };
	uint8_t hdr[52 + 32] = { 0 };
	uint32_t i;

	memcpy(hdr, "\177ELF\1\1\1", 7);
	put16(hdr + 16, 2);
	put16(hdr + 18, 3);
	put32(hdr + 28, 52);		/* phoff */
	put16(hdr + 42, 32);
	put16(hdr + 44, 1);
	put32(hdr + 52, 1);		/* PT_LOAD */
	put32(hdr + 56, 0x100);		/* offset */
	put32(hdr + 60, vaddr);
	put32(hdr + 24, vaddr);		/* entry */
	put32(hdr + 68, filesz);
	put32(hdr + 72, memsz);
	put32(hdr + 76, 5);		/* R X */
	tbuf_put(&b, hdr, sizeof hdr);
	while (b.len < 0x100)
		tbuf_put(&b, "", 1);
	for (i = 0; i < filesz; i++) {
		uint8_t c = (uint8_t)(i * 7 + 3);

		tbuf_put(&b, &c, 1);
	}
	return b;
}

static struct tbuf program_elf(uint32_t filesz, uint32_t memsz)
{
	return program_elf_at(0, filesz, memsz);
}

/* A program's fingerprint is the CRC-32 of its code segment exactly as the
 * loader lays it out: its file bytes, zeros to the text's memory size, and
 * zeros to whole pages above 1 MiB. */
static void test_fingerprint_program(void **state)
{
	static const uint32_t sizes[][2] = {
		{ 0x87, 0x87 }, { 0x80, 0x1000 }, { 0x1000, 0x100000 }, { 0x333, 0x100001 },
		{ 0x10, 0x123456 },
	};
	struct elfsyms none = { 0 };
	char why[200], *elf;
	size_t i, elen;
	uint32_t crc, other;

	(void)state;
	for (i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
		struct tbuf b = program_elf(sizes[i][0], sizes[i][1]);

		if (elf32_fingerprint(b.data, b.len, &none, 0, &crc, why, sizeof why))
			fail_msg("%s", why);
		assert_int_equal(crc, loaded_crc(b.data, b.len));
		b.data[0x100 + sizes[i][0] / 2] ^= 1;	/* one bit of code */
		assert_int_equal(elf32_fingerprint(b.data, b.len, &none, 0, &other, why, sizeof why), 0);
		assert_int_not_equal(other, crc);
		tbuf_free(&b);
	}
	elf = tfile("data/tiny.elf", &elen);
	assert_int_equal(elf32_fingerprint((uint8_t *)elf, elen, &none, 0, &crc, why, sizeof why), 0);
	assert_int_equal(crc, loaded_crc((uint8_t *)elf, elen));
	/* a file the loader refuses has none, and says why */
	elf[24] = 0x90;		/* the entry point past the code */
	assert_int_equal(elf32_fingerprint((uint8_t *)elf, elen, &none, 0, &crc, why, sizeof why), -1);
	assert_non_null(strstr(why, "would not load it: entry point"));
	free(elf);
}

/* Another kernel's program, its code linked elsewhere than 0 (Linux's
 * 0x08048000, a higher half): the same rule from its address, its file
 * bytes then zeros to its memory size, as prof_fingerprint() of it loaded
 * (docs/porting.md). Two executable segments still have none. */
static void test_fingerprint_code_elsewhere(void **state)
{
	static const uint32_t at[][3] = {
		{ 0x08048000, 0x87, 0x87 }, { 0x08049000, 0x80, 0x1000 }, { 0xC0100000, 0x333, 0x100001 },
	};
	struct elfsyms none = { 0 };
	struct elf32_code c;
	char why[200];
	uint32_t crc;

	(void)state;
	for (size_t i = 0; i < sizeof at / sizeof at[0]; i++) {
		struct tbuf b = program_elf_at(at[i][0], at[i][1], at[i][2]);
		uint8_t *image = calloc(1, at[i][2]);

		assert_non_null(image);
		memcpy(image, b.data + 0x100, at[i][1]);
		if (elf32_code(b.data, b.len, &none, 0, &c, why, sizeof why))
			fail_msg("%s", why);
		assert_int_equal(c.origin, at[i][0]);
		assert_int_equal(c.size, at[i][2]);
		assert_int_equal(c.file, at[i][1]);
		assert_int_equal(elf32_fingerprint(b.data, b.len, &none, 0, &crc, why, sizeof why), 0);
		assert_int_equal(crc, crc32_update(0, image, at[i][2]));
		free(image);
		put16(b.data + 44, 2);		/* a second executable PT_LOAD, the same */
		memcpy(b.data + 52 + 32, b.data + 52, 32);
		assert_int_equal(elf32_fingerprint(b.data, b.len, &none, 0, &crc, why, sizeof why), -1);
		tbuf_free(&b);
	}
}

/* A program's code read from its mapped file (map_parse_owned): taken
 * there, never copied (a copy doubled pinfo's memory on a large program),
 * and fingerprinted a MiB at a time as elf32_fingerprint takes it whole. */
static void test_map_code_not_copied(void **state)
{
	static const uint32_t at[][3] = { { 0x08048000, 0x87, 0x87 }, { 0x100000, 0x280003, 0x300000 } };
	char path[] = "/tmp/test_elf32_XXXXXX", err[200];
	struct elfsyms none = { 0 };
	uint32_t crc;

	(void)state;
	for (size_t i = 0; i < sizeof at / sizeof at[0]; i++) {
		struct tbuf b = program_elf_at(at[i][0], at[i][1], at[i][2]);
		uint8_t zero[40] = { 0 }, sym[16] = { 0 };
		size_t sh;
		int fd = mkstemp(path), mapped;
		uint8_t *buf;
		size_t len;
		struct map m;

		put32(sym, 1);		/* "f" at the code's start, after the code */
		put32(sym + 4, at[i][0]);
		sym[12] = 0x12;
		put16(sym + 14, 1);
		tbuf_put(&b, "\0f", 3);
		tbuf_put(&b, zero, 16);
		tbuf_put(&b, sym, 16);
		sh = b.len;
		for (int k = 0; k < 4; k++)
			tbuf_put(&b, zero, 40);
		shdr(b.data + sh + 40, 1, 6, at[i][0], 0x100, at[i][1], 0, 0);
		shdr(b.data + sh + 80, 2, 0, 0, (uint32_t)sh - 32, 32, 3, 16);
		shdr(b.data + sh + 120, 3, 0, 0, (uint32_t)sh - 35, 3, 0, 0);
		put32(b.data + 32, (uint32_t)sh);
		put16(b.data + 46, 40);
		put16(b.data + 48, 4);
		assert_true(fd >= 0);
		assert_int_equal(write(fd, b.data, b.len), (ssize_t)b.len);
		close(fd);
		assert_int_equal(elf32_fingerprint(b.data, b.len, &none, 0, &crc, err, sizeof err), 0);
		assert_int_equal(map_regular(path, &buf, &len, &mapped, err, sizeof err), 0);
		assert_true(mapped);
		if (map_parse_owned("prog.elf", buf, len, mapped, &m, err, sizeof err))
			fail_msg("%s", err);
		assert_true(m.has_fingerprint);
		assert_int_equal(m.fingerprint, crc);
		assert_int_equal(m.code_origin, at[i][0]);
		assert_int_equal(m.code_len, at[i][1]);
		assert_ptr_equal(m.code, buf + 0x100);	/* in the file's mapping */
		assert_memory_equal(m.code, b.data + 0x100, at[i][1]);
		map_free(&m);
		unlink(path);
		memcpy(path + strlen(path) - 6, "XXXXXX", 6);
		tbuf_free(&b);
	}
}

/* The kernel's: its text, _text_start to _text_end, as its PT_LOAD puts it
 * in memory (file bytes, then zeros past the file size). */
static void test_fingerprint_kernel(void **state)
{
	struct esym syms[] = {
		{ 0x10000c, 1, 'T', 0, "_text_start" }, { 0x100100, 1, 'T', 0, "_text_end" },
	};
	struct elfsyms e = { syms, 2, NULL, 0, 0x10000c, { 0 }, { 0 } };
	struct tbuf b = program_elf(0x80, 0x200);
	uint8_t memory[0x200] = { 0 };
	char why[200];
	uint32_t crc;

	(void)state;
	put32(b.data + 52 + 8, 0x100000);	/* vaddr */
	memcpy(memory, b.data + 0x100, 0x80);
	assert_int_equal(elf32_fingerprint(b.data, b.len, &e, 1, &crc, why, sizeof why), 0);
	assert_int_equal(crc, crc32_update(0, memory + 0xc, 0x100 - 0xc));
	/* text past the segment, no segment, no symbols: none */
	syms[1].value = 0x100201;
	assert_int_equal(elf32_fingerprint(b.data, b.len, &e, 1, &crc, why, sizeof why), -1);
	assert_non_null(strstr(why, "no loadable segment"));
	syms[1].name = "_etext";
	assert_int_equal(elf32_fingerprint(b.data, b.len, &e, 1, &crc, why, sizeof why), -1);
	assert_non_null(strstr(why, "_text_start and _text_end"));
	tbuf_free(&b);
}

/* mkmap writes the fingerprint into both text forms; pinfo reads it back,
 * and computes the same itself from the ELF file. */
static void test_fingerprint_in_maps(void **state)
{
	size_t elen;
	char *elf = tfile("data/tiny.elf", &elen), err[200], *text;
	struct elfsyms e;
	struct map m, me;
	uint32_t fp;
	int sysmap;

	(void)state;
	assert_int_equal(elf32_symbols((uint8_t *)elf, elen, &e, err, sizeof err), 0);
	assert_int_equal(elf32_fingerprint((uint8_t *)elf, elen, &e, 0, &fp, err, sizeof err), 0);
	me = parse_ok("tiny.elf", elf, elen);
	assert_true(me.has_fingerprint);
	assert_int_equal(me.fingerprint, fp);
	for (sysmap = 0; sysmap < 2; sysmap++) {
		text = write_map_fp(&e, "TINY", 0, sysmap, &fp);
		m = parse_ok("tiny.map", text, strlen(text));
		assert_true(m.has_fingerprint);
		assert_int_equal(m.fingerprint, fp);
		assert_int_equal(m.n, sysmap ? me.n : me.n - 2);	/* LINK: one name an address */
		map_free(&m);
		free(text);
		text = write_map(&e, "TINY", 0, sysmap);	/* none written: none read */
		m = parse_ok("tiny.map", text, strlen(text));
		assert_false(m.has_fingerprint);
		map_free(&m);
		free(text);
	}
	text = write_map_fp(&e, "TINY", 0, 0, &fp);
	assert_non_null(strstr(text, "\nProgram entry point at 0001:0000006C\n\n Fingerprint 0001 CRC-32 "));
	free(text);
	text = write_map_fp(&e, "TINY", 0, 1, &fp);
	snprintf(err, sizeof err, "%08x A __code_crc32\n", fp);
	assert_true(!strncmp(text, err, strlen(err)));	/* first, as nm prints it */
	free(text);
	map_free(&me);
	elf32_free(&e);
	free(elf);
}

/* ---- names that are not one word --------------------------------------------- */

/* An ELF file with a .text section and a FUNC symbol of each name, at 4 * i. */
static struct tbuf named_elf(const char *const *names, size_t n)
{
	struct tbuf b = { 0 };
	uint8_t zero[64] = { 0 }, *p;
	size_t strtab_off, strtab_len, symtab_off, sh_off, i, name = 1;

	tbuf_put(&b, zero, 52);
	strtab_off = b.len;
	tbuf_put(&b, "", 1);
	for (i = 0; i < n; i++)
		tbuf_put(&b, names[i], strlen(names[i]) + 1);
	strtab_len = b.len - strtab_off;
	symtab_off = b.len;
	tbuf_put(&b, zero, 16);
	for (i = 0; i < n; i++) {
		uint8_t sym[16] = { 0 };

		put32(sym, (uint32_t)name);
		name += strlen(names[i]) + 1;
		put32(sym + 4, (uint32_t)(4 * i));
		sym[12] = 0x12;		/* GLOBAL FUNC */
		put16(sym + 14, 1);
		tbuf_put(&b, sym, 16);
	}
	sh_off = b.len;
	for (i = 0; i < 4; i++)
		tbuf_put(&b, zero, 40);
	p = b.data + sh_off;
	shdr(p + 40, 1, 6, 0, 0, (uint32_t)(4 * n + 4), 0, 0);	/* .text AX */
	shdr(p + 80, 2, 0, 0, (uint32_t)symtab_off, (uint32_t)(16 * (n + 1)), 3, 16);
	shdr(p + 120, 3, 0, 0, (uint32_t)strtab_off, (uint32_t)strtab_len, 0, 0);
	memcpy(b.data, "\177ELF\1\1\1", 7);
	put16(b.data + 16, 2);
	put16(b.data + 18, 3);
	put32(b.data + 32, (uint32_t)sh_off);
	put16(b.data + 46, 40);
	put16(b.data + 48, 4);
	return b;
}

/* Any name but an empty one survives mkmap and pinfo: escaped in the map
 * ("\\x0a", "\\x20", "\\\\"), one token on its line, decoded back,
 * in both text forms; a name holding the LINK headers' words, or a
 * fingerprint's, is only a name. */
static void test_names_round_trip(void **state)
{
	static const char *const names[] = {
		"plain", "with space", "new\nline", "tab\there", "cr\r", "back\\slash",
		"\\x41 not an escape", "\\\\", "esc\033[31m", "high\xff\x80", "del\x7f",
		"Publics by Value", "setOrigin", "Start", "Length", "Class", "Fingerprint",
		"__code_crc32", "Abs", "Program entry point at 0001:0000", "0001:0000",
		"[mod]", "trailing\\", "\\x4", "\\xzz",
	};
	enum { N = sizeof names / sizeof names[0] };
	struct tbuf b = named_elf(names, N);
	struct elfsyms e;
	struct map m;
	char err[200], *text;
	size_t i, k;
	int sysmap;

	(void)state;
	assert_int_equal(elf32_symbols(b.data, b.len, &e, err, sizeof err), 0);
	assert_int_equal(e.n, N);
	for (sysmap = 0; sysmap < 2; sysmap++) {
		text = write_map(&e, "NAMES", 0, sysmap);
		for (i = 0; text[i]; i++)	/* nothing but printable text and newlines */
			assert_true(text[i] == '\n' || (text[i] >= ' ' && text[i] < 0x7f));
		m = parse_ok("names.map", text, strlen(text));
		assert_int_equal(m.form, sysmap ? MAP_NM : MAP_LINK);
		assert_int_equal(m.n, N);
		for (i = 0; i < N; i++) {
			for (k = 0; k < m.n && strcmp(m.syms[k].name, names[i]); k++)
				;
			if (k == m.n)
				fail_msg("%s form: name %zu lost", sysmap ? "nm" : "LINK", i);
			assert_int_equal(m.syms[k].addr, 4 * i);
			assert_int_equal(m.syms[k].seg, 1);
		}
		assert_false(m.has_fingerprint);
		map_free(&m);
		free(text);
	}
	elf32_free(&e);
	tbuf_free(&b);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_map_elf_built),
		cmocka_unit_test(test_map_elf_damaged),
		cmocka_unit_test(test_map_elf_gcc),
		cmocka_unit_test(test_mkmap_roundtrip),
		cmocka_unit_test(test_fingerprint_program),
		cmocka_unit_test(test_fingerprint_code_elsewhere),
		cmocka_unit_test(test_map_code_not_copied),
		cmocka_unit_test(test_fingerprint_kernel),
		cmocka_unit_test(test_fingerprint_in_maps),
		cmocka_unit_test(test_aliases_every_form),
		cmocka_unit_test(test_names_round_trip),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
