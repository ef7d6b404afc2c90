/* fpmix.c: `fpmix` runs two children at once, `fpmix down` and `fpmix up`,
 * each with its own x87 control word (rounding and precision) and its own
 * SSE MXCSR (rounding), computing 1/3 over and over across many switches,
 * yields and sleeps. Each must get the answer its own modes give, find its
 * control words as it set them, and find the integer it left on the x87
 * stack, a new one each round (so that registers restored from an old copy
 * show, as with several CPUs a process may run next on another); and
 * each must start from a clean FPU, with nothing of the other's in it.
 * (Built without the compiler's FPU code: every FPU instruction is inline.) */
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <profkern.h>

#define ROUNDS 4000

struct mode {
	const char *name;
	uint16_t fcw;		/* x87: precision control bits 8-9, rounding 10-11 */
	uint32_t mxcsr;		/* SSE: rounding bits 13-14 (the sticky flags, bits 0-5, aside) */
	uint64_t x87_third;	/* 1/3 as the x87 gives it in these modes, stored as a double */
	uint64_t sse_third;	/* 1/3 by divsd in these modes */
	int64_t secret;		/* left on the x87 stack, plus the round's number */
};

static const struct mode modes[] = {
	/* single precision, round down: 0x3EAAAAAA as a float */
	{ "down", 0x047F, 0x3F80, 0x3FD5555540000000ull, 0x3FD5555555555555ull, 0x1111222233334444ll },
	/* double precision, round up */
	{ "up", 0x0A7F, 0x5F80, 0x3FD5555555555556ull, 0x3FD5555555555556ull, -0x5555666677778888ll },
};

static uint64_t x87_third(void)
{
	uint64_t r;
	static const int32_t three = 3;
	__asm__ volatile("fld1; fidivl %1; fstpl %0" : "=m"(r) : "m"(three));
	return r;
}

static uint64_t sse_third(void)
{
	uint64_t r;
	static const int32_t one = 1, three = 3;
	__asm__ volatile("cvtsi2sdl %1, %%xmm0; cvtsi2sdl %2, %%xmm1; divsd %%xmm1, %%xmm0; movsd %%xmm0, %0"
			 : "=m"(r) : "m"(one), "m"(three));
	return r;
}

static int child(const struct mode *m)
{
	uint16_t fcw, env[14];
	uint32_t mxcsr;
	int64_t top, next;
	int bad = 0;

	/* A clean FPU: FNINIT's control word, MXCSR's default, no register in use. */
	__asm__ volatile("fnstcw %0; stmxcsr %1; fnstenv %2; fldcw %0" : "=m"(fcw), "=m"(mxcsr), "=m"(env));
	if (fcw != 0x037F || mxcsr != 0x1F80 || env[4] != 0xFFFF) {
		printf("fpmix %s: not a clean FPU at start: fcw %04x mxcsr %08x tags %04x\n", m->name, fcw,
		       mxcsr, env[4]);
		bad++;
	}
	__asm__ volatile("fildll %0; fldcw %1; ldmxcsr %2" : : "m"(m->secret), "m"(m->fcw), "m"(m->mxcsr));
	for (int i = 0; i < ROUNDS; i++) {
		uint64_t x = x87_third(), s = sse_third();
		__asm__ volatile("fnstcw %0; stmxcsr %1; fld %%st(0); fistpll %2" : "=m"(fcw), "=m"(mxcsr), "=m"(top));
		if (x != m->x87_third || s != m->sse_third || fcw != m->fcw || (mxcsr & ~0x3Fu) != m->mxcsr ||
		    top != m->secret + i) {
			if (bad++ < 5)
				printf("fpmix %s: round %d: x87 %08x%08x sse %08x%08x fcw %04x mxcsr %08x\n",
				       m->name, i, (unsigned)(x >> 32), (unsigned)x, (unsigned)(s >> 32),
				       (unsigned)s, fcw, mxcsr);
		}
		next = m->secret + i + 1;	/* the integer at the top moves on: a stale copy shows */
		__asm__ volatile("fstp %%st(0); fildll %0" : : "m"(next));
		if (i % 256 == 128)
			sleep_ms(1);	/* its CPU idles with these registers; it may wake on another */
		else if (i % 16 == 0)
			yield();
	}
	printf("fpmix %s: %d rounds, %d bad\n", m->name, ROUNDS, bad);
	return bad != 0;
}

int main(int argc, char **argv)
{
	int pids[2], bad = 0;

	for (unsigned i = 0; argc == 2 && i < 2; i++)
		if (!strcmp(argv[1], modes[i].name))
			return child(&modes[i]);
	if (argc != 1) {
		printf("usage: fpmix [down|up]\n");
		return 2;
	}
	for (int i = 0; i < 2; i++) {
		char *cargv[] = { "fpmix", (char *)modes[i].name, 0 };
		pids[i] = spawn("fpmix", cargv);
	}
	for (int i = 0; i < 2; i++) {
		int status = -1;
		if (pids[i] <= 0 || waitchild(pids[i], &status) != pids[i] || status != 0)
			bad++;
	}
	printf("fpmix: %d of 2 children failed\n", bad);
	return bad != 0;
}
