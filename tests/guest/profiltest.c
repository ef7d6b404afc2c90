/* profiltest.c: profil() over a known loop at each scale the manuals name,
 * the counters read back from the program's own buffer. */
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <profile.h>
#include <profkern.h>

#define NCOUNTERS 2048

static unsigned short counters[NCOUNTERS];
static volatile unsigned sink;
static int failures;

/* The hot loop, and a marker just after it for its end. */
__attribute__((noinline, aligned(16))) void hot(int n)
{
	unsigned x = sink;
	for (int i = 0; i < n; i++)
		x = x * 1103515245u + 12345u;
	sink = x;
}
__attribute__((noinline, aligned(16))) void after_hot(void) { sink++; }

static uint64_t now(void)
{
	uint64_t t;
	uint32_t hz;
	clock_ticks(&t, &hz);
	return t;
}

static void check(const char *what, int ok)
{
	printf("profiltest: %s: %s\n", what, ok ? "OK" : "FAILED");
	failures += !ok;
}

/* Profiles hot() with this scale; returns the ticks it took. */
static unsigned run(int bufsiz, unsigned offset, unsigned scale, unsigned *sum, int *lo, int *hi)
{
	uint64_t t0;
	memset(counters, 0, sizeof(counters));
	profil((char *)counters, bufsiz, (int)offset, (int)scale);
	t0 = now();
	hot(3000000);
	profil(0, 0, 0, 0);
	*sum = 0;
	*lo = NCOUNTERS;
	*hi = -1;
	for (int i = 0; i < NCOUNTERS; i++) {
		*sum += counters[i];
		if (counters[i] && i < *lo)
			*lo = i;
		if (counters[i])
			*hi = i;
	}
	return (unsigned)(now() - t0);
}

int main(void)
{
	unsigned start = (unsigned)(uintptr_t)hot, end = (unsigned)(uintptr_t)after_hot;
	unsigned sum, ticks;
	int lo, hi;

	/* 0x10000: each 2-byte unit of text has its counter: hot's counters only. */
	ticks = run(sizeof(counters), start, 0x10000, &sum, &lo, &hi);
	printf("profiltest: scale 0x10000: %u of %u ticks, counters %d..%d, hot is %u bytes\n",
	       sum, ticks, lo, hi, end - start);
	check("0x10000 counts the loop's ticks", ticks > 50 && sum + 2 >= ticks && sum <= ticks);
	check("0x10000 counters lie inside hot", lo >= 0 && (unsigned)(hi * 2) < end - start);

	/* 0x8000: pairs of units share a counter: the same ticks in half the span. */
	ticks = run(sizeof(counters), start, 0x8000, &sum, &lo, &hi);
	check("0x8000 counts the loop's ticks", ticks > 50 && sum + 2 >= ticks);
	check("0x8000 counters lie in half the span", (unsigned)(hi * 4) < end - start + 4);

	/* 2: every PC onto the first counter. */
	ticks = run(sizeof(counters), 0, 2, &sum, &lo, &hi);
	check("scale 2 puts every tick in counter 0", lo == 0 && hi == 0 && sum + 2 >= ticks);

	/* 0 and 1 turn it off; bufsiz 0 makes it ineffective. */
	run(sizeof(counters), start, 0, &sum, &lo, &hi);
	check("scale 0 counts nothing", sum == 0);
	run(sizeof(counters), start, 1, &sum, &lo, &hi);
	check("scale 1 counts nothing", sum == 0);
	run(0, start, 0x10000, &sum, &lo, &hi);
	check("bufsiz 0 counts nothing", sum == 0);

	/* An offset past the code: no PC is at or above it. */
	run(sizeof(counters), 0x7FFFFFF0, 0x10000, &sum, &lo, &hi);
	check("PCs below offset are not counted", sum == 0);

	/* A buffer that is not the caller's: profil returns 0 and turns
	 * profiling off, so the buffer armed before it counts no more; no fault
	 * (the process reaching its last line shows that). */
	memset(counters, 0, sizeof(counters));
	profil((char *)counters, sizeof(counters), 0, 2);
	check("a buffer outside the segment is refused quietly",
	      profil((char *)0xFFFFFF00, 4096, 0, 0x10000) == 0);
	hot(1000000);
	check("and profiling is off after it", counters[0] == 0);
	/* Beside a user profile: both count the same ticks, neither disturbs
	 * the other (the integration test compares hot's tics in both.pro). */
	ProfInit(PT_USER, NULL);
	ProfOn(PT_USER);
	run(sizeof(counters), start, 0x10000, &sum, &lo, &hi);
	ProfOff(PT_USER);
	ProfDump(PT_USER, "both.pro");
	ProfFree(PT_USER);
	printf("profiltest: beside ProfOn: profil counted %u in hot\n", sum);
	printf("profiltest: %d failed\n", failures);
	return failures != 0;
}
