/* test_batch.c: the batch language's parser (docs/batch.md). */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <string.h>
#include <cmocka.h>
#include "batch.h"

static struct batch_cmd parse(const char *text)
{
	static char line[BATCH_LINE_MAX];
	struct batch_cmd c;
	size_t n = strlen(text);
	assert_true(n < sizeof(line));
	memcpy(line, text, n + 1);
	batch_parse(line, &c);
	return c;
}

/* Blank lines, rem and comments do nothing, whatever their case and blanks. */
static void test_batch_empty(void **state)
{
	(void)state;
	assert_int_equal(parse("").kind, BATCH_EMPTY);
	assert_int_equal(parse("   \t\r").kind, BATCH_EMPTY);
	assert_int_equal(parse("rem a comment").kind, BATCH_EMPTY);
	assert_int_equal(parse("REM").kind, BATCH_EMPTY);
	assert_int_equal(parse("  # comment").kind, BATCH_EMPTY);
	assert_int_equal(parse("remark").kind, BATCH_RUN);	/* a program, not rem */
}

/* A command line splits into its words; CR of a CRLF file is dropped. */
static void test_batch_run(void **state)
{
	(void)state;
	struct batch_cmd c = parse("  pset  dump   sys.pro\r");
	assert_int_equal(c.kind, BATCH_RUN);
	assert_int_equal(c.argc, 3);
	assert_string_equal(c.argv[0], "pset");
	assert_string_equal(c.argv[1], "dump");
	assert_string_equal(c.argv[2], "sys.pro");
	assert_null(c.argv[3]);
}

/* start drops its own word; start alone is an error. */
static void test_batch_start(void **state)
{
	(void)state;
	struct batch_cmd c = parse("Start work 5");
	assert_int_equal(c.kind, BATCH_START);
	assert_int_equal(c.argc, 2);
	assert_string_equal(c.argv[0], "work");
	assert_string_equal(c.argv[1], "5");
	assert_null(c.argv[2]);
	assert_int_equal(parse("start").kind, BATCH_ERROR);
}

/* wait takes no arguments. */
static void test_batch_wait(void **state)
{
	(void)state;
	assert_int_equal(parse("wait").kind, BATCH_WAIT);
	assert_int_equal(parse("WAIT  ").kind, BATCH_WAIT);
	assert_int_equal(parse("wait 3").kind, BATCH_ERROR);
}

/* echo keeps its text as written. */
static void test_batch_echo(void **state)
{
	(void)state;
	struct batch_cmd c = parse("echo  two  spaces");
	assert_int_equal(c.kind, BATCH_ECHO);
	assert_string_equal(c.text, " two  spaces");
	c = parse("echo");
	assert_int_equal(c.kind, BATCH_ECHO);
	assert_string_equal(c.text, "");
	assert_int_equal(parse("echoes").kind, BATCH_RUN);
}

/* More words than BATCH_MAXARGS is an error, not an overflow. */
static void test_batch_too_many(void **state)
{
	(void)state;
	char text[BATCH_LINE_MAX] = "prog";
	for (int i = 0; i < BATCH_MAXARGS; i++)
		strcat(text, " x");
	assert_int_equal(parse(text).kind, BATCH_ERROR);
}

/* Lines come out one by one; an overlong one is reported and skipped. */
static void test_batch_lines(void **state)
{
	(void)state;
	static char text[3 * BATCH_LINE_MAX];
	char line[BATCH_LINE_MAX];
	int pos = 0, len;
	strcpy(text, "one\ntwo\r\n");
	len = (int)strlen(text);
	memset(text + len, 'x', BATCH_LINE_MAX + 10);
	len += BATCH_LINE_MAX + 10;
	text[len++] = '\n';
	strcpy(text + len, "last");
	len += 4;
	assert_int_equal(batch_nextline(text, len, &pos, line), 1);
	assert_string_equal(line, "one");
	assert_int_equal(batch_nextline(text, len, &pos, line), 1);
	assert_string_equal(line, "two\r");
	assert_int_equal(batch_nextline(text, len, &pos, line), -1);
	assert_int_equal(batch_nextline(text, len, &pos, line), 1);
	assert_string_equal(line, "last");
	assert_int_equal(batch_nextline(text, len, &pos, line), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_batch_empty),
		cmocka_unit_test(test_batch_run),
		cmocka_unit_test(test_batch_start),
		cmocka_unit_test(test_batch_wait),
		cmocka_unit_test(test_batch_echo),
		cmocka_unit_test(test_batch_too_many),
		cmocka_unit_test(test_batch_lines),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
