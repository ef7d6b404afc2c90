/* profextract.c: profextract, which writes each good dump frame of a serial
 * capture to its file (docs/dump-format.md). main() reads the options;
 * extract.c does the work. */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "capture.h"
#include "cli.h"
#include "extract.h"
#include "hostio.h"
#include "shown.h"

#define EXTRACT_USAGE_LINE \
	"usage: profextract [-a] [-l|-k] [-o outdir] [-f filesdir] [--] capture_file\n"

static void usage_text(FILE *to)
{
	fputs(EXTRACT_USAGE_LINE
	      "  writes each good dump frame of the capture to outdir/<name>\n"
	      "  (outdir: the capture's folder unless given), and each file a\n"
	      "  program wrote to filesdir/<name> (outdir/files unless given)\n"
	      "  -a: frames on any line, not only on the kernel's own lines\n"
	      "  -l: print only the written dumps' names, one a line\n"
	      "  -k: as -l, each name followed by the dump's kind: user or system,\n"
	      "      time, syscall, switch or offcpu, and stacks if it has them\n"
	      "  -h, --help: this text;  --version: profextract's version\n", to);
}

static int usage(void)
{
	usage_text(stderr);
	return EXTRACT_USAGE;
}

/* The long options, each its own code beyond every letter's. */
enum { OPT_HELP = 0x100, OPT_VERSION };
static const struct option long_opts[] = {
	{ "help", no_argument, NULL, OPT_HELP },
	{ "version", no_argument, NULL, OPT_VERSION },
	{ NULL, 0, NULL, 0 }
};

int main(int argc, char **argv)
{
	const char *outdir = NULL, *filesdir = NULL, *capname;
	char *dir = NULL, *slash;
	struct stat st;
	int opt, status, fd, mode = CAPTURE_KERNEL;

	opterr = 0;	/* cli_refused() says what was wrong */
	while ((opt = getopt_long(argc, argv, "+:hlkao:f:", long_opts, NULL)) != -1) {
		if (opt == 'h' || (opt == OPT_HELP && cli_whole(argv, "--help"))) {
			usage_text(stdout);
			return cli_done("profextract") ? EXTRACT_BAD : EXTRACT_OK;
		} else if (opt == OPT_VERSION && cli_whole(argv, "--version")) {
			puts(CLI_VERSION("profextract"));
			return cli_done("profextract") ? EXTRACT_BAD : EXTRACT_OK;
		} else if (opt == 'a')
			mode = (mode & ~CAPTURE_KERNEL) | CAPTURE_UNMARK;
		else if (opt == 'l')
			mode |= EXTRACT_NAMES;
		else if (opt == 'k')
			mode |= EXTRACT_NAMES | EXTRACT_KINDS;
		else if (opt == 'o')
			outdir = optarg;
		else if (opt == 'f')
			filesdir = optarg;
		else
			return cli_refused("profextract", opt, argv, OPT_HELP, EXTRACT_USAGE_LINE);
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
	/* read as it comes: the capture may be far larger than memory */
	if ((fd = open(capname, O_RDONLY)) < 0 || fstat(fd, &st) || S_ISDIR(st.st_mode)) {
		fprintf(stderr, "profextract: %s: %s\n", SHOWN(capname),
			strerror(fd >= 0 && S_ISDIR(st.st_mode) ? EISDIR : errno));
		if (fd >= 0)
			close(fd);
		free(dir);
		return EXTRACT_USAGE;
	}
	status = extract_stream(fd, S_ISREG(st.st_mode) ? (size_t)st.st_size : SIZE_MAX, mode,
				capname, outdir, filesdir, stdout, stderr);
	close(fd);
	free(dir);
	if (fflush(stdout) || ferror(stdout)) {
		perror("profextract: stdout");
		return EXTRACT_BAD;
	}
	return status;
}
