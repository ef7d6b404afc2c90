/* sys/dirent.h: folders for newlib's <dirent.h>, which includes this
 * (newlib's own is an #error): opendir, readdir, closedir, rewinddir,
 * by the kernel's readdir call (user/newlib/posix.c, docs/libc.md). */
#ifndef USER_NEWLIB_INCLUDE_SYS_DIRENT_H
#define USER_NEWLIB_INCLUDE_SYS_DIRENT_H

#include <sys/types.h>

#define DT_UNKNOWN	0
#define DT_DIR		4
#define DT_REG		8

struct dirent {
	ino_t d_ino;
	unsigned char d_type;		/* DT_DIR or DT_REG */
	char d_name[64];		/* a name: 63 bytes at most and the NUL */
};

typedef struct {
	int dd_fd;			/* -1: a folder is read by its path */
	unsigned long dd_index;		/* the next entry's */
	struct dirent dd_ent;
	char dd_path[256];
} DIR;

#endif
