/* dumpback.c: see dumpback.h. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <setjmp.h>
#include <string.h>
#include <cmocka.h>
#include "dumpback.h"
#include "capture.h"

static uint8_t wire[1 << 20];	/* a full trace and its frame */
static size_t wirelen;

static void sink(void *ctx, const void *data, size_t len)
{
	(void)ctx;
	assert_true(wirelen + len <= sizeof(wire));
	memcpy(wire + wirelen, data, len);
	wirelen += len;
}

static void *zalloc(void *ctx, size_t n) { (void)ctx; return calloc(1, n); }
static void release(void *ctx, void *p) { (void)ctx; free(p); }
const struct pdump_alloc dumpback_heap = { zalloc, release, NULL };

void dump_back(struct prof_proc *pp, int type, struct pdump *d)
{
	struct capture c;
	char err[128];

	wirelen = 0;
	assert_int_equal(prof_dump(pp, type, 1000, "t.pro", sink, NULL), 0);
	assert_int_equal(capture_parse(wire, wirelen, &c), 0);
	assert_int_equal(c.n, 1);
	assert_true(c.frames[0].ok);
	assert_int_equal(pdump_read(c.frames[0].data, c.frames[0].len, d, &dumpback_heap, err,
				    sizeof(err)), 0);
	capture_free(&c);
}
