/* profrun.c: `profrun PROGRAM [ARG...]` runs PROGRAM under a profile of
 * its own, whole, from its first instruction to its exit, as gprof's -pg
 * or `perf record` would, and dumps it to PROGRAM.pro: a system profile
 * restricted to PROGRAM's module, so that the report has PROGRAM's
 * functions, and the kernel's and idle time while it ran as one line each.
 * `make run` runs every program that makes no Prof* call of its own this
 * way. The exit status is PROGRAM's; a line says when it is not 0.
 * `profrun /stacks PROGRAM [ARG...]` samples its call stacks too
 * (PT_STACKS, docs/stacks.md): `make run STACKS=1`. `profrun /spread
 * ...` keeps the 8 sub-profiles by which pinfo measures how far each share
 * would move in another run (PT_SPREAD, docs/accuracy.md); the two may
 * come in either order. */
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <profile.h>
#include <profkern.h>
#include <kerrno.h>

#define NAME_MAX_DUMP 64

int main(int argc, char **argv)
{
	static char list[NAME_MAX_DUMP + 2], dump[NAME_MAX_DUMP + 5];
	const char *name;
	size_t n;
	int pid, status = -1, rc, made, profiled, type = PT_SYSTEM;

	while (argc > 1 && (!strcmp(argv[1], "/stacks") || !strcmp(argv[1], "/spread"))) {
		type |= argv[1][2] == 't' ? PT_STACKS : PT_SPREAD;
		argv++;
		argc--;
	}
	if (argc < 2) {
		printf("usage: profrun [/stacks] [/spread] PROGRAM [ARG...]\n");
		return 2;
	}
	name = argv[1];
	n = strlen(name);
	if (n > NAME_MAX_DUMP) {
		printf("profrun: %s: name longer than %d bytes\n", name, NAME_MAX_DUMP);
		return 2;
	}
	memcpy(list, name, n + 1);
	list[n + 1] = 0;		/* "NAME\0\0": the module list of one */
	memcpy(dump, name, n);
	memcpy(dump + n, ".pro", 5);

	/* The profile is made before the spawn, so that the program's segment
	 * is in it from the start, and turned on after it: the kernel's work
	 * of loading the program is not the program's. spawn lets its caller
	 * run on for a tick period at least, so the program's first
	 * instruction comes after ProfOn (docs/syscalls.md). Only a profile
	 * made here is freed here: another's (EEXIST) is its owner's. */
	rc = ProfInit(type, list);
	made = rc == 0;
	pid = spawn(name, argv + 1);
	if (rc == 0 && pid > 0)
		rc = ProfOn(PT_SYSTEM);
	profiled = rc == 0 && pid > 0;
	if (rc != 0)
		printf("profrun: %s: not profiled: %s (%s)\n", name, errname(rc), kstrerror(rc));
	if (pid > 0 && waitchild(pid, &status) != pid)
		status = -1;
	if (profiled) {
		ProfOff(PT_SYSTEM);
		if ((rc = ProfDump(PT_SYSTEM, dump)) != 0)
			printf("profrun: %s: %s (%s)\n", dump, errname(rc), kstrerror(rc));
	}
	if (made)
		ProfFree(PT_SYSTEM);	/* ours, whether it ran or not; never another's */
	if (pid < 0) {
		printf("profrun: %s: %s\n", name, kstrerror(pid));
		return 1;
	}
	if (status != 0)
		printf("profrun: %s exited with status %d\n", name, status);
	return status;
}
