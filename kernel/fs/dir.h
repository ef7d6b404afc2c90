/* dir.h: paths and folders (dir.c): a path made plain, looked up or
 * checked, and the folder calls. */
#ifndef KERNEL_FS_DIR_H
#define KERNEL_FS_DIR_H

#include <stdint.h>
#include "sys/abi.h"

/* Folders: paths from the root; a program's working folder is its C
 * library's, which gives the kernel whole paths. */
int fs_mkdir(const char *path);
int fs_mkdirs(const char *plain);	/* the folders a plain path is in, made as needed */
int fs_rmdir(const char *path);
int fs_stat(const char *path, struct k_stat *st);
/* The index-th name directly in the folder path into out[FS_NAME_MAX]:
 * its length, 0 past the last; -ENOENT, -ENOTDIR. */
int fs_readdir(const char *path, uint32_t index, char *out);

/* What fs.c asks of the paths. path made plain into out[FS_PATH_MAX]: 0,
 * -ENOENT (empty), -ENAMETOOLONG; *dir is 1 when it ends in '/', '.' or
 * '..'. */
int fs_path(const char *path, char *out, int *dir);
/* The folder a plain path is in is there: 0, -ENOENT, -ENOTDIR. */
int fs_parent_ok(const char *path);
/* A plain path as a name to look up or make: its name (NULL if none) in
 * *n; -EISDIR for the root or a folder's when wantfile, -ENOTDIR for a
 * file's path ending in '/'. */
struct name;
int fs_find(const char *path, char *plain, struct name **n, int wantfile);
/* rename() of a folder, o its name, np the new plain path. */
int fs_rename_dir(struct name *o, const char *np);

#endif
