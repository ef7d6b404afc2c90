/* test_string.c: the kernel's <string.h> (lib/string.c), checked against
 * the host's libc, and the guests' errname()/kstrerror() (user/newlib/kerr.c,
 * the names of the kernel's error codes) against the comments of
 * include/sys/errno.h itself. string.c is #included with its names prefixed
 * (u_strlen), so the real code links beside the host's libc. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>

#include <stdlib.h>

#define LIBC(name) u_##name
#include "string.c"
#include "kerr.c"

#define ERRNO_HEADER	"include/sys/errno.h"	/* tests run from the top directory */

static int sign(int n)
{
	return (n > 0) - (n < 0);
}

static const char *const words[] = { "", "a", "b", "ab", "abc", "abd", "abcd",
	"\x80", "\x7f", "\xff", "a\x80", "A", "Z" };
#define NWORDS	(sizeof words / sizeof *words)

/* memset stores the value's low byte, only n of them, and returns dst. */
static void test_memset_fills(void **state)
{
	unsigned char buf[8] = { 1, 1, 1, 1, 1, 1, 1, 1 };

	(void)state;
	assert_ptr_equal(u_memset(buf + 1, 0x1ab, 5), buf + 1);
	assert_memory_equal(buf, "\x01\xab\xab\xab\xab\xab\x01\x01", 8);
	assert_ptr_equal(u_memset(buf, 0, 0), buf);
	assert_int_equal(buf[0], 1);
}

/* memcpy copies n bytes, none with n = 0, and returns dst. */
static void test_memcpy_copies(void **state)
{
	char dst[8] = "-------";

	(void)state;
	assert_ptr_equal(u_memcpy(dst, "abc", 3), dst);
	assert_string_equal(dst, "abc----");
	u_memcpy(dst, "zzz", 0);
	assert_string_equal(dst, "abc----");
}

/* memmove gives what a copy through a temporary would, for every overlap. */
static void test_memmove_overlaps(void **state)
{
	const char orig[] = "0123456789";

	(void)state;
	for (int d = 0; d < 10; d++)
		for (int s = 0; s < 10; s++) {
			int n = 10 - (d > s ? d : s);
			char got[11], want[11];

			memcpy(got, orig, sizeof got);
			memcpy(want, orig, sizeof want);
			assert_ptr_equal(u_memmove(got + d, got + s, (size_t)n), got + d);
			memmove(want + d, want + s, (size_t)n);
			assert_string_equal(got, want);
		}
}

/* memcmp compares bytes as unsigned, up to n only, with the host's sign. */
static void test_memcmp_signs(void **state)
{
	(void)state;
	assert_true(u_memcmp("\x80", "\x01", 1) > 0);
	assert_true(u_memcmp("ab", "ac", 2) < 0);
	assert_int_equal(u_memcmp("ab", "ac", 1), 0);
	assert_int_equal(u_memcmp("x", "y", 0), 0);
	for (size_t i = 0; i < NWORDS; i++)
		for (size_t j = 0; j < NWORDS; j++) {
			/* Up to the shorter word's NUL: no read past either. */
			size_t n = 1 + (strlen(words[i]) < strlen(words[j]) ?
					strlen(words[i]) : strlen(words[j]));

			assert_int_equal(sign(u_memcmp(words[i], words[j], n)),
					 sign(memcmp(words[i], words[j], n)));
		}
}

/* ---- word at a time: every alignment and length, against byte loops ---- */

#define SPAN	64			/* lengths 0 .. SPAN */
#define ALIGNS	8			/* start offsets 0 .. ALIGNS-1 */
#define AREA	(ALIGNS + SPAN + 2 * ALIGNS)	/* room for the guards */

/* Bytes that differ from each other and from any fill value used. */
static void pattern(unsigned char *p, size_t n, unsigned seed)
{
	for (size_t i = 0; i < n; i++)
		p[i] = (unsigned char)(seed * 31 + i * 7 + 1);
}

/* memset at every start offset and length fills exactly [off, off+n) with
 * c's low byte and leaves the bytes around it as they were. */
static void test_memset_every_alignment(void **state)
{
	static const int fills[] = { 0, 0xa5, 0x1ff, -1 };
	unsigned char got[AREA], want[AREA];

	(void)state;
	for (size_t f = 0; f < sizeof fills / sizeof *fills; f++)
		for (size_t off = 0; off < ALIGNS; off++)
			for (size_t n = 0; n <= SPAN; n++) {
				pattern(got, AREA, (unsigned)(off + n));
				memcpy(want, got, AREA);
				for (size_t i = 0; i < n; i++)
					want[off + i] = (unsigned char)fills[f];
				assert_ptr_equal(u_memset(got + off, fills[f], n), got + off);
				if (memcmp(got, want, AREA) != 0)
					fail_msg("memset(+%zu, %#x, %zu) differs", off, fills[f], n);
			}
}

/* memcpy from every source offset to every destination offset, every
 * length: the copy, and nothing else written. */
static void test_memcpy_every_alignment(void **state)
{
	unsigned char src[AREA], got[AREA], want[AREA];

	(void)state;
	pattern(src, AREA, 99);
	for (size_t so = 0; so < ALIGNS; so++)
		for (size_t dof = 0; dof < ALIGNS; dof++)
			for (size_t n = 0; n <= SPAN; n++) {
				pattern(got, AREA, (unsigned)(so + dof + n));
				memcpy(want, got, AREA);
				for (size_t i = 0; i < n; i++)
					want[dof + i] = src[so + i];
				assert_ptr_equal(u_memcpy(got + dof, src + so, n), got + dof);
				if (memcmp(got, want, AREA) != 0)
					fail_msg("memcpy(+%zu, +%zu, %zu) differs", dof, so, n);
			}
}

/* memmove within one buffer, source and destination at every pair of
 * offsets (so overlapping both ways and not at all), every length: what
 * a copy through a temporary gives. */
static void test_memmove_every_overlap(void **state)
{
	enum { MAXOFF = 2 * ALIGNS + 5 };
	unsigned char got[MAXOFF + SPAN + 4], want[sizeof got], tmp[SPAN];

	(void)state;
	for (size_t so = 0; so < MAXOFF; so++)
		for (size_t dof = 0; dof < MAXOFF; dof++)
			for (size_t n = 0; n <= SPAN; n++) {
				pattern(got, sizeof got, (unsigned)(so * 3 + dof + n));
				memcpy(want, got, sizeof got);
				for (size_t i = 0; i < n; i++)
					tmp[i] = want[so + i];
				for (size_t i = 0; i < n; i++)
					want[dof + i] = tmp[i];
				assert_ptr_equal(u_memmove(got + dof, got + so, n), got + dof);
				if (memcmp(got, want, sizeof got) != 0)
					fail_msg("memmove(+%zu, +%zu, %zu) differs", dof, so, n);
			}
}

/* Long copies and fills, past any one word loop's unrolling: 4 KiB at odd
 * offsets, overlapping by one byte and by one word, both ways. */
static void test_long_runs(void **state)
{
	enum { LEN = 4096 };
	static unsigned char got[LEN + 64], want[LEN + 64], tmp[LEN];
	static const size_t shifts[][2] = { { 0, 1 }, { 1, 0 }, { 3, 7 }, { 7, 3 }, { 2, 6 }, { 9, 5 } };

	(void)state;
	for (size_t k = 0; k < sizeof shifts / sizeof *shifts; k++) {
		size_t so = shifts[k][0], dof = shifts[k][1];

		pattern(got, sizeof got, (unsigned)k);
		memcpy(want, got, sizeof got);
		memcpy(tmp, want + so, LEN);
		memcpy(want + dof, tmp, LEN);
		u_memmove(got + dof, got + so, LEN);
		assert_memory_equal(got, want, sizeof got);
	}
	memset(want, 0xee, sizeof want);
	memset(want + 3, 0x5a, LEN);
	memset(got, 0xee, sizeof got);
	u_memset(got + 3, 0x5a, LEN);
	assert_memory_equal(got, want, sizeof got);
	pattern(tmp, LEN, 5);
	memcpy(want + 5, tmp + 1, LEN - 1);
	u_memcpy(got + 5, tmp + 1, LEN - 1);
	assert_memory_equal(got, want, sizeof got);
}

/* memcmp of equal runs at every pair of offsets, then with one byte
 * changed at every position, up or down: the host's sign, and 0 when the
 * change lies past n. */
static void test_memcmp_every_position(void **state)
{
	unsigned char a[AREA], b[AREA];

	(void)state;
	for (size_t ao = 0; ao < 5; ao++)
		for (size_t bo = 0; bo < 5; bo++)
			for (size_t n = 0; n <= SPAN; n++) {
				pattern(a + ao, n, 7);
				pattern(b + bo, n, 7);
				assert_int_equal(u_memcmp(a + ao, b + bo, n), 0);
				for (size_t at = 0; at < n; at++)
					for (int up = 0; up < 2; up++) {
						unsigned char keep = b[bo + at];

						b[bo + at] = (unsigned char)(keep + (up ? 0x81 : 1));
						assert_int_equal(sign(u_memcmp(a + ao, b + bo, n)),
								 sign(memcmp(a + ao, b + bo, n)));
						assert_int_equal(u_memcmp(a + ao, b + bo, at), 0);
						b[bo + at] = keep;
					}
			}
}

/* strlen counts up to the NUL. */
static void test_strlen_counts(void **state)
{
	(void)state;
	assert_int_equal(u_strlen(""), 0);
	assert_int_equal(u_strlen("a"), 1);
	assert_int_equal(u_strlen("abc\0def"), 3);
	for (size_t i = 0; i < NWORDS; i++)
		assert_int_equal(u_strlen(words[i]), strlen(words[i]));
}

/* strcmp and strncmp have the host's sign for every pair, bytes unsigned. */
static void test_strcmp_signs(void **state)
{
	(void)state;
	for (size_t i = 0; i < NWORDS; i++)
		for (size_t j = 0; j < NWORDS; j++) {
			assert_int_equal(sign(u_strcmp(words[i], words[j])),
					 sign(strcmp(words[i], words[j])));
			for (size_t n = 0; n < 6; n++)
				assert_int_equal(sign(u_strncmp(words[i], words[j], n)),
						 sign(strncmp(words[i], words[j], n)));
		}
}

/* strncmp stops at n, and at a NUL shared by both strings. */
static void test_strncmp_stops(void **state)
{
	(void)state;
	assert_int_equal(u_strncmp("abc", "abd", 2), 0);
	assert_int_equal(u_strncmp("abc", "xyz", 0), 0);
	assert_int_equal(u_strncmp("a\0x", "a\0y", 3), 0);
	assert_true(u_strncmp("ab", "abc", 5) < 0);
}

/* strcpy copies through the NUL; strcat appends, also to an empty string. */
static void test_strcpy_and_strcat(void **state)
{
	char buf[16] = "XXXXXXXXXXXXXXX";

	(void)state;
	assert_ptr_equal(u_strcpy(buf, "ab"), buf);
	assert_memory_equal(buf, "ab\0X", 4);
	assert_ptr_equal(u_strcat(buf, "cd"), buf);
	assert_string_equal(buf, "abcd");
	u_strcat(buf, "");
	assert_string_equal(buf, "abcd");
	u_strcpy(buf, "");
	u_strcat(buf, "xy");
	assert_string_equal(buf, "xy");
}

/* strncpy pads a short source with NULs, and leaves a long one unterminated. */
static void test_strncpy_pads_and_cuts(void **state)
{
	char buf[8];

	(void)state;
	memset(buf, 'X', sizeof buf);
	assert_ptr_equal(u_strncpy(buf, "ab", 5), buf);
	assert_memory_equal(buf, "ab\0\0\0XXX", 8);
	memset(buf, 'X', sizeof buf);
	u_strncpy(buf, "abcdef", 3);
	assert_memory_equal(buf, "abcXXXXX", 8);
	u_strncpy(buf, "zz", 0);
	assert_memory_equal(buf, "abcXXXXX", 8);
}

/* strchr finds the first c, the NUL for c = 0, c as a char, or NULL. */
static void test_strchr_finds(void **state)
{
	const char *s = "abcabc";

	(void)state;
	assert_ptr_equal(u_strchr(s, 'b'), s + 1);
	assert_ptr_equal(u_strchr(s, '\0'), s + 6);
	assert_ptr_equal(u_strchr(s, 'z'), NULL);
	assert_ptr_equal(u_strchr(s, 0x100 + 'c'), s + 2);
	assert_ptr_equal(u_strchr("", 'a'), NULL);
	assert_ptr_equal(u_strchr("\xff", 0xff), strchr("\xff", 0xff));
}

/* strrchr finds the last c, the NUL for c = 0, c as a char, or NULL. */
static void test_strrchr_finds(void **state)
{
	const char *s = "abcabc";

	(void)state;
	assert_ptr_equal(u_strrchr(s, 'b'), s + 4);
	assert_ptr_equal(u_strrchr(s, '\0'), s + 6);
	assert_ptr_equal(u_strrchr(s, 'z'), NULL);
	assert_ptr_equal(u_strrchr("", 'a'), NULL);
	assert_ptr_equal(u_strrchr(s, 0x100 + 'a'), s + 3);
}

/* ---- kerr.c: the names of the kernel's error codes ---- */

/* Reads "#define ENAME n<tab>/ * text * /" lines of the header into the tables. */
static int read_errno_header(const char *names[ERRNO_MAX], char texts[ERRNO_MAX][80])
{
	static char namebuf[ERRNO_MAX][32];
	FILE *f = fopen(ERRNO_HEADER, "r");
	char line[256], name[32], text[80];
	int code, found = 0;

	if (f == NULL)
		fail_msg("cannot open %s: run from the top directory", ERRNO_HEADER);
	while (fgets(line, sizeof line, f)) {
		if (sscanf(line, "#define %31s %d /* %79[^*]", name, &code, text) != 3)
			continue;
		assert_true(code > 0 && code < ERRNO_MAX);
		text[strcspn(text, "\n")] = '\0';
		for (size_t n = strlen(text); n > 0 && text[n - 1] == ' '; n--)
			text[n - 1] = '\0';
		strcpy(namebuf[code], name);
		names[code] = namebuf[code];
		strcpy(texts[code], text);
		found++;
	}
	fclose(f);
	return found;
}

/* Every code of the header, as code and as -code, has its name and comment;
 * every other number in range is unknown. */
static void test_errname_every_code(void **state)
{
	const char *names[ERRNO_MAX] = { 0 };
	static char texts[ERRNO_MAX][80];

	(void)state;
	assert_true(read_errno_header(names, texts) >= 20);
	for (int code = -ERRNO_MAX - 2; code <= ERRNO_MAX + 2; code++) {
		int abscode = code < 0 ? -code : code;
		int known = abscode < ERRNO_MAX && names[abscode];

		assert_string_equal(errname(code), known ? names[abscode] : "E?");
		assert_string_equal(kstrerror(code), known ? texts[abscode] : "unknown error");
	}
}

/* A system call's -EFAULT and EFAULT name the same error. */
static void test_errname_either_sign(void **state)
{
	(void)state;
	assert_string_equal(errname(-EFAULT), "EFAULT");
	assert_string_equal(errname(EFAULT), "EFAULT");
	assert_string_equal(errname(-ENOTINIT), "ENOTINIT");
	assert_string_equal(kstrerror(-EPERM), "not allowed");
}

/* 0, gaps and extremes are unknown, with no overflow negating INT_MIN. */
static void test_errname_unknown(void **state)
{
	static const int codes[] = { 0, 4, -4, ERRNO_MAX, -ERRNO_MAX, INT_MAX, INT_MIN, -INT_MAX };

	(void)state;
	for (size_t i = 0; i < sizeof codes / sizeof *codes; i++) {
		assert_string_equal(errname(codes[i]), "E?");
		assert_string_equal(kstrerror(codes[i]), "unknown error");
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_memset_fills),
		cmocka_unit_test(test_memcpy_copies),
		cmocka_unit_test(test_memmove_overlaps),
		cmocka_unit_test(test_memcmp_signs),
		cmocka_unit_test(test_memset_every_alignment),
		cmocka_unit_test(test_memcpy_every_alignment),
		cmocka_unit_test(test_memmove_every_overlap),
		cmocka_unit_test(test_long_runs),
		cmocka_unit_test(test_memcmp_every_position),
		cmocka_unit_test(test_strlen_counts),
		cmocka_unit_test(test_strcmp_signs),
		cmocka_unit_test(test_strncmp_stops),
		cmocka_unit_test(test_strcpy_and_strcat),
		cmocka_unit_test(test_strncpy_pads_and_cuts),
		cmocka_unit_test(test_strchr_finds),
		cmocka_unit_test(test_strrchr_finds),
		cmocka_unit_test(test_errname_every_code),
		cmocka_unit_test(test_errname_either_sign),
		cmocka_unit_test(test_errname_unknown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
