/* hdrcheck.c: the headers, checked by the compiler as the guests see them
 * (built with the guests' flags, -Werror, and not put in the library):
 * each header stands alone and all go together, the PRI macros match their
 * types (printf's format attribute checks them), the limits and sizes are
 * those of i386. A mistake here fails the build. */
#include <assert.h>
#include <ctype.h>
#include <errno.h>
#include <float.h>
#include <inttypes.h>
#include <limits.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <profile.h>

_Static_assert(CHAR_BIT == 8 && SCHAR_MIN == -128 && SCHAR_MAX == 127 && UCHAR_MAX == 255, "char");
_Static_assert(CHAR_MIN == SCHAR_MIN && CHAR_MAX == SCHAR_MAX, "char is signed on i386");
_Static_assert(SHRT_MIN == -32768 && SHRT_MAX == 32767 && USHRT_MAX == 65535, "short");
_Static_assert(INT_MIN == -2147483647 - 1 && INT_MAX == 2147483647 && UINT_MAX == 4294967295u, "int");
_Static_assert(LONG_MAX == 2147483647L && ULONG_MAX == 4294967295ul, "long is 32 bits");
_Static_assert(LLONG_MIN == -9223372036854775807LL - 1 && ULLONG_MAX == 18446744073709551615ull,
	       "long long");
_Static_assert(_Generic(USHRT_MAX, int: 1, default: 0) && _Generic(UCHAR_MAX, int: 1, default: 0),
	       "the small types' maxima promote to int");
_Static_assert(_Generic(UINT_MAX, unsigned: 1, default: 0) && _Generic(LONG_MIN, long: 1, default: 0),
	       "limits have their types");
_Static_assert(sizeof(jmp_buf) == 6 * sizeof(int), "jmp_buf: six registers");
_Static_assert(_Generic(CLOCKS_PER_SEC, long: 1, default: 0) && CLOCKS_PER_SEC == 1000000,
	       "CLOCKS_PER_SEC");
_Static_assert(sizeof(clock_t) == 4 && sizeof(time_t) == 4, "clock_t, time_t");
_Static_assert(RAND_MAX == 2147483647, "RAND_MAX as glibc's");
_Static_assert(EDOM == 33 && ERANGE == 34 && EILSEQ == 84, "C's errno codes, Linux's numbers");
_Static_assert(FP_NAN != FP_INFINITE && FP_ZERO != FP_SUBNORMAL && FP_NORMAL != FP_NAN, "FP_");
_Static_assert(math_errhandling == MATH_ERRNO, "math_errhandling");
_Static_assert(DBL_MANT_DIG == 53 && FLT_MANT_DIG == 24 && LDBL_MANT_DIG == 64, "float.h");
_Static_assert(sizeof(double_t) == sizeof(long double), "x87: double_t is long double");
static_assert(true, "static_assert and stdbool");

int hdrcheck(char *buf, size_t size);
int hdrcheck(char *buf, size_t size)
{
	int n = snprintf(buf, size,
		"%" PRId8 "%" PRId16 "%" PRId32 "%" PRId64 "%" PRIi64 "%" PRIo64 "%" PRIu64 "%" PRIx64
		"%" PRIX64 "%" PRIdLEAST8 "%" PRIdLEAST16 "%" PRIdLEAST32 "%" PRIdLEAST64
		"%" PRIdFAST8 "%" PRIdFAST16 "%" PRIdFAST32 "%" PRIdFAST64 "%" PRIuFAST16
		"%" PRIxFAST32 "%" PRIdMAX "%" PRIuMAX "%" PRIxMAX "%" PRIdPTR "%" PRIuPTR "%" PRIxPTR
		"%" PRIu8 "%" PRIu16 "%" PRIu32 "%" PRIx32 "%" PRIX32 "%" PRIo32,
		(int8_t)1, (int16_t)1, (int32_t)1, (int64_t)1, (int64_t)1, (uint64_t)1, (uint64_t)1,
		(uint64_t)1, (uint64_t)1, (int_least8_t)1, (int_least16_t)1, (int_least32_t)1,
		(int_least64_t)1, (int_fast8_t)1, (int_fast16_t)1, (int_fast32_t)1, (int_fast64_t)1,
		(uint_fast16_t)1, (uint_fast32_t)1, (intmax_t)1, (uintmax_t)1, (uintmax_t)1,
		(intptr_t)1, (uintptr_t)1, (uintptr_t)1, (uint8_t)1, (uint16_t)1, (uint32_t)1,
		(uint32_t)1, (uint32_t)1, (uint32_t)1);

	assert(n > 0);
	return n + (int)sizeof(FILE *) + isdigit('1') + (int)sqrt(4.0) + (int)strlen("x");
}
