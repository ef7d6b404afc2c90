/* assert.h: assert(e) prints "file:line: function: Assertion `e' failed."
 * on fd 2 and calls abort() when e is false; with NDEBUG defined before
 * this header is included, it does nothing. As C says, each inclusion
 * redefines assert by the NDEBUG of that moment. */
#undef assert
#ifdef NDEBUG
#define assert(e)	((void)0)
#else
#define assert(e)	((e) ? (void)0 : __assert_fail(#e, __FILE__, __LINE__, __func__))
#endif

#ifndef ASSERT_H
#define ASSERT_H

void __assert_fail(const char *expr, const char *file, unsigned int line, const char *func)
	__attribute__((noreturn));

#if defined(__STDC_VERSION__) && __STDC_VERSION__ >= 201112L && __STDC_VERSION__ < 202311L \
	&& !defined(__cplusplus)
#define static_assert	_Static_assert
#endif

#endif
