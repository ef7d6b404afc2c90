/* plugutil.h: what the project's two TCG plugins (bench/truth/insncount.c,
 * bench/smptick.c) share beyond QEMU's interface (qplugin.h): a 32-bit
 * number from a KEY=VALUE argument, and the counts written to their file
 * when QEMU exits. Each is static inline: each plugin is one file. */
#ifndef BENCH_TRUTH_PLUGUTIL_H
#define BENCH_TRUTH_PLUGUTIL_H

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* VALUE of KEY as a 32-bit number (decimal, 0x hex, or 0 octal): 0, or -1
 * with a line on stderr naming the plugin. */
static inline int plug_number(const char *plugin, const char *key, const char *s, uint32_t *v)
{
	char *end;
	unsigned long long n;

	errno = 0;
	n = strtoull(s, &end, 0);
	if (!*s || *end || errno || n > 0xffffffffull || *s == '-') {
		fprintf(stderr, "%s: %s=%s: not a 32-bit number\n", plugin, key, s);
		return -1;
	}
	*v = (uint32_t)n;
	return 0;
}

/* The counts, by write, into path; a failure said on stderr (QEMU is
 * exiting: there is no one to return it to). */
static inline void plug_write_file(const char *plugin, const char *path, void (*write)(FILE *f))
{
	FILE *f = fopen(path, "w");

	if (!f) {
		fprintf(stderr, "%s: %s: %s\n", plugin, path, strerror(errno));
		return;
	}
	write(f);
	if (fclose(f))
		fprintf(stderr, "%s: %s: %s\n", plugin, path, strerror(errno));
}

#endif
