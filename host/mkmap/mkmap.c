/* mkmap.c: mkmap, which writes the map of an ELF32 program or kernel
 * (docs/pinfo.md). main() reads the options; elf32.c and mapwrite.c do the
 * work. Every way out goes through one exit, which frees what was taken. */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "cli.h"
#include "elf32.h"
#include "hostio.h"
#include "maps.h"
#include "mapwrite.h"
#include "shown.h"

#define MKMAP_USAGE_LINE	"usage: mkmap [-s] [--] file.elf MODULE > file.map\n"

static void usage_text(FILE *to)
{
	fputs(MKMAP_USAGE_LINE
	      "  writes a LINK-style map of the ELF file's symbols for pinfo;\n"
	      "  -s: System.map text (\"%08x T name\", sorted) for readprofile\n"
	      "  MODULE \"kernel\": one code segment of absolute addresses\n"
	      "  -h, --help: this text;  --version: mkmap's version\n", to);
}

static int usage(void)
{
	usage_text(stderr);
	return CLI_USAGE;
}

/* The long options, each its own code beyond every letter's. */
enum { OPT_HELP = 0x100, OPT_VERSION };
static const struct option long_opts[] = {
	{ "help", no_argument, NULL, OPT_HELP },
	{ "version", no_argument, NULL, OPT_VERSION },
	{ NULL, 0, NULL, 0 }
};

/* What pinfo reads back as a module name: one word of printable ASCII. */
static int module_ok(const char *module)
{
	size_t n = strlen(module), i;

	if (!n || n >= MAP_MODULE_MAX)
		return 0;
	for (i = 0; i < n; i++)
		if (module[i] <= ' ' || module[i] >= 0x7f)
			return 0;
	return 1;
}

/* Writes the names longer than SHOWN_LONG bytes shortened, as pinfo shows
 * them (shown.h: the first SHOWN_KEEP bytes, "...", the whole name's hash),
 * with a note saying how many: a map of them stays small and pinfo reads
 * it as it reads the ELF file. *block holds them (freed by the caller).
 * Returns 0, or -1 when out of memory. */
static int shorten_long_names(struct elfsyms *e, const char *path, char **block)
{
	struct elf32_long *ln;
	size_t i, n, distinct;
	char *slot = NULL;

	*block = NULL;
	if (elf32_long_names(e, &ln, &n, &distinct))
		return -1;
	if (!n)
		return 0;
	if (!(*block = malloc(distinct * (SHOWN_SHORT + 1)))) {
		free(ln);
		return -1;
	}
	for (i = 0; i < n; i++) {
		if (!i || ln[i - 1].off != ln[i].off) {
			slot = slot ? slot + SHOWN_SHORT + 1 : *block;
			shown_shorten(slot, e->strings + ln[i].off, ln[i].hash);
		}
		e->syms[ln[i].sym].name = slot;
	}
	fprintf(stderr, "mkmap: %s: %zu symbol name%s longer than %d bytes written shortened (the "
		"first %d bytes, \"...\" and a hash of the whole name), as pinfo shows %s\n",
		SHOWN(path), n, n == 1 ? "" : "s", SHOWN_LONG, SHOWN_KEEP, n == 1 ? "it" : "them");
	free(ln);
	return 0;
}

int main(int argc, char **argv)
{
	struct elfsyms e;
	char err[200];
	uint8_t *buf = NULL;
	size_t len;
	uint32_t fp;
	int opt, sysmap = 0, kernel, has_fp, status = 1;
	const char *path, *module;
	char *names = NULL;	/* the long names, shortened */

	memset(&e, 0, sizeof e);
	opterr = 0;	/* cli_refused() says what was wrong */
	while ((opt = getopt_long(argc, argv, "+hs", long_opts, NULL)) != -1) {
		if (opt == 'h' || (opt == OPT_HELP && cli_whole(argv, "--help"))) {
			usage_text(stdout);
			return cli_done("mkmap");
		}
		if (opt == OPT_VERSION && cli_whole(argv, "--version")) {
			puts(CLI_VERSION("mkmap"));
			return cli_done("mkmap");
		}
		if (opt != 's')
			return cli_refused("mkmap", opt, argv, OPT_HELP, MKMAP_USAGE_LINE);
		sysmap = 1;
	}
	if (argc - optind != 2)
		return usage();
	path = argv[optind];
	module = argv[optind + 1];
	if (!module_ok(module)) {
		fprintf(stderr, "mkmap: MODULE must be 1 to %d printable ASCII bytes, no spaces\n",
			MAP_MODULE_MAX - 1);
		return usage();
	}
	if (read_whole(path, &buf, &len, err, sizeof err) ||
	    elf32_symbols(buf, len, &e, err, sizeof err)) {
		fprintf(stderr, "mkmap: %s: %s\n", SHOWN(path), SHOWN(err));
		goto out;
	}
	kernel = map_is_kernel(module);
	has_fp = !elf32_fingerprint(buf, len, &e, kernel, &fp, err, sizeof err);
	if (!has_fp)
		fprintf(stderr, "mkmap: %s: the map has no code fingerprint: %s\n", SHOWN(path),
			SHOWN(err));
	if (shorten_long_names(&e, path, &names)) {
		fprintf(stderr, "mkmap: out of memory\n");
		goto out;
	}
	if (sysmap)
		map_write_system(stdout, &e, kernel, has_fp ? &fp : NULL);
	else
		map_write_link(stdout, module, &e, kernel, has_fp ? &fp : NULL);
	if (fflush(stdout) || ferror(stdout)) {
		perror("mkmap: stdout");
		goto out;
	}
	status = 0;
out:
	free(names);
	elf32_free(&e);
	free(buf);
	return status;
}
