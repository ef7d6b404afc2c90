// fault.c: make xv6's test of a program xv6 kills: a write far past its
// memory (a page fault, trap 14), which the run must report as failed.
#include "types.h"
#include "user.h"

int
main(void)
{
  *(volatile int *)0x7ffff000 = 1;
  printf(1, "fault: still alive\n");
  exit();
}
