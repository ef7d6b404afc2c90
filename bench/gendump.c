/* gendump.c: a large profile dump for the host-side benchmark, made with
 * the kernel's own writer (format/dump.c, format/frame.c).
 *   gendump MODULE ORIGIN LENGTH SAMPLES OUT.pro [NMODULES]
 * A system dump (PT_SYSTEM | PT_VERBOSE) of one code segment: segment 1 of
 * MODULE, LENGTH bytes from address ORIGIN, in DWORD buckets (as the
 * kernel's text is counted: readprofile needs a _stext above 0), with
 * SAMPLES ticks spread uniformly at random (a fixed seed) over its buckets,
 * as a long profile of a large program would spread them. With NMODULES,
 * a system dump of that many programs of this shape, MODULE000 ...
 * (SAMPLES ticks each), as a whole system's profile. Writes the dump
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
	struct pdump_seg *segs;
	struct pdump d = { .type = 8, .shift = 2, .hz = 1000, .nseg = 1 };
	uint64_t x = 88172645463325252ull;
	uint32_t nbuckets, samples, nonzero = 0, nmod = 1, m;
	size_t bytes, wire;
	FILE *f;

	if ((argc != 6 && argc != 7) || strlen(argv[1]) + 3 >= PDUMP_MODNAME_MAX) {
		fprintf(stderr, "usage: gendump MODULE ORIGIN LENGTH SAMPLES OUT.pro [NMODULES]\n");
		return 2;
	}
	if (argc == 7 && ((nmod = (uint32_t)strtoul(argv[6], 0, 0)) < 1 || nmod > 1000)) {
		fprintf(stderr, "gendump: NMODULES is 1 to 1000\n");
		return 2;
	}
	d.nseg = nmod;
	if (!(segs = d.segs = calloc(nmod, sizeof *segs))) {
		fprintf(stderr, "gendump: no memory\n");
		return 1;
	}
	samples = (uint32_t)strtoul(argv[4], 0, 0);
	for (m = 0; m < nmod; m++) {
		struct pdump_seg *s = &segs[m];

		if (argc == 7)
			snprintf(s->module, sizeof s->module, "%s%03u", argv[1], m);
		else
			strcpy(s->module, argv[1]);
		s->segno = 1;
		s->selector = argc == 7 ? 0x07 : 0x08;
		s->origin = (uint32_t)strtoul(argv[2], 0, 0);
		s->length = (uint32_t)strtoul(argv[3], 0, 0);
		nbuckets = pdump_nbuckets(s->length, d.shift);
		if (!nbuckets || !(s->counters = calloc(nbuckets, 4))) {
			fprintf(stderr, "gendump: no buckets or no memory\n");
			return 1;
		}
		for (uint32_t i = 0; i < samples; i++) {
			x ^= x << 13, x ^= x >> 7, x ^= x << 17;	/* xorshift64 */
			nonzero += s->counters[(x >> 11) % nbuckets]++ == 0;
		}
		d.total += samples;
	}
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
	printf("samples=%llu nonzero=%u dump_bytes=%zu wire_bytes=%zu\n",
	       (unsigned long long)d.total, nonzero, bytes, wire);
	for (m = 0; m < nmod; m++)
		free(segs[m].counters);
	free(segs);
	return 0;
}
