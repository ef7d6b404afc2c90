/* libc.h: what the guest libc's files share, and its host tests rely on:
 * the shared code's interface (lib/lib.h, which also gives the LIBC(name)
 * rule), and what only the guests' library has. */
#ifndef LIBC_LIBC_H
#define LIBC_LIBC_H

#include <stdarg.h>
#include <stddef.h>
#include "../../lib/lib.h"

/* fmtfloat.c (guest libc and host tests only: it uses the FPU). */
void fmt_float(struct fmt_out *o, const struct fmt_spec *sp, char conv, va_list *ap);

/* The heap's end moves up by n bytes (heap.c); returns the old end, or NULL
 * when the heap has no n bytes more. */
void *LIBC(heap_grow)(size_t n);

#endif
