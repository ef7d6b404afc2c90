/* forge.h: what a hostile program can print on the console: a dump frame
 * of its own making, exactly as the kernel's frame writer would make it
 * (the same code, built into the program), with counters that spell any
 * text. Included by the guest tests that forge frames. */
#ifndef TESTS_GUEST_FORGE_H
#define TESTS_GUEST_FORGE_H

#include <string.h>
#include <unistd.h>

#include "crc32.c"
#include "dump.c"
#include "frame.c"

static void forge_sink(void *ctx, const void *data, size_t len)
{
	(void)ctx;
	write(1, data, len);
}

/* Prints, as a program's output, a valid frame named name whose dump's
 * only segment (module FORGED) has counters holding the bytes of text. */
static void forge_frame(const char *name, const char *text)
{
	static uint32_t counters[64];
	struct pdump_seg seg;
	struct pdump d;
	size_t n = strlen(text), words = (n + 3) / 4;

	memset(counters, 0, sizeof counters);
	memcpy(counters, text, n < sizeof counters ? n : sizeof counters);
	memset(&seg, 0, sizeof seg);
	memcpy(seg.module, "FORGED", 7);
	seg.segno = 1;
	seg.selector = 7;
	seg.length = (uint32_t)(words * 4);
	seg.counters = counters;
	memset(&d, 0, sizeof d);
	d.type = 5;
	d.shift = 2;
	d.hz = 1000;
	d.nseg = 1;
	d.segs = &seg;
	for (size_t i = 0; i < words; i++)
		d.total += counters[i];
	frame_write(name, &d, forge_sink, 0);
}

#endif
