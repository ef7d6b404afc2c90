/* fslimits.h: the file system's sizes: its tables', a name's and a path's,
 * a process's descriptors, the space files take in kernel memory. */
#ifndef KERNEL_FS_FSLIMITS_H
#define KERNEL_FS_FSLIMITS_H

#define FS_NFILE	64		/* files (inodes), boot modules included */
#define FS_NNAME	128		/* names: files' (link adds one) and folders' */
#define FS_NAME_MAX	64		/* a name: 63 bytes and the NUL */
#define FS_PATH_MAX	256		/* a path, and a file's whole path from the root */
#define FS_NOFILE	64		/* descriptors of a process: 0, 1, 2 and 61 more */
#define FS_SPACE_DEFAULT (8u << 20)	/* bytes of file data in kernel memory, in all */
#define FS_FILE_MAX	0x7FFFFFFFu	/* the largest offset, off_t being 32 bits */
#define FS_BLKSIZE	4096		/* st_blksize: newlib's stdio buffers are that size */

#endif
