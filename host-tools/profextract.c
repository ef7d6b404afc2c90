/* profextract: writes each good dump frame of a serial capture to its file
 * (docs/dump-format.md). main() reads the options; extract.c does the work. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "extract.h"
#include "hostio.h"

static int usage(void)
{
	fputs("usage: profextract [-o outdir] capture_file\n"
	      "  writes each good dump frame of the capture to outdir/<name>\n"
	      "  (outdir: the capture's folder unless given)\n", stderr);
	return EXTRACT_USAGE;
}

int main(int argc, char **argv)
{
	const char *outdir = NULL, *capname;
	char *dir = NULL, *slash, err[200];
	uint8_t *buf;
	size_t len;
	struct stat st;
	int opt, status;

	while ((opt = getopt(argc, argv, "o:")) != -1) {
		if (opt != 'o')
			return usage();
		outdir = optarg;
	}
	if (argc - optind != 1)
		return usage();
	capname = argv[optind];
	if (!outdir) {
		dir = strdup(capname);
		slash = dir ? strrchr(dir, '/') : NULL;
		if (slash)
			slash[slash == dir] = 0;	/* "/cap" -> "/" */
		outdir = slash ? dir : ".";
	}
	if (stat(outdir, &st) || !S_ISDIR(st.st_mode)) {
		fprintf(stderr, "profextract: %s: not a folder\n", outdir);
		free(dir);
		return EXTRACT_USAGE;
	}
	if (read_whole(capname, &buf, &len, err, sizeof err)) {
		fprintf(stderr, "profextract: %s: %s\n", capname, err);
		free(dir);
		return EXTRACT_USAGE;
	}
	status = extract_capture(buf, len, capname, outdir, stdout, stderr);
	free(buf);
	free(dir);
	return status;
}
