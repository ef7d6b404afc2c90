/* dir.c: paths and folders for the file system of fs.c. A path
 * is made plain before it is looked up: '/'s run together, '.' left out,
 * '..' takes the name before it off (by the text: the root's '..' is the
 * root), no '/' first; "" is the root. A folder is a name whose ino is
 * FS_DIR; a file or folder may be made only in a folder that is there. */
#include "dir.h"
#include "inode.h"
#include "sys/errno.h"
#include <string.h>

int fs_path(const char *path, char *out, int *dir)
{
	const char *p = path, *s;
	size_t k = 0, n;

	if (!*path)
		return -ENOENT;
	out[0] = 0;
	*dir = 0;
	while (*p) {
		if (*p == '/') {
			p++;
			*dir = 1;
			continue;
		}
		for (s = p; *p && *p != '/'; p++)
			;
		n = (size_t)(p - s);
		*dir = 1;
		if (n == 1 && s[0] == '.')
			continue;
		if (n == 2 && s[0] == '.' && s[1] == '.') {
			while (k && out[k - 1] != '/')
				k--;
			if (k)
				k--;
			out[k] = 0;
			continue;
		}
		*dir = 0;
		if (n >= FS_NAME_MAX || k + (k ? 1 : 0) + n >= FS_PATH_MAX)
			return -ENAMETOOLONG;
		if (k)
			out[k++] = '/';
		memcpy(out + k, s, n);
		k += n;
		out[k] = 0;
	}
	return 0;
}

int fs_parent_ok(const char *path)
{
	char parent[FS_PATH_MAX];
	const char *slash = strrchr(path, '/');
	const struct name *n;

	if (!slash)
		return 0;	/* in the root */
	memcpy(parent, path, (size_t)(slash - path));
	parent[slash - path] = 0;
	if (!(n = fs_lookup(parent)))
		return -ENOENT;
	return n->ino == FS_DIR ? 0 : -ENOTDIR;
}

int fs_find(const char *path, char *plain, struct name **n, int wantfile)
{
	int dir, err;

	if ((err = fs_path(path, plain, &dir)))
		return err;
	*n = plain[0] ? fs_lookup(plain) : 0;
	if (wantfile && (!plain[0] || (*n && (*n)->ino == FS_DIR)))
		return -EISDIR;
	if (dir && *n && (*n)->ino != FS_DIR)
		return -ENOTDIR;
	if (dir && !*n && wantfile)
		return -EISDIR;	/* a file's name may not end in '/' */
	return 0;
}

/* Whether a plain path has names in it (the root: any name). */
static int has_names(const char *p)
{
	size_t k = strlen(p);

	for (int i = 0; i < FS_NNAME; i++)
		if (names[i].s[0] && (!k || (strncmp(names[i].s, p, k) == 0 && names[i].s[k] == '/')))
			return 1;
	return 0;
}

int fs_mkdir(const char *path)
{
	char p[FS_PATH_MAX];
	struct name *n;
	int err;

	if ((err = fs_find(path, p, &n, 0)))
		return err == -ENOTDIR ? -EEXIST : err;
	if (!p[0] || n)
		return -EEXIST;
	if ((err = fs_parent_ok(p)))
		return err;
	if (!(n = fs_free_name()))
		return -ENOSPC;
	strcpy(n->s, p);
	n->ino = FS_DIR;
	return 0;
}

int fs_mkdirs(const char *plain)
{
	char p[FS_PATH_MAX];
	const struct name *n;
	int err;

	for (size_t k = 0; plain[k]; k++) {
		if (plain[k] != '/')
			continue;
		memcpy(p, plain, k);
		p[k] = 0;
		if ((n = fs_lookup(p)) && n->ino != FS_DIR)
			return -ENOTDIR;
		if (!n && (err = fs_mkdir(p)))
			return err;
	}
	return 0;
}

int fs_rmdir(const char *path)
{
	char p[FS_PATH_MAX];
	struct name *n;
	int err;

	if ((err = fs_find(path, p, &n, 0)))
		return err;
	if (!p[0])
		return -EBUSY;	/* the root */
	if (!n)
		return (err = fs_parent_ok(p)) ? err : -ENOENT;
	if (n->ino != FS_DIR)
		return -ENOTDIR;
	if (has_names(p))
		return -ENOTEMPTY;
	memset(n, 0, sizeof(*n));
	return 0;
}

int fs_stat(const char *path, struct k_stat *st)
{
	char p[FS_PATH_MAX];
	struct name *n;
	int err;

	if ((err = fs_find(path, p, &n, 0)))
		return err;
	if (p[0] && !n)
		return (err = fs_parent_ok(p)) ? err : -ENOENT;
	if (n && n->ino != FS_DIR) {
		fs_stat_inode(n->ino, st);
		return 0;
	}
	memset(st, 0, sizeof(*st));
	st->st_blksize = FS_BLKSIZE;
	/* folders' numbers after the files' (1 to FS_NFILE), the root's last */
	st->st_ino = (uint16_t)(n ? FS_NFILE + 1 + (n - names) : FS_NFILE + 1 + FS_NNAME);
	st->st_mode = K_S_IFDIR | 0755;
	st->st_nlink = 2;
	return 0;
}

int fs_readdir(const char *path, uint32_t index, char *out)
{
	char p[FS_PATH_MAX];
	struct name *n;
	size_t k;
	int err;

	if ((err = fs_find(path, p, &n, 0)))
		return err;
	if (p[0] && !n)
		return (err = fs_parent_ok(p)) ? err : -ENOENT;
	if (n && n->ino != FS_DIR)
		return -ENOTDIR;
	k = strlen(p);
	for (int i = 0; i < FS_NNAME; i++) {
		const char *s = names[i].s, *rest;
		if (!s[0] || (k && (strncmp(s, p, k) != 0 || s[k] != '/')))
			continue;
		rest = k ? s + k + 1 : s;
		if (strchr(rest, '/') || index--)
			continue;	/* deeper down, or before the one asked for */
		strcpy(out, rest);
		return (int)strlen(rest);
	}
	return 0;
}

int fs_rename_dir(struct name *o, const char *np)
{
	struct name *n = fs_lookup(np);
	size_t ok = strlen(o->s), nk = strlen(np);

	if (n == o)
		return 0;
	if (n && n->ino != FS_DIR)
		return -ENOTDIR;
	if (n && has_names(np))
		return -ENOTEMPTY;
	if (strncmp(np, o->s, ok) == 0 && np[ok] == '/')
		return -EINVAL;	/* into itself */
	for (int i = 0; i < FS_NNAME; i++) {
		const struct name *c = &names[i];
		if (!c->s[0] || strncmp(c->s, o->s, ok) != 0 || c->s[ok] != '/')
			continue;
		if (strlen(c->s) - ok + nk >= FS_PATH_MAX)
			return -ENAMETOOLONG;
		if (c->ino != FS_DIR && (inodes[c->ino].flags & F_RO))
			return -EROFS;
	}
	if (n)
		memset(n, 0, sizeof(*n));
	for (int i = 0; i < FS_NNAME; i++) {
		struct name *c = &names[i];
		char rest[FS_PATH_MAX];
		if (!c->s[0] || strncmp(c->s, o->s, ok) != 0 || c->s[ok] != '/')
			continue;
		strcpy(rest, c->s + ok);
		memset(c->s, 0, sizeof(c->s));
		memcpy(c->s, np, nk);
		strcpy(c->s + nk, rest);
		if (c->ino != FS_DIR)
			inodes[c->ino].flags |= F_CHANGED;
	}
	memset(o->s, 0, sizeof(o->s));
	strcpy(o->s, np);
	return 0;
}
