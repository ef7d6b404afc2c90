/* test_stacks_nocs.c: the call stacks without capstone (its dlopen made to
 * fail: linked with --wrap=dlopen): a note, said once, and a false leaf
 * caller dropped by the chain's rule alone (docs/stacks.md). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "callstacks.h"
#include "dumpfmt.h"
#include "stacksfix.h"

void *__wrap_dlopen(const char *file, int mode);
void *__wrap_dlopen(const char *file, int mode)
{
	(void)file;
	(void)mode;
	return NULL;
}


static char *folded_of(const struct pdump *d, const struct map *m)
{
	struct callstacks cs;
	char err[200], *p = NULL;
	size_t n = 0;
	FILE *f = open_memstream(&p, &n);

	assert_non_null(f);
	assert_int_equal(callstacks_build(d, m, 1, &cs, err, sizeof err), 0);
	assert_int_equal(callstacks_folded(&cs, f), 0);
	fclose(f);
	callstacks_free(&cs);
	return p;
}

static void without_capstone(void **state)
{
	static const uint8_t b_code[] = { 0x55, 0x89, 0xE5, 0x53, 0x85, 0xC9, 0x5B, 0x5D, 0xC3 };
	uint32_t s[] = { 0x84, 0x10, 0xc8, 0x2a };	/* b's frame made; 0x10 a saved register */
	uint32_t s2[] = { 0x84, 0x10, 0x50 };	/* the chain's first return follows a's call of b */
	uint32_t counters[0x40] = { 0 };
	struct pdump_stack st = { 7, 0, 1, 0, 4, s };
	struct pdump_seg seg;
	struct pdump d;
	struct map m;
	char err[200], *t, log[512];
	uint8_t *code = calloc(1, 0x100);
	FILE *errs = tmpfile();
	int saved = dup(2);
	size_t n;

	(void)state;
	assert_non_null(code);
	assert_non_null(errs);
	stacksfix_put_call(code, 0x0b, 0x40);
	stacksfix_put_call(code, 0x25, 0xc0);
	stacksfix_put_call(code, 0x4b, 0x80);
	code[0x50] = 0xC3;
	memcpy(code + 0x80, b_code, sizeof b_code);
	code[0xc6] = 0xFF;	/* c: call *eax */
	code[0xc7] = 0xD0;
	stacksfix_dump(&d, &seg, counters);
	d.stacks = &st;
	d.nstacks = 1;
	d.total = 7;
	assert_int_equal(map_parse("prog.sym", (const uint8_t *)stacksfix_prog_map,
				   strlen(stacksfix_prog_map), &m, err, sizeof err), 0);
	m.code = code;
	m.code_len = 0x100;
	fflush(stderr);
	assert_int_not_equal(dup2(fileno(errs), 2), -1);
	/* the frame made is not known: the word kept, as before capstone */
	t = folded_of(&d, &m);
	assert_string_equal(t, "main;c;main;a;b 7\n");
	free(t);
	/* the chain's rule still drops it where the chain shows it */
	st.pcs = s2;
	st.depth = 3;
	t = folded_of(&d, &m);
	assert_string_equal(t, "a;b 7\n");
	free(t);
	fflush(stderr);
	dup2(saved, 2);
	close(saved);
	rewind(errs);
	n = fread(log, 1, sizeof log - 1, errs);
	log[n] = 0;
	fclose(errs);
	/* said once, with what is done instead */
	assert_non_null(strstr(log, "pinfo: note: capstone"));
	assert_non_null(strstr(log, "dropped by the chain's rule alone"));
	assert_null(strstr(strstr(log, "pinfo: note") + 1, "pinfo: note"));
	map_free(&m);	/* frees code */
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(without_capstone),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
