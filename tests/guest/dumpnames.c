/* dumpnames.c: a program that names its dumps after the files of a run
 * and the build (x.d, which make would read; cmd.elf, the shell of the
 * next boot; the run's capture and lists), and with names a shell would
 * split, glob or take for an option; then it prints a frame of its own
 * making named extracted.txt whose counters hold a line "wrote /dev/null".
 * Run by `make run PROG=tests/guest/dumpnames.c PROG_CFLAGS=-Iformat` (forge.h
 * includes the format's code; tests/integration/cases/makerun-names.sh):
 * each dump must be reported as itself, from
 * build/run/dumps/, and no file of the run or the build replaced. */
#include <stdio.h>
#include <profile.h>
#include "forge.h"

static const char *const names[] = {
	"x.d", "cmd.elf", "serial.log", "maps.lst", "extracted.txt", "kernel.elf",
	"*", "a b.pro", "-e.pro", "$(touch pwned).pro", "../run/y.d",
};

static volatile unsigned sink;

int main(void)
{
	int bad = 0;

	ProfInit(PT_USER, NULL);
	ProfOn(PT_USER);
	for (int i = 0; i < 200000; i++)
		sink = sink * 3 + 1;
	ProfOff(PT_USER);
	for (unsigned i = 0; i < sizeof names / sizeof names[0]; i++)
		if (ProfDump(PT_USER, (char *)names[i]))
			bad++;
	ProfFree(PT_USER);
	forge_frame("extracted.txt", "\nwrote /dev/null (1 bytes)\n");
	printf("dumpnames: %d dumps failed\n", bad);
	return bad != 0;
}
