/* pset.c: system profiling from the command line or a batch file, as the
 * OS/2 SDK's PSET.EXE:  pset INIT | CLEAR | ON | OFF | DUMP file | FREE
 * INIT may name the modules to profile (pset init TESTPROF kernel), and
 * with /STACKS first also samples call stacks (PT_STACKS, docs/stacks.md).
 * It always asks for the kernel's own functions (PT_VERBOSE): kernel
 * writers are who profiles the whole system. A first word /SYSCALL[:N] or
 * /SWITCH[:N] or /OFFCPU after the verb names an event profile instead of the time
 * profile (docs/events.md): pset init /syscall, pset on /syscall, ... */
#include <stdio.h>
#include <string.h>
#include <profile.h>
#include <profkern.h>
#include <kerrno.h>

static int usage(void)
{
	printf("USAGE: pset INIT | CLEAR | ON | OFF | DUMP file | FREE\n"
	       "   CLEAR      reset counts to zero\n"
	       "   DUMP file  dump profile data to <file>\n"
	       "   FREE       deallocate system profiling data space\n"
	       "   INIT       allocate system profiling data space\n"
	       "              (INIT module...: profile only the modules named)\n"
	       "              (INIT /STACKS ...: sample call stacks too)\n"
	       "   OFF        turn off profiling\n"
	       "   ON         turn on profiling\n"
	       "   VERB /SYSCALL[:N] ...: the profile of every Nth system call\n"
	       "   VERB /SWITCH[:N] ...: the profile of every Nth context switch\n"
	       "   VERB /OFFCPU ...: the profile of time off the CPU\n");
	return 2;
}

static int lower_eq(const char *a, const char *b)
{
	while (*a && (*a == *b || (*a >= 'A' && *a <= 'Z' && *a + 32 == *b)))
		a++, b++;
	return *a == 0 && *b == 0;
}

/* INIT's arguments: module names, into a NUL-separated list. */
static int init(int argc, char **argv, int ev)
{
	static char list[1024];
	size_t n = 0;
	int type = PT_SYSTEM | PT_VERBOSE | ev, first = 2;

	if (argc > 2 && lower_eq(argv[2], "/stacks")) {
		type |= PT_STACKS;
		first = 3;
	}
	for (int i = first; i < argc; i++) {
		size_t len = strlen(argv[i]);
		if (n + len + 2 > sizeof(list))
			return -E2BIG;
		memcpy(list + n, argv[i], len + 1);
		n += len + 1;
	}
	list[n] = 0;	/* the empty name that ends the list */
	return ProfInit(type, n ? list : NULL);
}

static int report(const char *what, int rc)
{
	if (rc == 0)
		return 0;
	printf("pset: %s: %s (%s)\n", what, errname(rc), kstrerror(rc));
	return 1;
}

/* "/syscall[:N]" or "/switch[:N]" (any case): its type, N with it; 0
 * when w is neither, -1 with a bad N. */
static int event_word(const char *w)
{
	static const char *const names[3] = { "/syscall", "/switch", "/offcpu" };
	static const int types[3] = { PT_SYSCALL, PT_SWITCH, PT_OFFCPU };
	char head[10];
	unsigned long every = 0;
	size_t i;

	for (int k = 0; k < 3; k++) {
		size_t n = strlen(names[k]);
		for (i = 0; i < n && w[i] && w[i] != ':'; i++)
			head[i] = w[i];
		head[i] = 0;
		if (!lower_eq(head, names[k]) || (w[i] && w[i] != ':'))
			continue;
		if (!w[i])
			return types[k];
		for (i++; w[i] >= '0' && w[i] <= '9' && every <= 65535; i++)
			every = every * 10 + (unsigned long)(w[i] - '0');
		if (w[i] || every < 1 || every > 65535 || k == 2)
			return -1;	/* (off the CPU: every tick) */
		return types[k] | PT_EVERY(every);
	}
	return 0;
}

int main(int argc, char **argv)
{
	const char *verb;
	int ev = 0;

	if (argc < 2)
		return usage();
	verb = argv[1];
	if (argc > 2 && (ev = event_word(argv[2])) != 0) {
		if (ev < 0) {
			printf("pset: %s: N is 1 to 65535\n", argv[2]);
			return 2;
		}
		argv[2] = argv[1];	/* the verb, then the rest as without the word */
		argv++;
		argc--;
	}
	if (lower_eq(verb, "init"))
		return report("INIT", init(argc, argv, ev));
	if (argc == 3 && lower_eq(verb, "dump"))
		return report("DUMP", ProfDump(PT_SYSTEM | ev, argv[2]));
	if (argc != 2)
		return usage();
	if (lower_eq(verb, "clear"))
		return report("CLEAR", ProfClear(PT_SYSTEM | ev));
	if (lower_eq(verb, "on"))
		return report("ON", ProfOn(PT_SYSTEM | ev));
	if (lower_eq(verb, "off"))
		return report("OFF", ProfOff(PT_SYSTEM | ev));
	if (lower_eq(verb, "free"))
		return report("FREE", ProfFree(PT_SYSTEM | ev));
	return usage();
}
