/* test_map.c: pinfo's text maps (host-tools/maps.c): the LINK style, nm
 * and System.map text, module names, malformed maps. ELF files and mkmap's
 * output are test_elf32.c's. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "maps.h"
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

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_map_link_ours),
		cmocka_unit_test(test_map_link_ms),
		cmocka_unit_test(test_map_nm),
		cmocka_unit_test(test_map_module_names),
		cmocka_unit_test(test_map_malformed),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
