/* cli.h: what every host program's command line says alike (docs/pinfo.md,
 * under its usage): -h and --help print the usage on stdout, status 0;
 * --version prints one line, "NAME (profkern) VERSION"; an option the
 * program does not know gets one line naming it, the usage line and a hint
 * on stderr, status 2, as any other misuse gets the usage on stderr.
 * (scripts/qrun answers alike, with status 5: its 2 is a kernel panic.) */
#ifndef HOST_COMMON_CLI_H
#define HOST_COMMON_CLI_H

#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include "shown.h"
#include "version.h"

#define CLI_USAGE	2	/* misuse: an unknown option, a missing value or file */

/* The start of --version's line for the program NAME (a string literal). */
#define CLI_VERSION(name)	name " (profkern) " PROFKERN_VERSION

/* getopt_long takes "--he" for "--help"; pinfo takes no abbreviation, nor
 * do the others: 1 when the long option getopt_long just returned was given
 * whole, as name. */
static inline int cli_whole(char **argv, const char *name)
{
	return !strcmp(argv[optind - 1], name);
}

/* Ends an answer on stdout (--help, --version): 0, or 1 (said why) when
 * it could not be written. */
static inline int cli_done(const char *name)
{
	if (fflush(stdout) || ferror(stdout)) {
		fprintf(stderr, "%s: stdout: write failed\n", name);
		return 1;
	}
	return 0;
}

/* An unknown option opt: one line naming it (escaped, as shown.h shows
 * outside text), the usage line (with its newline), the hint. */
static inline int cli_unknown(const char *name, const char *opt, const char *usage_line)
{
	fprintf(stderr, "%s: unknown option '%s'\n%s(%s --help prints every option)\n", name,
		SHOWN(opt), usage_line, name);
	return CLI_USAGE;
}

/* An option opt given without the value it takes: said so, then as above. */
static inline int cli_no_value(const char *name, const char *opt, const char *usage_line)
{
	fprintf(stderr, "%s: option '%s' needs a value\n%s(%s --help prints every option)\n", name,
		SHOWN(opt), usage_line, name);
	return CLI_USAGE;
}

/* What getopt_long refused (opt: '?' or ':', with opterr 0), named: a
 * letter as -X, or the letter whose value is missing; a long option
 * (unknown, abbreviated, or given a value it takes none of) whole, as
 * argv[optind - 1] has it. first_long: the code of the program's first long
 * option, above every letter. */
static inline int cli_refused(const char *name, int opt, char **argv, int first_long, const char *usage_line)
{
	char letter[3] = { '-', (char)optopt, 0 };

	if (opt == ':')
		return cli_no_value(name, letter, usage_line);
	return cli_unknown(name, opt == '?' && optopt > 0 && optopt < first_long ? letter : argv[optind - 1],
			   usage_line);
}

#endif
