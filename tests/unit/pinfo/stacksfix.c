/* stacksfix.c: what the call stacks' unit tests share (stacksfix.h). */
#include <string.h>

#include "stacksfix.h"

const char stacksfix_prog_map[] = "00000000 T main\n00000040 T a\n00000080 T b\n000000c0 T c\n";

void stacksfix_put_call(uint8_t *code, uint32_t at, uint32_t target)
{
	uint32_t rel = target - (at + 5);

	code[at] = 0xE8;
	memcpy(code + at + 1, &rel, 4);
}

void stacksfix_dump(struct pdump *d, struct pdump_seg *seg, uint32_t *counters)
{
	memset(d, 0, sizeof *d);
	memset(seg, 0, sizeof *seg);
	strcpy(seg->module, "PROG");
	seg->segno = 1;
	seg->length = 0x100;
	seg->counters = counters;
	d->version = 3;
	d->type = 5 | PDUMP_TYPE_STACKS;
	d->shift = 2;
	d->hz = 1000;
	d->nseg = 1;
	d->segs = seg;
}
