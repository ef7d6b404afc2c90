/* manydumps.c: one profile dumped 2,000 times under 2,000 names
 * (d0000.pro ... d1999.pro). `make run` must report every one, in a time
 * that grows with dumps + maps, not with dumps x maps
 * (tests/integration/cases/makerun-many.sh; docs/running.md). */
#include <stdio.h>
#include <profile.h>

#define DUMPS 2000

static volatile unsigned sink;

int main(void)
{
	char name[16];
	int bad = 0;

	ProfInit(PT_USER, NULL);
	ProfOn(PT_USER);
	for (int i = 0; i < 200000; i++)
		sink = sink * 3 + 1;
	ProfOff(PT_USER);
	for (int i = 0; i < DUMPS; i++) {
		snprintf(name, sizeof name, "d%04d.pro", i);
		if (ProfDump(PT_USER, name))
			bad++;
	}
	ProfFree(PT_USER);
	printf("manydumps: %d dumps made, %d failed\n", DUMPS, bad);
	return bad != 0;
}
