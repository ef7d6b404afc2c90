/* errno.c: errno (<errno.h>), one per process. Its own file: the host's
 * unit tests link the other sources, and the host's errno, without it. */
#include <errno.h>

int errno;
