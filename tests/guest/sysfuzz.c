/* sysfuzz.c: `sysfuzz SEED COUNT`: COUNT random system calls from a seeded
 * generator, arguments drawn to hit edges (the segment's limit and around
 * it, 0, -1, the 4 GiB wrap, kernel-looking addresses, good pointers), while
 * profiling runs. The kernel must live through it; the seed is printed
 * first, so a failure can be replayed. exit is never drawn; sleep only
 * briefly; ProfDump rarely, so the console is not flooded.
 *
 * The calls write where they are pointed, the program's own memory too:
 * newlib's state (stdio's buffers in the heap, the heap's chunks, atexit's
 * list), which the calls may also move the break under. So nothing of the
 * C library runs after the first call: the last line is made here and
 * written, and the program ends, by the kernel's calls themselves. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "sys/syscall.h"
#include <profile.h>

static uint32_t state, limit;
static char scratch[512];

/* The loop's counts, at the far end of 96 KiB of .bss: past the offsets
 * 0x100000 + 64 KiB that edge() draws as kernel addresses (the stack's
 * top, .data, the start of .bss), where the calls write all the time, and
 * read and written from there each time (volatile), not kept in a frame
 * those writes reach. */
#define KEEP	(24 * 1024)
static volatile uint32_t keep[KEEP];
#define SEED	keep[KEEP - 1]
#define COUNT	keep[KEEP - 2]
#define MADE	keep[KEEP - 3]
#define OK	keep[KEEP - 4]

static uint32_t next(void)
{
	state ^= state << 13;
	state ^= state >> 17;
	state ^= state << 5;
	return state;
}

static uint32_t edge(void)
{
	uint32_t r = next();
	switch (r % 16) {
	case 0: return 0;
	case 1: return 1;
	case 2: return 0xFFFFFFFFu;
	case 3: return 0x80000000u;
	case 4: return 0x7FFFFFFFu;
	case 5: return limit;
	case 6: return limit - 1 - (next() % 8);
	case 7: return limit + (next() % 8);
	case 8: return 0xFFFFFFFFu - (next() % 16);
	case 9: return 0x100000 + (next() % 0x10000);	/* the kernel's linear addresses */
	case 10: return (uint32_t)(uintptr_t)scratch + next() % sizeof(scratch);
	case 11: return next() % 64;
	case 12: return PT_USER | (next() % 16);
	default: return next();
	}
}

/* Appends n in decimal at p: the end. */
static char *put_u(char *p, uint32_t n)
{
	char d[10];
	int i = 0;

	do
		d[i++] = (char)('0' + n % 10);
	while ((n /= 10) != 0);
	while (i > 0)
		*p++ = d[--i];
	return p;
}

static char *put_s(char *p, const char *s)
{
	while (*s)
		*p++ = *s++;
	return p;
}

static int call(uint32_t num, uint32_t a, uint32_t b, uint32_t c, uint32_t d)
{
	int r;
	__asm__ volatile("int $0x80" : "=a"(r) : "a"(num), "b"(a), "c"(b), "d"(c), "S"(d), "D"(0) : "memory");
	return r;
}

int main(int argc, char **argv)
{
	if (argc != 3) {
		printf("usage: sysfuzz SEED COUNT\n");
		return 2;
	}
	SEED = (uint32_t)strtoul(argv[1], 0, 0);
	COUNT = (uint32_t)strtoul(argv[2], 0, 0);
	MADE = OK = 0;
	state = SEED ? SEED : 1;
	__asm__("lsl %1, %0" : "=r"(limit) : "r"(0x0F));
	limit += 1;
	printf("sysfuzz: seed %u, %u calls\n", (unsigned)SEED, (unsigned)COUNT);
	ProfInit(PT_USER, 0);
	ProfOn(PT_USER);
	while (MADE < COUNT) {
		uint32_t num = next() % (SYS_MAX + 3), a = edge(), b = edge(), c = edge(), d = edge();
		for (unsigned i = 0; i < 8; i++)	/* strings the calls may read */
			scratch[next() % sizeof(scratch)] = (char)(next() % 3 ? 'a' + next() % 26 : 0);
		if (num == SYS_exit)
			continue;
		if (num == SYS_sleep)
			a %= 3;				/* a few milliseconds at most */
		if (num == SYS_profdump && next() % 256)
			continue;			/* rarely: each dump goes over the serial line */
		if (num == SYS_write && a < 3)
			c %= 24;			/* short, when it may reach the console */
		if (num == SYS_spawn && next() % 4)
			continue;			/* most spawns are of nothing, but cost a lookup */
		if (num == SYS_close && a < 3)
			continue;			/* the console stays open, for the last line */
		if (num == SYS_kill && (int)a == call(SYS_getpid, 0, 0, 0, 0) && b)
			continue;			/* a signal to itself would end the run */
		MADE++;
		OK += call(num, a, b, c, d) >= 0;
	}
	{
		char line[128], *e = line;

		e = put_s(e, "\nsysfuzz: seed ");
		e = put_u(e, SEED);
		e = put_s(e, ": ");
		e = put_u(e, MADE);
		e = put_s(e, " calls made, ");
		e = put_u(e, OK);
		e = put_s(e, " succeeded; the kernel lives\n");
		call(SYS_write, 1, (uint32_t)(uintptr_t)line, (uint32_t)(e - line), 0);
		call(SYS_exit, 0, 0, 0, 0);
	}
	return 0;
}
