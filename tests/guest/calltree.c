/* calltree.c: a call tree of known shape and cost, for the call stacks
 * (docs/stacks.md). main calls a, which spins 1 unit and calls b, which
 * spins 3; then main calls c, which spins 2; then d makes system calls
 * (the kernel's chain under the process's). With PT_USER|PT_STACKS it
 * dumps calltree.pro: b's share is three times a's own, c's twice, and a's
 * inclusive share is b's and a's own together.
 *   calltree [units]   (default 400000 loop iterations a unit) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <profile.h>
#include <profkern.h>

static volatile unsigned sink;
static int unit = 400000;

#define BODY(n) do { unsigned x = sink; for (int i = 0; i < (n); i++) x = x * 2654435761u + 1u; sink = x; } while (0)

__attribute__((noinline)) void b(void) { BODY(3 * unit); }
/* (The asm after the call keeps it a call: a tail call, jmp b, would leave
 * no frame of a for b's samples.) */
__attribute__((noinline)) void a(void) { BODY(unit); b(); __asm__ volatile(""); }
__attribute__((noinline)) void c(void) { BODY(2 * unit); }
/* System calls: ticks in the kernel, under d's chain. */
__attribute__((noinline)) void d(void)
{
	uint32_t free_bytes;

	for (int i = 0; i < unit / 400; i++)
		meminfo(&free_bytes);
}

int main(int argc, char **argv)
{
	int rc;

	if (argc > 1)
		unit = atoi(argv[1]);
	rc = ProfInit(PT_USER | PT_STACKS, NULL);
	if (!rc)
		rc = ProfOn(PT_USER);
	if (rc) {
		printf("calltree: %s\n", errname(rc));
		return 1;
	}
	for (int r = 0; r < 4; r++) {
		a();
		c();
		d();
	}
	ProfOff(PT_USER);
	rc = ProfDump(PT_USER, "calltree.pro");
	ProfFree(PT_USER);
	printf("calltree: dump %s\n", rc ? errname(rc) : "written");
	return rc != 0;
}
