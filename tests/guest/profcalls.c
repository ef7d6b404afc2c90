/* profcalls.c: the Prof* calls used in every wrong way get their
 * documented codes and change nothing; ProfFree gives back every byte;
 * ProfDump works any number of times, on or off. */
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <profkern.h>
#include <kerrno.h>
#include <profile.h>

static int failures;

static void expect(const char *what, int got, int want)
{
	if (got == want) {
		printf("profcalls: %s: OK\n", what);
	} else {
		printf("profcalls: %s: FAILED (got %s, want %s)\n", what, errname(got), errname(want));
		failures++;
	}
}

static volatile unsigned sink;

__attribute__((noinline)) static void work(int n)
{
	for (int i = 0; i < n; i++)
		sink = sink * 3 + 1;
}

int main(void)
{
	uint32_t before, during, after;

	/* stdio takes its buffer from the heap at the first line, which takes
	 * pages of the kernel's memory: before the first count of it. */
	printf("profcalls: the calls out of order, then in order\n");
	meminfo(&before);
	/* Before ProfInit, every call is out of order. */
	expect("ProfOn before ProfInit", ProfOn(PT_USER), -ENOTINIT);
	expect("ProfOff before ProfInit", ProfOff(PT_USER), -ENOTINIT);
	expect("ProfClear before ProfInit", ProfClear(PT_USER), -ENOTINIT);
	expect("ProfDump before ProfInit", ProfDump(PT_USER, "x.pro"), -ENOTINIT);
	expect("ProfFree before ProfInit", ProfFree(PT_USER), -ENOTINIT);
	/* Bad types and arguments. */
	expect("ProfInit of type 3", ProfInit(3, NULL), -ENOSYS);
	expect("ProfInit of type 64", ProfInit(64, NULL), -EINVAL);	/* 32 is PT_SPREAD */
	expect("ProfInit of type -1", ProfInit(-1, NULL), -EINVAL);
	expect("ProfInit user with a module list", ProfInit(PT_USER, "FOO"), -EINVAL);
	expect("ProfOn of type 99", ProfOn(99), -EINVAL);
	{
		uint32_t now;
		meminfo(&now);
		expect("nothing allocated by the failures", (int)(before - now), 0);
	}

	expect("ProfInit", ProfInit(PT_USER | PT_USEKP, NULL), 0);
	meminfo(&during);
	printf("profcalls: ProfInit took %u bytes\n", before - during);
	expect("ProfInit twice", ProfInit(PT_USER, NULL), -EEXIST);
	expect("ProfOff at depth 0", ProfOff(PT_USER), -ENOTON);
	expect("ProfOn", ProfOn(PT_USER), 0);
	expect("ProfOn nested", ProfOn(PT_USER), 0);
	work(200000);
	expect("ProfFree while on", ProfFree(PT_USER), -EBUSY);
	expect("ProfDump while on", ProfDump(PT_USER, "on.pro"), 0);
	expect("ProfOff inner", ProfOff(PT_USER), 0);
	work(200000);
	expect("ProfOff outer", ProfOff(PT_USER), 0);
	expect("ProfOff unmatched", ProfOff(PT_USER), -ENOTON);
	expect("ProfDump off", ProfDump(PT_USER, "off.pro"), 0);
	expect("ProfDump again", ProfDump(PT_USER, "again.pro"), 0);
	expect("ProfDump with a long name", ProfDump(PT_USER, "a-name-that-is-rather-long-but-fine.pro"), 0);
	{
		static char huge[300];
		memset(huge, 'n', sizeof(huge) - 1);
		expect("ProfDump with a name over 255 bytes", ProfDump(PT_USER, huge), -ENAMETOOLONG);
	}
	expect("ProfClear", ProfClear(PT_USER), 0);
	expect("ProfDump cleared", ProfDump(PT_USER, "cleared.pro"), 0);
	expect("ProfFree", ProfFree(PT_USER), 0);
	meminfo(&after);
	expect("ProfFree gave back every byte", (int)(before - after), 0);
	expect("ProfFree twice", ProfFree(PT_USER), -ENOTINIT);
	expect("ProfInit after ProfFree", ProfInit(PT_USER, NULL), 0);
	expect("ProfFree again", ProfFree(PT_USER), 0);
	printf("profcalls: %d failed\n", failures);
	return failures != 0;
}
