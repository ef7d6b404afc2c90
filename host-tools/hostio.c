/* hostio.c: small host-side helpers shared by the tools (hostio.h). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hostio.h"

int read_whole(const char *path, uint8_t **buf, size_t *len, char *err, size_t errlen)
{
	FILE *f = fopen(path, "rb");
	uint8_t *data = NULL, *grown;
	size_t n = 0, cap = 0, got;

	if (!f) {
		snprintf(err, errlen, "%s", strerror(errno));
		return -1;
	}
	do {
		if (cap - n < 65536) {
			cap = cap ? cap * 2 : 65536;
			if (!(grown = realloc(data, cap + 1))) {
				snprintf(err, errlen, "out of memory");
				goto fail;
			}
			data = grown;
		}
		got = fread(data + n, 1, cap - n, f);
		n += got;
	} while (got);
	if (ferror(f)) {
		snprintf(err, errlen, "%s", strerror(errno ? errno : EIO));
		goto fail;
	}
	fclose(f);
	data[n] = 0;
	*buf = data;
	*len = n;
	return 0;
fail:
	free(data);
	fclose(f);
	return -1;
}

static void *host_zalloc(void *ctx, size_t size)
{
	(void)ctx;
	return calloc(1, size ? size : 1);
}

static void host_free(void *ctx, void *p)
{
	(void)ctx;
	free(p);
}

const struct pdump_alloc host_alloc = { host_zalloc, host_free, NULL };
