/* gendump.c: a large profile dump for the host-side benchmark, made with
 * the kernel's own writer (format/dump.c, format/frame.c).
 *   gendump MODULE ORIGIN LENGTH SAMPLES OUT.pro
 * A system dump (PT_SYSTEM | PT_VERBOSE) of one code segment: segment 1 of
 * MODULE, LENGTH bytes from address ORIGIN, in DWORD buckets (as the
 * kernel's text is counted: readprofile needs a _stext above 0), with
 * SAMPLES ticks spread uniformly at random (a fixed seed) over its buckets,
 * as a long profile of a large program would spread them. Writes the dump
 * and prints one line: samples, nonzero buckets, dump bytes, and the bytes
 * of its serial frame (what the guest would send). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "dump.h"
#include "frame.h"

static void to_file(void *ctx, const void *data, size_t len)
{
	if (fwrite(data, 1, len, ctx) != len) {
		perror("gendump: write");
		exit(1);
	}
}

static void to_nothing(void *ctx, const void *data, size_t len)
{
	(void)ctx, (void)data, (void)len;
}

int main(int argc, char **argv)
{
	struct pdump_seg seg = { .segno = 1, .selector = 0x08 };
	struct pdump d = { .type = 8, .shift = 2, .hz = 1000, .nseg = 1, .segs = &seg };
	uint64_t x = 88172645463325252ull;
	uint32_t nbuckets, samples, nonzero = 0;
	size_t bytes, wire;
	FILE *f;

	if (argc != 6 || strlen(argv[1]) >= PDUMP_MODNAME_MAX) {
		fprintf(stderr, "usage: gendump MODULE ORIGIN LENGTH SAMPLES OUT.pro\n");
		return 2;
	}
	strcpy(seg.module, argv[1]);
	seg.origin = (uint32_t)strtoul(argv[2], 0, 0);
	seg.length = (uint32_t)strtoul(argv[3], 0, 0);
	samples = (uint32_t)strtoul(argv[4], 0, 0);
	nbuckets = pdump_nbuckets(seg.length, d.shift);
	if (!nbuckets || !(seg.counters = calloc(nbuckets, 4))) {
		fprintf(stderr, "gendump: no buckets or no memory\n");
		return 1;
	}
	for (uint32_t i = 0; i < samples; i++) {
		x ^= x << 13, x ^= x >> 7, x ^= x << 17;	/* xorshift64 */
		nonzero += seg.counters[(x >> 11) % nbuckets]++ == 0;
	}
	d.total = samples;
	if (!(f = fopen(argv[5], "wb"))) {
		perror(argv[5]);
		return 1;
	}
	bytes = pdump_write(&d, to_file, f);
	if (fclose(f)) {
		perror(argv[5]);
		return 1;
	}
	wire = frame_write(argv[5], &d, to_nothing, 0);
	printf("samples=%u nonzero=%u dump_bytes=%zu wire_bytes=%zu\n", samples, nonzero, bytes, wire);
	free(seg.counters);
	return 0;
}
