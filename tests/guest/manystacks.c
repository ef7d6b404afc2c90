/* manystacks.c: more distinct call stacks than a small table holds, for
 * the size of the kernel's table of stacks (docs/stacks.md). Each path p
 * of DEPTH bits is a chain of DEPTH calls, to left or right as p's bits
 * say, ending in a spin whose samples land at several EIPs: 2^DEPTH
 * chains, each several stacks. Every path is taken ROUNDS times, under
 * PT_USER|PT_STACKS, and the profile dumped to manystacks.pro.
 *   manystacks [rounds]   (default 3) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <profile.h>
#include <profkern.h>

#define DEPTH 12
#define SPIN 3000

static volatile unsigned sink;

void left(int d, unsigned p);
void right(int d, unsigned p);

/* (The asm after each call keeps it a call, so each level has its frame.) */
__attribute__((noinline)) static void step(int d, unsigned p)
{
	if (d == 0) {
		unsigned x = sink;
		for (int i = 0; i < SPIN; i++)
			x = x * 2654435761u + (x >> 7) + 1u;
		sink = x;
		return;
	}
	if (p & 1)
		left(d - 1, p >> 1);
	else
		right(d - 1, p >> 1);
	__asm__ volatile("");
}

__attribute__((noinline)) void left(int d, unsigned p) { step(d, p); __asm__ volatile(""); }
__attribute__((noinline)) void right(int d, unsigned p) { step(d, p); __asm__ volatile(""); }

int main(int argc, char **argv)
{
	int rc, rounds = argc > 1 ? atoi(argv[1]) : 3;

	rc = ProfInit(PT_USER | PT_STACKS, NULL);
	if (!rc)
		rc = ProfOn(PT_USER);
	if (rc) {
		printf("manystacks: %s\n", errname(rc));
		return 1;
	}
	for (int r = 0; r < rounds; r++)
		for (unsigned p = 0; p < 1u << DEPTH; p++)
			step(DEPTH, p);
	ProfOff(PT_USER);
	rc = ProfDump(PT_USER, "manystacks.pro");
	ProfFree(PT_USER);
	printf("manystacks: dump %s\n", rc ? errname(rc) : "written");
	return rc != 0;
}
