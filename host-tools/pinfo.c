/* pinfo: reports a profile dump, alone or against map files, as the OS/2
 * SDK's PINFO.EXE (docs/pinfo.md), or exports it for gprof and readprofile.
 * main() reads the options, exactly the seed's command line plus the
 * exports' long options; pinfo_run.c does the work. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hostio.h"
#include "pinfo_run.h"
#include "report.h"

static int usage(void)
{
	fputs("USAGE: pinfo [-etz] dump_file [ [-f] file]\n"
	      "         -e : print every tic count (subject to -z)\n"
	      "         -t : print totals for each segment (subject to -z)\n"
	      "         -z : print 0 counts\n"
	      "   dump_file: output of ProfDump() API;\n"
	      "        file: map file to correlate with dump file\n"
	      "     -f file: file is list of map files to correlate with dump file,\n"
	      "               file names listed one per line.\n"
	      "  --skip-absent : skip the maps of modules not in the dump\n"
	      "       pinfo --gmon FILE dump_file program.elf\n"
	      "       pinfo --proc-profile FILE [--module NAME] dump_file\n"
	      "  --gmon FILE : write FILE, a gprof gmon.out of program.elf's code segment\n"
	      "  --proc-profile FILE : write FILE, a Linux /proc/profile for readprofile\n"
	      "  --module NAME : the module --proc-profile exports (default: kernel)\n"
	      "  --strict : a map whose code fingerprint differs from the dump's is an error\n"
	      "       pinfo [-g] [--folded FILE] [--flamegraph FILE.svg] [--pprof FILE] dump_file\n"
	      "             [map... | -f file]   (call stacks: docs/stacks.md)\n"
	      "  -g : print the call graph of the sampled stacks, in gprof's layout\n"
	      "  --folded FILE : write FILE, folded stacks (FlameGraph, speedscope)\n"
	      "  --flamegraph FILE : write FILE, an SVG flame graph\n"
	      "  --pprof FILE : write FILE, a gzipped pprof profile (go tool pprof)\n",
	      stderr);
	return PINFO_USAGE;
}

/* "-e", "-tz", "-etz": the letters of the seed; anything else is misuse. */
static int flags_of(const char *arg, int *flags)
{
	const char *p;

	for (p = arg + 1; *p; p++) {
		if (*p == 'e')
			*flags |= PINFO_E;
		else if (*p == 't')
			*flags |= PINFO_T;
		else if (*p == 'z')
			*flags |= PINFO_Z;
		else
			return -1;
	}
	return p == arg + 1 ? -1 : 0;
}

/* "--name VALUE" or "--name=VALUE" at argv[*i]: 1 and *value set (*i past
 * it), 0 when argv[*i] is another option, -1 when the value is missing or
 * given twice. */
static int long_opt(int argc, char **argv, int *i, const char *name, const char **value)
{
	size_t n = strlen(name);

	if (strncmp(argv[*i], name, n) || (argv[*i][n] && argv[*i][n] != '='))
		return 0;
	if (*value)
		return -1;
	if (argv[*i][n] == '=')
		*value = argv[*i] + n + 1;
	else if (*i + 1 < argc)
		*value = argv[++*i];
	return *value && **value ? 1 : -1;
}

/* The options before dump_file; returns dump_file's index, or -1: misuse. */
static int options(int argc, char **argv, int *flags, struct pinfo_exports *x,
		   struct pinfo_stack_views *sv)
{
	int i, r;

	for (i = 1; i < argc && argv[i][0] == '-' && strcmp(argv[i], "-f"); i++) {
		if (!strcmp(argv[i], "--")) {	/* the end of the options */
			i++;
			break;
		}
		if ((r = long_opt(argc, argv, &i, "--gmon", &x->gmon)) ||
		    (r = long_opt(argc, argv, &i, "--proc-profile", &x->proc)) ||
		    (r = long_opt(argc, argv, &i, "--module", &x->proc_module)) ||
		    (r = long_opt(argc, argv, &i, "--folded", &sv->folded)) ||
		    (r = long_opt(argc, argv, &i, "--flamegraph", &sv->flamegraph)) ||
		    (r = long_opt(argc, argv, &i, "--pprof", &sv->pprof))) {
			if (r < 0)
				return -1;
		} else if (!strcmp(argv[i], "--skip-absent")) {
			*flags |= PINFO_SKIP_ABSENT;
		} else if (!strcmp(argv[i], "--strict")) {
			*flags |= PINFO_STRICT;
		} else if (!strcmp(argv[i], "-g")) {
			sv->callgraph = 1;
		} else if (argv[i][1] == '-' || flags_of(argv[i], flags)) {
			return -1;
		}
	}
	if (i >= argc)
		return -1;
	if (sv->folded || sv->flamegraph || sv->pprof || sv->callgraph) {	/* no report: no -etz */
		if ((*flags & ~(PINFO_STRICT | PINFO_SKIP_ABSENT)) || x->gmon || x->proc || x->proc_module)
			return -1;
		sv->strict = !!(*flags & PINFO_STRICT);
	} else if (x->gmon || x->proc) {	/* an export prints no report: no -etz */	/* an export prints no report: no -etz */
		if ((*flags & ~PINFO_STRICT) || (x->proc_module && !x->proc) ||
		    i + 1 + !!x->gmon != argc)
			return -1;
		x->strict = !!(*flags & PINFO_STRICT);
		x->gmon_map = x->gmon ? argv[i + 1] : NULL;
	} else if (x->proc_module) {
		return -1;
	}
	return i;
}

/* -f list: the map files it names, malloc'd. */
static int read_list(const char *path, char ***maps, size_t *nmaps)
{
	char err[200];
	uint8_t *text;
	size_t len;

	if (read_regular(path, &text, &len, err, sizeof err)) {
		fprintf(stderr, "pinfo: %s: %s\n", path, err);
		return -1;
	}
	*nmaps = pinfo_map_list(path, (char *)text, len, maps);
	free(text);
	if (*nmaps == (size_t)-1 || !*nmaps) {
		fprintf(stderr, "pinfo: %s: %s\n", path,
			*nmaps ? "out of memory" : "lists no map file");
		return -1;
	}
	return 0;
}

int main(int argc, char **argv)
{
	int i, flags = 0, status, stacks;
	struct pinfo_exports x = { 0 };
	struct pinfo_stack_views sv = { 0 };
	char **maps = NULL, *single[1];
	size_t nmaps = 0, k;

	if ((i = options(argc, argv, &flags, &x, &sv)) < 0)
		return usage();
	if (x.gmon || x.proc)
		return pinfo_export(argv[i], &x, stderr);
	stacks = sv.folded || sv.flamegraph || sv.pprof || sv.callgraph;
	if (i + 1 < argc && !strcmp(argv[i + 1], "-f")) {
		if (i + 3 != argc)
			return usage();
		if (read_list(argv[i + 2], &maps, &nmaps))
			return PINFO_FAIL;
	} else if (i + 2 == argc && argv[i + 1][0] != '-') {
		single[0] = argv[i + 1];
		maps = single;
		nmaps = 1;
	} else if (stacks) {		/* the stack views take any number of maps */
		maps = argv + i + 1;
		nmaps = (size_t)(argc - i - 1);
		single[0] = NULL;
	} else if (i + 1 != argc) {
		return usage();
	}
	if (stacks)
		status = pinfo_stacks(argv[i], maps, nmaps, &sv, stdout, stderr);
	else
		status = pinfo_run(argv[i], maps, nmaps, flags, stdout, stderr);
	if (maps != single && maps != argv + i + 1) {
		for (k = 0; k < nmaps; k++)
			free(maps[k]);
		free(maps);
	}
	if (fflush(stdout) || ferror(stdout)) {
		perror("pinfo: stdout");
		return PINFO_FAIL;
	}
	return status;
}
