/* hostio.c: small host-side helpers shared by the tools (hostio.h). */
#define _GNU_SOURCE	/* mremap */
#include <errno.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <fcntl.h>
#include <unistd.h>

#include "hostio.h"

int host_fail(char *err, size_t errlen, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(err, errlen, fmt, ap);
	va_end(ap);
	return -1;
}

/* Reads f whole, then closes it. */
static int read_stream(FILE *f, uint8_t **buf, size_t *len, char *err, size_t errlen)
{
	uint8_t *data = NULL, *grown;
	size_t n = 0, cap = 0, got;
	struct stat st;

	if (!fstat(fileno(f), &st) && S_ISREG(st.st_mode) && st.st_size > 0 &&
	    (uint64_t)st.st_size < SIZE_MAX / 2) {
		cap = (size_t)st.st_size + 1;	/* one read, and a byte more to see the end */
		if (!(data = malloc(cap + 1))) {
			snprintf(err, errlen, "out of memory");
			goto fail;
		}
	}
	do {
		if (n == cap) {
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

int read_whole(const char *path, uint8_t **buf, size_t *len, char *err, size_t errlen)
{
	FILE *f = fopen(path, "rb");

	if (!f) {
		snprintf(err, errlen, "%s", strerror(errno));
		return -1;
	}
	return read_stream(f, buf, len, err, errlen);
}

static const char *kind_of(mode_t mode)
{
	return S_ISDIR(mode) ? "a folder" : S_ISFIFO(mode) ? "a FIFO" :
	       S_ISCHR(mode) ? "a character device" : S_ISBLK(mode) ? "a block device" :
	       S_ISSOCK(mode) ? "a socket" : "not a plain file";
}

/* path opened for reading if it is a regular file: the descriptor, or -1
 * with the reason in err. O_NONBLOCK: opening a FIFO must not wait for a
 * writer; it changes nothing for a regular file. */
static int open_regular(const char *path, struct stat *st, char *err, size_t errlen)
{
	int fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);

	if (fd < 0) {
		snprintf(err, errlen, "%s", strerror(errno));
		return -1;
	}
	if (fstat(fd, st)) {
		snprintf(err, errlen, "%s", strerror(errno));
		close(fd);
		return -1;
	}
	if (!S_ISREG(st->st_mode)) {
		snprintf(err, errlen, "not a regular file (%s)", kind_of(st->st_mode));
		close(fd);
		return -1;
	}
	return fd;
}

int read_regular(const char *path, uint8_t **buf, size_t *len, char *err, size_t errlen)
{
	struct stat st;
	int fd = open_regular(path, &st, err, errlen);
	FILE *f;

	if (fd < 0)
		return -1;
	if (!(f = fdopen(fd, "rb"))) {
		snprintf(err, errlen, "%s", strerror(errno));
		close(fd);
		return -1;
	}
	return read_stream(f, buf, len, err, errlen);
}

int map_regular(const char *path, uint8_t **buf, size_t *len, int *mapped, char *err,
		size_t errlen)
{
	struct stat st;
	int fd;
	void *p;

	*mapped = 0;
	if ((fd = open_regular(path, &st, err, errlen)) < 0)
		return -1;
	if (st.st_size > 0 && (uint64_t)st.st_size < SIZE_MAX / 2) {
		p = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
		if (p != MAP_FAILED) {
			close(fd);
			*buf = p;
			*len = (size_t)st.st_size;
			*mapped = 1;
			return 0;
		}
	}
	FILE *f = fdopen(fd, "rb");

	if (!f) {
		snprintf(err, errlen, "%s", strerror(errno));
		close(fd);
		return -1;
	}
	return read_stream(f, buf, len, err, errlen);
}

void file_unmap(uint8_t *buf, size_t len)
{
	if (buf)
		munmap(buf, len);
}

void file_release(uint8_t *buf, size_t len, int mapped)
{
	if (mapped)
		file_unmap(buf, len);
	else
		free(buf);
}

/* The dump reader's allocator. A large block (a segment's counters: 16 MiB
 * for a 16 MiB segment) is mapped fresh, so it comes zeroed without being
 * written, and in huge pages where the system allows them: filling it
 * then costs a few page faults, not one a 4 KiB page. Under a sanitizer
 * every block is calloc's, which it watches. */
#if defined(__SANITIZE_ADDRESS__)
#define MAP_BIG 0
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(memory_sanitizer)
#define MAP_BIG 0
#endif
#endif
#ifndef MAP_BIG
#define MAP_BIG 1
#endif
#define BIG_BLOCK (1u << 20)
#define HUGE_PAGE (2u << 20)
union block {
	size_t size;		/* as asked, for a mapped block; 0 for calloc's */
	max_align_t align;	/* what follows is aligned as malloc's */
};

static void *host_zalloc(void *ctx, size_t size)
{
	union block *b;
	uintptr_t lo, hi;

	(void)ctx;
	if (size > SIZE_MAX - sizeof *b - HUGE_PAGE)
		return NULL;
	if (!MAP_BIG || size < BIG_BLOCK) {
		if (!(b = calloc(1, sizeof *b + size)))
			return NULL;
		b->size = 0;
		return b + 1;
	}
	b = mmap(NULL, sizeof *b + size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (b == MAP_FAILED)
		return NULL;
	lo = ((uintptr_t)b + HUGE_PAGE - 1) & ~(uintptr_t)(HUGE_PAGE - 1);
	hi = ((uintptr_t)(b + 1) + size) & ~(uintptr_t)(HUGE_PAGE - 1);
	if (hi > lo)
		madvise((void *)lo, hi - lo, MADV_HUGEPAGE);	/* a hint: no harm if refused */
	b->size = size;
	return b + 1;
}

static void host_free(void *ctx, void *p)
{
	union block *b = p ? (union block *)p - 1 : NULL;

	(void)ctx;
	if (b && b->size)
		munmap(b, sizeof *b + b->size);
	else
		free(b);
}

const struct pdump_alloc host_alloc = { host_zalloc, host_free, NULL };

void *host_grow(void *p, size_t cap, size_t ncap)
{
	void *q;

	if (!MAP_BIG || ncap < BIG_BLOCK)
		return realloc(p, ncap);
	if (cap < BIG_BLOCK) {	/* from the heap to a mapping of its own */
		q = mmap(NULL, ncap, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
		if (q == MAP_FAILED)
			return NULL;
		if (cap)
			memcpy(q, p, cap);
		free(p);
	} else if ((q = mremap(p, cap, ncap, MREMAP_MAYMOVE)) == MAP_FAILED) {
		return NULL;	/* nothing copied: the pages move */
	}
	madvise(q, ncap, MADV_HUGEPAGE);	/* a hint: no harm if refused */
	return q;
}

void host_drop(void *p, size_t cap)
{
	if (!MAP_BIG || cap < BIG_BLOCK)
		free(p);
	else if (p)
		munmap(p, cap);
}

int write_whole_file(const char *path, int (*fn)(FILE *f, void *arg), void *arg, char *err,
		     size_t errlen)
{
	const char *slash = strrchr(path, '/');
	int dirlen = slash ? (int)(slash - path) + 1 : 0, fd, rc;
	mode_t mask = umask(0);
	struct stat st;
	char *tmp;
	FILE *f;

	umask(mask);
	if (!lstat(path, &st) && !S_ISREG(st.st_mode)) {	/* never a device, a folder or a link */
		snprintf(err, errlen, "is there and is not a regular file");
		return -1;
	}
	if (!(tmp = malloc(strlen(path) + 16))) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	sprintf(tmp, "%.*s.%s.XXXXXX", dirlen, path, path + dirlen);
	if ((fd = mkstemp(tmp)) < 0 || !(f = fdopen(fd, "wb"))) {
		snprintf(err, errlen, "%s", strerror(errno));
		if (fd >= 0) {
			close(fd);
			unlink(tmp);
		}
		free(tmp);
		return -1;
	}
	fchmod(fd, 0666 & ~mask);	/* as a plain fopen would make it, not mkstemp's 0600 */
	err[0] = 0;
	errno = 0;
	if ((rc = fn(f, arg) ? -1 : 0) && !err[0])
		snprintf(err, errlen, "%s", errno ? strerror(errno) : "cannot be written");
	if ((ferror(f) | fclose(f)) && !rc) {
		snprintf(err, errlen, "%s", errno ? strerror(errno) : "cannot be written");
		rc = -1;
	}
	if (!rc && rename(tmp, path)) {
		snprintf(err, errlen, "%s", strerror(errno));
		rc = -1;
	}
	if (rc)
		unlink(tmp);
	free(tmp);
	return rc;
}
