/* dlfcn.h: programs are linked whole and statically: dlopen fails, and
 * dlerror says why (docs/libc.md). */
#ifndef USER_NEWLIB_INCLUDE_DLFCN_H
#define USER_NEWLIB_INCLUDE_DLFCN_H

#define RTLD_LAZY	1
#define RTLD_NOW	2
#define RTLD_GLOBAL	0x100
#define RTLD_LOCAL	0
#define RTLD_DEFAULT	((void *)0)

void *dlopen(const char *file, int mode);
void *dlsym(void *handle, const char *name);
int dlclose(void *handle);
char *dlerror(void);

#endif
