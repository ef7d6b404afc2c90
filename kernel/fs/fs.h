/* fs.h: the file system: one flat table of files in kernel memory, and each
 * process's file descriptors (docs/syscalls.md, "Files"). Its first files
 * are the boot modules: programs and batch files, read-only, and the data
 * files marked "file" on their module line, which programs may rewrite.
 * Files that programs create or change live in kernel memory, bounded in
 * all, and go back to the host at shutdown (kernel/main.c). Pure, over
 * kalloc: the host tests drive it (tests/unit/kernel/test_fs.c). */
#ifndef KERNEL_FS_FS_H
#define KERNEL_FS_FS_H

#include <stdint.h>
#include "sys/abi.h"
#include "fslimits.h"
#include "dir.h"		/* folders, and a path's stat */

#define FD_CLOEXEC_BIT	0x80		/* fcntl's FD_CLOEXEC: kept (there is no exec) */

enum fs_fdkind { FD_FREE, FD_CONSOLE, FD_EMPTY, FD_FILE };

struct fs_fd {
	uint8_t kind;		/* enum fs_fdkind; a zeroed table is all free */
	uint8_t flags;		/* K_O_ACCMODE bits and K_O_APPEND (FD_FILE), FD_CLOEXEC_BIT */
	int16_t ino;		/* FD_FILE: the file */
	uint32_t off;		/* FD_FILE: the offset */
};

struct fs_fdtable {
	struct fs_fd fd[FS_NOFILE];
};

/* The table empty, with room for space bytes of files' data. */
void fs_init(uint32_t space);
/* A boot module as a file: read-only unless writable. Returns 0, -EEXIST
 * (a name already there: the first one stays), -ENOSPC (the table full). */
int fs_add_module(const char *name, const uint8_t *data, uint32_t size, int writable);
/* The file every process reads as its standard input (fd 0); without one,
 * fd 0 is an empty input. -ENOENT if there is no such file. */
int fs_set_stdin(const char *name);

/* A process's table: fd 0 the standard input, 1 and 2 the console. */
void fs_fdt_init(struct fs_fdtable *t);
void fs_fdt_close_all(struct fs_fdtable *t);

/* The calls, on kernel pointers already checked (kernel/systab.c). Each
 * returns its result or -errno, and changes nothing when it fails. */
int fs_open(struct fs_fdtable *t, const char *path, uint32_t flags);
int fs_close(struct fs_fdtable *t, int fd);
int fs_kind(const struct fs_fdtable *t, int fd);	/* enum fs_fdkind; FD_FREE when out of range */
int fs_read(struct fs_fdtable *t, int fd, void *buf, uint32_t len);
int fs_write(struct fs_fdtable *t, int fd, const void *buf, uint32_t len);	/* not the console's */
int fs_lseek(struct fs_fdtable *t, int fd, int32_t off, int whence);
int fs_fstat(const struct fs_fdtable *t, int fd, struct k_stat *st);
int fs_isatty(const struct fs_fdtable *t, int fd);
int fs_unlink(const char *path);
int fs_link(const char *oldpath, const char *newpath);
int fs_rename(const char *oldpath, const char *newpath);
int fs_ftruncate(struct fs_fdtable *t, int fd, int32_t len);
/* F_DUPFD (a copy of the descriptor, its own offset), F_DUPFD_CLOEXEC,
 * F_GETFD, F_SETFD, F_GETFL, F_SETFL (O_APPEND); -EINVAL for others. */
int fs_fcntl(struct fs_fdtable *t, int fd, int cmd, uint32_t arg);
/* The files programs created or changed, one name at a time: *i from 0;
 * returns 0 when there are no more. */
int fs_changed_next(int *i, const char **name, const uint8_t **data, uint32_t *size);
uint32_t fs_space_used(void);	/* bytes of kernel memory the files' data holds */
uint32_t fs_space(void);	/* the bytes given to fs_init */
/* fs_changed_next, with the bound of what goes back: *left starts at
 * fs_space(), and a file fits (*fits 1, its bytes taken from *left) only
 * if its bytes are left. Files hold at most fs_space() bytes in all, but a
 * link() names one file twice and each name goes back: the bound holds
 * the bytes sent to it, whatever the names. */
int fs_send_next(int *i, uint32_t *left, const char **name, const uint8_t **data, uint32_t *size,
		 int *fits);
/* At shutdown: each file of fs_changed_next to the host, in a file frame
 * (fsback.c, not in the host tests). */
void fs_send_back(void);

#endif
