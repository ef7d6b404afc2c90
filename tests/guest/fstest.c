/* fstest.c: the file, memory, time and signal calls (docs/syscalls.md),
 * each result and each error: bad pointers, descriptors, flags, names; the
 * file table's limits; a heap that grows page by page to the memory's end
 * and shrinks back. Modes: none (everything), "stdin" (prints its standard
 * input), "abort" (kill(getpid(), SIGABRT)), "heapgone" (touches a page
 * sbrk gave back: must fault), "heapall" (exits with a heap of all the
 * memory it can get), "cat NAME" (prints a file), "write NAME TEXT"
 * (creates or rewrites it). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <profkern.h>
#include <profile.h>
#include <kerrno.h>
#include "kraw.h"
#include "sys/abi.h"

static int failures;
static char *const top = (char *)0xFFFFFFF0;	/* past any segment limit */

static void expect(const char *what, int got, int want)
{
	if (got == want) {
		printf("fstest: %s: OK\n", what);
	} else {
		printf("fstest: %s: FAILED (got %d %s, want %d %s)\n", what, got, errname(got),
		       want, errname(want));
		failures++;
	}
}

static void check(const char *what, int ok)
{
	expect(what, ok ? 1 : 0, 1);
}

static void std_fds(void)
{
	struct k_stat st;
	char b[8];

	expect("isatty(1)", k_isatty(1), 1);
	expect("isatty(2)", k_isatty(2), 1);
	expect("isatty(0), an empty input", k_isatty(0), -ENOTTY);
	expect("isatty(9)", k_isatty(9), -EBADF);
	expect("isatty(-1)", k_isatty(-1), -EBADF);
	expect("read(0), an empty input", k_read(0, b, sizeof(b)), 0);
	expect("write(0)", k_write(0, "x", 1), -EBADF);
	expect("read(1)", k_read(1, b, 1), -EBADF);
	expect("read(16)", k_read(16, b, 1), -EBADF);
	expect("write(7)", k_write(7, "x", 1), -EBADF);
	expect("lseek(1)", k_lseek(1, 0, K_SEEK_SET), -ESPIPE);
	expect("lseek(0)", k_lseek(0, 0, K_SEEK_SET), -ESPIPE);
	expect("fstat(1)", k_fstat(1, &st), 0);
	expect("fstat(1): a character device", (int)(st.st_mode & K_S_IFMT), K_S_IFCHR);
	expect("fstat(1): st_blksize", st.st_blksize, 4096);
	expect("fstat(99)", k_fstat(99, &st), -EBADF);
	expect("fstat(1, NULL)", k_fstat(1, NULL), -EFAULT);
	expect("fstat(1, past the limit)", k_fstat(1, (struct k_stat *)top), -EFAULT);
	expect("close(-1)", k_close(-1), -EBADF);
	expect("close(99)", k_close(99), -EBADF);
}

static void bad_opens(void)
{
	static char longpath[300], longname[80];

	memset(longpath, 'p', sizeof(longpath) - 1);
	memset(longname, 'n', 70);
	expect("open(NULL)", k_open(NULL, K_O_RDONLY), -EFAULT);
	expect("open(past the limit)", k_open(top, K_O_RDONLY), -EFAULT);
	expect("open(\"\")", k_open("", K_O_RDONLY), -ENOENT);
	expect("open of a 299-byte path", k_open(longpath, K_O_RDONLY), -ENAMETOOLONG);
	expect("open of a 70-byte name", k_open(longname, K_O_CREAT | K_O_WRONLY), -ENAMETOOLONG);
	expect("open(\"nosuch\")", k_open("nosuch", K_O_RDONLY), -ENOENT);
	expect("open with access mode 3", k_open("hello", 3), -EINVAL);
	expect("open(\"dir/\")", k_open("dir/", K_O_RDONLY), -EISDIR);
}

/* A program module may be read, not written, renamed or unlinked. */
static void read_only_module(void)
{
	struct k_stat st;
	char b[4];
	int fd;

	expect("open(hello, O_WRONLY)", k_open("hello", K_O_WRONLY), -EROFS);
	expect("open(hello, O_RDWR|O_TRUNC)", k_open("hello", K_O_RDWR | K_O_TRUNC), -EROFS);
	expect("open(hello, O_WRONLY|O_CREAT)", k_open("hello", K_O_WRONLY | K_O_CREAT), -EROFS);
	expect("unlink(hello)", k_unlink("hello"), -EROFS);
	expect("rename(hello, x)", k_rename("hello", "x"), -EROFS);
	expect("link(hello, x)", k_link("hello", "x"), -EROFS);
	expect("open(/boot/hello): no folder boot", k_open("/boot/hello", K_O_RDONLY), -ENOENT);
	fd = k_open("/tmp/../hello", K_O_RDONLY);
	expect("open(/tmp/../hello, O_RDONLY)", fd, 3);
	expect("read of an ELF module", k_read(fd, b, 4), 4);
	check("it starts with \\177ELF", memcmp(b, "\177ELF", 4) == 0);
	expect("fstat(hello)", k_fstat(fd, &st), 0);
	expect("fstat(hello): read-only file", (int)st.st_mode, K_S_IFREG | 0444);
	check("fstat(hello): its size", st.st_size > 1000);
	expect("write to it", k_write(fd, "x", 1), -EBADF);
	expect("isatty of a file", k_isatty(fd), -ENOTTY);
	expect("close it", k_close(fd), 0);
}

static void create_write_read(void)
{
	struct k_stat st;
	char b[64];
	int fd;

	fd = k_open("out.txt", K_O_CREAT | K_O_WRONLY | K_O_TRUNC);
	expect("open(out.txt, O_CREAT|O_WRONLY|O_TRUNC)", fd, 3);
	expect("write 11 bytes", k_write(fd, "hello file\n", 11), 11);
	expect("write from NULL", k_write(fd, NULL, 4), -EFAULT);
	expect("write past the limit", k_write(fd, top, 4), -EFAULT);
	expect("write of 0 bytes from NULL", k_write(fd, NULL, 0), 0);
	expect("read of a write-only file", k_read(fd, b, 1), -EBADF);
	expect("O_CREAT|O_EXCL of a file there", k_open("out.txt", K_O_CREAT | K_O_EXCL | K_O_WRONLY), -EEXIST);
	expect("close", k_close(fd), 0);
	expect("close again", k_close(fd), -EBADF);
	fd = k_open("out.txt", K_O_RDWR);
	expect("open(out.txt, O_RDWR)", fd, 3);
	expect("lseek to the end", k_lseek(fd, 0, K_SEEK_END), 11);
	expect("lseek back 3", k_lseek(fd, -3, K_SEEK_CUR), 8);
	expect("read 3", k_read(fd, b, 3), 3);
	check("they are \"le\\n\"", memcmp(b, "le\n", 3) == 0);
	expect("read at the end", k_read(fd, b, 3), 0);
	expect("lseek to 0", k_lseek(fd, 0, K_SEEK_SET), 0);
	expect("read into NULL", k_read(fd, NULL, 4), -EFAULT);
	expect("read past the limit", k_read(fd, top, 4), -EFAULT);
	memset(b, 0, sizeof(b));
	expect("read it all", k_read(fd, b, sizeof(b)), 11);
	check("as written", strcmp(b, "hello file\n") == 0);
	expect("lseek to -1", k_lseek(fd, -1, K_SEEK_SET), -EINVAL);
	expect("lseek whence 7", k_lseek(fd, 0, 7), -EINVAL);
	expect("lseek past 2 GiB", k_lseek(fd, 0x7FFFFFFF, K_SEEK_SET) >= 0 ? k_lseek(fd, 1, K_SEEK_CUR) : 0, -EOVERFLOW);
	expect("write at 2 GiB - 1", k_write(fd, "xy", 2), -EFBIG);
	expect("lseek to 20", k_lseek(fd, 20, K_SEEK_SET), 20);
	expect("write after a hole", k_write(fd, "!\n", 2), 2);
	expect("fstat", k_fstat(fd, &st), 0);
	expect("fstat: size", st.st_size, 22);
	expect("fstat: mode", (int)st.st_mode, K_S_IFREG | 0644);
	expect("fstat: links", st.st_nlink, 1);
	expect("lseek to 10", k_lseek(fd, 10, K_SEEK_SET), 10);
	expect("read the hole", k_read(fd, b, sizeof(b)), 12);
	check("it reads as zeros", memcmp(b, "\n\0\0\0\0\0\0\0\0\0!\n", 12) == 0);
	expect("close", k_close(fd), 0);
	fd = k_open("out.txt", K_O_WRONLY | K_O_APPEND);
	expect("lseek to 0 in O_APPEND", k_lseek(fd, 0, K_SEEK_SET), 0);
	expect("write appends", k_write(fd, "end\n", 4), 4);
	expect("fstat", k_fstat(fd, &st), 0);
	expect("fstat: size after O_APPEND", st.st_size, 26);
	expect("close", k_close(fd), 0);
	expect("O_TRUNC of it", fd = k_open("out.txt", K_O_WRONLY | K_O_TRUNC), 3);
	expect("fstat", k_fstat(fd, &st), 0);
	expect("fstat: size 0", st.st_size, 0);
	expect("write 8", k_write(fd, "kept: 1\n", 8), 8);
	expect("close", k_close(fd), 0);
}

static void names(void)
{
	struct k_stat st;
	int fd;

	expect("rename(out.txt, renamed.txt)", k_rename("out.txt", "renamed.txt"), 0);
	expect("open(out.txt) after", k_open("out.txt", K_O_RDONLY), -ENOENT);
	expect("link(renamed.txt, linked.txt)", k_link("renamed.txt", "linked.txt"), 0);
	fd = k_open("linked.txt", K_O_RDONLY);
	expect("fstat", k_fstat(fd, &st), 0);
	expect("fstat: 2 links", st.st_nlink, 2);
	expect("fstat: size", st.st_size, 8);
	expect("close", k_close(fd), 0);
	expect("link to a name there", k_link("renamed.txt", "linked.txt"), -EEXIST);
	expect("link of no file", k_link("nosuch", "x"), -ENOENT);
	expect("link(NULL, x)", k_link(NULL, "x"), -EFAULT);
	expect("link(x, past the limit)", k_link("renamed.txt", top), -EFAULT);
	expect("rename(NULL, x)", k_rename(NULL, "x"), -EFAULT);
	expect("rename of no file", k_rename("nosuch", "x"), -ENOENT);
	expect("rename onto a program", k_rename("renamed.txt", "hello"), -EROFS);
	expect("unlink(linked.txt)", k_unlink("linked.txt"), 0);
	expect("unlink(linked.txt) again", k_unlink("linked.txt"), -ENOENT);
	expect("unlink(NULL)", k_unlink(NULL), -EFAULT);
	expect("unlink(\"\")", k_unlink(""), -ENOENT);
	/* a file unlinked while open lives until it is closed */
	fd = k_open("gone.txt", K_O_CREAT | K_O_RDWR);
	expect("write gone.txt", k_write(fd, "abc", 3), 3);
	expect("unlink it while open", k_unlink("gone.txt"), 0);
	expect("lseek it", k_lseek(fd, 0, K_SEEK_SET), 0);
	{
		char b[4];
		expect("read it", k_read(fd, b, 4), 3);
	}
	expect("close it", k_close(fd), 0);
	expect("open it", k_open("gone.txt", K_O_RDONLY), -ENOENT);
}

/* Descriptors: 64, of which 0, 1, 2 are taken. */
static void too_many(void)
{
	int fds[70], n = 0, fd;

	while (n < 70 && (fd = k_open("renamed.txt", K_O_RDONLY)) >= 0)
		fds[n++] = fd;
	expect("descriptors opened past 0, 1, 2", n, 61);
	expect("the next open", fd, -EMFILE);
	expect("O_CREAT then", k_open("notmade", K_O_CREAT | K_O_WRONLY), -EMFILE);
	expect("close one", k_close(fds[4]), 0);
	expect("the lowest free comes back", k_open("renamed.txt", K_O_RDONLY), fds[4]);
	while (n--)
		k_close(fds[n]);
	expect("open(notmade) after", k_open("notmade", K_O_RDONLY), -ENOENT);
}

/* The space for files' data is bounded (8 MiB): a write past it is -ENOSPC
 * and changes nothing; an unlink gives the space back. */
static void space_bound(void)
{
	static char chunk[65536];
	struct k_stat st;
	int fd, r = 0;
	unsigned total = 0;

	memset(chunk, 'z', sizeof(chunk));
	fd = k_open("big", K_O_CREAT | K_O_WRONLY);
	while ((r = k_write(fd, chunk, sizeof(chunk))) == (int)sizeof(chunk))
		total += sizeof(chunk);
	expect("a write past the bound", r, -ENOSPC);
	check("at least 8 MiB less 64 KiB went in", total >= (8u << 20) - 65536 && total <= (8u << 20));
	printf("fstest: %u KiB written before ENOSPC\n", total / 1024);
	expect("fstat", k_fstat(fd, &st), 0);
	expect("fstat: the size as written", st.st_size, (int)total);
	expect("close", k_close(fd), 0);
	expect("unlink(big)", k_unlink("big"), 0);
	fd = k_open("big2", K_O_CREAT | K_O_WRONLY);
	expect("the space is back", k_write(fd, chunk, sizeof(chunk)), (int)sizeof(chunk));
	expect("close", k_close(fd), 0);
	expect("unlink(big2)", k_unlink("big2"), 0);
}

/* A data file of the boot image ("file" on its module line) may be rewritten. */
static void data_module(void)
{
	char b[64];
	int fd = k_open("in.txt", K_O_RDWR);

	expect("open(in.txt, O_RDWR)", fd, 3);
	expect("overwrite its first 2 bytes", k_write(fd, "IN", 2), 2);
	expect("lseek to 0", k_lseek(fd, 0, K_SEEK_SET), 0);
	memset(b, 0, sizeof(b));
	check("read back", k_read(fd, b, sizeof(b)) > 2 && memcmp(b, "IN", 2) == 0);
	expect("close", k_close(fd), 0);
}

static void heap(void)
{
	char *base = k_sbrk(0), *p, *q;
	uint32_t free0, free1;
	int fd, mib = 0;

	check("sbrk(0) is page-aligned", ((uint32_t)base & 4095) == 0);
	expect("sbrk(0) again", (int)k_sbrk(0), (int)base);
	expect("sbrk(4096)", (int)(p = k_sbrk(4096)), (int)base);
	check("the new page reads zeros", p[0] == 0 && p[4095] == 0);
	memset(p, 'h', 4096);
	expect("sbrk(1)", (int)k_sbrk(1), (int)base + 4096);
	p[4096] = 'i';				/* the next page is there */
	expect("sbrk(10000)", (int)(q = k_sbrk(10000)), (int)base + 4097);
	memset(q, 'j', 10000);
	/* a system call on a buffer across heap pages */
	fd = k_open("heap.txt", K_O_CREAT | K_O_RDWR);
	expect("write from the heap", k_write(fd, base + 4000, 8000), 8000);
	expect("lseek", k_lseek(fd, 0, K_SEEK_SET), 0);
	memset(base + 4000, 0, 8000);
	expect("read into the heap", k_read(fd, base + 4000, 8000), 8000);
	check("as written", base[4000] == 'h' && base[4096] == 'i' && base[4097] == 'j' && base[11999] == 'j');
	expect("fstat into the heap", k_fstat(fd, (struct k_stat *)(base + 4090)), 0);
	expect("its size", ((struct k_stat *)(base + 4090))->st_size, 8000);
	k_close(fd);
	k_unlink("heap.txt");
	expect("write past the break", k_write(1, base + 14097, 4096), -EFAULT);
	expect("sbrk below the heap", (int)k_sbrk(-20000), -EINVAL);
	expect("sbrk(INT_MIN)", (int)k_sbrk(-0x7FFFFFFF - 1), -EINVAL);
	expect("sbrk(2 GiB - 1)", (int)k_sbrk(0x7FFFFFFF), -ENOMEM);
	expect("sbrk(0) unchanged", (int)k_sbrk(0), (int)base + 14097);
	expect("sbrk back to the start", (int)k_sbrk(-14097), (int)base + 14097);
	meminfo(&free0);
	/* to the end of memory, a MiB at a time */
	while ((int)(p = k_sbrk(1 << 20)) > 0) {
		check("a fresh MiB", p[0] == 0 && p[(1 << 20) - 1] == 0) ;
		p[0] = 1;
		p[(1 << 20) - 1] = 2;
		mib++;
	}
	expect("the MiB past memory", (int)p, -ENOMEM);
	meminfo(&free1);
	printf("fstest: the heap grew to %d MiB; %u KiB left free\n", mib, free1 / 1024);
	check("most of memory", mib > 64 && free1 >= 256 * 1024 && free1 < 256 * 1024 + (1 << 20) + 65536);
	expect("sbrk(4096) there", (int)(p = k_sbrk(4096)) > 0 || (int)p == -ENOMEM, 1);
	expect("shrink it all", (int)k_sbrk((int)base - (int)k_sbrk(0)) > 0, 1);
	expect("sbrk(0) at the start", (int)k_sbrk(0), (int)base);
	meminfo(&free1);
	expect("every page back", (int)free1, (int)free0);
}

static volatile unsigned sink;

static void busy(unsigned n)
{
	for (unsigned i = 0; i < n; i++)
		sink += i;
}

/* A profil() buffer in the heap counts; given back by sbrk, profiling
 * stops (the sampler never writes to a page that is gone). */
static void profil_in_heap(void)
{
	unsigned char *buf = k_sbrk(16384);
	unsigned sum = 0;

	expect("profil into the heap", profil((char *)buf, 16384, 0, 0x8000), 0);
	busy(3000000);
	for (int i = 0; i < 16384; i++)
		sum += buf[i];
	check("it counted", sum > 0);
	expect("sbrk gives the buffer back", (int)k_sbrk(-16384), (int)buf + 16384);
	busy(3000000);
	check("still running", 1);
	profil(0, 0, 0, 0);
}

static void timecalls(void)
{
	struct k_tms t0, t1;
	struct k_timeval tv;
	struct k_timezone tz = { 5, 5 };
	uint64_t ticks, until;
	uint32_t hz;
	int r0, r1;

	expect("times(NULL)", k_times(NULL), -EFAULT);
	expect("times(past the limit)", k_times((struct k_tms *)top), -EFAULT);
	r0 = k_times(&t0);
	check("times(&t) >= 0", r0 >= 0);
	clock_ticks(&ticks, &hz);
	until = ticks + hz / 20;		/* 50 ms of work */
	while (clock_ticks(&ticks, &hz), ticks < until)
		;
	r1 = k_times(&t1);
	check("50 ms later", r1 - r0 >= 50 && r1 - r0 < 60);
	check("user time grew by about as much", t1.tms_utime - t0.tms_utime >= 45 && t1.tms_utime <= (uint32_t)r1);
	check("no system or children's time", t1.tms_stime == 0 && t1.tms_cutime == 0 && t1.tms_cstime == 0);
	expect("gettimeofday(&tv, &tz)", k_gettimeofday(&tv, &tz), 0);
	check("tv_usec below 1000000", tv.tv_usec >= 0 && tv.tv_usec < 1000000);
	check("tv agrees with times", tv.tv_sec * 1000 + tv.tv_usec / 1000 - r1 >= 0 &&
					  tv.tv_sec * 1000 + tv.tv_usec / 1000 - r1 < 5);
	check("tz is 0", tz.tz_minuteswest == 0 && tz.tz_dsttime == 0);
	expect("gettimeofday(NULL, NULL)", k_gettimeofday(NULL, NULL), 0);
	expect("gettimeofday(past the limit, NULL)", k_gettimeofday((struct k_timeval *)top, NULL), -EFAULT);
	expect("gettimeofday(&tv, past the limit)", k_gettimeofday(&tv, (struct k_timezone *)top), -EFAULT);
	expect("gettimeofday(guard page, NULL)", k_gettimeofday((struct k_timeval *)16, NULL), -EFAULT);
}

static void signals(void)
{
	int me = k_getpid();

	expect("kill(me, 0)", k_kill(me, 0), 0);
	expect("kill(me, 32)", k_kill(me, 32), -EINVAL);
	expect("kill(me, -1)", k_kill(me, -1), -EINVAL);
	expect("kill(1, SIGABRT): another process", k_kill(1, K_SIGABRT), -EPERM);
	expect("kill(9999, SIGABRT)", k_kill(9999, K_SIGABRT), -ESRCH);
	expect("kill(0, SIGABRT)", k_kill(0, K_SIGABRT), -ESRCH);
	expect("kill(-1, SIGABRT)", k_kill(-1, K_SIGABRT), -ESRCH);
}

static int cat(const char *name)
{
	char b[256];
	int fd = k_open(name, K_O_RDONLY), n;

	if (fd < 0) {
		printf("fstest: cat %s: %s\n", name, errname(fd));
		return 1;
	}
	while ((n = k_read(fd, b, sizeof(b))) > 0)
		k_write(1, b, (size_t)n);
	k_close(fd);
	return n < 0;
}

/* "big NAME KIB LINKS": NAME of KIB KiB (byte i is i * 7 + i / 4096),
 * linked LINKS times as NAME.1, NAME.2, ...: what goes back at shutdown is
 * bounded in bytes, whatever the names. */
static int big(const char *name, int kib, int links)
{
	static char chunk[4096];
	char link[80];
	int fd = k_open(name, K_O_CREAT | K_O_WRONLY | K_O_TRUNC), i, k;

	for (i = 0; fd >= 0 && i < kib / 4; i++) {
		for (k = 0; k < 4096; k++)
			chunk[k] = (char)((i * 4096 + k) * 7 + i);
		if (k_write(fd, chunk, sizeof chunk) != (int)sizeof chunk)
			return 1;
	}
	if (fd < 0 || k_close(fd))
		return 1;
	for (i = 1; i <= links; i++) {
		snprintf(link, sizeof link, "%s.%d", name, i);
		if (k_link(name, link))
			return 1;
	}
	printf("fstest: %s of %d KiB, %d links\n", name, kib, links);
	return 0;
}

/* "names": files whose names a shell would take for an option or that
 * meet once made safe, each holding its own name. */
static int odd_names(void)
{
	static const char *const names[] = { "-rf", "a b", "a_b", "a?b", "_rf" };

	for (unsigned i = 0; i < sizeof names / sizeof names[0]; i++) {
		int fd = k_open(names[i], K_O_CREAT | K_O_WRONLY | K_O_TRUNC);

		if (fd < 0 || k_write(fd, names[i], strlen(names[i])) < 0 || k_close(fd))
			return 1;
	}
	return 0;
}

int main(int argc, char **argv)
{
	if (argc > 4 && strcmp(argv[1], "big") == 0)
		return big(argv[2], atoi(argv[3]), atoi(argv[4]));
	if (argc > 1 && strcmp(argv[1], "names") == 0)
		return odd_names();
	if (argc > 1 && strcmp(argv[1], "stdin") == 0) {
		struct k_stat st;
		k_fstat(0, &st);
		printf("fstest: stdin is %s of %d bytes:\n", (st.st_mode & K_S_IFMT) == K_S_IFREG ? "a file" : "not a file",
		       st.st_size);
		{
			char b[256];
			int n;
			while ((n = k_read(0, b, sizeof(b))) > 0)
				k_write(1, b, (size_t)n);
			printf("fstest: stdin ends (%d)\n", n);
			expect("read(0) at its end", k_read(0, b, 1), 0);
			expect("write(0)", k_write(0, "x", 1), -EBADF);
			expect("lseek(0) back to 0", k_lseek(0, 0, K_SEEK_SET),
			       (st.st_mode & K_S_IFMT) == K_S_IFREG ? 0 : -ESPIPE);
			return failures != 0;
		}
	}
	if (argc > 1 && strcmp(argv[1], "abort") == 0) {
		k_kill(k_getpid(), K_SIGABRT);
		printf("fstest: FAILED: k_kill(k_getpid(), SIGABRT) returned\n");
		return 1;
	}
	if (argc > 1 && strcmp(argv[1], "heapgone") == 0) {
		char *p = k_sbrk(8192);
		p[8191] = 1;
		k_sbrk(-8192);
		printf("fstest: touching a page given back, at offset %x\n", (unsigned)(p + 8191));
		p[8191] = 2;
		printf("fstest: FAILED: did not fault\n");
		return 1;
	}
	if (argc > 1 && strcmp(argv[1], "heapall") == 0) {
		int mib = 0;

		while ((int)k_sbrk(1 << 20) > 0)
			mib++;
		printf("fstest: exiting with a heap of %d MiB\n", mib);
		return 0;
	}
	if (argc > 2 && strcmp(argv[1], "cat") == 0)
		return cat(argv[2]);
	if (argc > 3 && strcmp(argv[1], "write") == 0) {
		int fd = k_open(argv[2], K_O_CREAT | K_O_WRONLY | K_O_TRUNC);
		if (fd < 0 || k_write(fd, argv[3], strlen(argv[3])) < 0 || k_write(fd, "\n", 1) < 0)
			return 1;
		return k_close(fd);
	}
	std_fds();
	bad_opens();
	read_only_module();
	create_write_read();
	names();
	too_many();
	space_bound();
	data_module();
	heap();
	profil_in_heap();
	timecalls();
	signals();
	printf("fstest: %d failed\n", failures);
	return failures != 0;
}
