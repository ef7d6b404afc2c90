/* version.h: the project's version, defined here once. Every host program's
 * --version prints it (cli.h); scripts/qrun reads it from this line. */
#ifndef HOST_COMMON_VERSION_H
#define HOST_COMMON_VERSION_H

#define PROFKERN_VERSION	"1.1"

#endif
