/* fsint.h: the file system's tables, shared by kernel/fs.c (files and
 * descriptors) and kernel/fs/dir.c (paths and folders); no one else's. */
#ifndef KERNEL_FS_FSINT_H
#define KERNEL_FS_FSINT_H

#include <stdint.h>
#include "fs.h"

#define F_RO		1	/* a program or batch module: never written, renamed or unlinked */
#define F_CHANGED	2	/* created or changed by a program: goes back to the host */
#define FS_DIR		(-1)	/* a name's ino when it is a folder's */

struct inode {
	const uint8_t *rodata;	/* a module's bytes, while data is NULL */
	uint8_t *data;		/* the kernel's copy, cap bytes */
	uint32_t size, cap;
	uint16_t nlink, nopen;
	uint8_t flags;
};

/* A file's or a folder's whole path from the root, made plain
 * (fs_path): "a.txt", "libs/lib1.lua"; "" when free. */
struct name {
	char s[FS_PATH_MAX];
	int16_t ino;		/* the file's inode, or FS_DIR */
};

extern struct inode inodes[FS_NFILE];
extern struct name names[FS_NNAME];

struct name *fs_lookup(const char *path);	/* a plain path's name, or NULL */
struct name *fs_free_name(void);		/* a free name, or NULL */
/* path made plain into out[FS_PATH_MAX] (kernel/fs/dir.c): 0, -ENOENT
 * (empty), -ENAMETOOLONG; *dir is 1 when it ends in '/', '.' or '..'. */
int fs_path(const char *path, char *out, int *dir);
/* The folder a plain path is in is there: 0, -ENOENT, -ENOTDIR. */
int fs_parent_ok(const char *path);
/* A plain path as a name to look up or make: its name (NULL if none) in
 * *n; -EISDIR for the root or a folder's when wantfile, -ENOTDIR for a
 * file's path ending in '/'. */
int fs_find(const char *path, char *plain, struct name **n, int wantfile);
/* rename() of a folder (kernel/fs/dir.c), o its name, np the new plain path. */
int fs_rename_dir(struct name *o, const char *np);

#endif
