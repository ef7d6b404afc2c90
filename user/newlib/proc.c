/* proc.c: the process calls a program written for Linux links against
 * and the kernel cannot give (docs/libc.md): no process makes another
 * here but through the batch file, so fork, exec, pipes and popen fail as
 * a system out of them would; getpwuid knows the one user, root; select answers for the console and files,
 * which never wait, and sleeps out its timeout when nothing is ready. */
#include <errno.h>
#include <stdio.h>
#include <sys/select.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <fcntl.h>
#include <pwd.h>
#include <string.h>

#undef errno
extern int errno;

static int fail(int e)
{
	errno = e;
	*__errno() = e;
	return -1;
}

pid_t fork(void) { return fail(ENOSYS); }
pid_t vfork(void) { return fail(ENOSYS); }
int execve(const char *path, char *const argv[], char *const envp[]) { (void)path; (void)argv; (void)envp; return fail(ENOSYS); }
int execv(const char *path, char *const argv[]) { (void)path; (void)argv; return fail(ENOSYS); }
int execvp(const char *file, char *const argv[]) { (void)file; (void)argv; return fail(ENOSYS); }
int pipe(int fds[2]) { (void)fds; return fail(ENOSYS); }
pid_t waitpid(pid_t pid, int *status, int options) { (void)pid; (void)status; (void)options; return fail(ECHILD); }
pid_t wait(int *status) { (void)status; return fail(ECHILD); }
int setuid(uid_t uid) { return uid ? fail(EPERM) : 0; }
int setgid(gid_t gid) { return gid ? fail(EPERM) : 0; }

/* The one user, uid 0, at home in the root folder. */
static char pw_root[] = "root", pw_none[] = "", pw_home[] = "/", pw_sh[] = "/bin/sh";
static struct passwd pw = { pw_root, pw_none, 0, 0, pw_none, pw_none, pw_home, pw_sh };

struct passwd *getpwuid(uid_t uid)
{
	return uid == 0 ? &pw : 0;
}

struct passwd *getpwnam(const char *name)
{
	return name && strcmp(name, pw.pw_name) == 0 ? &pw : 0;
}

FILE *popen(const char *command, const char *mode)
{
	(void)command;
	(void)mode;
	fail(ENOSYS);
	return 0;
}

int pclose(FILE *f)
{
	(void)f;
	return fail(ECHILD);
}

/* Every open descriptor is ready (a read of the console's 1 and 2 is
 * EBADF at once, not a wait); a set's closed one is EBADF. None ready,
 * or no set: the timeout is slept out, in guest time, and 0 returned. */
int select(int n, fd_set *r, fd_set *w, fd_set *e, struct timeval *timeout)
{
	int ready = 0;

	if (n < 0 || n > FD_SETSIZE)
		return fail(EINVAL);
	for (int fd = 0; fd < n; fd++) {
		int in_r = r && FD_ISSET(fd, r), in_w = w && FD_ISSET(fd, w);
		if ((in_r || in_w || (e && FD_ISSET(fd, e))) && fcntl(fd, F_GETFD) < 0)
			return fail(EBADF);
		ready += in_r + in_w;
	}
	if (e)
		FD_ZERO(e);
	if (!ready && timeout) {
		struct timespec t = { timeout->tv_sec, timeout->tv_usec * 1000 };
		nanosleep(&t, 0);
	}
	return ready;
}
