/* term.c: the console as a terminal (termios, ioctl), memory maps, and
 * dlopen's refusal, for programs written for Linux (docs/libc.md). The
 * console is a serial line: it answers as a line terminal of 80 columns
 * and 25 rows, and settings are accepted and change nothing; any other
 * descriptor is not a terminal (ENOTTY). */
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <malloc.h>
#include <stdlib.h>
#include <stdarg.h>
#include <stdint.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <termios.h>
#include <unistd.h>

#undef errno
extern int errno;

static int fail(int e)
{
	errno = e;
	*__errno() = e;
	return -1;
}

/* 0 for the console; -1 and ENOTTY (EBADF) for another descriptor. */
static int console(int fd)
{
	if (isatty(fd))
		return 0;
	return fail(errno == EBADF ? EBADF : ENOTTY);
}

int tcgetattr(int fd, struct termios *t)
{
	static const cc_t cc[NCCS] = { [VINTR] = 3, [VQUIT] = 28, [VERASE] = 127, [VKILL] = 21,
				       [VEOF] = 4, [VMIN] = 1, [VSTART] = 17, [VSTOP] = 19, [VSUSP] = 26 };

	if (console(fd))
		return -1;
	memset(t, 0, sizeof(*t));
	t->c_iflag = ICRNL | IXON;
	t->c_oflag = OPOST | ONLCR;
	t->c_cflag = CS8 | CREAD | B38400;
	t->c_lflag = ISIG | ICANON | ECHO | ECHOE | ECHOK | IEXTEN;
	memcpy(t->c_cc, cc, sizeof(cc));
	t->c_ispeed = t->c_ospeed = B38400;
	return 0;
}

int tcsetattr(int fd, int when, const struct termios *t)
{
	(void)t;
	if (console(fd))
		return -1;
	return when < TCSANOW || when > TCSAFLUSH ? fail(EINVAL) : 0;
}

int tcflush(int fd, int queue) { (void)queue; return console(fd); }
int tcdrain(int fd) { return console(fd); }
int tcflow(int fd, int action) { (void)action; return console(fd); }
int tcsendbreak(int fd, int duration) { (void)duration; return console(fd); }
speed_t cfgetispeed(const struct termios *t) { return t->c_ispeed; }
speed_t cfgetospeed(const struct termios *t) { return t->c_ospeed; }
int cfsetispeed(struct termios *t, speed_t s) { t->c_ispeed = s; return 0; }
int cfsetospeed(struct termios *t, speed_t s) { t->c_ospeed = s; return 0; }

void cfmakeraw(struct termios *t)
{
	t->c_iflag &= ~(tcflag_t)(IGNBRK | BRKINT | PARMRK | ISTRIP | INLCR | IGNCR | ICRNL | IXON);
	t->c_oflag &= ~(tcflag_t)OPOST;
	t->c_lflag &= ~(tcflag_t)(ECHO | ECHONL | ICANON | ISIG | IEXTEN);
	t->c_cflag &= ~(tcflag_t)(CSIZE | PARENB);
	t->c_cflag |= CS8;
	t->c_cc[VMIN] = 1;
	t->c_cc[VTIME] = 0;
}

int ioctl(int fd, unsigned long request, ...)
{
	va_list ap;
	void *arg;

	va_start(ap, request);
	arg = va_arg(ap, void *);
	va_end(ap);
	if (request == FIONBIO)
		return fcntl(fd, F_GETFD) < 0 ? -1 : 0;
	if (console(fd))
		return -1;
	switch (request) {
	case TIOCGWINSZ: {
		struct winsize *w = arg;
		if (!w)
			return fail(EFAULT);
		memset(w, 0, sizeof(*w));
		w->ws_row = 25;
		w->ws_col = 80;
		return 0;
	}
	case TCGETS:
		return tcgetattr(fd, arg);
	case TCSETS: case TCSETSW: case TCSETSF: case TIOCSWINSZ:
		return 0;
	case FIONREAD:
		*(int *)arg = 0;	/* the console has no input */
		return 0;
	default:
		return fail(EINVAL);
	}
}

/* ---- memory maps: anonymous ones from the heap, zeroed; a file's, a
 * private copy of its bytes read at the call ---- */

#define MAPS 64
static struct { void *at; size_t len; } maps[MAPS];

void *mmap(void *addr, size_t len, int prot, int flags, int fd, off_t off)
{
	void *p;
	int i;

	(void)addr;
	if (!len || (off & 4095) || !(flags & (MAP_SHARED | MAP_PRIVATE)) || (flags & MAP_FIXED)) {
		fail(EINVAL);
		return MAP_FAILED;
	}
	if (!(flags & MAP_ANONYMOUS) && (flags & MAP_SHARED) && (prot & PROT_WRITE)) {
		fail(ENODEV);	/* writes would not reach the file */
		return MAP_FAILED;
	}
	for (i = 0; i < MAPS && maps[i].at; i++)
		;
	if (i == MAPS || !(p = memalign(4096, len))) {
		fail(ENOMEM);
		return MAP_FAILED;
	}
	memset(p, 0, len);
	if (!(flags & MAP_ANONYMOUS)) {
		off_t was = lseek(fd, 0, SEEK_CUR);
		if (was < 0 || lseek(fd, off, SEEK_SET) < 0 || read(fd, p, len) < 0) {
			free(p);
			return MAP_FAILED;
		}
		lseek(fd, was, SEEK_SET);
	}
	maps[i].at = p;
	maps[i].len = len;
	return p;
}

/* A whole mapping goes back to the heap; a part of one stays mapped. */
int munmap(void *addr, size_t len)
{
	if (!len || ((uintptr_t)addr & 4095))
		return fail(EINVAL);
	for (int i = 0; i < MAPS; i++)
		if (maps[i].at == addr && maps[i].len <= len) {
			free(addr);
			maps[i].at = 0;
			break;
		}
	return 0;
}

int mprotect(void *addr, size_t len, int prot) { (void)addr; (void)len; (void)prot; return 0; }
int msync(void *addr, size_t len, int flags) { (void)addr; (void)len; (void)flags; return 0; }
int madvise(void *addr, size_t len, int advice) { (void)addr; (void)len; (void)advice; return 0; }

/* ---- dlopen: programs are linked whole, statically ---- */

static char *dlerr;
static char dlmsg[] = "dynamic loading is not supported: programs are linked statically (profkern)";

void *dlopen(const char *file, int mode)
{
	(void)file;
	(void)mode;
	dlerr = dlmsg;
	return 0;
}

void *dlsym(void *handle, const char *name)
{
	(void)handle;
	(void)name;
	dlerr = dlmsg;
	return 0;
}

int dlclose(void *handle)
{
	(void)handle;
	dlerr = dlmsg;
	return -1;
}

char *dlerror(void)
{
	char *e = dlerr;

	dlerr = 0;
	return e;
}
