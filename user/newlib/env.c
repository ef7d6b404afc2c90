/* env.c: what a program starts with, before its constructors and main
 * (crt0): its environment, the default's and make run ENV='s; and its
 * working folder, the root, from which __pk_path makes the paths the
 * kernel takes (docs/libc.md). Apart from posix.c, so that a program
 * links only this much of it. */
#include <errno.h>
#include <string.h>
#include "ksys.h"

#undef errno
extern int errno;

char __pk_cwd[KPATH_MAX / 2] = "/";
#define cwd __pk_cwd

/* path from the working folder as the kernel takes it: a path from the
 * root; NULL (errno ENAMETOOLONG, or EFAULT for NULL) when it does not
 * fit in buf. */
const char *__pk_path(const char *path, char *buf)
{
	size_t c, n;

	if (!path) {
		errno = *__errno() = EFAULT;	/* as the kernel says of a NULL path */
		return 0;
	}
	if (path[0] == '/' || !cwd[1])
		return path;
	c = strlen(cwd);
	n = strlen(path);
	if (c + 1 + n >= KPATH_MAX) {
		errno = *__errno() = ENAMETOOLONG;
		return 0;
	}
	memcpy(buf, cwd, c);
	buf[c] = '/';
	memcpy(buf + c + 1, path, n + 1);
	return buf;
}

/* The default environment, and ENV='s (make run ENV=, the boot image's
 * read-only module ".environ", a NAME=value a line) over it. */
static char def_path[] = "PATH=/bin:/usr/bin", def_home[] = "HOME=/", def_term[] = "TERM=dumb";
#define ENV_MAX 40
static char *envv[ENV_MAX + 1];
static char envbuf[1024];
extern char **environ;

void __profkern_start(void)
{
	long n = sys5(SYS_readfile, (long)".environ", 0, (long)envbuf, sizeof(envbuf) - 1, 0);
	int k = 0;

	envv[k++] = def_path;
	envv[k++] = def_home;
	envv[k++] = def_term;
	for (char *p = envbuf, *end = envbuf + (n > 0 ? n : 0); p < end && k < ENV_MAX;) {
		char *nl = memchr(p, '\n', (size_t)(end - p)), *eq = memchr(p, '=', (size_t)(end - p));
		int i;
		if (!nl)
			nl = end;
		*nl = 0;
		if (eq && eq < nl) {
			for (i = 0; i < k; i++)	/* a default of that name is replaced */
				if (strncmp(envv[i], p, (size_t)(eq - p) + 1) == 0)
					break;
			envv[i] = p;
			if (i == k)
				k++;
		}
		p = nl + 1;
	}
	envv[k] = 0;
	environ = envv;
}

