/* inode.h: the file system's tables (inode.c): its files, the inodes, and
 * the names that point at them, each a whole path from the root. Below
 * the files and descriptors (fs.c) and the paths and folders (dir.c),
 * which both work on them; no one else's. */
#ifndef KERNEL_FS_INODE_H
#define KERNEL_FS_INODE_H

#include <stdint.h>
#include "sys/abi.h"
#include "fslimits.h"

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
void fs_stat_inode(int ino, struct k_stat *st);	/* a file's stat, from its inode */

/* A free name, or NULL. */
static inline struct name *fs_free_name(void)
{
	for (int i = 0; i < FS_NNAME; i++)
		if (!names[i].s[0])
			return &names[i];
	return 0;
}

#endif
