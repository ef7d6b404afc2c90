/* testexport.c: what the export tests share (testexport.h). */
#define _GNU_SOURCE	/* open_memstream */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdio.h>
#include <cmocka.h>

#include <stdlib.h>

#include "elf32.h"
#include "testexport.h"

uint32_t tiny_fingerprint(void)
{
	size_t len;
	char *elf = tfile("data/tiny.elf", &len), err[200];
	struct elfsyms e;
	uint32_t fp;

	assert_int_equal(elf32_symbols((uint8_t *)elf, len, &e, err, sizeof err), 0);
	assert_int_equal(elf32_fingerprint((uint8_t *)elf, len, &e, 0, &fp, err, sizeof err), 0);
	elf32_free(&e);
	free(elf);
	return fp;
}

struct pdump *hot_dump(void)
{
	struct pdump *d = tdump_new(5, 1);
	uint32_t *c;

	tdump_seg(d, 0, "TINY", 1, 0, 0x87);
	d->segs[0].fingerprint = tiny_fingerprint();
	c = d->segs[0].counters;
	c[0] = 70000;
	c[1] = 65535;
	c[2] = 65536;
	c[0x18 >> 2] = 100000;
	c[0x20 >> 2] = 6;
	c[0x24 >> 2] = 200000;
	c[0x28 >> 2] = 3;
	c[0x68 >> 2] = 11;	/* compute's last bucket: readprofile gives it to _start */
	c[0x6c >> 2] = 1000;
	c[0x84 >> 2] = 5;	/* the text's last bucket: readprofile loses it */
	d->kernel = 7;
	tdump_fix_totals(d);
	return d;
}

struct tbuf gmon_of(const struct pdump *d, const char *module, struct gmon_stats *st)
{
	struct export_src src;
	struct tbuf b = { 0 };
	size_t len;
	char err[200];
	FILE *f = open_memstream((char **)&b.data, &len);

	assert_int_equal(export_select(d, module, 1, &src, err, sizeof err), 0);
	assert_int_equal(export_gmon(&src, d->hz, f, st, err, sizeof err), 0);
	fclose(f);
	b.len = len;
	export_src_free(&src);
	return b;
}

struct tbuf proc_of(const struct pdump *d, const char *module)
{
	struct export_src src;
	struct tbuf b = { 0 };
	size_t len;
	char err[200];
	FILE *f = open_memstream((char **)&b.data, &len);

	assert_int_equal(export_select(d, module, 1, &src, err, sizeof err), 0);
	assert_int_equal(export_proc_profile(&src, export_outside(d, module), f, err,
					     sizeof err), 0);
	fclose(f);
	b.len = len;
	export_src_free(&src);
	return b;
}

uint32_t le(const uint8_t *p, int n)
{
	uint32_t v = 0;

	while (n--)
		v = v << 8 | p[n];
	return v;
}
