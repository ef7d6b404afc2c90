/* profextract: writes each good dump frame of a serial capture to its file
 * (docs/dump-format.md). main() reads the options; extract.c does the work. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "capture.h"
#include "extract.h"
#include "hostio.h"
#include "shown.h"

static int usage(void)
{
	fputs("usage: profextract [-a] [-l] [-o outdir] [-f filesdir] [--] capture_file\n"
	      "  writes each good dump frame of the capture to outdir/<name>\n"
	      "  (outdir: the capture's folder unless given), and each file a\n"
	      "  program wrote to filesdir/<name> (outdir/files unless given)\n"
	      "  -a: frames on any line, not only on the kernel's own lines\n"
	      "  -l: print only the written files' names, one a line\n", stderr);
	return EXTRACT_USAGE;
}

int main(int argc, char **argv)
{
	const char *outdir = NULL, *filesdir = NULL, *capname;
	char *dir = NULL, *slash, err[200];
	uint8_t *buf;
	size_t len;
	struct stat st;
	int opt, status, mode = CAPTURE_KERNEL;

	while ((opt = getopt(argc, argv, "+alo:f:")) != -1) {
		if (opt == 'a')
			mode = (mode & ~CAPTURE_KERNEL) | CAPTURE_UNMARK;
		else if (opt == 'l')
			mode |= EXTRACT_NAMES;
		else if (opt == 'o')
			outdir = optarg;
		else if (opt == 'f')
			filesdir = optarg;
		else
			return usage();
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
		fprintf(stderr, "profextract: %s: not a folder\n", SHOWN(outdir));
		free(dir);
		return EXTRACT_USAGE;
	}
	if (read_whole(capname, &buf, &len, err, sizeof err)) {
		fprintf(stderr, "profextract: %s: %s\n", SHOWN(capname), SHOWN(err));
		free(dir);
		return EXTRACT_USAGE;
	}
	status = extract_capture_to(buf, len, mode, capname, outdir, filesdir, stdout, stderr);
	free(buf);
	free(dir);
	if (fflush(stdout) || ferror(stdout)) {
		perror("profextract: stdout");
		return EXTRACT_BAD;
	}
	return status;
}
