/* testexport.h: what the export tests share: the dumps they export, and
 * the exporters' bytes in memory. */
#ifndef TESTS_UNIT_PINFO_TESTEXPORT_H
#define TESTS_UNIT_PINFO_TESTEXPORT_H

#include <stdint.h>
#include "dump.h"
#include "export.h"
#include "testbuf.h"

/* The seed's example: 6 in main, 400 + 64 in inner, 9 in the kernel. */

/* The fixture data/hot.pro, against data/tiny.elf (helper 0, hook 0x1a,
 * compute 0x22, _start 0x6c, text 0x87): bins above 65535, one exactly at
 * it, buckets that straddle two functions (0x18: helper and hook; 0x20:
 * hook and compute), ticks in compute's last bucket and in the text's last.
 * tools.sh hands it to the real gprof and readprofile. Its segment carries
 * tiny.elf's code fingerprint (tiny_fingerprint()); data/hot-v1.pro is the
 * same dump in version 1 of the format, without one. */
struct pdump *hot_dump(void);
uint32_t tiny_fingerprint(void);	/* elf32_fingerprint() of data/tiny.elf */

/* Segment 1 of module in d, exported to memory (the test fails otherwise). */
struct tbuf gmon_of(const struct pdump *d, const char *module, struct gmon_stats *st);
struct tbuf proc_of(const struct pdump *d, const char *module);

uint32_t le(const uint8_t *p, int n);	/* a little-endian integer of n bytes */

#endif
