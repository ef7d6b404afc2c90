// user.h: what ports/xv6/uprof.c and profinit.c use of xv6-public's user
// headers (types.h, param.h, user.h, fcntl.h, syscall.h, traps.h at
// eeb7b415), for tests/integration/xv6.sh, as kernel.h is for the kernel's glue.
#ifndef TESTS_XV6_STAND_IN_USER_H
#define TESTS_XV6_STAND_IN_USER_H

typedef unsigned int uint;

#define MAXARG 32
#define O_RDWR 0x002
#define SYS_prof 22
#define T_SYSCALL 64

int fork(void);
int exit(void) __attribute__((noreturn));
int wait(void);
int exec(char *, char **);
int open(const char *, int);
int mknod(const char *, short, short);
int dup(int);
void printf(int, const char *, ...);
#endif
