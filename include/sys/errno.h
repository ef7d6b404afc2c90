/* sys/errno.h: the kernel's error codes. A failed system call returns
 * -code; programs see them as <kerrno.h>, errname() and kstrerror()
 * (<profkern.h>) name them, and newlib's layer (user/newlib/syscalls.c)
 * maps them to newlib's errno numbers. EDOM, ERANGE and EILSEQ are C's: no
 * system call returns them. The numbers are Linux's. */
#ifndef INCLUDE_SYS_ERRNO_H
#define INCLUDE_SYS_ERRNO_H

#define EPERM		1	/* not allowed */
#define ENOENT		2	/* no such program, file or module */
#define ESRCH		3	/* no such process */
#define E2BIG		7	/* argument list too long */
#define ENOEXEC		8	/* not a valid ELF32 i386 program */
#define EBADF		9	/* not an open file descriptor, or one not open for this */
#define ECHILD		10	/* no such child to wait for */
#define EAGAIN		11	/* no free process slot */
#define ENOMEM		12	/* not enough memory */
#define EFAULT		14	/* a pointer outside the caller's data segment */
#define EBUSY		16	/* profiling is on: turn it off first */
#define EEXIST		17	/* already there: a profile initialised, a file O_EXCL would create */
#define ENOTDIR		20	/* a path through a file, or a file's where a folder's is wanted */
#define EISDIR		21	/* a folder's path where a file's is wanted */
#define EINVAL		22	/* an invalid argument (a bad profile type, ...) */
#define EMFILE		24	/* too many open files in the process */
#define ENOTTY		25	/* not a terminal */
#define EFBIG		27	/* a file would grow past its largest size */
#define ENOSPC		28	/* no room left for files' data */
#define ESPIPE		29	/* a seek on the console or an empty input */
#define EROFS		30	/* a boot module that may only be read */
#define EDOM		33	/* an argument outside the function's domain */
#define ERANGE		34	/* a result too large or too small for its type */
#define ENAMETOOLONG	36	/* a name or string too long */
#define ENOTEMPTY	39	/* a folder that still has files or folders in it */
#define ENOSYS		38	/* no such system call, or not supported */
#define ENOTINIT	70	/* the profile was not initialised (ProfInit first) */
#define ENOTON		71	/* ProfOff without a matching ProfOn */
#define EOVERFLOW	75	/* ProfOn nested too deep */
#define EILSEQ		84	/* an invalid byte sequence */

#define ERRNO_MAX	85

#endif
