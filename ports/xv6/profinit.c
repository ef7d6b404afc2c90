/* profinit.c: the first process of a `make xv6` run, in init's place. It
 * runs each program of the run in turn (profruns.h, written by run.sh:
 * the argument vectors, and which programs are profiled whole), each
 * from its first instruction to its exit into NAME.pro unless it makes
 * Prof* calls of its own, all under a system profile (the kernel's
 * functions, idle, every process) dumped to system.pro; then QEMU exits.
 * No typed input: a run starts at the same virtual time every time. */
#include "types.h"
#include "param.h"
#include "user.h"
#include "fcntl.h"
#include "profxv6.h"
#include "profkern/profile.h"

// a program's line: its argument vector, and whether it is profiled whole
struct profrun {
  char *argv[MAXARG];
  int whole;
};
#include "profruns.h"
#define NRUNS ((int)(sizeof(runs) / sizeof(runs[0])))

int profsys(int op, ...);

static void
run(char **argv, int whole)
{
  int pid, rc;

  printf(1, "profinit: %s\n", argv[0]);
  pid = fork();
  if(pid < 0){
    printf(1, "profinit: %s: fork failed\n", argv[0]);
    return;
  }
  if(pid == 0){
    if(whole && (rc = profsys(PROFX_WHOLE)) != 0)
      printf(1, "profinit: %s: not profiled (error %d)\n", argv[0], rc);
    exec(argv[0], argv);
    printf(1, "profinit: %s: exec failed\n", argv[0]);
    exit();
  }
  while((rc = wait()) >= 0 && rc != pid)
    ;
}

int
main(void)
{
  int i, rc, sys;

  if(open("console", O_RDWR) < 0){
    mknod("console", 1, 1);
    open("console", O_RDWR);
  }
  dup(0);  // stdout
  dup(0);  // stderr
  rc = ProfInit(PT_SYSTEM | PT_VERBOSE, 0);
  if(rc == 0 && (rc = ProfOn(PT_SYSTEM)) != 0)
    ProfFree(PT_SYSTEM);
  sys = rc == 0;
  if(!sys)
    printf(1, "profinit: system.pro: no system profile (error %d)\n", rc);
  for(i = 0; i < NRUNS; i++)
    run(runs[i].argv, runs[i].whole);
  if(sys){
    ProfOff(PT_SYSTEM);
    if((rc = ProfDump(PT_SYSTEM, "system.pro")) != 0)
      printf(1, "profinit: system.pro: error %d\n", rc);
    ProfFree(PT_SYSTEM);
  }
  printf(1, "profinit: done\n");
  profsys(PROFX_HALT, 0);
  exit();
}
