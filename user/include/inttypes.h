/* inttypes.h: printf's conversions for <stdint.h>'s types, and the intmax_t
 * functions. There is no scanf, so no SCN macros. */
#ifndef INTTYPES_H
#define INTTYPES_H

#include <stdint.h>

#ifdef __LP64__
#define __PRI64		"l"
#define __PRIPTR	"l"
#define __PRIFAST	"l"	/* int_fast16_t, int_fast32_t: long */
#else
#define __PRI64		"ll"
#define __PRIPTR	""
#define __PRIFAST	""	/* int_fast16_t, int_fast32_t: int */
#endif

#define PRId8		"d"
#define PRId16		"d"
#define PRId32		"d"
#define PRId64		__PRI64 "d"
#define PRIdLEAST8	"d"
#define PRIdLEAST16	"d"
#define PRIdLEAST32	"d"
#define PRIdLEAST64	__PRI64 "d"
#define PRIdFAST8	"d"
#define PRIdFAST16	__PRIFAST "d"
#define PRIdFAST32	__PRIFAST "d"
#define PRIdFAST64	__PRI64 "d"
#define PRIdMAX		__PRI64 "d"
#define PRIdPTR		__PRIPTR "d"

#define PRIi8		"i"
#define PRIi16		"i"
#define PRIi32		"i"
#define PRIi64		__PRI64 "i"
#define PRIiLEAST8	"i"
#define PRIiLEAST16	"i"
#define PRIiLEAST32	"i"
#define PRIiLEAST64	__PRI64 "i"
#define PRIiFAST8	"i"
#define PRIiFAST16	__PRIFAST "i"
#define PRIiFAST32	__PRIFAST "i"
#define PRIiFAST64	__PRI64 "i"
#define PRIiMAX		__PRI64 "i"
#define PRIiPTR		__PRIPTR "i"

#define PRIo8		"o"
#define PRIo16		"o"
#define PRIo32		"o"
#define PRIo64		__PRI64 "o"
#define PRIoLEAST8	"o"
#define PRIoLEAST16	"o"
#define PRIoLEAST32	"o"
#define PRIoLEAST64	__PRI64 "o"
#define PRIoFAST8	"o"
#define PRIoFAST16	__PRIFAST "o"
#define PRIoFAST32	__PRIFAST "o"
#define PRIoFAST64	__PRI64 "o"
#define PRIoMAX		__PRI64 "o"
#define PRIoPTR		__PRIPTR "o"

#define PRIu8		"u"
#define PRIu16		"u"
#define PRIu32		"u"
#define PRIu64		__PRI64 "u"
#define PRIuLEAST8	"u"
#define PRIuLEAST16	"u"
#define PRIuLEAST32	"u"
#define PRIuLEAST64	__PRI64 "u"
#define PRIuFAST8	"u"
#define PRIuFAST16	__PRIFAST "u"
#define PRIuFAST32	__PRIFAST "u"
#define PRIuFAST64	__PRI64 "u"
#define PRIuMAX		__PRI64 "u"
#define PRIuPTR		__PRIPTR "u"

#define PRIx8		"x"
#define PRIx16		"x"
#define PRIx32		"x"
#define PRIx64		__PRI64 "x"
#define PRIxLEAST8	"x"
#define PRIxLEAST16	"x"
#define PRIxLEAST32	"x"
#define PRIxLEAST64	__PRI64 "x"
#define PRIxFAST8	"x"
#define PRIxFAST16	__PRIFAST "x"
#define PRIxFAST32	__PRIFAST "x"
#define PRIxFAST64	__PRI64 "x"
#define PRIxMAX		__PRI64 "x"
#define PRIxPTR		__PRIPTR "x"

#define PRIX8		"X"
#define PRIX16		"X"
#define PRIX32		"X"
#define PRIX64		__PRI64 "X"
#define PRIXLEAST8	"X"
#define PRIXLEAST16	"X"
#define PRIXLEAST32	"X"
#define PRIXLEAST64	__PRI64 "X"
#define PRIXFAST8	"X"
#define PRIXFAST16	__PRIFAST "X"
#define PRIXFAST32	__PRIFAST "X"
#define PRIXFAST64	__PRI64 "X"
#define PRIXMAX		__PRI64 "X"
#define PRIXPTR		__PRIPTR "X"

typedef struct {
	intmax_t quot;
	intmax_t rem;
} imaxdiv_t;

intmax_t imaxabs(intmax_t n);
imaxdiv_t imaxdiv(intmax_t num, intmax_t den);
intmax_t strtoimax(const char *s, char **end, int base);
uintmax_t strtoumax(const char *s, char **end, int base);

#endif
