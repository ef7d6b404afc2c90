/* test_elf32.c: ELF32 symbols (host-tools/elf32.c) as pinfo reads them
 * (maps.c) and as mkmap writes them (mapwrite.c): a hand-made ELF with
 * every kind of symbol, damage, and a gcc -m32 one checked against nm. */
#define _GNU_SOURCE	/* open_memstream */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "elf32.h"
#include "mapwrite.h"
#include "maps.h"
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

/* A guest-shaped ELF32 made by hand: .text at 0 (executable), .data at
 * 0x10, .bss at 0x30, .rodata at 0x40 (overlapping the text's addresses),
 * a non-allocated .comment, and symbols of every kind to keep or drop.
 * The section headers come last, so any truncation loses them. */
static struct tbuf tiny_elf(void)
{
	static const struct {
		const char *name;
		uint32_t value;
		uint8_t info;	/* bind << 4 | type */
		uint16_t shndx;
	} syms[] = {
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
	enum { NSYM = sizeof syms / sizeof syms[0], NSEC = 8 };
	struct tbuf b = { 0 };
	uint8_t zero[64] = { 0 }, *p;
	size_t strtab_off, strtab_len, symtab_off, sh_off, i, name = 1;

	tbuf_put(&b, zero, 52);
	strtab_off = b.len;
	tbuf_put(&b, "", 1);
	for (i = 0; i < NSYM; i++)
		if (syms[i].name[0])
			tbuf_put(&b, syms[i].name, strlen(syms[i].name) + 1);
	strtab_len = b.len - strtab_off;
	symtab_off = b.len;
	for (i = 0; i < NSYM; i++) {
		uint8_t s[16] = { 0 };

		if (syms[i].name[0]) {
			put32(s, (uint32_t)name);
			name += strlen(syms[i].name) + 1;
		}
		put32(s + 4, syms[i].value);
		s[12] = syms[i].info;
		put16(s + 14, syms[i].shndx);
		tbuf_put(&b, s, 16);
	}
	sh_off = b.len;
	for (i = 0; i < NSEC; i++)
		tbuf_put(&b, zero, 40);
	p = b.data + sh_off;
	shdr(p + 40 * 1, 1, 6, 0, 0, 0x100, 0, 0);		/* .text AX */
	shdr(p + 40 * 2, 1, 3, 0x10, 0, 0x20, 0, 0);		/* .data WA */
	shdr(p + 40 * 3, 8, 3, 0x30, 0, 0x10, 0, 0);		/* .bss WA, NOBITS */
	shdr(p + 40 * 4, 1, 2, 0x40, 0, 8, 0, 0);		/* .rodata A */
	shdr(p + 40 * 5, 1, 0, 0, 0, 16, 0, 0);			/* .comment */
	shdr(p + 40 * 6, 2, 0, 0, (uint32_t)symtab_off, NSYM * 16, 7, 16);
	shdr(p + 40 * 7, 3, 0, 0, (uint32_t)strtab_off, (uint32_t)strtab_len, 0, 0);
	memcpy(b.data, "\177ELF\1\1\1", 7);
	put16(b.data + 16, 2);		/* ET_EXEC */
	put16(b.data + 18, 3);		/* EM_386 */
	put32(b.data + 20, 1);
	put32(b.data + 24, 0);		/* entry */
	put32(b.data + 32, (uint32_t)sh_off);
	put16(b.data + 40, 52);
	put16(b.data + 46, 40);
	put16(b.data + 48, NSEC);
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

static char *write_map(struct elfsyms *e, const char *module, int kernel, int sysmap)
{
	char *text;
	size_t len;
	FILE *f = open_memstream(&text, &len);

	if (sysmap)
		map_write_system(f, e, kernel);
	else
		map_write_link(f, module, e, kernel);
	fclose(f);
	return text;
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
	assert_int_equal(m.n, e.n);
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

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_map_elf_built),
		cmocka_unit_test(test_map_elf_damaged),
		cmocka_unit_test(test_map_elf_gcc),
		cmocka_unit_test(test_mkmap_roundtrip),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
