/* lib.h: the kernel's own freestanding code (lib/): the naming rule of its
 * functions, and the printf engine's interface. Integer-only: the kernel is
 * built without the FPU. (Programs have newlib, docs/libc.md.) */
#ifndef LIB_LIB_H
#define LIB_LIB_H

#include <stdarg.h>
#include <stddef.h>

/* Each library function is defined as LIBC(name). A build for the kernel
 * or a guest keeps the name; a host unit test defines LIBC(name) as
 * u_##name before it #includes the .c file, so the real code links beside
 * the host's libc. */
#ifndef LIBC
#define LIBC(name) name
#endif

/* The printf engine (format.c): formats fmt and the arguments in ap,
 * handing each character to put(ctx, c); returns how many it handed.
 * It has no libc names, so a host test links it as it is. */
int fmt_format(void (*put)(void *ctx, char c), void *ctx, const char *fmt, va_list ap);

#endif
