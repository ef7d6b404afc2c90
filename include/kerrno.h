/* kerrno.h: the kernel's error codes, for programs built on newlib: its
 * <sys/errno.h> (and <errno.h>) has newlib's numbers, which errno holds;
 * this has the kernel's (sys/errno.h beside it), which the kernel's own
 * calls return negated (<profile.h>, <profkern.h>). A file that includes
 * both sees the codes whose numbers differ (ENAMETOOLONG, ENOSYS, EOVERFLOW,
 * EILSEQ) defined twice: include one of them. */
#ifndef INCLUDE_KERRNO_H
#define INCLUDE_KERRNO_H

#include "sys/errno.h"

#endif
