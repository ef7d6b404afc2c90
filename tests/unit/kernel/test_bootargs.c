/* test_bootargs.c: the kernel command line (kernel/bootargs.c) and the
 * modules' names (kernel/module.c). */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <string.h>
#include <cmocka.h>
#include "bootargs.h"
#include "module.h"

/* hz= is read and bounded; other words are ignored. */
static void test_bootargs(void **state)
{
	(void)state;
	struct bootargs a;
	assert_int_equal(bootargs_parse("", &a), 0);
	assert_int_equal(a.hz, 1000);
	assert_int_equal(bootargs_parse("/boot/kernel.elf hz=250 other", &a), 0);
	assert_int_equal(a.hz, 250);
	assert_int_equal(bootargs_parse("hz=19", &a), 0);
	assert_int_equal(bootargs_parse("hz=20000", &a), 0);
	assert_int_equal(bootargs_parse("hz=18", &a), -1);
	assert_non_null(a.error);
	assert_int_equal(bootargs_parse("hz=20001", &a), -1);
	assert_int_equal(bootargs_parse("hz=", &a), -1);
	assert_int_equal(bootargs_parse("hz=12x", &a), -1);
	assert_int_equal(bootargs_parse("hz=99999999999999", &a), -1);
	assert_int_equal(bootargs_parse("hz=100", &a), 0);
	assert_int_equal(a.jitter, 1);
	assert_int_equal(bootargs_parse("jitter=0 hz=100", &a), 0);
	assert_int_equal(a.jitter, 0);
	/* turns: several CPUs take turns unless turns=0 (kernel/smp/turns.h) */
	assert_int_equal(a.turns, 1);
	assert_int_equal(bootargs_parse("hz=100 turns=0", &a), 0);
	assert_int_equal(a.turns, 0);
	assert_int_equal(bootargs_parse("turns=0 turns=1", &a), 0);
	assert_int_equal(a.turns, 1);
	assert_int_equal(a.selftest_tick, 0);
	assert_int_equal(bootargs_parse("hz=100 selftest=tick", &a), 0);
	assert_int_equal(a.selftest_tick, 1);
	assert_int_equal(bootargs_parse("selftest=ticks", &a), 0);
	assert_int_equal(a.selftest_tick, 0);
	assert_int_equal(a.c_tick, 0);
	assert_int_equal(bootargs_parse("hz=100 ctick=1", &a), 0);
	assert_int_equal(a.c_tick, 1);
	assert_int_equal(bootargs_parse("ctick=10", &a), 0);
	assert_int_equal(a.c_tick, 0);
	assert_int_equal(bootargs_parse("ctick=plan hz=100", &a), 0);
	assert_int_equal(a.c_tick, 2);
}

/* seed=N: the jitter's first state, 1 unless given, any 32-bit number;
 * anything else is an error. */
static void test_bootargs_seed(void **state)
{
	static const char *const bad[] = { "seed=", "seed=-1", "seed=4294967296", "seed=12x", "seed=0x10",
		"seed=99999999999999999999999" };
	struct bootargs a;

	(void)state;
	assert_int_equal(bootargs_parse("hz=100", &a), 0);
	assert_int_equal(a.seed, 1);
	assert_int_equal(bootargs_parse("hz=100 seed=7 jitter=1", &a), 0);
	assert_int_equal(a.seed, 7);
	assert_int_equal(a.hz, 100);
	assert_int_equal(bootargs_parse("seed=0", &a), 0);
	assert_int_equal(a.seed, 0);
	assert_int_equal(bootargs_parse("seed=4294967295", &a), 0);
	assert_int_equal(a.seed, 4294967295u);
	assert_int_equal(bootargs_parse("seeds=5", &a), 0);
	assert_int_equal(a.seed, 1);
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		assert_int_equal(bootargs_parse(bad[i], &a), -1);
		assert_string_equal(a.error, "seed= must be the jitter's seed: a number from 0 to 4294967295");
	}
}

/* stacktable=N: a power of 2 from 256 to 1048576 entries; anything else is
 * refused with a warning, the default kept, the other words read. */
static void test_bootargs_stacktable(void **state)
{
	static const char *const bad[] = { "stacktable=", "stacktable=0", "stacktable=128",
		"stacktable=255", "stacktable=1000", "stacktable=2097152", "stacktable=4096x",
		"stacktable=-4096", "stacktable=0x1000", "stacktable=99999999999999999999999",
		"stacktable=4294967296", "stacktable= 4096" };
	struct bootargs a;

	(void)state;
	assert_int_equal(bootargs_parse("", &a), 0);
	assert_int_equal(a.stacktable, 32768);
	assert_null(a.warning);
	assert_int_equal(bootargs_parse("hz=100 stacktable=256 jitter=0", &a), 0);
	assert_int_equal(a.stacktable, 256);
	assert_int_equal(a.jitter, 0);
	assert_null(a.warning);
	assert_int_equal(bootargs_parse("stacktable=1048576", &a), 0);
	assert_int_equal(a.stacktable, 1048576);
	assert_int_equal(bootargs_parse("stacktable=0004096", &a), 0);
	assert_int_equal(a.stacktable, 4096);
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		assert_int_equal(bootargs_parse(bad[i], &a), 0);
		assert_int_equal(a.stacktable, 32768);
		assert_non_null(a.warning);
		assert_non_null(strstr(a.warning, "stacktable="));
	}
	/* the other words still read; a bad one after a good one keeps the default */
	assert_int_equal(bootargs_parse("stacktable=512 stacktable=3 hz=250", &a), 0);
	assert_int_equal(a.stacktable, 32768);
	assert_int_equal(a.hz, 250);
	assert_non_null(a.warning);
	assert_int_equal(bootargs_parse("stacktables=512", &a), 0);
	assert_int_equal(a.stacktable, 32768);
	assert_null(a.warning);
}

/* GRUB's "hello" and QEMU's "build/run/hello.elf args" both name "hello". */
/* stdin=NAME: the whole word, up to 63 bytes; empty or longer is an error. */
static void test_bootargs_stdin(void **state)
{
	struct bootargs a;
	char word[100];

	(void)state;
	assert_int_equal(bootargs_parse("hz=100", &a), 0);
	assert_string_equal(a.stdin_name, "");
	assert_int_equal(bootargs_parse("hz=100 stdin=in.txt jitter=0", &a), 0);
	assert_string_equal(a.stdin_name, "in.txt");
	assert_int_equal(a.jitter, 0);
	assert_int_equal(bootargs_parse("stdin=", &a), -1);
	assert_non_null(a.error);
	strcpy(word, "stdin=");
	memset(word + 6, 'x', 63);
	word[69] = 0;
	assert_int_equal(bootargs_parse(word, &a), 0);
	assert_int_equal(strlen(a.stdin_name), 63);
	strcat(word, "y");
	assert_int_equal(bootargs_parse(word, &a), -1);
	assert_non_null(strstr(a.error, "63"));
}

/* A module line with the word "file" after its first is a data file. */
static void test_module_folder(void **state)
{
	char dir[MODULE_DIR_MAX];
	(void)state;
	module_folder("/x/lib1.lua file in=libs/deep", dir);
	assert_string_equal(dir, "libs/deep");
	module_folder(" /boot/files/libs/a.lua  a.lua file in=libs", dir);
	assert_string_equal(dir, "libs");
	module_folder("in=x file", dir);	/* the path itself is no folder */
	assert_string_equal(dir, "");
	module_folder("a.txt file", dir);
	assert_string_equal(dir, "");
}

static void test_module_is_file(void **state)
{
	(void)state;
	assert_int_equal(module_is_file("a.txt file"), 1);
	assert_int_equal(module_is_file(" /boot/a.txt  a.txt file"), 1);
	assert_int_equal(module_is_file("build/x/a.txt file more"), 1);
	assert_int_equal(module_is_file("file"), 0);		/* a module named "file" */
	assert_int_equal(module_is_file("hello"), 0);
	assert_int_equal(module_is_file("hello files"), 0);
	assert_int_equal(module_is_file("hello afile"), 0);
	assert_int_equal(module_is_file(""), 0);
}

static void test_module_basename(void **state)
{
	(void)state;
	char name[MODULE_NAME_MAX];
	module_basename("hello", name);
	assert_string_equal(name, "hello");
	module_basename("build/run/hello.elf", name);
	assert_string_equal(name, "hello");
	module_basename(" /a/b/autoexec.cmd extra", name);
	assert_string_equal(name, "autoexec.cmd");
	module_basename("", name);
	assert_string_equal(name, "");
	module_basename("a/verylongname_verylongname_verylongname.elf", name);
	assert_int_equal(strlen(name), MODULE_NAME_MAX - 1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_bootargs),
		cmocka_unit_test(test_bootargs_stacktable),
		cmocka_unit_test(test_bootargs_seed),
		cmocka_unit_test(test_module_basename),
		cmocka_unit_test(test_bootargs_stdin),
		cmocka_unit_test(test_module_is_file),
		cmocka_unit_test(test_module_folder),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
