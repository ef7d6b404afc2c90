/* test_elf.c: the loader's ELF checks, on programs made in memory. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <string.h>
#include <cmocka.h>
#include "elf.h"
#include "vm.h"
#include "sys/errno.h"

static uint8_t file[4096];

static void put32(uint8_t *p, uint32_t v) { memcpy(p, &v, 4); }
static void put16(uint8_t *p, uint16_t v) { memcpy(p, &v, 2); }

/* A program as user.ld links it: code at 0, data at 0x10000. */
static void make_program(void)
{
	memset(file, 0, sizeof(file));
	memcpy(file, "\x7f" "ELF\x01\x01\x01", 7);
	put16(file + 16, 2);		/* ET_EXEC */
	put16(file + 18, 3);		/* EM_386 */
	put32(file + 24, 0x10);		/* entry */
	put32(file + 28, 52);		/* phoff */
	put16(file + 42, 32);
	put16(file + 44, 2);
	uint8_t *ph = file + 52;
	put32(ph, 1); put32(ph + 4, 0x100); put32(ph + 8, 0); put32(ph + 16, 0x200);
	put32(ph + 20, 0x200); put32(ph + 24, 5);
	ph += 32;
	put32(ph, 1); put32(ph + 4, 0x300); put32(ph + 8, 0x10000); put32(ph + 16, 0x40);
	put32(ph + 20, 0x1000); put32(ph + 24, 6);
}

/* A well-formed program yields its code, its data and the stack top. */
static void test_elf_good(void **state)
{
	(void)state;
	struct elfimage img;
	const char *why = NULL;
	make_program();
	assert_int_equal(elf_parse(file, sizeof(file), &img, &why), 0);
	assert_int_equal(img.entry, 0x10);
	assert_int_equal(img.text.memsz, 0x200);
	assert_int_equal(img.ndata, 1);
	assert_int_equal(img.data_start, 0x10000);
	assert_int_equal(img.data_end, 0x11000);
	assert_int_equal(img.codesize, 0x200);
}

/* The code segment's size: the text's memory size up to 1 MiB, whole
 * 4 KiB pages above (where a descriptor's limit counts pages). */
static void test_elf_codesize(void **state)
{
	(void)state;
	static const uint32_t cases[][2] = {
		{ 0x87, 0x87 }, { 0xFFFFF, 0xFFFFF }, { 0x100000, 0x100000 },
		{ 0x100001, 0x101000 }, { 0x123456, 0x124000 }, { 0x40000000, 0x40000000 },
	};
	struct elfimage img;
	const char *why = NULL;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		make_program();
		put32(file + 52 + 16, 0x80);		/* the text's filesz */
		put32(file + 52 + 20, cases[i][0]);	/* and memsz */
		put32(file + 84 + 8, 0x40000000);	/* data above it */
		if (elf_parse(file, sizeof(file), &img, &why))
			fail_msg("memsz %#x: %s", cases[i][0], why);
		assert_int_equal(img.codesize, cases[i][1]);
	}
}

static void expect_bad(size_t len)
{
	struct elfimage img;
	const char *why = NULL;
	assert_int_equal(elf_parse(file, (uint32_t)len, &img, &why), -ENOEXEC);
	assert_non_null(why);
}

/* Each broken field is refused with a reason. */
static void test_elf_bad(void **state)
{
	(void)state;
	make_program(); file[0] = 0; expect_bad(sizeof(file));
	make_program(); file[4] = 2; expect_bad(sizeof(file));			/* ELF64 */
	make_program(); put16(file + 18, 62); expect_bad(sizeof(file));	/* x86-64 */
	make_program(); put32(file + 24, 0x200); expect_bad(sizeof(file));	/* entry past code */
	make_program(); put32(file + 28, 4090); expect_bad(sizeof(file));	/* phdrs past end */
	make_program(); put16(file + 44, 0); expect_bad(sizeof(file));
	make_program(); put32(file + 52 + 4, 0xFFFFFF00u); expect_bad(sizeof(file)); /* offset wraps */
	make_program(); put32(file + 52 + 16, 0x300); expect_bad(sizeof(file));	/* filesz > memsz */
	make_program(); put32(file + 52 + 8, 0x1000); expect_bad(sizeof(file));	/* code not at 0 */
	make_program(); put32(file + 84 + 24, 5); expect_bad(sizeof(file));	/* two code segments */
	make_program(); put32(file + 84 + 8, 16); expect_bad(sizeof(file));	/* data in the guard page */
	make_program(); put32(file + 84 + 20, 0x80000000u); expect_bad(sizeof(file));
	make_program(); expect_bad(0x2FF);					/* cut short */
	make_program(); expect_bad(40);
}

/* The data may not start in the guard page (UGUARD, the data segment's
 * first 4 KiB, never mapped); whether a stack fits above it is the
 * loader's business (proc.c). A program of code only gets the guard and a
 * 64 KiB stack above it. */
static void test_elf_guard(void **state)
{
	(void)state;
	struct elfimage img;
	const char *why = NULL;
	make_program();
	put32(file + 84 + 8, UGUARD);
	assert_int_equal(elf_parse(file, sizeof(file), &img, &why), 0);
	assert_int_equal(img.data_start, UGUARD);
	make_program();
	put32(file + 84 + 8, UGUARD - 1);
	assert_int_equal(elf_parse(file, sizeof(file), &img, &why), -ENOEXEC);
	assert_string_equal(why, "data in the guard page (the data segment's first 4 KiB)");
	make_program();
	put16(file + 44, 1);			/* the code alone */
	assert_int_equal(elf_parse(file, sizeof(file), &img, &why), 0);
	assert_int_equal(img.ndata, 0);
	assert_int_equal(img.data_start, UGUARD + 0x10000);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_elf_good),
		cmocka_unit_test(test_elf_guard),
		cmocka_unit_test(test_elf_codesize),
		cmocka_unit_test(test_elf_bad),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
