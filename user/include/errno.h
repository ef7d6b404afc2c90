/* errno.h: errno, and the error codes' names (<sys/errno.h>), which include
 * the three of C: EDOM, ERANGE and EILSEQ. A process has one thread, so
 * errno is one variable. */
#ifndef ERRNO_H
#define ERRNO_H

#include <sys/errno.h>

extern int errno;

#endif
