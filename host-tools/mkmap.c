/* mkmap: writes the map of an ELF32 program or kernel (docs/pinfo.md).
 * main() reads the options; elf32.c and mapwrite.c do the work. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "elf32.h"
#include "hostio.h"
#include "mapwrite.h"

static int usage(void)
{
	fputs("usage: mkmap [-s] file.elf MODULE > file.map\n"
	      "  writes a LINK-style map of the ELF file's symbols for pinfo;\n"
	      "  -s: System.map text (\"%08x T name\", sorted) for readprofile\n"
	      "  MODULE \"kernel\": one code segment of absolute addresses\n", stderr);
	return 2;
}

int main(int argc, char **argv)
{
	struct elfsyms e;
	char err[200];
	uint8_t *buf;
	size_t len;
	int opt, sysmap = 0, kernel;

	while ((opt = getopt(argc, argv, "s")) != -1) {
		if (opt != 's')
			return usage();
		sysmap = 1;
	}
	if (argc - optind != 2 || !argv[optind + 1][0])
		return usage();
	if (read_whole(argv[optind], &buf, &len, err, sizeof err) ||
	    elf32_symbols(buf, len, &e, err, sizeof err)) {
		fprintf(stderr, "mkmap: %s: %s\n", argv[optind], err);
		return 1;
	}
	kernel = !strcasecmp(argv[optind + 1], "kernel");
	if (sysmap)
		map_write_system(stdout, &e, kernel);
	else
		map_write_link(stdout, argv[optind + 1], &e, kernel);
	elf32_free(&e);
	free(buf);
	if (fflush(stdout) || ferror(stdout)) {
		perror("mkmap: stdout");
		return 1;
	}
	return 0;
}
