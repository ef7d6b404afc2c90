/* badptr.c: system calls with pointers outside the caller's data segment
 * must return -EFAULT (or their documented code) and do nothing else. */
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <profkern.h>
#include <kerrno.h>
#include "kraw.h"
#include <profile.h>


static int failures;

static void expect(const char *what, int got, int want)
{
	if (got == want) {
		printf("badptr: %s: OK\n", what);
	} else {
		printf("badptr: %s: FAILED (got %d %s, want %d %s)\n", what, got, errname(got),
		       want, errname(want));
		failures++;
	}
}

int main(void)
{
	char *top = (char *)0xFFFFFFF0;		/* past any segment limit */
	uint64_t ticks;
	uint32_t hz, freemem;
	int status;

	expect("write past the limit", k_write(1, top, 4), -EFAULT);
	expect("write wrapping 4 GiB", k_write(1, (char *)16, 0xFFFFFFF8u), -EFAULT);
	expect("write to a bad fd", k_write(7, "x", 1), -EBADF);
	expect("write of 0 bytes", k_write(1, "x", 0), 0);
	/* The data segment's first page is its guard (docs/memory.md): a NULL
	 * pointer, or one just above it, is outside the segment. */
	expect("write from NULL", k_write(1, NULL, 4), -EFAULT);
	expect("write from the guard page's end", k_write(1, (char *)4092, 4), -EFAULT);
	expect("write of 0 bytes from NULL", k_write(1, NULL, 0), 0);
	expect("spawn with a NULL name", spawn(NULL, 0), -EFAULT);
	{
		char *argv[] = { "hello", (char *)16, 0 };
		expect("spawn with a NULL argument", spawn("hello", argv), -EFAULT);
	}
	expect("clock into NULL", clock_ticks(NULL, &hz), -EFAULT);
	expect("readfile into NULL", readfile("hello", 0, NULL, 8), -EFAULT);
	expect("meminfo into NULL", meminfo(NULL), -EFAULT);
	expect("ProfDump with a NULL name", ProfDump(PT_USER, NULL), -EFAULT);
	expect("ProfInit with a list at 8", ProfInit(PT_SYSTEM, (char *)8), -EFAULT);
	expect("spawn with a bad name", spawn(top, 0), -EFAULT);
	expect("spawn of no such program", spawn("nosuch", 0), -ENOENT);
	expect("spawn with a bad argv", spawn("hello", (char **)top), -EFAULT);
	{
		char *argv[] = { "hello", top, 0 };
		expect("spawn with a bad argument", spawn("hello", argv), -EFAULT);
	}
	expect("wait with a bad status", waitchild(-1, (int *)top), -EFAULT);
	expect("wait without children", waitchild(-1, &status), -ECHILD);
	expect("clock into a bad pointer", clock_ticks((uint64_t *)top, &hz), -EFAULT);
	expect("clock into a good pointer", clock_ticks(&ticks, &hz), 0);
	expect("readfile into a bad buffer", readfile("hello", 0, top, 8), -EFAULT);
	expect("readfile of no such file", readfile("nosuch", 0, &hz, 4), -ENOENT);
	expect("meminfo into a bad pointer", meminfo((uint32_t *)top), -EFAULT);
	expect("meminfo", meminfo(&freemem), 0);
	expect("ProfDump with a bad name", ProfDump(PT_USER, top), -EFAULT);
	expect("ProfInit with a bad list", ProfInit(PT_SYSTEM, top), -EFAULT);
	printf("badptr: %d failed\n", failures);
	return failures != 0;
}
