/* uprof.c: profile.h's calls for xv6's programs, through the one system
 * call the glue adds (SYS_prof; profxv6.h has its operations). Linked
 * into every program with xv6's ulib. */
#include "types.h"
#include "user.h"
#include "syscall.h"
#include "traps.h"
#include "profxv6.h"
#include "profkern/profile.h"

#define STR(x) #x
#define XSTR(x) STR(x)

// profsys(op, ...): a stub as usys.S makes them, the arguments on the stack
int profsys(int op, ...);
__asm__(".globl profsys\nprofsys:\n\tmovl $" XSTR(SYS_prof) ", %eax\n\tint $" XSTR(T_SYSCALL) "\n\tret\n");

int ProfInit(int type, char *modulelist) { return profsys(PROFX_INIT, type, modulelist); }
int ProfOn(int type) { return profsys(PROFX_ON, type); }
int ProfOff(int type) { return profsys(PROFX_OFF, type); }
int ProfClear(int type) { return profsys(PROFX_CLEAR, type); }
int ProfFree(int type) { return profsys(PROFX_FREE, type); }
int ProfDump(int type, char *filename) { return profsys(PROFX_DUMP, type, filename); }
int profil(char *buf, int bufsiz, int offset, int scale)
{
	return profsys(PROFX_PROFIL, buf, bufsiz, offset, scale);
}
