/* pset.c: system profiling from the command line or a batch file, as the
 * OS/2 SDK's PSET.EXE:  pset INIT | CLEAR | ON | OFF | DUMP file | FREE
 * INIT may name the modules to profile (pset init TESTPROF kernel), and
 * with /STACKS first also samples call stacks (PT_STACKS, docs/stacks.md).
 * It always asks for the kernel's own functions (PT_VERBOSE): kernel
 * writers are who profiles the whole system. */
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
	       "   ON         turn on profiling\n");
	return 2;
}

static int lower_eq(const char *a, const char *b)
{
	while (*a && (*a == *b || (*a >= 'A' && *a <= 'Z' && *a + 32 == *b)))
		a++, b++;
	return *a == 0 && *b == 0;
}

/* INIT's arguments: module names, into a NUL-separated list. */
static int init(int argc, char **argv)
{
	static char list[1024];
	size_t n = 0;
	int type = PT_SYSTEM | PT_VERBOSE, first = 2;

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

int main(int argc, char **argv)
{
	const char *verb;

	if (argc < 2)
		return usage();
	verb = argv[1];
	if (lower_eq(verb, "init"))
		return report("INIT", init(argc, argv));
	if (argc == 3 && lower_eq(verb, "dump"))
		return report("DUMP", ProfDump(PT_SYSTEM, argv[2]));
	if (argc != 2)
		return usage();
	if (lower_eq(verb, "clear"))
		return report("CLEAR", ProfClear(PT_SYSTEM));
	if (lower_eq(verb, "on"))
		return report("ON", ProfOn(PT_SYSTEM));
	if (lower_eq(verb, "off"))
		return report("OFF", ProfOff(PT_SYSTEM));
	if (lower_eq(verb, "free"))
		return report("FREE", ProfFree(PT_SYSTEM));
	return usage();
}
