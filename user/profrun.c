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
 * come in either order. `profrun /syscall[:N] /switch[:N] ...` also makes
 * the event profiles (docs/events.md), every Nth system call or context
 * switch where PROGRAM's code was, dumped to PROGRAM.syscall.pro and
 * PROGRAM.switch.pro, and `/offcpu` its time off the CPU, dumped to
 * PROGRAM.offcpu.pro: `make run EVENTS=syscall,switch,offcpu`. */
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <profile.h>
#include <profkern.h>
#include <kerrno.h>

#define NAME_MAX_DUMP 64

/* The profiles: time, then the event profiles asked for. */
#define KINDS 4
static const char *const kinds[KINDS] = { "", ".syscall", ".switch", ".offcpu" };
static const int kindtype[KINDS] = { PT_SYSTEM, PT_SYSCALL, PT_SWITCH, PT_OFFCPU };

/* "/syscall", "/syscall:N": its type with N, or 0 when arg is no such word
 * (-1: a bad N). */
static int event_arg(const char *arg)
{
	for (int k = 1; k < KINDS; k++) {
		size_t n = strlen(kinds[k] + 1);
		const char *p = arg + 1 + n;
		unsigned long every = 0;
		if (arg[0] != '/' || strncmp(arg + 1, kinds[k] + 1, n) || (*p && *p != ':'))
			continue;
		if (!*p)
			return kindtype[k];
		if (kindtype[k] == PT_OFFCPU)
			return -1;	/* every tick: no N */
		for (p++; *p >= '0' && *p <= '9' && every <= 65535; p++)
			every = every * 10 + (unsigned long)(*p - '0');
		return *p || every < 1 || every > 65535 ? -1 : kindtype[k] | PT_EVERY(every);
	}
	return 0;
}

int main(int argc, char **argv)
{
	static char list[NAME_MAX_DUMP + 2], dump[KINDS][NAME_MAX_DUMP + 12];
	const char *name;
	size_t n;
	int pid, status = -1, rc, made[KINDS] = { 0 }, profiled, type = PT_SYSTEM, ev[KINDS] = { PT_SYSTEM, 0, 0, 0 }, e;

	for (; argc > 1; argv++, argc--) {
		if (!strcmp(argv[1], "/stacks") || !strcmp(argv[1], "/spread"))
			type |= argv[1][2] == 't' ? PT_STACKS : PT_SPREAD;
		else if ((e = event_arg(argv[1])) > 0)
			ev[(e & PT_SYSCALL) ? 1 : (e & PT_SWITCH) ? 2 : 3] = e;
		else if (e < 0) {
			printf("profrun: %s: N is 1 to 65535 (none for /offcpu)\n", argv[1]);
			return 2;
		} else
			break;
	}
	if (argc < 2) {
		printf("usage: profrun [/stacks] [/spread] [/syscall[:N]] [/switch[:N]] [/offcpu] PROGRAM [ARG...]\n");
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
	for (int k = 0; k < KINDS; k++) {
		memcpy(dump[k], name, n);
		strcpy(dump[k] + n, kinds[k]);
		strcat(dump[k], ".pro");
	}

	/* The profiles are made before the spawn, so that the program's segment
	 * is in them from the start, and turned on after it: the kernel's work
	 * of loading the program is not the program's. spawn lets its caller
	 * run on for a tick period at least, so the program's first
	 * instruction comes after ProfOn (docs/syscalls.md). Only a profile
	 * made here is freed here: another's (EEXIST) is its owner's. The
	 * event profiles take the stacks as the time profile does. */
	rc = ProfInit(type, list);
	made[0] = rc == 0;
	for (int k = 1; k < KINDS && rc == 0; k++)
		if (ev[k] && (rc = ProfInit(ev[k] | (type & PT_STACKS), list)) == 0)
			made[k] = 1;
	pid = spawn(name, argv + 1);
	for (int k = 0; k < KINDS && rc == 0 && pid > 0; k++)
		if (ev[k] || !k)
			rc = ProfOn(ev[k]);
	profiled = rc == 0 && pid > 0;
	if (rc != 0)
		printf("profrun: %s: not profiled: %s (%s)\n", name, errname(rc), kstrerror(rc));
	if (pid > 0 && waitchild(pid, &status) != pid)
		status = -1;
	for (int k = 0; k < KINDS && profiled; k++) {
		if (k && !ev[k])
			continue;
		ProfOff(ev[k]);
		if ((rc = ProfDump(ev[k], dump[k])) != 0)
			printf("profrun: %s: %s (%s)\n", dump[k], errname(rc), kstrerror(rc));
	}
	for (int k = 0; k < KINDS; k++)
		if (made[k])
			ProfFree(ev[k]);	/* ours, whether it ran or not; never another's */
	if (pid < 0) {
		printf("profrun: %s: %s\n", name, kstrerror(pid));
		return 1;
	}
	if (status != 0)
		printf("profrun: %s exited with status %d\n", name, status);
	return status;
}
