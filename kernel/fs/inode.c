/* inode.c: the file system's tables, the inodes and the names (inode.h),
 * a name found by its path, and a file's stat. */
#include "inode.h"
#include <string.h>

struct inode inodes[FS_NFILE];
struct name names[FS_NNAME];

struct name *fs_lookup(const char *path)
{
	for (int i = 0; i < FS_NNAME; i++)
		if (names[i].s[0] && strcmp(names[i].s, path) == 0)
			return &names[i];
	return 0;
}

void fs_stat_inode(int ino, struct k_stat *st)
{
	const struct inode *f = &inodes[ino];

	memset(st, 0, sizeof(*st));
	st->st_blksize = FS_BLKSIZE;
	st->st_ino = (uint16_t)(ino + 1);
	st->st_mode = K_S_IFREG | ((f->flags & F_RO) ? 0444 : 0644);
	st->st_nlink = f->nlink;
	st->st_size = (int32_t)f->size;
	st->st_blocks = (int32_t)((f->size + 511) / 512);
}
