/* fs.c: the file system of fs.h: one table of names, each a whole path
 * from the root (inode.c; dir.c: paths made plain, folders), each a
 * file's or a folder's. A file is an inode: a boot
 * module's bytes, read in place, until the first change copies them into
 * kernel memory; a file a program creates is in kernel memory from the
 * start. Those copies, in all, take at most the space given to fs_init. */
#include "fs.h"
#include "inode.h"
#include "mem.h"
#include "sys/errno.h"
#include <string.h>

static uint32_t space, used;
static int stdin_ino = -1;

void fs_init(uint32_t bytes)
{
	for (int i = 0; i < FS_NFILE; i++)
		kfree(inodes[i].data);
	memset(inodes, 0, sizeof(inodes));
	memset(names, 0, sizeof(names));
	space = bytes;
	used = 0;
	stdin_ino = -1;
	fs_mkdir("tmp");	/* where newlib's tmpfile() and tmpnam() make their files */
}

uint32_t fs_space_used(void)
{
	return used;
}

uint32_t fs_space(void)
{
	return space;
}

static int free_inode(void)
{
	for (int i = 0; i < FS_NFILE; i++)
		if (!inodes[i].nlink && !inodes[i].nopen)
			return i;
	return -1;
}

/* An inode no name nor descriptor holds any more is freed. */
static void release(int ino)
{
	struct inode *f = &inodes[ino];

	if (f->nlink || f->nopen)
		return;
	if (f->data) {
		kfree(f->data);
		used -= f->cap;
	}
	memset(f, 0, sizeof(*f));
}

static void drop_name(struct name *n)
{
	int ino = n->ino;

	memset(n, 0, sizeof(*n));
	inodes[ino].nlink--;
	release(ino);
}

int fs_add_module(const char *name, const uint8_t *data, uint32_t size, int writable)
{
	char p[FS_PATH_MAX];
	struct name *n;
	int ino, dir, err;

	if ((err = fs_path(name, p, &dir)))
		return err;
	if (dir || !p[0])
		return -EISDIR;
	if (fs_lookup(p))
		return -EEXIST;
	if ((err = fs_mkdirs(p)))
		return err;
	if (!(n = fs_free_name()) || (ino = free_inode()) < 0)
		return -ENOSPC;
	inodes[ino] = (struct inode){ .rodata = data, .size = size, .nlink = 1,
				      .flags = writable ? 0 : F_RO };
	strcpy(n->s, p);
	n->ino = (int16_t)ino;
	return 0;
}

/* The table holds the standard input open itself, so that the file lives
 * on for the programs still to start, whatever one does to its name. */
int fs_set_stdin(const char *name)
{
	struct name *n = fs_lookup(name);

	if (!n || n->ino == FS_DIR)
		return -ENOENT;
	if (stdin_ino >= 0) {
		inodes[stdin_ino].nopen--;
		release(stdin_ino);
	}
	stdin_ino = n->ino;
	inodes[stdin_ino].nopen++;
	return 0;
}

void fs_fdt_init(struct fs_fdtable *t)
{
	memset(t, 0, sizeof(*t));
	if (stdin_ino >= 0) {
		t->fd[0] = (struct fs_fd){ .kind = FD_FILE, .flags = K_O_RDONLY, .ino = (int16_t)stdin_ino };
		inodes[stdin_ino].nopen++;
	} else {
		t->fd[0].kind = FD_EMPTY;
	}
	t->fd[1].kind = FD_CONSOLE;
	t->fd[2].kind = FD_CONSOLE;
}

void fs_fdt_close_all(struct fs_fdtable *t)
{
	for (int fd = 0; fd < FS_NOFILE; fd++)
		if (t->fd[fd].kind != FD_FREE)
			fs_close(t, fd);
}

static struct fs_fd *getfd(const struct fs_fdtable *t, int fd)
{
	if (fd < 0 || fd >= FS_NOFILE || t->fd[fd].kind == FD_FREE)
		return 0;
	return (struct fs_fd *)&t->fd[fd];
}

int fs_kind(const struct fs_fdtable *t, int fd)
{
	const struct fs_fd *d = getfd(t, fd);

	return d ? d->kind : FD_FREE;
}

/* The room the other files hold past their size, given back (each copied
 * into an exact fit), so that the bound is on the bytes the files hold. */
static void give_back_slack(const struct inode *keep)
{
	for (int i = 0; i < FS_NFILE; i++) {
		struct inode *o = &inodes[i];
		uint8_t *d;

		if (o == keep || !o->data || o->cap <= o->size || o->size < 64)
			continue;
		if (!(d = kalloc(o->size)))
			continue;
		memcpy(d, o->data, o->size);
		kfree(o->data);
		used -= o->cap - o->size;
		o->data = d;
		o->cap = o->size;
	}
}

/* Room for cap bytes of f's data, copying a module's bytes in on the first
 * change. Grows by doubling, within the space left, the other files'
 * spare room given back when it is short; -ENOSPC past it, -ENOMEM when
 * kernel memory runs out first. */
static int reserve(struct inode *f, uint32_t need)
{
	uint32_t cap;
	uint8_t *d;

	if (f->data && need <= f->cap)
		return 0;
	if (need < f->size)
		need = f->size;
	if (need < 64)
		need = 64;
	if (need - f->cap > space - used)
		give_back_slack(f);
	if (need - f->cap > space - used)
		return -ENOSPC;
	/* twice the old (a file written in pieces is copied O(log n) times),
	 * or as much as the space left allows, and need at least */
	cap = 2 * f->cap;
	if (cap - f->cap > space - used)
		cap = f->cap + (space - used);
	if (cap < need)
		cap = need;
	if (!(d = kalloc(cap)))
		return -ENOMEM;
	if (f->data) {
		memcpy(d, f->data, f->size);
		kfree(f->data);
	} else if (f->size) {
		memcpy(d, f->rodata, f->size);
	}
	used += cap - f->cap;
	f->data = d;
	f->cap = cap;
	f->rodata = 0;
	return 0;
}

static void truncate0(struct inode *f)
{
	if (f->data) {
		kfree(f->data);
		used -= f->cap;
	}
	f->data = 0;
	f->rodata = 0;
	f->cap = 0;
	f->size = 0;
	f->flags |= F_CHANGED;
}

int fs_open(struct fs_fdtable *t, const char *path, uint32_t flags)
{
	char p[FS_PATH_MAX];
	uint32_t acc = flags & K_O_ACCMODE;
	struct name *n, *nn = 0;
	int fd, ino, err;

	if (acc == K_O_ACCMODE)
		return -EINVAL;
	if ((err = fs_find(path, p, &n, 1)))
		return err;
	if (n && (flags & K_O_CREAT) && (flags & K_O_EXCL))
		return -EEXIST;
	if (!n && (err = fs_parent_ok(p)))
		return err;
	if (!n && !(flags & K_O_CREAT))
		return -ENOENT;
	if (n && acc != K_O_RDONLY && (inodes[n->ino].flags & F_RO))
		return -EROFS;
	for (fd = 0; fd < FS_NOFILE && t->fd[fd].kind != FD_FREE; fd++)
		;
	if (fd == FS_NOFILE)
		return -EMFILE;
	if (n) {
		ino = n->ino;
		if ((flags & K_O_TRUNC) && acc != K_O_RDONLY)
			truncate0(&inodes[ino]);
	} else {
		if (!(nn = fs_free_name()) || (ino = free_inode()) < 0)
			return -ENOSPC;
		inodes[ino] = (struct inode){ .nlink = 1, .flags = F_CHANGED };
		strcpy(nn->s, p);
		nn->ino = (int16_t)ino;
	}
	inodes[ino].nopen++;
	t->fd[fd] = (struct fs_fd){ .kind = FD_FILE, .flags = (uint8_t)(flags & (K_O_ACCMODE | K_O_APPEND)) |
				    ((flags & K_O_CLOEXEC) ? FD_CLOEXEC_BIT : 0), .ino = (int16_t)ino, .off = 0 };
	return fd;
}

int fs_close(struct fs_fdtable *t, int fd)
{
	struct fs_fd *d = getfd(t, fd);

	if (!d)
		return -EBADF;
	if (d->kind == FD_FILE) {
		inodes[d->ino].nopen--;
		release(d->ino);
	}
	memset(d, 0, sizeof(*d));
	return 0;
}

int fs_read(struct fs_fdtable *t, int fd, void *buf, uint32_t len)
{
	struct fs_fd *d = getfd(t, fd);
	struct inode *f;

	if (!d || d->kind == FD_CONSOLE || (d->kind == FD_FILE && (d->flags & K_O_ACCMODE) == K_O_WRONLY))
		return -EBADF;
	if (d->kind == FD_EMPTY)
		return 0;
	f = &inodes[d->ino];
	if (d->off >= f->size)
		return 0;
	if (len > f->size - d->off)
		len = f->size - d->off;
	if (len > 0x7FFFFFFF)
		len = 0x7FFFFFFF;
	memcpy(buf, (f->data ? f->data : f->rodata) + d->off, len);
	d->off += len;
	return (int)len;
}

int fs_write(struct fs_fdtable *t, int fd, const void *buf, uint32_t len)
{
	struct fs_fd *d = getfd(t, fd);
	struct inode *f;
	uint32_t off;
	int err;

	if (!d || d->kind != FD_FILE || (d->flags & K_O_ACCMODE) == K_O_RDONLY)
		return -EBADF;
	f = &inodes[d->ino];
	off = (d->flags & K_O_APPEND) ? f->size : d->off;
	if (len > 0x7FFFFFFF)
		return -EINVAL;
	if (len == 0)
		return 0;
	if (off > FS_FILE_MAX || len > FS_FILE_MAX - off)
		return -EFBIG;
	if ((err = reserve(f, off + len)))
		return err;
	if (off > f->size)
		memset(f->data + f->size, 0, off - f->size);	/* a hole reads as zeros */
	memcpy(f->data + off, buf, len);
	if (off + len > f->size)
		f->size = off + len;
	f->flags |= F_CHANGED;
	d->off = off + len;
	return (int)len;
}

int fs_lseek(struct fs_fdtable *t, int fd, int32_t off, int whence)
{
	struct fs_fd *d = getfd(t, fd);
	int64_t base;

	if (!d)
		return -EBADF;
	if (d->kind != FD_FILE)
		return -ESPIPE;
	switch (whence) {
	case K_SEEK_SET: base = 0; break;
	case K_SEEK_CUR: base = d->off; break;
	case K_SEEK_END: base = inodes[d->ino].size; break;
	default: return -EINVAL;
	}
	base += off;
	if (base < 0)
		return -EINVAL;
	if (base > FS_FILE_MAX)
		return -EOVERFLOW;
	d->off = (uint32_t)base;
	return (int)base;
}

int fs_fstat(const struct fs_fdtable *t, int fd, struct k_stat *st)
{
	const struct fs_fd *d = getfd(t, fd);

	if (!d)
		return -EBADF;
	memset(st, 0, sizeof(*st));
	st->st_blksize = FS_BLKSIZE;
	if (d->kind == FD_FILE) {
		fs_stat_inode(d->ino, st);
	} else {
		st->st_mode = K_S_IFCHR | (d->kind == FD_CONSOLE ? 0620 : 0444);
		st->st_nlink = 1;
	}
	return 0;
}

int fs_ftruncate(struct fs_fdtable *t, int fd, int32_t len)
{
	struct fs_fd *d = getfd(t, fd);
	struct inode *f;
	int err;

	if (!d || d->kind != FD_FILE || (d->flags & K_O_ACCMODE) == K_O_RDONLY)
		return d && d->kind != FD_FILE ? -EINVAL : -EBADF;
	if (len < 0)
		return -EINVAL;
	f = &inodes[d->ino];
	if ((uint32_t)len > f->size) {
		if ((err = reserve(f, (uint32_t)len)))
			return err;
		memset(f->data + f->size, 0, (uint32_t)len - f->size);	/* reads as zeros */
	} else if (len == 0) {
		truncate0(f);
	} else if ((err = reserve(f, f->size))) {	/* a module's bytes copied first */
		return err;
	}
	f->size = (uint32_t)len;
	f->flags |= F_CHANGED;
	return 0;
}

int fs_fcntl(struct fs_fdtable *t, int fd, int cmd, uint32_t arg)
{
	struct fs_fd *d = getfd(t, fd);
	int nfd;

	if (!d)
		return -EBADF;
	switch (cmd) {
	case K_F_DUPFD:
	case K_F_DUPFD_CLOEXEC:
		if (arg >= FS_NOFILE)
			return -EINVAL;
		for (nfd = (int)arg; nfd < FS_NOFILE && t->fd[nfd].kind != FD_FREE; nfd++)
			;
		if (nfd == FS_NOFILE)
			return -EMFILE;
		t->fd[nfd] = *d;
		t->fd[nfd].flags = (uint8_t)((d->flags & ~FD_CLOEXEC_BIT) |
					     (cmd == K_F_DUPFD_CLOEXEC ? FD_CLOEXEC_BIT : 0));
		if (d->kind == FD_FILE)
			inodes[d->ino].nopen++;
		return nfd;
	case K_F_GETFD:
		return (d->flags & FD_CLOEXEC_BIT) ? K_FD_CLOEXEC : 0;
	case K_F_SETFD:
		d->flags = (uint8_t)((d->flags & ~FD_CLOEXEC_BIT) | ((arg & K_FD_CLOEXEC) ? FD_CLOEXEC_BIT : 0));
		return 0;
	case K_F_GETFL:
		if (d->kind == FD_CONSOLE)
			return K_O_RDWR;
		return d->kind == FD_FILE ? (int)(d->flags & (K_O_ACCMODE | K_O_APPEND)) : K_O_RDONLY;
	case K_F_SETFL:
		if (d->kind == FD_FILE)
			d->flags = (uint8_t)((d->flags & ~K_O_APPEND) | (arg & K_O_APPEND));
		return 0;
	default:
		return -EINVAL;
	}
}

int fs_isatty(const struct fs_fdtable *t, int fd)
{
	const struct fs_fd *d = getfd(t, fd);

	if (!d)
		return -EBADF;
	return d->kind == FD_CONSOLE ? 1 : -ENOTTY;
}

int fs_unlink(const char *path)
{
	char p[FS_PATH_MAX];
	struct name *n;
	int err;

	if ((err = fs_find(path, p, &n, 1)))
		return err;
	if (!n)
		return (err = fs_parent_ok(p)) ? err : -ENOENT;
	if (inodes[n->ino].flags & F_RO)
		return -EROFS;
	drop_name(n);
	return 0;
}

int fs_link(const char *oldpath, const char *newpath)
{
	char op[FS_PATH_MAX], np[FS_PATH_MAX];
	struct name *o, *n;
	int err;

	if ((err = fs_find(oldpath, op, &o, 0)))
		return err;
	if (!o)
		return (err = fs_parent_ok(op)) ? err : -ENOENT;
	if (o->ino == FS_DIR)
		return -EPERM;	/* no hard links to folders, as on Linux */
	if ((err = fs_find(newpath, np, &n, 0)))
		return err;
	if (n)
		return -EEXIST;
	if ((err = fs_parent_ok(np)))
		return err;
	if (inodes[o->ino].flags & F_RO)
		return -EROFS;
	if (!(n = fs_free_name()))
		return -ENOSPC;
	strcpy(n->s, np);
	n->ino = o->ino;
	inodes[o->ino].nlink++;
	inodes[o->ino].flags |= F_CHANGED;
	return 0;
}

int fs_rename(const char *oldpath, const char *newpath)
{
	char op[FS_PATH_MAX], np[FS_PATH_MAX];
	struct name *o, *n;
	int err;

	if ((err = fs_find(oldpath, op, &o, 0)))
		return err;
	if (!op[0])
		return -EBUSY;	/* the root */
	if (!o)
		return (err = fs_parent_ok(op)) ? err : -ENOENT;
	if ((err = fs_find(newpath, np, &n, 0)))
		return err;
	if (!np[0])
		return -EBUSY;
	if ((err = fs_parent_ok(np)))
		return err;
	if (o->ino == FS_DIR)
		return fs_rename_dir(o, np);
	if (n && n->ino == FS_DIR)
		return -EISDIR;
	if ((inodes[o->ino].flags & F_RO) || (n && (inodes[n->ino].flags & F_RO)))
		return -EROFS;
	if (n == o || (n && n->ino == o->ino))
		return 0;	/* the same file: nothing to do, as POSIX says */
	if (n)
		drop_name(n);
	memset(o->s, 0, sizeof(o->s));
	strcpy(o->s, np);
	inodes[o->ino].flags |= F_CHANGED;
	return 0;
}

int fs_changed_next(int *i, const char **name, const uint8_t **data, uint32_t *size)
{
	for (; *i < FS_NNAME; (*i)++) {
		const struct name *n = &names[*i];
		const struct inode *f;
		if (!n->s[0] || n->ino == FS_DIR)
			continue;
		f = &inodes[n->ino];
		if (!(f->flags & F_CHANGED))
			continue;
		*name = n->s;
		*data = f->data ? f->data : f->rodata;
		*size = f->size;
		(*i)++;
		return 1;
	}
	return 0;
}

int fs_send_next(int *i, uint32_t *left, const char **name, const uint8_t **data, uint32_t *size,
		 int *fits)
{
	if (!fs_changed_next(i, name, data, size))
		return 0;
	*fits = *size <= *left;
	if (*fits)
		*left -= *size;
	return 1;
}
