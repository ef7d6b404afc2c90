/* stdatomic.h: gcc's own (newlib's does not compile with this gcc). The
 * build copies the host gcc's header to $(BUILD)/nl/include/gccatomic.h
 * (user/newlib/newlib.mk), found here by its name. */
#ifndef USER_NEWLIB_INCLUDE_STDATOMIC_H
#define USER_NEWLIB_INCLUDE_STDATOMIC_H
#include <gccatomic.h>
#endif
