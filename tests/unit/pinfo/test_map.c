/* test_map.c: pinfo's text maps (host/common/maps.c): the LINK style, nm
 * and System.map text, module names, malformed maps; and maps that are
 * hostile or absurd but parse (10^6 symbols, shared ELF names, 4096
 * segments, addresses at 4 GiB), read and reported in bounded time. ELF
 * files and mkmap's output are otherwise test_elf32.c's. */
#define _GNU_SOURCE	/* open_memstream */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <cmocka.h>

#include "maps.h"
#include "shown.h"
#include "report.h"
#include "testbuf.h"

static void parse_bad_n(const char *text, size_t len, const char *want);

static void parse_bad(const char *text, const char *want)
{
	parse_bad_n(text, strlen(text), want);
}

static struct map parse_ok(const char *path, const char *text, size_t len)
{
	struct map m;
	char err[200];

	if (map_parse(path, (const uint8_t *)text, len, &m, err, sizeof err))
		fail_msg("%s: %s", path, err);
	return m;
}

static void parse_bad_n(const char *text, size_t len, const char *want)
{
	struct map m;
	char err[200] = "";

	assert_int_equal(map_parse("bad.map", (const uint8_t *)text, len, &m, err,
				   sizeof err), -1);
	if (!strstr(err, want))
		fail_msg("\"%s\": reason \"%s\" does not mention \"%s\"", text, err, want);
}

static void assert_sym(const struct map *m, size_t i, uint16_t seg, uint32_t addr,
		       const char *name)
{
	assert_true(i < m->n);
	assert_int_equal(m->syms[i].seg, seg);
	assert_int_equal(m->syms[i].addr, addr);
	assert_string_equal(m->syms[i].name, name);
}

/* ---- LINK style ------------------------------------------------------------- */

/* The map mkmap writes: module from its first line, both segments. */
static void test_map_link_ours(void **state)
{
	size_t len;
	char *text = tfile("data/testprof.map", &len);
	struct map m = parse_ok("whatever.txt", text, len);

	(void)state;
	assert_int_equal(m.form, MAP_LINK);
	assert_string_equal(m.module, "TESTPROF");
	assert_int_equal(m.n, 5);
	assert_sym(&m, 1, 1, 0x3e, "main");
	assert_sym(&m, 4, 2, 0x10, "counter");
	map_free(&m);
	free(text);
}

/* A map as MS LINK writes it: by Name and by Value (by Value is used),
 * groups, absolute and imported symbols left out, CRLF lines. */
static void test_map_link_ms(void **state)
{
	static const char text[] =
		"\r\n TESTPROF\r\n\r\n"
		" Start     Length     Name                   Class\r\n"
		" 0001:0000 0182CH     _TEXT                  CODE\r\n"
		" 0002:0000 00510H     _DATA                  DATA\r\n\r\n"
		" Origin   Group\r\n 0002:0   DGROUP\r\n\r\n"
		"  Address         Publics by Name\r\n\r\n"
		" 0001:0128       _inner\r\n 0001:003E       _main\r\n\r\n"
		"  Address         Publics by Value\r\n\r\n"
		" 0000:0000  Abs  __acrtused\r\n"
		" 0001:003E       _main\r\n"
		" 0001:0128       _inner\r\n"
		" 0001:0000  Imp  DOSEXIT              (DOSCALLS.5)\r\n"
		" 0002:0042       _counter\r\n\r\n"
		"Program entry point at 0001:0010\r\n";
	struct map m = parse_ok("x", text, sizeof text - 1);

	(void)state;
	assert_string_equal(m.module, "TESTPROF");
	assert_int_equal(m.n, 3);
	assert_sym(&m, 0, 1, 0x3e, "_main");
	assert_sym(&m, 1, 1, 0x128, "_inner");
	assert_sym(&m, 2, 2, 0x42, "_counter");
	map_free(&m);
}

/* ---- nm and System.map ------------------------------------------------------- */

/* nm -n output and System.map lines; undefined, absolute and debug symbols
 * skipped; text types to segment 1, data types to 2. */
static void test_map_nm(void **state)
{
	static const char text[] =
		"         U printf\n"
		"         w __gmon_start__\n"
		"00000000 A abs_thing\n"
		"00000000 T _start\r\n"
		"0000003e t helper\n"
		"00000128 W weak_fn\n"
		"00010000 D counter\n"
		"00010004 b hits\n"
		"00001000 R message\n"
		"c0100000 T kallsyms_fn\t[mod]\n"
		"\n";
	struct map m = parse_ok("build/run/testprof.sym", text, sizeof text - 1);

	(void)state;
	assert_int_equal(m.form, MAP_NM);
	assert_string_equal(m.module, "TESTPROF");
	assert_int_equal(m.n, 7);
	assert_sym(&m, 0, 1, 0, "_start");
	assert_sym(&m, 2, 1, 0x128, "weak_fn");
	assert_sym(&m, 3, 2, 0x10000, "counter");
	assert_sym(&m, 5, 2, 0x1000, "message");
	assert_sym(&m, 6, 1, 0xc0100000, "kallsyms_fn");
	map_free(&m);
}

/* Module names of nm and ELF maps come from the file name. */
static void test_map_module_names(void **state)
{
	static const char *cases[][2] = {
		{ "testprof.sym", "TESTPROF" }, { "a/b/TestProf.map", "TESTPROF" },
		{ "kernel.map", "kernel" }, { "build/KERNEL.elf", "kernel" },
		{ "/boot/System.map", "kernel" }, { "hello", "HELLO" },
		{ "x.tar.gz", "X.TAR" }, { ".hidden", ".HIDDEN" },
	};
	char out[MAP_MODULE_MAX];
	size_t i;

	(void)state;
	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		map_module_from_path(cases[i][0], out, sizeof out);
		assert_string_equal(out, cases[i][1]);
	}
}

/* Malformed maps get a reason with the line. */
static void test_map_malformed(void **state)
{
	(void)state;
	parse_bad("", "no symbols");
	parse_bad("00000000 T f\nzz T g\n", "line 2: address \"zz\" is not hex");
	parse_bad("100000000 T f\n", "does not fit 32 bits");
	parse_bad("00000000 Q f\n", "unknown symbol type 'Q'");
	parse_bad("00000000 T f g h i\n", "expected \"address type name\"");
	parse_bad("00000000 TT f\n", "expected");
	parse_bad("00000000 T f\nfoo.o:\n", "line 2");
	parse_bad_n("00000000 T f\0\n", 14, "NUL");
	parse_bad(" M\n\n  Address   Publics by Value\n\n 0001:XYZ  f\n", "line 5: address");
	parse_bad(" M\n\n  Address   Publics by Value\n\n 0001:00000000123  f\n", "not ssss:oooo");
	parse_bad(" M\n\n  Address   Publics by Value\n\n 0001:0010  f  extra\n", "line 5");
	parse_bad(" Start Length Name Class\n", "line 1: expected the module name");
	parse_bad(" M\n Start Length Name Class\n garbage here\n", "line 3: bad segment");
}

/* A map's bytes reach a message escaped and cut: no newline, no terminal
 * escape code (found by tests/fuzz: map_nm and map_link). */
static void test_map_message_escaped(void **state)
{
	char text[200], err[200];
	struct map m;
	size_t i;

	(void)state;
	parse_bad("00000000 \x1b f\n", "unknown symbol type '^['");
	parse_bad("0000\x1b[2J T f\n", "address \"0000^[[2J\" is not hex");
	parse_bad(" M\n\n  Address   Publics by Value\n\n 0001:\r10  f\n", "\"0001:^M10\"");
	memset(text, 'z', 100);
	strcpy(text + 100, " T f\n");
	assert_int_equal(map_parse("x.sym", (const uint8_t *)text, strlen(text), &m, err,
				   sizeof err), -1);
	assert_non_null(strstr(err, "\"zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz...\" is not hex"));
	for (i = 0; err[i]; i++)
		assert_true(err[i] >= ' ' && err[i] < 0x7f);
}

/* ---- fingerprints and names ------------------------------------------------ */

#define LINK_HEAD " M\n\n  Address   Publics by Value\n\n 0001:0000  f\n\n" \
	"Program entry point at 0001:0000\n"

/* The code fingerprint: a LINK line, an nm absolute symbol; none, in a map
 * that has none (MS LINK's, a hand-written one). */
static void test_map_fingerprint(void **state)
{
	static const struct {
		const char *text;
		int has;
		uint32_t fp;
	} good[] = {
		{ LINK_HEAD "\n Fingerprint 0001 CRC-32 DEADBEEF\n", 1, 0xdeadbeef },
		{ LINK_HEAD " Fingerprint 1 CRC-32 0badc0de\r\n", 1, 0x0badc0de },
		{ LINK_HEAD, 0, 0 },
		{ "deadbeef A __code_crc32\n00000000 T f\n", 1, 0xdeadbeef },
		{ "00000000 T f\n00000000 A __code_crc32\n", 1, 0 },
		{ "deadbeef a __code_crc32\n00000000 T f\n", 0, 0 },	/* not nm's A: skipped */
		{ "deadbeef A __code_crc32 [mod]\n00000000 T f\n", 0, 0 },
		{ "deadbeef A other\n00000000 T f\n", 0, 0 },
		{ "deadbeef T __code_crc32\n", 0, 0 },	/* a function of that name */
		{ "00000000 T f\n", 0, 0 },
	};
	size_t i;

	(void)state;
	for (i = 0; i < sizeof good / sizeof good[0]; i++) {
		struct map m = parse_ok("m.map", good[i].text, strlen(good[i].text));

		assert_int_equal(m.has_fingerprint, good[i].has);
		assert_int_equal(m.fingerprint, good[i].fp);
		assert_int_equal(m.n, 1);
		map_free(&m);
	}
	parse_bad(LINK_HEAD " Fingerprint 0001 CRC-32 DEADBEE\n", "line 8: expected \" Fingerprint");
	parse_bad(LINK_HEAD " Fingerprint 0001 CRC-32 DEADBEEF0\n", "expected");
	parse_bad(LINK_HEAD " Fingerprint 0001 CRC32 DEADBEEF\n", "expected");
	parse_bad(LINK_HEAD " Fingerprint 0001 CRC-32 DEADBEEF now\n", "expected");
	parse_bad(LINK_HEAD " Fingerprint 0001 CRC-32 DEADBEEG\n", "expected");
	parse_bad(LINK_HEAD " Fingerprint 0002 CRC-32 DEADBEEF\n", "segment 2: only the code");
	parse_bad(LINK_HEAD " Fingerprint 0001 CRC-32 DEADBEEF\n Fingerprint 0001 CRC-32 DEADBEEF\n",
		  "line 9: a second code fingerprint");
	parse_bad("deadbeef A __code_crc32\n00000000 T f\n00000001 A __code_crc32\n",
		  "line 3: a second code fingerprint");
	parse_bad("1deadbeef A __code_crc32\n", "does not fit 32 bits");
}

/* Names are decoded as mkmap escapes them; a lone backslash stays; a NUL
 * or a name longer than MAP_NAME_MAX bytes (decoded) is refused; one
 * longer than SHOWN_LONG is kept shortened (shown.h). */
static void test_map_names_decoded(void **state)
{
	static const char text[] =
		"00000000 T a\\x20b\\x0a\n"
		"00000004 T c\\\\d\n"
		"00000008 T e\\qf\\\n"
		"0000000c T g\\x4\n"
		"00000010 T \\xFF\\x1b[m\n";
	char *big = malloc(4 * MAP_NAME_MAX + 32);
	struct map m = parse_ok("m.sym", text, sizeof text - 1);
	size_t i;

	(void)state;
	assert_sym(&m, 0, 1, 0, "a b\n");
	assert_sym(&m, 1, 1, 4, "c\\d");
	assert_sym(&m, 2, 1, 8, "e\\qf\\");
	assert_sym(&m, 3, 1, 12, "g\\x4");
	assert_sym(&m, 4, 1, 16, "\xff\x1b[m");
	map_free(&m);
	parse_bad("00000000 T a\\x00b\n", "line 1: \\x00 in a symbol name");
	parse_bad(" M\n\n  Address   Publics by Value\n\n 0001:0004  a\\x00\n", "line 5: \\x00");
	/* at most MAP_NAME_MAX bytes once decoded, whatever the escapes */
	assert_non_null(big);
	strcpy(big, "00000000 T ");
	for (i = 0; i < MAP_NAME_MAX; i++)
		strcat(big + 11 + 4 * i, "\\x41");
	strcat(big, "\n");
	m = parse_ok("m.sym", big, strlen(big));
	{
		char *full = malloc(MAP_NAME_MAX), want[SHOWN_SHORT + 1];

		assert_non_null(full);
		memset(full, 'A', MAP_NAME_MAX);
		shown_shorten(want, full, shown_hash(full, MAP_NAME_MAX));
		assert_string_equal(m.syms[0].name, want);
		free(full);
	}
	map_free(&m);
	strcpy(big + strlen(big) - 1, "A\n");
	parse_bad(big, "symbol name of 4097 bytes");
	free(big);
}

/* A symbol whose name holds a LINK header's word ("setOrigin", "Start",
 * "Class") is a symbol: in a LINK map it does not end the list, and nm
 * text with such names is not taken for a LINK map. */
static void test_map_names_like_headers(void **state)
{
	static const char link[] = " M\n\n  Address   Publics by Value\n\n"
		" 0001:0000  setOrigin\n 0001:0010  OriginGroup\n 0001:0020  Program\n"
		" 0001:0030  StartLengthClass\n 0001:0040  last\n";
	static const char nm[] = "00000000 T StartTimer\n00000010 T Length\n00000020 T ClassOf\n"
		"00000030 T Start\n00000040 T Class\n";
	struct map m = parse_ok("m.map", link, sizeof link - 1);

	(void)state;
	assert_int_equal(m.form, MAP_LINK);
	assert_int_equal(m.n, 5);
	assert_sym(&m, 0, 1, 0, "setOrigin");
	assert_sym(&m, 4, 1, 0x40, "last");
	map_free(&m);
	m = parse_ok("m.sym", nm, sizeof nm - 1);
	assert_int_equal(m.form, MAP_NM);
	assert_int_equal(m.n, 5);
	map_free(&m);
	/* "Publics by" as the sixth and seventh words of a line: a line of
	 * more words than are kept, looked at no further (found by
	 * tests/fuzz: map_link) */
	parse_bad(" a b c d e Publics by\n", "line 1: too many fields");
	parse_bad(" M\n a b c d e Publics by Value\n", "line 1");
}

/* ---- absurd but parseable ------------------------------------------------- */

static double seconds(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

/* Generous for the sanitizers; the quadratic code took 5 to 40 s. */
#define SLOW	4.0

/* A report of m against d, returned as text (free it). */
static char *report_text(const struct pdump *d, const struct map *m, int flags, int want)
{
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);

	assert_non_null(f);
	assert_int_equal(m ? report_module(f, d, m, flags) : (report_summary(f, d, flags), 0), want);
	fclose(f);
	return text;
}

/* 10^6 nm lines, each address twice (aliases): read in well under SLOW. */
static void test_map_million_symbols(void **state)
{
	struct tbuf b = { 0 };
	char line[64], err[200];
	struct map m;
	double t;
	size_t i;

	(void)state;
	for (i = 0; i < 1000000; i++) {
		snprintf(line, sizeof line, "%08zx T f%zu\n", (i / 2) * 16, i);
		tbuf_puts(&b, line);
	}
	tbuf_puts(&b, "ffffffff t last\n");
	t = seconds();
	assert_int_equal(map_parse("big.sym", b.data, b.len, &m, err, sizeof err), 0);
	assert_true(seconds() - t < SLOW);
	assert_int_equal(m.n, 1000001);
	assert_int_equal(m.syms[1000000].addr, 0xffffffffu);
	map_free(&m);
	tbuf_free(&b);
}

static void put32le(uint8_t *p, uint32_t v)
{
	int k;

	for (k = 0; k < 4; k++)
		p[k] = (uint8_t)(v >> (8 * k));
}

/* An ELF file of nsym symbols all named by one name of namelen bytes
 * (symbols may share a string table's bytes). */
static struct tbuf shared_name_elf(uint32_t nsym, uint32_t namelen)
{
	struct tbuf b = { 0 };
	uint8_t sh[40 * 4] = { 0 }, sym[16] = { 0 }, ehdr[52] = { 0 };
	uint32_t i, symoff = 52, stroff = symoff + nsym * 16, shoff = stroff + namelen + 2;

	tbuf_put(&b, ehdr, 52);
	tbuf_put(&b, sym, 16);			/* the null symbol */
	put32le(sym, 1);			/* name at offset 1 */
	sym[12] = 0x12;				/* GLOBAL FUNC */
	sym[14] = 1;				/* in .text */
	for (i = 1; i < nsym; i++) {
		put32le(sym + 4, i * 4);
		tbuf_put(&b, sym, 16);
	}
	tbuf_put(&b, "", 1);
	for (i = 0; i < namelen; i++)
		tbuf_put(&b, "f", 1);
	tbuf_put(&b, "", 1);
	put32le(sh + 40 + 4, 1), put32le(sh + 40 + 8, 6), put32le(sh + 40 + 20, 0x100000);
	put32le(sh + 80 + 4, 2), put32le(sh + 80 + 16, symoff), put32le(sh + 80 + 20, nsym * 16);
	put32le(sh + 80 + 24, 3), put32le(sh + 80 + 36, 16);
	put32le(sh + 120 + 4, 3), put32le(sh + 120 + 16, stroff), put32le(sh + 120 + 20, namelen + 2);
	tbuf_put(&b, sh, sizeof sh);
	memcpy(b.data, "\177ELF\1\1\1", 7);
	b.data[18] = 3;				/* EM_386 */
	put32le(b.data + 32, shoff);
	b.data[46] = 40, b.data[48] = 4;	/* section headers: 40 bytes, 4 */
	return b;
}

/* 20,000 symbols sharing one name of 60 KB: one copy of the names, not
 * 20,000 (which took 2.3 GB and 5 s for this 380 KB file); the name, as
 * every long one, kept shortened, once for all of them. */
static void test_map_elf_shared_names(void **state)
{
	struct tbuf b = shared_name_elf(20000, 60000);
	char err[200];
	struct map m;
	double t = seconds();

	(void)state;
	assert_int_equal(map_parse("shared.elf", b.data, b.len, &m, err, sizeof err), 0);
	assert_true(seconds() - t < SLOW);
	assert_int_equal(m.n, 19999);
	assert_int_equal(strlen(m.syms[19998].name), SHOWN_SHORT);
	assert_ptr_equal(m.syms[0].name, m.syms[19998].name);
	assert_int_equal(m.text_len, 60002 + SHOWN_SHORT + 1);
	assert_int_equal(m.syms[19998].addr, 19999 * 4);
	map_free(&m);
	tbuf_free(&b);
}

/* A map of 2^20 symbols, at bytes 0, 1, 2, ... of segment 1. */
static struct map dense_map(void)
{
	struct map m;
	size_t i;

	memset(&m, 0, sizeof m);
	strcpy(m.module, "M");
	m.form = MAP_NM;
	m.n = m.cap = 1 << 20;
	m.syms = calloc(m.n, sizeof *m.syms);
	assert_non_null(m.syms);
	for (i = 0; i < m.n; i++) {
		m.syms[i].addr = (uint32_t)i;
		m.syms[i].seg = 1;
		m.syms[i].name = "f";
	}
	return m;
}

/* 4096 segments of one module against 2^20 symbols, each segment's own
 * number (the map was scanned once a segment: 10 s), then all of number 1
 * with a bucket over every symbol (each bucket walked the symbols: 40 s
 * with -e): in bounded time, and the tics of a segment add up. */
static void test_map_many_segments(void **state)
{
	struct map m = dense_map();
	struct pdump *d = tdump_new(5, 4096);
	uint32_t i;
	char *text;
	double t;

	(void)state;
	for (i = 0; i < 4096; i++) {
		tdump_seg(d, i, "M", (uint16_t)(i + 1), 0, 64);
		d->segs[i].counters[15] = 1;
	}
	tdump_fix_totals(d);
	t = seconds();
	free(report_text(d, &m, PINFO_E, 0));
	assert_true(seconds() - t < SLOW);
	d->shift = 20;
	for (i = 0; i < 4096; i++) {
		tdump_seg(d, i, "M", 1, 0, 1 << 20);
		d->segs[i].counters[0] = 1 << 20;	/* one tic a symbol, in each */
	}
	tdump_fix_totals(d);
	t = seconds();
	text = report_text(d, &m, PINFO_E | PINFO_T, 0);
	assert_true(seconds() - t < SLOW);
	assert_non_null(strstr(text, "0001:00000000       4096 (  0.00%)   f\n"
				     "    0001:00000000    1048576\n    0001:00000000    1048576\n"));
	assert_non_null(strstr(text, "0001:000fffff       4096 (  0.00%)   f\nTotal"));
	assert_non_null(strstr(text, " 4294967296 (100.00%)\n"));
	free(text);
	tdump_free(d);
	free(m.syms);
}

/* Segments that end at 4 GiB or hold no byte, symbols at 0xffffffff:
 * reported without a wrap. */
static void test_map_edges_of_4gib(void **state)
{
	struct msym syms[] = { { 0xfffffff0u, 1, "high" }, { 0xffffffffu, 1, "last" } };
	struct map m = { .module = "M", .form = MAP_NM, .syms = syms, .n = 2, .cap = 2 };
	struct pdump *d = tdump_new(5, 2);
	char *text;

	(void)state;
	tdump_seg(d, 0, "M", 1, 0xfffffff0u, 0x10);
	d->segs[0].counters[3] = 4;	/* 0xfffffffc..: 3 bytes high, 1 last */
	tdump_seg(d, 1, "M", 2, 0xffffffffu, 0);
	tdump_fix_totals(d);
	text = report_text(d, &m, PINFO_E | PINFO_Z, 0);
	assert_string_equal(text, "Module M\n\nSegment 1:\n"
			    "0001:fffffff0          3 ( 75.00%)   high\n"
			    "    0001:fffffff0          0\n    0001:fffffff4          0\n"
			    "    0001:fffffff8          0\n    0001:fffffffc          4\n"
			    "0001:ffffffff          1 ( 25.00%)   last\n\nSegment 2:\n");
	free(text);
	tdump_free(d);
}

/* pinfo -e without a map lists a segment's counters even at origin 0,
 * where "every bucket" (up to UINT64_MAX) rounded up wrapped to none. */
static void test_map_summary_lists_buckets(void **state)
{
	struct pdump *d = tdump_new(5, 1);
	char *text;

	(void)state;
	tdump_seg(d, 0, "TESTPROF", 1, 0, 0x100);
	d->segs[0].counters[0x14] = 7;
	tdump_fix_totals(d);
	text = report_text(d, NULL, PINFO_E, 0);
	assert_non_null(strstr(text, "TESTPROF    0001    0100          7  100.00\n"
				     "    0001:0050          7\n"));
	free(text);
	tdump_free(d);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_map_link_ours),
		cmocka_unit_test(test_map_link_ms),
		cmocka_unit_test(test_map_nm),
		cmocka_unit_test(test_map_module_names),
		cmocka_unit_test(test_map_malformed),
		cmocka_unit_test(test_map_message_escaped),
		cmocka_unit_test(test_map_fingerprint),
		cmocka_unit_test(test_map_names_decoded),
		cmocka_unit_test(test_map_names_like_headers),
		cmocka_unit_test(test_map_million_symbols),
		cmocka_unit_test(test_map_elf_shared_names),
		cmocka_unit_test(test_map_many_segments),
		cmocka_unit_test(test_map_edges_of_4gib),
		cmocka_unit_test(test_map_summary_lists_buckets),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
