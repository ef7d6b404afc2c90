/* libc.h: what the guest libc's files share, and its host tests rely on. */
#ifndef LIBC_LIBC_H
#define LIBC_LIBC_H

#include <stdarg.h>

/* Each libc function is defined as LIBC(name). The guest build keeps the
 * name; a host unit test defines LIBC(name) as u_##name before it
 * #includes the .c file, so the real code links beside the host's libc. */
#ifndef LIBC
#define LIBC(name) name
#endif

/* The printf engine (format.c): formats fmt and the arguments in ap,
 * handing each character to put(ctx, c); returns how many it handed.
 * It has no libc names, so a host test links it as it is. */
int fmt_format(void (*put)(void *ctx, char c), void *ctx, const char *fmt, va_list ap);

#endif
