/* kerr.c: errname() and kstrerror() (include/profkern.h): the names and
 * texts of the kernel's error codes (include/sys/errno.h), which its own
 * calls return negated (profile.h's, profkern.h's). newlib's strerror()
 * knows newlib's errno numbers, not these. The table repeats that header's
 * comments; tests/unit/lib/test_string.c reads the header and fails if the two
 * drift apart. */
#include <stddef.h>
#include "kerrno.h"
#include "profkern.h"

struct error {
	const char *name;
	const char *text;
};

#define ERROR(code, text)	[code] = { #code, text }

static const struct error errors[ERRNO_MAX] = {
	ERROR(EPERM,		"not allowed"),
	ERROR(ENOENT,		"no such program, file or module"),
	ERROR(ESRCH,		"no such process"),
	ERROR(E2BIG,		"argument list too long"),
	ERROR(ENOEXEC,		"not a valid ELF32 i386 program"),
	ERROR(EBADF,		"not an open file descriptor, or one not open for this"),
	ERROR(ECHILD,		"no such child to wait for"),
	ERROR(EAGAIN,		"no free process slot"),
	ERROR(ENOMEM,		"not enough memory"),
	ERROR(EFAULT,		"a pointer outside the caller's data segment"),
	ERROR(EBUSY,		"profiling is on: turn it off first"),
	ERROR(EEXIST,		"already there: a profile initialised, a file O_EXCL would create"),
	ERROR(ENOTDIR,		"a path through a file, or a file's where a folder's is wanted"),
	ERROR(EISDIR,		"a folder's path where a file's is wanted"),
	ERROR(EINVAL,		"an invalid argument (a bad profile type, ...)"),
	ERROR(EMFILE,		"too many open files in the process"),
	ERROR(ENOTTY,		"not a terminal"),
	ERROR(EFBIG,		"a file would grow past its largest size"),
	ERROR(ENOSPC,		"no room left for files' data"),
	ERROR(ESPIPE,		"a seek on the console or an empty input"),
	ERROR(EROFS,		"a boot module that may only be read"),
	ERROR(EDOM,		"an argument outside the function's domain"),
	ERROR(ERANGE,		"a result too large or too small for its type"),
	ERROR(ENAMETOOLONG,	"a name or string too long"),
	ERROR(ENOTEMPTY,	"a folder that still has files or folders in it"),
	ERROR(ENOSYS,		"no such system call, or not supported"),
	ERROR(ENOTINIT,		"the profile was not initialised (ProfInit first)"),
	ERROR(ENOTON,		"ProfOff without a matching ProfOn"),
	ERROR(EOVERFLOW,	"ProfOn nested too deep"),
	ERROR(EILSEQ,		"an invalid byte sequence"),
};

/* Takes code or -code, since system calls return the negative; NULL if unknown. */
static const struct error *lookup(int code)
{
	if (code < 0 && code > -ERRNO_MAX)
		code = -code;
	if (code <= 0 || code >= ERRNO_MAX || errors[code].name == NULL)
		return NULL;
	return &errors[code];
}

const char *errname(int code)
{
	const struct error *e = lookup(code);

	return e ? e->name : "E?";
}

const char *kstrerror(int code)
{
	const struct error *e = lookup(code);

	return e ? e->text : "unknown error";
}
