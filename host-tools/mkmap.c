/* mkmap: writes the map of an ELF32 program or kernel (docs/pinfo.md).
 * main() reads the options; elf32.c and mapwrite.c do the work. Every way
 * out goes through one exit, which frees what was taken. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "elf32.h"
#include "hostio.h"
#include "maps.h"
#include "mapwrite.h"

#define SHOWN_MAX 40	/* bytes of a name a message shows */

static int usage(void)
{
	fputs("usage: mkmap [-s] [--] file.elf MODULE > file.map\n"
	      "  writes a LINK-style map of the ELF file's symbols for pinfo;\n"
	      "  -s: System.map text (\"%08x T name\", sorted) for readprofile\n"
	      "  MODULE \"kernel\": one code segment of absolute addresses\n", stderr);
	return 2;
}

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

/* A name in a message: escaped as in a map, cut at SHOWN_MAX bytes. */
static void show_name(FILE *f, const char *name)
{
	char cut[SHOWN_MAX + 1];
	size_t n = strlen(name);

	snprintf(cut, sizeof cut, "%s", name);
	putc('"', f);
	map_put_name(f, cut);
	fputs(n > SHOWN_MAX ? "\"..." : "\"", f);
}

/* Leaves out, with a warning naming each, the symbols whose names pinfo
 * would refuse (longer than MAP_NAME_MAX bytes): the others still make a
 * map pinfo reads. */
static void drop_long_names(struct elfsyms *e, const char *path)
{
	size_t i, kept = 0, n;

	for (i = 0; i < e->n; i++) {
		if ((n = strlen(e->syms[i].name)) <= MAP_NAME_MAX) {
			e->syms[kept++] = e->syms[i];
			continue;
		}
		fprintf(stderr, "mkmap: %s: symbol ", path);
		show_name(stderr, e->syms[i].name);
		fprintf(stderr, " left out: its name of %zu bytes is longer than a map's %d\n",
			n, MAP_NAME_MAX);
	}
	e->n = kept;
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

	memset(&e, 0, sizeof e);
	while ((opt = getopt(argc, argv, "+s")) != -1) {
		if (opt != 's')
			return usage();
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
		fprintf(stderr, "mkmap: %s: %s\n", path, err);
		goto out;
	}
	kernel = !strcasecmp(module, "kernel");
	has_fp = !elf32_fingerprint(buf, len, &e, kernel, &fp, err, sizeof err);
	if (!has_fp)
		fprintf(stderr, "mkmap: %s: the map has no code fingerprint: %s\n", path, err);
	drop_long_names(&e, path);
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
	elf32_free(&e);
	free(buf);
	return status;
}
