/* test_fs.c: the kernel's file table (kernel/fs/) on the host: names,
 * descriptors, reads and writes, the space bound, and what comes back. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>
#include "fs.h"
#include "mem.h"
#include "sys/errno.h"

void panic(const char *fmt, ...);
void panic(const char *fmt, ...)
{
	(void)fmt;
	fail_msg("panic");
}

static uint8_t arena[1 << 22] __attribute__((aligned(4096)));
static const uint8_t prog[] = "\177ELF a program";
static const uint8_t data[] = "line one\nline two\n";
static struct fs_fdtable t;
static uint32_t free0;

static int setup(void **state)
{
	static int done;
	(void)state;
	if (!done)
		meminit_region((uintptr_t)arena, (uintptr_t)arena + sizeof(arena));
	done = 1;
	fs_init(64 * 1024);
	free0 = mem_free_bytes();
	assert_int_equal(fs_add_module("hello", prog, sizeof(prog), 0), 0);
	assert_int_equal(fs_add_module("data.txt", data, sizeof(data) - 1, 1), 0);
	assert_int_equal(fs_add_module("data.txt", prog, 3, 1), -EEXIST);
	fs_fdt_init(&t);
	return 0;
}

/* Every file closed and removed: the kernel memory is all back. */
static int teardown(void **state)
{
	(void)state;
	fs_fdt_close_all(&t);
	fs_init(0);
	assert_int_equal(mem_free_bytes(), free0);
	return 0;
}

static void test_std_fds(void **state)
{
	struct k_stat st;
	char b[4];
	(void)state;
	assert_int_equal(fs_kind(&t, 0), FD_EMPTY);
	assert_int_equal(fs_kind(&t, 1), FD_CONSOLE);
	assert_int_equal(fs_kind(&t, 2), FD_CONSOLE);
	assert_int_equal(fs_read(&t, 0, b, 4), 0);		/* an empty input */
	assert_int_equal(fs_write(&t, 0, "x", 1), -EBADF);
	assert_int_equal(fs_read(&t, 1, b, 4), -EBADF);
	assert_int_equal(fs_isatty(&t, 1), 1);
	assert_int_equal(fs_isatty(&t, 0), -ENOTTY);
	assert_int_equal(fs_isatty(&t, 9), -EBADF);
	assert_int_equal(fs_isatty(&t, -1), -EBADF);
	assert_int_equal(fs_lseek(&t, 1, 0, K_SEEK_SET), -ESPIPE);
	assert_int_equal(fs_fstat(&t, 1, &st), 0);
	assert_int_equal(st.st_mode & K_S_IFMT, K_S_IFCHR);
	assert_int_equal(fs_fstat(&t, 5, &st), -EBADF);
	assert_int_equal(fs_close(&t, 2), 0);
	assert_int_equal(fs_close(&t, 2), -EBADF);
	assert_int_equal(fs_close(&t, FS_NOFILE), -EBADF);
}

static void test_stdin_file(void **state)
{
	struct fs_fdtable t2;
	char b[64];
	(void)state;
	assert_int_equal(fs_set_stdin("nosuch"), -ENOENT);
	assert_int_equal(fs_set_stdin("data.txt"), 0);
	fs_fdt_init(&t2);
	assert_int_equal(fs_kind(&t2, 0), FD_FILE);
	assert_int_equal(fs_read(&t2, 0, b, sizeof(b)), (int)sizeof(data) - 1);
	assert_memory_equal(b, data, sizeof(data) - 1);
	assert_int_equal(fs_write(&t2, 0, "x", 1), -EBADF);	/* read-only */
	assert_int_equal(fs_unlink("data.txt"), 0);		/* open: it lives on */
	assert_int_equal(fs_lseek(&t2, 0, 5, K_SEEK_SET), 5);
	assert_int_equal(fs_read(&t2, 0, b, 3), 3);
	assert_memory_equal(b, "one", 3);
	fs_fdt_close_all(&t2);
	/* every process closed it, its name is gone: the next program still
	 * reads it, and a new file does not take its place */
	assert_int_equal(fs_open(&t, "other", K_O_CREAT | K_O_WRONLY), 3);
	assert_int_equal(fs_write(&t, 3, "xxxx", 4), 4);
	fs_fdt_init(&t2);
	assert_int_equal(fs_read(&t2, 0, b, sizeof(b)), (int)sizeof(data) - 1);
	assert_memory_equal(b, data, sizeof(data) - 1);
	fs_fdt_close_all(&t2);
}

static void test_module_read_only(void **state)
{
	char b[64];
	int fd;
	(void)state;
	assert_int_equal(fs_open(&t, "hello", K_O_WRONLY), -EROFS);
	assert_int_equal(fs_open(&t, "hello", K_O_RDWR | K_O_TRUNC), -EROFS);
	assert_int_equal(fs_unlink("hello"), -EROFS);
	assert_int_equal(fs_rename("hello", "x"), -EROFS);
	assert_int_equal(fs_rename("data.txt", "hello"), -EROFS);
	assert_int_equal(fs_link("hello", "x"), -EROFS);
	assert_int_equal(fs_open(&t, "/any/dir/hello", K_O_RDONLY), -ENOENT);	/* no such folder */
	fd = fs_open(&t, "/./tmp/../hello", K_O_RDONLY | K_O_TRUNC);
	assert_int_equal(fd, 3);
	assert_int_equal(fs_read(&t, fd, b, sizeof(b)), (int)sizeof(prog));
	assert_int_equal(fs_write(&t, fd, "x", 1), -EBADF);
	{
		int i = 0; const char *n; const uint8_t *d; uint32_t s;
		assert_int_equal(fs_changed_next(&i, &n, &d, &s), 0);	/* nothing changed */
	}
}

static void test_bad_names_flags(void **state)
{
	char longname[80];
	(void)state;
	memset(longname, 'a', 64);
	longname[64] = 0;
	assert_int_equal(fs_open(&t, "", K_O_RDONLY), -ENOENT);
	assert_int_equal(fs_open(&t, "dir/", K_O_RDONLY), -EISDIR);
	assert_int_equal(fs_open(&t, "..", K_O_RDONLY), -EISDIR);
	assert_int_equal(fs_open(&t, longname, K_O_CREAT | K_O_WRONLY), -ENAMETOOLONG);
	assert_int_equal(fs_open(&t, "nosuch", K_O_RDONLY), -ENOENT);
	assert_int_equal(fs_open(&t, "data.txt", 3), -EINVAL);
	assert_int_equal(fs_open(&t, "data.txt", K_O_CREAT | K_O_EXCL | K_O_WRONLY), -EEXIST);
	assert_int_equal(fs_unlink("nosuch"), -ENOENT);
	assert_int_equal(fs_link("nosuch", "b"), -ENOENT);
	assert_int_equal(fs_link("data.txt", "hello"), -EEXIST);
	assert_int_equal(fs_rename("nosuch", "b"), -ENOENT);
	assert_int_equal(fs_read(&t, 7, longname, 1), -EBADF);
	assert_int_equal(fs_write(&t, -3, "x", 1), -EBADF);
	assert_int_equal(fs_lseek(&t, 7, 0, K_SEEK_SET), -EBADF);
}

/* create, write, seek, read back, size, a hole, rename, unlink */
static void test_create_write_read(void **state)
{
	struct k_stat st;
	char b[64];
	int fd, i = 0;
	const char *n;
	const uint8_t *d;
	uint32_t s;
	(void)state;
	fd = fs_open(&t, "/tmp/../new.txt", K_O_CREAT | K_O_RDWR);
	assert_int_equal(fd, 3);
	assert_int_equal(fs_write(&t, fd, "hello, ", 7), 7);
	assert_int_equal(fs_write(&t, fd, "world", 5), 5);
	assert_int_equal(fs_lseek(&t, fd, 0, K_SEEK_CUR), 12);
	assert_int_equal(fs_lseek(&t, fd, -5, K_SEEK_END), 7);
	assert_int_equal(fs_read(&t, fd, b, sizeof(b)), 5);
	assert_memory_equal(b, "world", 5);
	assert_int_equal(fs_lseek(&t, fd, -1, K_SEEK_SET), -EINVAL);
	assert_int_equal(fs_lseek(&t, fd, 0, 3), -EINVAL);
	assert_int_equal(fs_lseek(&t, fd, 0x7FFFFFFF, K_SEEK_SET), 0x7FFFFFFF);
	assert_int_equal(fs_lseek(&t, fd, 1, K_SEEK_CUR), -EOVERFLOW);
	assert_int_equal(fs_write(&t, fd, "x", 1), -EFBIG);
	assert_int_equal(fs_lseek(&t, fd, 16, K_SEEK_SET), 16);
	assert_int_equal(fs_write(&t, fd, "!", 1), 1);		/* a hole of 4 */
	assert_int_equal(fs_fstat(&t, fd, &st), 0);
	assert_int_equal(st.st_size, 17);
	assert_int_equal(st.st_mode, K_S_IFREG | 0644);
	assert_int_equal(st.st_nlink, 1);
	assert_int_equal(fs_lseek(&t, fd, 10, K_SEEK_SET), 10);
	assert_int_equal(fs_read(&t, fd, b, sizeof(b)), 7);
	assert_memory_equal(b, "ld\0\0\0\0!", 7);
	assert_int_equal(fs_rename("new.txt", "renamed.txt"), 0);
	assert_int_equal(fs_open(&t, "new.txt", K_O_RDONLY), -ENOENT);
	assert_int_equal(fs_link("renamed.txt", "second"), 0);
	assert_int_equal(fs_fstat(&t, fd, &st), 0);
	assert_int_equal(st.st_nlink, 2);
	assert_int_equal(fs_changed_next(&i, &n, &d, &s), 1);
	assert_string_equal(n, "renamed.txt");
	assert_int_equal(s, 17);
	assert_memory_equal(d, "hello, world\0\0\0\0!", 17);
	assert_int_equal(fs_changed_next(&i, &n, &d, &s), 1);
	assert_string_equal(n, "second");
	assert_int_equal(fs_changed_next(&i, &n, &d, &s), 0);
	assert_int_equal(fs_unlink("renamed.txt"), 0);
	assert_int_equal(fs_unlink("second"), 0);
	assert_true(fs_space_used() > 0);		/* still open */
	assert_int_equal(fs_close(&t, fd), 0);
	assert_int_equal(fs_space_used(), 0);
	i = 0;
	assert_int_equal(fs_changed_next(&i, &n, &d, &s), 0);
}

/* A module rewritten: copied on the first write, O_TRUNC, O_APPEND; it comes back. */
static void test_module_rewrite(void **state)
{
	char b[64];
	int fd, i = 0;
	const char *n;
	const uint8_t *d;
	uint32_t s;
	(void)state;
	fd = fs_open(&t, "data.txt", K_O_RDWR);
	assert_int_equal(fs_write(&t, fd, "LINE", 4), 4);
	assert_int_equal(fs_lseek(&t, fd, 0, K_SEEK_SET), 0);
	assert_int_equal(fs_read(&t, fd, b, sizeof(b)), (int)sizeof(data) - 1);
	assert_memory_equal(b, "LINE one\nline two\n", sizeof(data) - 1);
	assert_memory_equal(data, "line one", 8);		/* the module is untouched */
	assert_int_equal(fs_close(&t, fd), 0);
	fd = fs_open(&t, "data.txt", K_O_WRONLY | K_O_APPEND);
	assert_int_equal(fs_write(&t, fd, "3\n", 2), 2);
	assert_int_equal(fs_lseek(&t, fd, 0, K_SEEK_SET), 0);
	assert_int_equal(fs_write(&t, fd, "4\n", 2), 2);		/* appends all the same */
	assert_int_equal(fs_read(&t, fd, b, 1), -EBADF);
	assert_int_equal(fs_changed_next(&i, &n, &d, &s), 1);
	assert_string_equal(n, "data.txt");
	assert_int_equal(s, sizeof(data) - 1 + 4);
	assert_int_equal(fs_close(&t, fd), 0);
	fd = fs_open(&t, "data.txt", K_O_WRONLY | K_O_TRUNC);
	assert_int_equal(fs_space_used(), 0);
	assert_int_equal(fs_lseek(&t, fd, 0, K_SEEK_END), 0);
	assert_int_equal(fs_close(&t, fd), 0);
}

/* What goes back is bounded in bytes sent, whatever the names: a file of
 * 40000 bytes linked twice is three names, 120000 bytes; only the first
 * fits in 64 KiB, the other two do not; a small file after them still
 * does. */
static void test_send_bound(void **state)
{
	static char big[40000];
	const char *n;
	const uint8_t *d;
	uint32_t s, left = fs_space();
	int fd, i = 0, fits;
	(void)state;
	assert_int_equal(left, 64 * 1024);
	fd = fs_open(&t, "big", K_O_CREAT | K_O_WRONLY);
	assert_int_equal(fs_write(&t, fd, big, sizeof(big)), (int)sizeof(big));
	assert_int_equal(fs_close(&t, fd), 0);
	assert_int_equal(fs_link("big", "big.1"), 0);
	assert_int_equal(fs_link("big", "big.2"), 0);
	fd = fs_open(&t, "small", K_O_CREAT | K_O_WRONLY);
	assert_int_equal(fs_write(&t, fd, "tail", 4), 4);
	assert_int_equal(fs_close(&t, fd), 0);
	assert_int_equal(fs_send_next(&i, &left, &n, &d, &s, &fits), 1);
	assert_string_equal(n, "big");
	assert_true(fits);
	assert_int_equal(left, 64 * 1024 - sizeof(big));
	assert_int_equal(fs_send_next(&i, &left, &n, &d, &s, &fits), 1);
	assert_string_equal(n, "big.1");
	assert_false(fits);
	assert_int_equal(s, sizeof(big));
	assert_int_equal(fs_send_next(&i, &left, &n, &d, &s, &fits), 1);
	assert_string_equal(n, "big.2");
	assert_false(fits);
	assert_int_equal(left, 64 * 1024 - sizeof(big));
	assert_int_equal(fs_send_next(&i, &left, &n, &d, &s, &fits), 1);
	assert_string_equal(n, "small");
	assert_true(fits);
	assert_int_equal(left, 64 * 1024 - sizeof(big) - 4);
	assert_int_equal(fs_send_next(&i, &left, &n, &d, &s, &fits), 0);
}

/* The space bound: a write past it is -ENOSPC and changes nothing; space
 * freed by an unlink can be used again. */
static void test_space_bound(void **state)
{
	static char big[40000];
	int fd, fd2;
	(void)state;
	fd = fs_open(&t, "a", K_O_CREAT | K_O_WRONLY);
	assert_int_equal(fs_write(&t, fd, big, sizeof(big)), (int)sizeof(big));
	fd2 = fs_open(&t, "b", K_O_CREAT | K_O_WRONLY);
	assert_int_equal(fs_write(&t, fd2, big, sizeof(big)), -ENOSPC);
	assert_int_equal(fs_lseek(&t, fd2, 0, K_SEEK_END), 0);
	assert_int_equal(fs_write(&t, fd2, big, 20000), 20000);
	assert_true(fs_space_used() <= 64 * 1024);
	assert_int_equal(fs_write(&t, fd, big, sizeof(big)), -ENOSPC);
	assert_int_equal(fs_lseek(&t, fd, 0, K_SEEK_END), (int)sizeof(big));
	assert_int_equal(fs_close(&t, fd), 0);
	assert_int_equal(fs_unlink("a"), 0);
	assert_int_equal(fs_write(&t, fd2, big, sizeof(big)), (int)sizeof(big));
	assert_int_equal(fs_close(&t, fd2), 0);
	assert_int_equal(fs_unlink("b"), 0);
	assert_int_equal(fs_space_used(), 0);
}

/* A file grown in pieces holds room to spare, up to the whole space left;
 * another file's write takes that room back: the bound is on what the
 * files hold, 33000 + 20000 bytes of 64 KiB here, as a database with its
 * journal and a temporary file needs. */
static void test_space_slack_given_back(void **state)
{
	static char piece[1000], big[20000];
	int fd, fd2;
	(void)state;
	fd = fs_open(&t, "a", K_O_CREAT | K_O_WRONLY);
	for (int i = 0; i < 33; i++)
		assert_int_equal(fs_write(&t, fd, piece, sizeof(piece)), (int)sizeof(piece));
	fd2 = fs_open(&t, "b", K_O_CREAT | K_O_WRONLY);
	assert_int_equal(fs_write(&t, fd2, big, sizeof(big)), (int)sizeof(big));
	assert_true(fs_space_used() <= 64 * 1024);
	assert_int_equal(fs_lseek(&t, fd, 0, K_SEEK_END), 33000);
	assert_int_equal(fs_write(&t, fd, big, sizeof(big)), -ENOSPC);	/* 73000 */
	assert_int_equal(fs_close(&t, fd), 0);
	assert_int_equal(fs_close(&t, fd2), 0);
	assert_int_equal(fs_unlink("a"), 0);
	assert_int_equal(fs_unlink("b"), 0);
	assert_int_equal(fs_space_used(), 0);
}

/* Descriptors run out at FS_NOFILE (-EMFILE, no file created); names at FS_NNAME (-ENOSPC). */
static void test_limits(void **state)
{
	char name[16];
	int fd, created = 0;
	(void)state;
	for (fd = 3; fd < FS_NOFILE; fd++)
		assert_int_equal(fs_open(&t, "data.txt", K_O_RDONLY), fd);
	assert_int_equal(fs_open(&t, "data.txt", K_O_RDONLY), -EMFILE);
	assert_int_equal(fs_open(&t, "fresh", K_O_CREAT | K_O_WRONLY), -EMFILE);
	assert_int_equal(fs_open(&t, "fresh", K_O_RDONLY), -ENOENT);
	assert_int_equal(fs_close(&t, 5), 0);
	assert_int_equal(fs_open(&t, "data.txt", K_O_RDONLY), 5);	/* the lowest free */
	fs_fdt_close_all(&t);
	fs_fdt_init(&t);
	for (int i = 0;; i++) {
		snprintf(name, sizeof(name), "f%d", i);
		fd = fs_open(&t, name, K_O_CREAT | K_O_WRONLY);
		if (fd < 0)
			break;
		assert_int_equal(fs_close(&t, fd), 0);
		created++;
	}
	assert_int_equal(fd, -ENOSPC);
	assert_int_equal(created, FS_NFILE - 2);	/* the files run out first: 2 modules */
}

/* Folders: made and removed, files in them by whole paths, listed, renamed
 * with what is in them, and what comes back under its whole path. */
static void test_folders(void **state)
{
	struct k_stat st;
	char name[FS_NAME_MAX];
	const char *n;
	const uint8_t *d;
	uint32_t s;
	int fd, i = 0;
	(void)state;
	assert_int_equal(fs_open(&t, "a/x.txt", K_O_CREAT | K_O_WRONLY), -ENOENT);
	assert_int_equal(fs_open(&t, "data.txt/x", K_O_CREAT | K_O_WRONLY), -ENOTDIR);
	assert_int_equal(fs_mkdir("a"), 0);
	assert_int_equal(fs_mkdir("/a/"), -EEXIST);
	assert_int_equal(fs_mkdir("b/c"), -ENOENT);
	assert_int_equal(fs_mkdir("a//b"), 0);
	assert_int_equal(fs_open(&t, "a", K_O_RDONLY), -EISDIR);
	fd = fs_open(&t, "/a/b/x.txt", K_O_CREAT | K_O_WRONLY);
	assert_true(fd >= 3);
	assert_int_equal(fs_write(&t, fd, "12345", 5), 5);
	assert_int_equal(fs_close(&t, fd), 0);
	assert_int_equal(fs_stat("a/b/./x.txt", &st), 0);
	assert_int_equal(st.st_size, 5);
	assert_int_equal(st.st_mode, K_S_IFREG | 0644);
	assert_int_equal(fs_stat("a/b/x.txt/", &st), -ENOTDIR);
	assert_int_equal(fs_stat("a/nosuch", &st), -ENOENT);
	assert_int_equal(fs_stat("a", &st), 0);
	assert_int_equal(st.st_mode, K_S_IFDIR | 0755);
	assert_int_equal(fs_stat("/", &st), 0);
	assert_int_equal(st.st_mode & K_S_IFMT, K_S_IFDIR);
	assert_int_equal(fs_readdir("a", 0, name), 1);
	assert_string_equal(name, "b");
	assert_int_equal(fs_readdir("a", 1, name), 0);
	assert_int_equal(fs_readdir("a/b", 0, name), 5);
	assert_string_equal(name, "x.txt");
	assert_int_equal(fs_readdir("data.txt", 0, name), -ENOTDIR);
	assert_int_equal(fs_rmdir("a"), -ENOTEMPTY);
	assert_int_equal(fs_rmdir("data.txt"), -ENOTDIR);
	assert_int_equal(fs_unlink("a"), -EISDIR);
	assert_int_equal(fs_rename("a", "a/b/c"), -EINVAL);
	assert_int_equal(fs_rename("a", "z"), 0);
	assert_int_equal(fs_stat("a/b/x.txt", &st), -ENOENT);
	assert_int_equal(fs_stat("z/b/x.txt", &st), 0);
	assert_int_equal(fs_changed_next(&i, &n, &d, &s), 1);
	assert_string_equal(n, "z/b/x.txt");
	assert_int_equal(s, 5);
	assert_int_equal(fs_changed_next(&i, &n, &d, &s), 0);	/* folders do not come back */
	assert_int_equal(fs_unlink("z/b/x.txt"), 0);
	assert_int_equal(fs_rmdir("z/b"), 0);
	assert_int_equal(fs_rmdir("z"), 0);
	assert_int_equal(fs_rmdir("/"), -EBUSY);
	/* a module in a folder makes its folders */
	assert_int_equal(fs_add_module("libs/deep/lib1.lua", data, 4, 1), 0);
	assert_int_equal(fs_stat("libs/deep", &st), 0);
	assert_int_equal(st.st_mode & K_S_IFMT, K_S_IFDIR);
}

/* ftruncate grows with zeros and shrinks; fcntl's flags and copies. */
static void test_truncate_fcntl(void **state)
{
	char b[16];
	int fd, fd2;
	(void)state;
	fd = fs_open(&t, "data.txt", K_O_RDWR | K_O_CLOEXEC);
	assert_int_equal(fs_fcntl(&t, fd, K_F_GETFD, 0), K_FD_CLOEXEC);
	assert_int_equal(fs_fcntl(&t, fd, K_F_SETFD, 0), 0);
	assert_int_equal(fs_fcntl(&t, fd, K_F_GETFD, 0), 0);
	assert_int_equal(fs_fcntl(&t, fd, K_F_GETFL, 0), K_O_RDWR);
	assert_int_equal(fs_fcntl(&t, fd, K_F_SETFL, K_O_APPEND), 0);
	assert_int_equal(fs_fcntl(&t, fd, K_F_GETFL, 0), K_O_RDWR | K_O_APPEND);
	assert_int_equal(fs_fcntl(&t, 1, K_F_GETFL, 0), K_O_RDWR);
	fd2 = fs_fcntl(&t, fd, K_F_DUPFD, 10);
	assert_int_equal(fd2, 10);
	assert_int_equal(fs_fcntl(&t, fd, 99, 0), -EINVAL);
	assert_int_equal(fs_fcntl(&t, 15, K_F_GETFD, 0), -EBADF);
	assert_int_equal(fs_ftruncate(&t, fd, 4), 0);
	assert_int_equal(fs_lseek(&t, fd2, 0, K_SEEK_END), 4);
	assert_int_equal(fs_ftruncate(&t, fd, 8), 0);
	assert_int_equal(fs_lseek(&t, fd2, 0, K_SEEK_SET), 0);
	assert_int_equal(fs_read(&t, fd2, b, sizeof(b)), 8);
	assert_memory_equal(b, "line\0\0\0\0", 8);
	assert_int_equal(fs_ftruncate(&t, fd, -1), -EINVAL);
	assert_int_equal(fs_ftruncate(&t, 1, 0), -EINVAL);
	assert_int_equal(fs_ftruncate(&t, fs_open(&t, "hello", K_O_RDONLY), 0), -EBADF);
}


int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_std_fds, setup, teardown),
		cmocka_unit_test_setup_teardown(test_stdin_file, setup, teardown),
		cmocka_unit_test_setup_teardown(test_module_read_only, setup, teardown),
		cmocka_unit_test_setup_teardown(test_bad_names_flags, setup, teardown),
		cmocka_unit_test_setup_teardown(test_create_write_read, setup, teardown),
		cmocka_unit_test_setup_teardown(test_module_rewrite, setup, teardown),
		cmocka_unit_test_setup_teardown(test_space_bound, setup, teardown),
		cmocka_unit_test_setup_teardown(test_space_slack_given_back, setup, teardown),
		cmocka_unit_test_setup_teardown(test_send_bound, setup, teardown),
		cmocka_unit_test_setup_teardown(test_limits, setup, teardown),
		cmocka_unit_test_setup_teardown(test_folders, setup, teardown),
		cmocka_unit_test_setup_teardown(test_truncate_fcntl, setup, teardown),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
