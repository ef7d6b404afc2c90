/* stacksfix.h: what the call stacks' unit tests share (test_stacks_views.c,
 * test_stacks_nocs.c): a program's map, its code's calls, and a format 3
 * dump of its one segment. */
#ifndef TESTS_UNIT_PINFO_STACKSFIX_H
#define TESTS_UNIT_PINFO_STACKSFIX_H

#include <stdint.h>
#include "dump.h"
#include "dumpfmt.h"

/* PROG: main 0x00, a 0x40, b 0x80, c 0xc0. */
extern const char stacksfix_prog_map[];

/* A call rel32 at at, to target: its five bytes in code. */
void stacksfix_put_call(uint8_t *code, uint32_t at, uint32_t target);

/* d: a user profile with stacks (format 3, 1000 Hz) of one segment, seg:
 * PROG's segment 1, 0x100 bytes, counting in counters; no stacks yet. */
void stacksfix_dump(struct pdump *d, struct pdump_seg *seg, uint32_t *counters);

#endif
