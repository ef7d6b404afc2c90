/* posix.c: the POSIX calls programs written for Linux link against, on
 * the kernel's files and folders (docs/libc.md, "The POSIX calls"): the
 * working folder (kept here: the kernel is given whole paths), stat by
 * path, folders, fcntl and its locks, the owner and mode calls a one-user
 * system accepts, sleeping in guest time
 * (the console as a terminal, mmap and dlopen: term.c; threads:
 * pthread.c; the environment and the working folder: env.c). */
#include <dirent.h>
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <sys/times.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>
#include <utime.h>
#include "ksys.h"

#undef errno
extern int errno;

static int fail(int e)
{
	errno = e;
	*__errno() = e;
	return -1;
}

/* The working folder (env.c): plain, "/" or "/a/b", no '/' last. */
extern char __pk_cwd[KPATH_MAX / 2];
#define cwd __pk_cwd

/* path made plain and whole, as the kernel makes it, into out. */
static int plain(const char *path, char *out, size_t size)
{
	char b[KPATH_MAX];
	const char *p = __pk_path(path, b), *s;
	size_t k = 0, n;

	if (!p)
		return -1;
	if (!*p)
		return fail(ENOENT);
	while (*p) {
		if (*p == '/') {
			p++;
			continue;
		}
		for (s = p; *p && *p != '/'; p++)
			;
		n = (size_t)(p - s);
		if (n == 1 && s[0] == '.')
			continue;
		if (n == 2 && s[0] == '.' && s[1] == '.') {
			while (k && out[k - 1] != '/')
				k--;
			if (k)
				k--;
			continue;
		}
		if (k + 1 + n + 1 > size)
			return fail(ENAMETOOLONG);
		out[k++] = '/';
		memcpy(out + k, s, n);
		k += n;
	}
	if (!k)
		out[k++] = '/';
	out[k] = 0;
	return 0;
}

int _stat(const char *path, struct stat *st)
{
	char b[KPATH_MAX];
	const char *p = __pk_path(path, b);
	long r;

	if (!p)
		return -1;
	r = sys(SYS_stat, (long)p, (long)st, 0);
	return r < 0 ? fail(__pk_kerrno(-r)) : 0;
}

int stat(const char *, struct stat *) __attribute__((weak, alias("_stat")));
/* no symbolic links: lstat is stat */
int lstat(const char *, struct stat *) __attribute__((weak, alias("_stat")));

int chdir(const char *path)
{
	char p[sizeof(cwd)];
	struct stat st;

	if (plain(path, p, sizeof(p)) || _stat(p, &st))
		return -1;
	if (!S_ISDIR(st.st_mode))
		return fail(ENOTDIR);
	strcpy(cwd, p);
	return 0;
}

char *getcwd(char *buf, size_t size)
{
	size_t n = strlen(cwd) + 1;

	if (!buf) {
		if (!(buf = malloc(size > n ? size : n))) {
			fail(ENOMEM);
			return 0;
		}
	} else if (size == 0) {
		fail(EINVAL);
		return 0;
	} else if (size < n) {
		fail(ERANGE);
		return 0;
	}
	memcpy(buf, cwd, n);
	return buf;
}

char *realpath(const char *path, char *resolved)
{
	char p[KPATH_MAX / 2];
	struct stat st;

	if (plain(path, p, sizeof(p)) || _stat(p, &st))
		return 0;
	if (!resolved && !(resolved = malloc(strlen(p) + 1)))
		return 0;
	return strcpy(resolved, p);
}

/* access: the file or folder is there; a read-only one (a program or a
 * batch file) cannot be written (EROFS); a file is not run (EACCES). */
int access(const char *path, int mode)
{
	struct stat st;

	if (_stat(path, &st))
		return -1;
	if ((mode & W_OK) && !(st.st_mode & S_IWUSR))
		return fail(EROFS);
	if ((mode & X_OK) && !(st.st_mode & S_IXUSR))
		return fail(EACCES);
	return 0;
}

static int onepath(int call, const char *path)
{
	char b[KPATH_MAX];
	const char *p = __pk_path(path, b);
	long r;

	if (!p)
		return -1;
	r = sys(call, (long)p, 0, 0);
	return r < 0 ? fail(__pk_kerrno(-r)) : 0;
}

int mkdir(const char *path, mode_t mode)
{
	(void)mode;	/* no permissions: a folder is 0755 */
	return onepath(SYS_mkdir, path);
}

int rmdir(const char *path)
{
	return onepath(SYS_rmdir, path);
}

DIR *opendir(const char *path)
{
	struct stat st;
	DIR *d;

	if (!path || !*path) {
		fail(ENOENT);
		return 0;
	}
	if (_stat(path, &st))
		return 0;
	if (!S_ISDIR(st.st_mode)) {
		fail(ENOTDIR);
		return 0;
	}
	if (!(d = calloc(1, sizeof(*d)))) {
		fail(ENOMEM);
		return 0;
	}
	d->dd_fd = -1;
	if (plain(path, d->dd_path, sizeof(d->dd_path))) {
		free(d);
		return 0;
	}
	return d;
}

/* The entries in the order the kernel keeps them; no "." nor "..". */
struct dirent *readdir(DIR *d)
{
	long r = sys(SYS_readdir, (long)d->dd_path, (long)d->dd_index, (long)d->dd_ent.d_name);

	if (r <= 0) {
		if (r < 0)
			fail(__pk_kerrno(-r));
		return 0;
	}
	d->dd_index++;
	d->dd_ent.d_ino = (ino_t)d->dd_index;
	d->dd_ent.d_type = DT_UNKNOWN;
	return &d->dd_ent;
}

int closedir(DIR *d)
{
	free(d);
	return 0;
}

void rewinddir(DIR *d) { d->dd_index = 0; }
long telldir(DIR *d) { return (long)d->dd_index; }
void seekdir(DIR *d, long at) { d->dd_index = (unsigned long)at; }
int dirfd(DIR *d) { (void)d; return fail(ENOTSUP); }

/* ---- descriptors ---- */

int ftruncate(int fd, off_t len)
{
	long r = sys(SYS_ftruncate, fd, (long)len, 0);

	return r < 0 ? fail(__pk_kerrno(-r)) : 0;
}

int truncate(const char *path, off_t len)
{
	int fd = open(path, O_WRONLY), r;

	if (fd < 0)
		return -1;
	r = ftruncate(fd, len);
	close(fd);
	return r;
}

/* Record locks: one process, so each lock it asks for is its own, and
 * F_GETLK finds none in the way; the descriptor must be open for the
 * lock's kind, as POSIX says. */
int fcntl(int fd, int cmd, ...)
{
	va_list ap;
	long arg, r;
	struct flock *fl;

	va_start(ap, cmd);
	arg = va_arg(ap, long);
	va_end(ap);
	if (cmd == F_GETLK || cmd == F_SETLK || cmd == F_SETLKW) {
		if ((r = sys(SYS_fcntl, fd, F_GETFL, 0)) < 0)
			return fail(__pk_kerrno(-r));
		fl = (struct flock *)arg;
		if (!fl)
			return fail(EFAULT);
		if (fl->l_type != F_RDLCK && fl->l_type != F_WRLCK && fl->l_type != F_UNLCK)
			return fail(EINVAL);
		if (cmd == F_GETLK) {
			fl->l_type = F_UNLCK;
			return 0;
		}
		if ((fl->l_type == F_RDLCK && (r & O_ACCMODE) == O_WRONLY) ||
		    (fl->l_type == F_WRLCK && (r & O_ACCMODE) == O_RDONLY))
			return fail(EBADF);
		return 0;
	}
	r = sys(SYS_fcntl, fd, cmd, arg);
	return r < 0 ? fail(__pk_kerrno(-r)) : (int)r;
}

int dup(int fd)
{
	return fcntl(fd, F_DUPFD, 0);
}

int dup2(int fd, int fd2)
{
	if (fcntl(fd, F_GETFD) < 0)
		return -1;
	if (fd == fd2)
		return fd2;
	if (fd2 < 0 || fd2 >= 64)	/* the kernel's FS_NOFILE */
		return fail(EBADF);
	close(fd2);
	return fcntl(fd, F_DUPFD, fd2);
}

/* The data is in the kernel's memory already: nothing to wait for. */
int fsync(int fd)
{
	return fcntl(fd, F_GETFD) < 0 ? -1 : 0;
}

int fdatasync(int fd) { return fsync(fd); }

/* ---- owners and modes: one user, no permissions; accepted ---- */

int chmod(const char *path, mode_t mode) { struct stat st; (void)mode; return _stat(path, &st); }
int fchmod(int fd, mode_t mode) { (void)mode; return fsync(fd); }
int chown(const char *path, uid_t u, gid_t g) { struct stat st; (void)u; (void)g; return _stat(path, &st); }
int lchown(const char *path, uid_t u, gid_t g) { return chown(path, u, g); }
int fchown(int fd, uid_t u, gid_t g) { (void)u; (void)g; return fsync(fd); }
uid_t getuid(void) { return 0; }
uid_t geteuid(void) { return 0; }
gid_t getgid(void) { return 0; }
gid_t getegid(void) { return 0; }

static mode_t mask = 022;
mode_t umask(mode_t m)
{
	mode_t old = mask;

	mask = m & 0777;
	return old;
}

/* Times of files are not kept (stat gives 0): accepted for a file there. */
int utime(const char *path, const struct utimbuf *t) { struct stat st; (void)t; return _stat(path, &st); }
int utimes(const char *path, const struct timeval *t) { struct stat st; (void)t; return _stat(path, &st); }

/* No symbolic links: a file there is not one (EINVAL), and none is made. */
ssize_t readlink(const char *path, char *buf, size_t size)
{
	struct stat st;

	(void)buf;
	(void)size;
	return _stat(path, &st) ? -1 : fail(EINVAL);
}

int symlink(const char *target, const char *path)
{
	(void)target;
	(void)path;
	return fail(EPERM);
}

pid_t getppid(void)
{
	return (pid_t)sys(SYS_getppid, 0, 0, 0);
}

/* ---- sleeping, in the guest's time (the kernel's sleep, in ms) ---- */

int nanosleep(const struct timespec *req, struct timespec *rem)
{
	uint64_t ms;

	if (!req)
		return fail(EFAULT);
	if (req->tv_nsec < 0 || req->tv_nsec >= 1000000000 || req->tv_sec < 0)
		return fail(EINVAL);
	ms = (uint64_t)req->tv_sec * 1000 + ((uint64_t)req->tv_nsec + 999999) / 1000000;
	sys(SYS_sleep, (long)(ms > 0x7FFFFFFF ? 0x7FFFFFFF : ms), 0, 0);
	if (rem)
		rem->tv_sec = rem->tv_nsec = 0;
	return 0;
}

int usleep(useconds_t us)
{
	struct timespec t = { (time_t)(us / 1000000), (long)(us % 1000000) * 1000 };

	return nanosleep(&t, 0);
}

unsigned sleep(unsigned s)
{
	struct timespec t = { (time_t)s, 0 };

	nanosleep(&t, 0);
	return 0;
}

/* ---- the system's numbers ---- */

long sysconf(int name)
{
	switch (name) {
	case _SC_PAGESIZE: return 4096;
	case _SC_OPEN_MAX: return 64;
	case _SC_CLK_TCK: return 1000;
	case _SC_NPROCESSORS_CONF: case _SC_NPROCESSORS_ONLN: return 1;
	case _SC_ARG_MAX: return 512;
	default: return fail(EINVAL);
	}
}

int getpagesize(void) { return 4096; }

int gethostname(char *name, size_t len)
{
	if (len < 9)
		return fail(ENAMETOOLONG);
	memcpy(name, "profkern", 9);
	return 0;
}

int getrusage(int who, struct rusage *ru)
{
	struct tms t;

	memset(ru, 0, sizeof(*ru));
	if (who != RUSAGE_SELF)
		return 0;
	times(&t);
	ru->ru_utime.tv_sec = t.tms_utime / 1000;
	ru->ru_utime.tv_usec = (t.tms_utime % 1000) * 1000;
	return 0;
}

/* ---- struct tm with tm_gmtoff and tm_zone (user/newlib/include/time.h): newlib's
 * functions fill what comes before them ---- */

#undef localtime_r
#undef gmtime_r
#undef localtime
#undef gmtime

struct tm *__pk_localtime_r(const time_t *__restrict t, struct tm *__restrict tm)
{
	if (!localtime_r(t, tm))
		return 0;
	tm->tm_gmtoff = -_timezone + (tm->tm_isdst > 0 ? 3600 : 0);
	tm->tm_zone = _tzname[tm->tm_isdst > 0];
	return tm;
}

struct tm *__pk_gmtime_r(const time_t *__restrict t, struct tm *__restrict tm)
{
	if (!gmtime_r(t, tm))
		return 0;
	tm->tm_gmtoff = 0;
	tm->tm_zone = "GMT";
	return tm;
}

static struct tm tmbuf;
struct tm *__pk_localtime(const time_t *t) { return __pk_localtime_r(t, &tmbuf); }
struct tm *__pk_gmtime(const time_t *t) { return __pk_gmtime_r(t, &tmbuf); }

/* ---- signals: newlib's signal() under sigaction; a mask kept ---- */

int sigaction(int sig, const struct sigaction *act, struct sigaction *old)
{
	_sig_func_ptr prev;

	if (sig <= 0 || sig >= NSIG || ((sig == SIGKILL || sig == SIGSTOP) && act))
		return fail(EINVAL);
	prev = signal(sig, act ? act->sa_handler : SIG_DFL);
	if (!act)
		signal(sig, prev);
	if (prev == SIG_ERR)
		return -1;
	if (old) {
		memset(old, 0, sizeof(*old));
		old->sa_handler = prev;
	}
	return 0;
}

static sigset_t sigmask;
int sigprocmask(int how, const sigset_t *set, sigset_t *old)
{
	if (old)
		*old = sigmask;
	if (!set)
		return 0;
	switch (how) {
	case SIG_BLOCK: sigmask |= *set; return 0;
	case SIG_UNBLOCK: sigmask &= ~*set; return 0;
	case SIG_SETMASK: sigmask = *set; return 0;
	default: return fail(EINVAL);
	}
}
