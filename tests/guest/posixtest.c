/* posixtest.c: the POSIX calls of docs/libc.md, through newlib and the
 * layer, each result checked: folders and paths (mkdir, chdir, getcwd,
 * stat, opendir, rename of a folder, rmdir), ftruncate, fcntl and its
 * locks, dup2, the owner and mode calls, readlink and symlink, sleeping
 * in guest time, the console as a terminal, mmap, dlopen, pthreads with
 * one thread, gcc's stdatomic, and the environment. Prints "posixtest: N
 * failed" last; tests/integration/cases/posix.sh runs it. With an
 * argument: "env" prints the environment's variables, a line each. */
#include <dirent.h>
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <pwd.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/select.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>
#include <utime.h>

static int failures;

static void expect(const char *what, long got, long want)
{
	if (got == want) {
		printf("posixtest: %s: OK\n", what);
	} else {
		printf("posixtest: %s: FAILED (got %ld, want %ld; errno %d)\n", what, got, want, errno);
		failures++;
	}
}

/* -1 and errno e: the value e; anything else: 1000 + the result. */
static long err(long r)
{
	return r == -1 ? errno : 1000 + r;
}

static void folders(void)
{
	struct stat st;
	char cwd[64], seen[64] = "";
	struct dirent *e;
	DIR *d;
	FILE *f;

	expect("mkdir(d)", mkdir("d", 0755), 0);
	expect("mkdir(d) again: EEXIST", err(mkdir("d", 0755)), EEXIST);
	expect("fopen(nodir/x, w): ENOENT", fopen("nodir/x", "w") == NULL && errno == ENOENT, 1);
	expect("chdir(d)", chdir("d"), 0);
	expect("getcwd is /d", getcwd(cwd, sizeof(cwd)) == cwd && strcmp(cwd, "/d") == 0, 1);
	expect("getcwd into 2 bytes: ERANGE", getcwd(cwd, 2) == NULL && errno == ERANGE, 1);
	f = fopen("f.txt", "w");
	expect("fopen(f.txt, w) in d", f != NULL, 1);
	if (f) {
		fputs("abc", f);
		fclose(f);
	}
	expect("mkdir(sub) in d", mkdir("sub", 0755), 0);
	expect("stat(/d/f.txt)", stat("/d/f.txt", &st), 0);
	expect("stat: 3 bytes", st.st_size, 3);
	expect("stat: a regular file", S_ISREG(st.st_mode), 1);
	expect("stat(sub): a folder", stat("sub", &st) == 0 && S_ISDIR(st.st_mode), 1);
	expect("lstat(f.txt) as stat", lstat("f.txt", &st) == 0 && st.st_size == 3, 1);
	expect("stat(f.txt/x): ENOTDIR", err(stat("f.txt/x", &st)), ENOTDIR);
	d = opendir(".");
	expect("opendir(.)", d != NULL, 1);
	while (d && (e = readdir(d))) {
		strcat(seen, e->d_name);
		strcat(seen, " ");
	}
	if (d)
		closedir(d);
	expect("readdir: f.txt and sub", strcmp(seen, "f.txt sub ") == 0, 1);
	expect("opendir(f.txt): ENOTDIR", opendir("f.txt") == NULL && errno == ENOTDIR, 1);
	expect("chdir(..)", chdir(".."), 0);
	expect("getcwd is /", getcwd(cwd, sizeof(cwd)) && strcmp(cwd, "/") == 0, 1);
	expect("chdir(d/f.txt): ENOTDIR", err(chdir("d/f.txt")), ENOTDIR);
	expect("rmdir(d): ENOTEMPTY", err(rmdir("d")), ENOTEMPTY);
	expect("access(d/f.txt, R_OK|W_OK)", access("d/f.txt", R_OK | W_OK), 0);
	expect("access(nosuch): ENOENT", err(access("nosuch", F_OK)), ENOENT);
	expect("rename(d/f.txt, d/sub/g.txt)", rename("d/f.txt", "d/sub/g.txt"), 0);
	expect("stat(d/sub/g.txt): 3 bytes", stat("d/sub/g.txt", &st) == 0 ? st.st_size : -1, 3);
	expect("rename(d, e): the folder and what is in it", rename("d", "e"), 0);
	expect("stat(e/sub/g.txt)", stat("e/sub/g.txt", &st), 0);
	expect("mkdir(tmp/x)", mkdir("/tmp/x", 0700), 0);
	expect("rmdir(tmp/x)", rmdir("/tmp/x"), 0);
	expect("rmdir(tmp/x) again: ENOENT", err(rmdir("/tmp/x")), ENOENT);
	f = tmpfile();
	expect("tmpfile()", f != NULL, 1);
	if (f)
		fclose(f);
	expect("realpath(e/./sub/../sub)", strcmp(realpath("e/./sub/../sub", cwd) ? cwd : "", "/e/sub"), 0);
}

static void descriptors(void)
{
	struct flock fl = { .l_type = F_WRLCK, .l_whence = SEEK_SET };
	struct stat st;
	char b[8];
	int fd = open("t.bin", O_RDWR | O_CREAT | O_TRUNC, 0644), ro;

	expect("write 10 bytes", write(fd, "0123456789", 10), 10);
	expect("ftruncate to 4", ftruncate(fd, 4), 0);
	expect("fstat: 4 bytes", fstat(fd, &st) == 0 ? st.st_size : -1, 4);
	expect("ftruncate to 8", ftruncate(fd, 8), 0);
	expect("read back 8", lseek(fd, 0, SEEK_SET) == 0 ? read(fd, b, 8) : -1, 8);
	expect("the 4 kept, 4 zeros", memcmp(b, "0123\0\0\0\0", 8), 0);
	expect("fcntl F_GETFL: O_RDWR", fcntl(fd, F_GETFL) & O_ACCMODE, O_RDWR);
	expect("fcntl F_SETFD FD_CLOEXEC", fcntl(fd, F_SETFD, FD_CLOEXEC), 0);
	expect("fcntl F_GETFD", fcntl(fd, F_GETFD), FD_CLOEXEC);
	expect("F_SETLK F_WRLCK", fcntl(fd, F_SETLK, &fl), 0);
	fl.l_type = F_WRLCK;
	expect("F_GETLK: no lock in the way", fcntl(fd, F_GETLK, &fl) == 0 ? fl.l_type : -1, F_UNLCK);
	ro = open("t.bin", O_RDONLY);
	fl.l_type = F_WRLCK;
	expect("F_SETLK F_WRLCK on a read-only fd: EBADF", err(fcntl(ro, F_SETLK, &fl)), EBADF);
	expect("dup2(fd, 9)", dup2(fd, 9), 9);
	expect("read through 9 (its own offset)", lseek(9, 0, SEEK_SET) == 0 ? read(9, b, 4) : -1, 4);
	expect("fsync(fd)", fsync(fd), 0);
	expect("fsync(99): EBADF", err(fsync(99)), EBADF);
	expect("chmod(t.bin)", chmod("t.bin", 0600), 0);
	expect("chmod(nosuch): ENOENT", err(chmod("nosuch", 0600)), ENOENT);
	expect("fchown(fd)", fchown(fd, 0, 0), 0);
	expect("getuid(), geteuid()", getuid() + geteuid() + getgid() + getegid(), 0);
	expect("utime(t.bin)", utime("t.bin", NULL), 0);
	expect("readlink(t.bin): EINVAL", err(readlink("t.bin", b, sizeof(b))), EINVAL);
	expect("readlink(nosuch): ENOENT", err(readlink("nosuch", b, sizeof(b))), ENOENT);
	expect("symlink: EPERM", err(symlink("t.bin", "l")), EPERM);
	expect("umask(077): 022 before", umask(077), 022);
	expect("umask(022): 077 before", umask(022), 077);
	expect("getppid(): cmd's, not ours", getppid() > 0 && getppid() != getpid(), 1);
	close(9);
	close(ro);
	close(fd);
	unlink("t.bin");
}

static long ms_since(const struct timespec *t0)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (long)((t.tv_sec - t0->tv_sec) * 1000 + (t.tv_nsec - t0->tv_nsec) / 1000000);
}

static void sleeping(void)
{
	struct timespec t0, d = { 0, 50000000 };
	long ms;

	clock_gettime(CLOCK_MONOTONIC, &t0);
	expect("nanosleep 50 ms", nanosleep(&d, NULL), 0);
	ms = ms_since(&t0);
	expect("50 ms passed, not 200", ms >= 50 && ms < 200, 1);
	clock_gettime(CLOCK_MONOTONIC, &t0);
	expect("usleep 20000", usleep(20000), 0);
	ms = ms_since(&t0);
	expect("20 ms passed, not 200", ms >= 20 && ms < 200, 1);
	d.tv_nsec = 1000000000;
	expect("nanosleep of 1e9 ns: EINVAL", err(nanosleep(&d, NULL)), EINVAL);
}

static void terminal_maps_dl(void)
{
	struct winsize w;
	struct termios t;
	unsigned char *p;
	int fd, zero = 1;

	expect("TIOCGWINSZ on the console", ioctl(1, TIOCGWINSZ, &w) == 0 ? w.ws_col * 100 + w.ws_row : -1, 8025);
	expect("tcgetattr(1): ICANON", tcgetattr(1, &t) == 0 && (t.c_lflag & ICANON), 1);
	expect("tcsetattr(1)", tcsetattr(1, TCSANOW, &t), 0);
	fd = open("m.bin", O_RDWR | O_CREAT | O_TRUNC, 0644);
	expect("TIOCGWINSZ on a file: ENOTTY", err(ioctl(fd, TIOCGWINSZ, &w)), ENOTTY);
	expect("tcgetattr on a file: ENOTTY", err(tcgetattr(fd, &t)), ENOTTY);
	p = mmap(NULL, 8192, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	expect("mmap anonymous, page-aligned", p != MAP_FAILED && ((unsigned long)p & 4095) == 0, 1);
	for (int i = 0; p != MAP_FAILED && i < 8192; i++)
		zero &= p[i] == 0;
	expect("mmap anonymous: zeroed", zero, 1);
	if (p != MAP_FAILED) {
		p[8191] = 7;
		expect("munmap", munmap(p, 8192), 0);
	}
	write(fd, "mapped!", 7);
	p = mmap(NULL, 4096, PROT_READ, MAP_PRIVATE, fd, 0);
	expect("mmap of a file: its bytes", p != MAP_FAILED && memcmp(p, "mapped!", 7) == 0 && p[7] == 0, 1);
	expect("lseek kept by mmap", lseek(fd, 0, SEEK_CUR), 7);
	expect("mmap shared writable of a file: ENODEV",
	       mmap(NULL, 4096, PROT_WRITE, MAP_SHARED, fd, 0) == MAP_FAILED && errno == ENODEV, 1);
	close(fd);
	unlink("m.bin");
	expect("dlopen fails", dlopen("libm.so", RTLD_NOW) == NULL, 1);
	expect("dlerror says why, once", dlerror() != NULL && dlerror() == NULL, 1);
}

/* What the kernel cannot give, failing as a system without it would; and
 * struct tm's tm_gmtoff and tm_zone. */
static void the_rest(void)
{
	struct timespec t0;
	struct timeval tv = { 0, 30000 };
	struct tm tm;
	struct passwd *pw = getpwuid(0);
	fd_set r;
	time_t t = 86400 + 3600;
	long ms;

	expect("fork: ENOSYS", err(fork()), ENOSYS);
	expect("popen: NULL", popen("ls", "r") == NULL, 1);
	expect("waitpid: ECHILD", err(waitpid(-1, NULL, 0)), ECHILD);
	expect("getpwuid(0): root at /", pw && strcmp(pw->pw_name, "root") == 0 && strcmp(pw->pw_dir, "/") == 0, 1);
	FD_ZERO(&r);
	FD_SET(1, &r);
	expect("select: the console ready", select(2, NULL, &r, NULL, &tv), 1);
	clock_gettime(CLOCK_MONOTONIC, &t0);
	expect("select of nothing: 0", select(0, NULL, NULL, NULL, &tv), 0);
	ms = ms_since(&t0);
	expect("select slept its 30 ms", ms >= 30 && ms < 200, 1);
	FD_ZERO(&r);
	FD_SET(40, &r);
	expect("select of a closed fd: EBADF", err(select(41, &r, NULL, NULL, &tv)), EBADF);
	memset(&tm, 0x55, sizeof(tm));
	expect("localtime_r: tm_gmtoff 0", localtime_r(&t, &tm) == &tm ? tm.tm_gmtoff : -1, 0);
	expect("localtime_r: 1970-01-02 01:00", tm.tm_year * 10000 + tm.tm_yday * 100 + tm.tm_hour, 700101);
	expect("gmtime: tm_zone GMT", strcmp(gmtime(&t)->tm_zone, "GMT"), 0);
}

static int once_runs;
static void once_fn(void) { once_runs++; }

static void threads(void)
{
	pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER, r;
	pthread_mutexattr_t a;
	pthread_once_t o = PTHREAD_ONCE_INIT;
	pthread_cond_t c = PTHREAD_COND_INITIALIZER;
	pthread_key_t k;
	pthread_t t;
	struct timespec ts;
	atomic_int n = 5;

	expect("mutex lock", pthread_mutex_lock(&m), 0);
	expect("trylock of a held mutex: EBUSY", pthread_mutex_trylock(&m), EBUSY);
	clock_gettime(CLOCK_REALTIME, &ts);
	ts.tv_nsec += 10000000;
	if (ts.tv_nsec >= 1000000000) {
		ts.tv_sec++;
		ts.tv_nsec -= 1000000000;
	}
	expect("cond_timedwait: ETIMEDOUT", pthread_cond_timedwait(&c, &m, &ts), ETIMEDOUT);
	expect("mutex unlock", pthread_mutex_unlock(&m), 0);
	expect("unlock of a free mutex: EPERM", pthread_mutex_unlock(&m), EPERM);
	pthread_mutexattr_init(&a);
	pthread_mutexattr_settype(&a, PTHREAD_MUTEX_RECURSIVE);
	pthread_mutex_init(&r, &a);
	expect("a recursive mutex, locked twice", pthread_mutex_lock(&r) + pthread_mutex_lock(&r), 0);
	expect("and unlocked twice", pthread_mutex_unlock(&r) + pthread_mutex_unlock(&r), 0);
	pthread_once(&o, once_fn);
	pthread_once(&o, once_fn);
	expect("pthread_once: once", once_runs, 1);
	expect("key_create", pthread_key_create(&k, NULL), 0);
	expect("setspecific", pthread_setspecific(k, &n), 0);
	expect("getspecific", pthread_getspecific(k) == (void *)&n, 1);
	expect("pthread_create: EAGAIN", pthread_create(&t, NULL, NULL, NULL), EAGAIN);
	expect("atomic_fetch_add", atomic_fetch_add(&n, 3), 5);
	expect("atomic_load", atomic_load(&n), 8);
}

int main(int argc, char **argv)
{
	extern char **environ;

	if (argc > 1 && strcmp(argv[1], "env") == 0) {
		for (char **e = environ; *e; e++)
			printf("env: %s\n", *e);
		printf("env: getenv(PATH) %s\n", getenv("PATH") ? getenv("PATH") : "(null)");
		return 0;
	}
	folders();
	descriptors();
	sleeping();
	terminal_maps_dl();
	threads();
	the_rest();
	printf("posixtest: %d failed\n", failures);
	return failures != 0;
}
