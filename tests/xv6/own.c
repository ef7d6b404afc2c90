// own.c: make xv6's test of a program that makes its own Prof* calls (so
// it is not profiled whole): a user profile of its loop, dumped to own.pro,
// each call's result checked.
#include "types.h"
#include "user.h"
#include "profkern/profile.h"

__attribute__((noinline)) int
spin(int n)
{
  volatile int s = 0;
  while(n-- > 0)
    s += n;
  return s;
}

int
main(void)
{
  int rc[6];

  rc[0] = ProfInit(PT_USER, 0);
  rc[1] = ProfOn(PT_USER);
  spin(3000000);
  rc[2] = ProfOff(PT_USER);
  rc[3] = ProfOff(PT_USER);   // unmatched: refused
  rc[4] = ProfDump(PT_USER, "own.pro");
  rc[5] = ProfFree(PT_USER);
  printf(1, "own: %d %d %d %d %d %d\n", rc[0], rc[1], rc[2], rc[3], rc[4], rc[5]);
  exit();
}
