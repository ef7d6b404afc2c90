/* threefn.c: three functions of known relative cost, 1 : 2 : 4, the same
 * loop body run n, 2n and 4n times; their shares of the profile must
 * follow. */
#include <stdio.h>
#include <string.h>
#include <profile.h>
#include <profkern.h>

#define N 1000000

static volatile unsigned sink;

#define BODY(n) do { unsigned x = sink; for (int i = 0; i < (n); i++) x = x * 2654435761u + 1u; sink = x; } while (0)

__attribute__((noinline)) void one(void) { BODY(N); }
__attribute__((noinline)) void two(void) { BODY(2 * N); }
__attribute__((noinline)) void four(void) { BODY(4 * N); }

int main(void)
{
	int rc = ProfInit(PT_USER, NULL);
	if (!rc)
		rc = ProfOn(PT_USER);
	if (rc) {
		printf("threefn: %s\n", errname(rc));
		return 1;
	}
	for (int r = 0; r < 4; r++) {
		four();
		one();
		two();
	}
	ProfOff(PT_USER);
	rc = ProfDump(PT_USER, "threefn.pro");
	ProfFree(PT_USER);
	printf("threefn: dump %s\n", rc ? errname(rc) : "written");
	return rc != 0;
}
