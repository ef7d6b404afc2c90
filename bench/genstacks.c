/* genstacks.c: a forged dump of deep call stacks through functions of long
 * names, and its map, for pinfo's bounds (docs/security.md, section 4):
 * every view of the stacks writes each stack's frames by name, so its
 * output is the dump's frames times the names' length, however small the
 * dump. Made with the kernel's own writer (format/dump.c).
 *   genstacks NAMELEN NFUNCS NSTACKS DEPTH OUT.pro OUT.sym
 *   genstacks -c NAMELEN NFUNCS NSTACKS DEPTH OUT     (a fuzz_pinfo input)
 * A user profile (format 3, 1000 Hz) of module DEEP: its segment 1 holds
 * NFUNCS functions of 16 bytes, named by NAMELEN bytes each that differ
 * only in their last six (the worst case for a comparison of names), in
 * an nm map (module DEEP when OUT.sym is deep.sym). NSTACKS distinct
 * stacks of DEPTH frames (1 to 255), each frame a function drawn at random
 * (a fixed seed), one sample each. With -c, one file as tests/fuzz/
 * fuzz_pinfo.c reads it: the dump's length in two bytes, the dump, the
 * map, whose module is then TESTPROF (the harness's map is testprof.map).
 * Prints the dump's and the map's bytes. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "dump.h"
#include "dumpfmt.h"

struct buf {
	uint8_t *p;
	size_t len, cap;
};

static void put(struct buf *b, const void *data, size_t len)
{
	if (b->len + len > b->cap) {
		size_t cap = b->cap ? b->cap : 65536;

		while (b->len + len > cap)
			cap *= 2;
		if (!(b->p = realloc(b->p, cap))) {
			fprintf(stderr, "genstacks: no memory\n");
			exit(1);
		}
		b->cap = cap;
	}
	memcpy(b->p + b->len, data, len);
	b->len += len;
}

static void to_buf(void *ctx, const void *data, size_t len)
{
	put(ctx, data, len);
}

static void to_file(const char *path, const void *data, size_t len)
{
	FILE *f = fopen(path, "wb");

	if (!f || fwrite(data, 1, len, f) != len || fclose(f)) {
		perror(path);
		exit(1);
	}
}

static unsigned long arg(const char *s, unsigned long lo, unsigned long hi, const char *what)
{
	char *end;
	unsigned long v = strtoul(s, &end, 0);

	if (!*s || *end || v < lo || v > hi) {
		fprintf(stderr, "genstacks: %s is %lu to %lu, not '%s'\n", what, lo, hi, s);
		exit(2);
	}
	return v;
}

int main(int argc, char **argv)
{
	struct pdump d = { .version = PDUMP_VERSION_V3, .type = 5 | PDUMP_TYPE_STACKS, .shift = 2,
			   .hz = 1000, .nseg = 1 };
	struct pdump_seg seg = { .module = "DEEP", .segno = 1, .selector = 0x07 };
	struct buf dump = { 0 }, map = { 0 };
	unsigned long namelen, nfuncs, nstacks, depth, i, k;
	uint64_t x = 88172645463325252ull;
	int corpus = argc > 1 && !strcmp(argv[1], "-c");
	char *name, line[32];

	if (argc != 7) {
		fprintf(stderr, "usage: genstacks NAMELEN NFUNCS NSTACKS DEPTH OUT.pro OUT.sym\n"
			"       genstacks -c NAMELEN NFUNCS NSTACKS DEPTH OUT\n");
		return 2;
	}
	argv += corpus;
	if (corpus)
		strcpy(seg.module, "TESTPROF");
	namelen = arg(argv[1], 7, 1000000, "NAMELEN");
	nfuncs = arg(argv[2], 1, 1000000, "NFUNCS");
	nstacks = arg(argv[3], 1, PDUMP_MAXSTACKS, "NSTACKS");
	depth = arg(argv[4], 1, PDUMP_STACK_MAXDEPTH, "DEPTH");
	seg.length = (uint32_t)nfuncs * 16;
	d.segs = &seg;
	d.nstacks = (uint32_t)nstacks;
	if (!(seg.counters = calloc(nfuncs * 4, 4)) ||
	    !(d.stacks = calloc(nstacks, sizeof *d.stacks)) ||
	    !(d.frames = calloc(nstacks * depth, 4)) || !(name = malloc(namelen + 1))) {
		fprintf(stderr, "genstacks: no memory\n");
		return 1;
	}
	for (i = 0; i < nstacks; i++) {
		struct pdump_stack *st = &d.stacks[i];

		st->count = 1;
		st->useg = 1;
		st->depth = (uint8_t)depth;
		st->pcs = d.frames + i * depth;
		for (k = 0; k < depth; k++) {	/* leaf first: a pc 2 bytes into its function */
			x ^= x << 13, x ^= x >> 7, x ^= x << 17;	/* xorshift64 */
			st->pcs[k] = (uint32_t)((x >> 11) % nfuncs) * 16 + 2;
		}
		seg.counters[st->pcs[0] >> d.shift]++;
		d.total++;
	}
	pdump_write(&d, to_buf, &dump);
	memset(name, 'x', namelen - 7);
	for (i = 0; i < nfuncs; i++) {
		snprintf(line, sizeof line, "%08lx T ", i * 16);
		put(&map, line, strlen(line));
		snprintf(name + namelen - 7, 8, "_%06lu", i % 1000000);
		put(&map, name, namelen);
		put(&map, "\n", 1);
	}
	if (corpus) {
		uint8_t len[2] = { (uint8_t)dump.len, (uint8_t)(dump.len >> 8) };
		struct buf all = { 0 };

		if (dump.len > 0xffff) {
			fprintf(stderr, "genstacks: a %zu-byte dump is too long for a fuzz input\n",
				dump.len);
			return 1;
		}
		put(&all, len, 2);
		put(&all, dump.p, dump.len);
		put(&all, map.p, map.len);
		to_file(argv[5], all.p, all.len);
	} else {
		to_file(argv[5], dump.p, dump.len);
		to_file(argv[6], map.p, map.len);
	}
	printf("dump %zu bytes, map %zu bytes\n", dump.len, map.len);
	return 0;
}
