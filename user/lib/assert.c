/* assert.c: what a failed assert() does (<assert.h>): one line on fd 2, as
 * glibc words it, then abort(). */
#include <stdio.h>
#include <stdlib.h>
#include "libc.h"

void LIBC(__assert_fail)(const char *expr, const char *file, unsigned int line, const char *func)
{
	LIBC(fprintf)(LIBC(stderr), "%s:%u: %s: Assertion `%s' failed.\n", file, line, func, expr);
	LIBC(abort)();
}
