/* pinfo: reports a profile dump, alone or against map files, as the OS/2
 * SDK's PINFO.EXE (docs/pinfo.md). main() reads the options, exactly the
 * seed's command line; pinfo_run.c does the work. */
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
	      "               file names listed one per line.\n", stderr);
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

int main(int argc, char **argv)
{
	int i = 1, flags = 0, status;
	char **maps = NULL, *single[1];
	size_t nmaps = 0, k;

	for (; i < argc && argv[i][0] == '-' && strcmp(argv[i], "-f"); i++)
		if (flags_of(argv[i], &flags))
			return usage();
	if (i >= argc)
		return usage();
	if (i + 1 < argc && !strcmp(argv[i + 1], "-f")) {
		char err[200];
		uint8_t *text;
		size_t len;

		if (i + 3 != argc)
			return usage();
		if (read_whole(argv[i + 2], &text, &len, err, sizeof err)) {
			fprintf(stderr, "pinfo: %s: %s\n", argv[i + 2], err);
			return PINFO_FAIL;
		}
		nmaps = pinfo_map_list(argv[i + 2], (char *)text, len, &maps);
		free(text);
		if (nmaps == (size_t)-1 || !nmaps) {
			fprintf(stderr, "pinfo: %s: %s\n", argv[i + 2],
				nmaps ? "out of memory" : "lists no map file");
			return PINFO_FAIL;
		}
	} else if (i + 2 == argc && argv[i + 1][0] != '-') {
		single[0] = argv[i + 1];
		maps = single;
		nmaps = 1;
	} else if (i + 1 != argc) {
		return usage();
	}
	status = pinfo_run(argv[i], maps, nmaps, flags, stdout, stderr);
	if (maps != single) {
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
