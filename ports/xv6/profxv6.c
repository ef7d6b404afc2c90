/* profxv6.c: xv6's side of the profiler module's contract (profkern/port.h,
 * docs/porting.md): its environment, the system call of the Prof* calls,
 * the sampling clock, and the hooks exec, fork and exit call (apply.sh). */
#include "types.h"
#include "defs.h"
#include "param.h"
#include "mmu.h"
#include "proc.h"
#include "x86.h"
#include "elf.h"
#include "spinlock.h"
#include "sleeplock.h"
#include "profkern/port.h"
#include "profconf.h"		// PROF_XV6_HZ, written by the run

#define TICR (0x0380/4)		// the LAPIC's timer initial count (lapic.c's)
#define DEBUG_EXIT 0xf4		// QEMU's isa-debug-exit (scripts/xv6run.sh)
#define POOL (2 << 20)		// the module's memory: below 4 MiB, with xv6's image

// What xv6 keeps of a process for the module: one per slot of ptable,
// bound to it at its first hook (proc.h's prof points at pp).
struct profx {
  struct prof_proc pp;         // first: p->prof is &px[i].pp
  struct prof_codeseg seg;     // its code, once live
  char module[16];
  int live;                    // in the module: prof_proc_start() to prof_exit()
  int whole;                   // PROFX_WHOLE: its next exec is profiled whole
  int dumping;                 // profiled whole: dumped at its end
  uint loadlen, loadok;        // exec's executable segment (prof_xv6_load)
};
static struct profx px[NPROC];
static int npx;
static struct sleeplock calls; // the module's calls and px, one at a time
static struct prof_codeseg ktext;
static uint ticr, jitter[NCPU], acc[NCPU];
static volatile uint intick[NCPU];   // odd while that CPU's tick is in the module
extern char _text_start[], _text_end[];  // kernel.ld (apply.sh)

// ---- the environment -----------------------------------------------------
// A first-fit pool: xv6's kalloc() gives single pages, the module asks
// for blocks of 64 KiB and more. A block is a header of two words (its
// size in words, even, and bit 0 set while in use), then its data, 8-byte
// aligned; free neighbours merge as a search passes them.
#define WORDS (POOL / 4)
static uint pool[WORDS] __attribute__((aligned(8)));
void *prof_zalloc(size_t size)
{
  uint need = (size + 7) / 8 * 2, h, n;

  if(!pool[0] && !pool[1])
    pool[0] = WORDS - 2, pool[1] = 1;   // one free block; word 1: made
  for(h = 0; h < WORDS; h += 2 + (pool[h] & ~1u)){
    if(pool[h] & 1)
      continue;
    while(h + 2 + pool[h] < WORDS && !(pool[h + 2 + pool[h]] & 1))
      pool[h] += 2 + pool[h + 2 + pool[h]];
    if((n = pool[h]) < need)
      continue;
    if(n - need >= 4){   // the rest stays free
      pool[h + 2 + need] = n - need - 2;
      n = need;
    }
    pool[h] = n | 1;
    memset(&pool[h + 2], 0, n * 4);
    return &pool[h + 2];
  }
  return 0;
}
void prof_release(void *p) { if(p) ((uint *)p)[-2] &= ~1u; }

uint32_t prof_clock_mask(void) { pushcli(); return 0; }
void prof_clock_restore(uint32_t state) { (void)state; popcli(); }
int prof_ncpu(void) { return ncpu; }
int prof_cpu(void) { int c; pushcli(); c = cpuid(); popcli(); return c; }

// The LAPIC counts at 10^9 a second under QEMU (xv6's 10^7 counts are
// its 100 Hz); each period is drawn from base + [0, base/4).
void prof_clock_period(struct prof_period *p)
{
  p->clock_hz = 1000000000;
  p->base = ticr - ticr / 8;
  p->spread = ticr / 4;
}

void prof_replan(int wait)
{
  int me = prof_cpu(), c;
  uint s;
  __sync_synchronize();
  for(c = 0; wait && c < ncpu; c++)
    if(c != me && ((s = intick[c]) & 1))
      while(intick[c] == s)
        ;
}

// ---- the clock ---------------------------------------------------------------
uint prof_xv6_ticr(uint count)
{
  if(!ticr){   // lapicinit() on the boot CPU, before any process
    ticr = count * 100 / PROF_XV6_HZ;
    initsleeplock(&calls, "prof");
  }
  return ticr;
}

// Every CPU's LAPIC timer, at HZ: a sample of what it interrupted, and
// one time in HZ/100 xv6's own tick too (return 0).
int prof_xv6_tick(struct trapframe *tf)
{
  int c = cpuid();
  struct proc *p = mycpu()->proc;
  uint r = jitter[c] ? jitter[c] : 2463534242u + c;

  intick[c]++;
  if(!p || p->prof)   // (a process without one is in no profile)
    prof_clock_tick(p ? p->prof : 0, (tf->cs & 3) ? PROF_AT_USER(0) : PROF_AT_KERNEL,
                    tf->eip, tf->ebp);
  intick[c]++;
  r ^= r << 13; r ^= r >> 17; r ^= r << 5;   // xorshift32: the next period
  jitter[c] = r;
  lapic[TICR] = ticr - ticr / 8 + r % (ticr / 4);
  acc[c] += 100;
  if(acc[c] < PROF_XV6_HZ)
    return 1;
  acc[c] -= PROF_XV6_HZ;
  return 0;
}

// ---- processes (calls held) ---------------------------------------------------
static struct profx *of(struct proc *p)
{
  if(!p->prof)
    p->prof = &px[npx++].pp;   // ptable has NPROC slots: so has px
  return (struct profx *)p->prof;
}

// A process's image, in the profiles from now on.
static void start(struct profx *x, struct prof_codeseg *seg)
{
  x->seg = *seg;
  x->seg.owner = &x->pp;
  x->seg.module = x->module;
  x->live = 1;
  prof_proc_start(&x->pp, &x->seg, 1);
}

static void sink(void *ctx, const void *data, size_t len)
{
  const uchar *b = data;
  (void)ctx;
  while(len--)
    uartputc(*b++);
}

// A dump, taken under the calls' lock (held), sent without it.
static int dump(struct proc *p, int type, char *name)
{
  struct prof_snapshot snap;
  int err = prof_dump_take(p->prof, type, PROF_XV6_HZ, &snap);
  releasesleep(&calls);
  if(!err){
    prof_dump_send(&snap, name, sink, 0);
    prof_dump_release(&snap);
  }
  acquiresleep(&calls);
  return err;
}

// The end of an image: its whole profile dumped (NAME.pro), then gone.
static void end(struct proc *p)
{
  struct profx *x = of(p);
  char name[sizeof(x->module) + 4];
  int err;

  if(x->dumping){
    x->dumping = 0;
    prof_off(&x->pp, PT_USER);
    safestrcpy(name, x->module, sizeof(x->module));
    memmove(name + strlen(name), ".pro", 5);
    if((err = dump(p, PT_USER, name)) != 0)
      cprintf("profxv6: %s: error %d\n", name, err);
  }
  if(x->live)
    prof_exit(&x->pp);
  x->live = 0;
  pushcli();   // zeroed for the next image (a tick here reads it)
  memset(&x->pp, 0, sizeof(x->pp));
  popcli();
}

void prof_xv6_load(struct proc *p, struct proghdr *ph)
{
  acquiresleep(&calls);
  if(ph->flags & ELF_PROG_FLAG_EXEC){
    of(p)->loadok = ph->vaddr == 0;
    of(p)->loadlen = ph->memsz;
  }
  releasesleep(&calls);
}

void prof_xv6_exec(struct proc *p)
{
  struct profx *x;
  struct prof_codeseg seg = { 0, SEG_UCODE << 3 | DPL_USER, 1, 0, 0, 0, 0, 0 };

  acquiresleep(&calls);
  x = of(p);
  end(p);
  safestrcpy(x->module, p->name, sizeof(x->module));
  if(x->loadok && x->loadlen <= p->sz){   // the image as loaded, before it runs
    seg.length = x->loadlen;
    seg.fingerprint = prof_fingerprint((void *)0, x->loadlen);
    start(x, &seg);
    if(x->whole && prof_init(&x->pp, PT_USER, 0, &x->seg, 1) == 0)
      x->dumping = prof_on(&x->pp, PT_USER) == 0;
  }
  x->whole = 0;
  x->loadlen = x->loadok = 0;
  releasesleep(&calls);
}

void prof_xv6_fork(struct proc *np, struct proc *parent)
{
  struct profx *x, *from;

  acquiresleep(&calls);
  x = of(np), from = of(parent);
  x->live = x->whole = x->dumping = 0;
  safestrcpy(x->module, from->module, sizeof(x->module));
  if(from->live)
    start(x, &from->seg);
  releasesleep(&calls);
}

void prof_xv6_exit(struct proc *p)
{
  acquiresleep(&calls);
  end(p);
  releasesleep(&calls);
}

// ---- the calls: sys_prof(op, ...) (profxv6.h) -------------------------------------
static int init(struct proc *p, int type)
{
  static char list[PROF_MODLIST_MAX + 2];
  static struct prof_codeseg segs[NPROC + 1];
  int addr, n = 0, i;

  if(argint(2, &addr) < 0 || (addr && (uint)addr >= p->sz))
    return -PROF_EINVAL;
  if(addr){   // as much as there is, up to the most a list may hold
    i = p->sz - addr < PROF_MODLIST_MAX ? p->sz - addr : PROF_MODLIST_MAX;
    memmove(list, (char *)addr, i);
    list[i] = list[i + 1] = 0;
  }
  if(type & PT_USER){
    if(!of(p)->live)
      return -PROF_EINVAL;
    segs[n++] = of(p)->seg;
  } else {
    for(i = 0; i < npx; i++)
      if(px[i].live)
        segs[n++] = px[i].seg;
    if(!ktext.length){
      ktext.selector = SEG_KCODE << 3;
      ktext.segno = 1;
      ktext.origin = (uint)_text_start;
      ktext.length = _text_end - _text_start;
      ktext.module = PROF_KERNEL_MODULE;
      ktext.fingerprint = prof_fingerprint(_text_start, ktext.length);
    }
    segs[n++] = ktext;
  }
  return prof_init(p->prof, type, addr ? list : 0, segs, n);
}

static int call(struct proc *p, int op, int type)
{
  char *name, *buf;
  int size, off, scale;

  switch(op){
  case PROFX_INIT: return init(p, type);
  case PROFX_ON: return prof_on(p->prof, type);
  case PROFX_OFF: return prof_off(p->prof, type);
  case PROFX_CLEAR: return prof_clear(p->prof, type);
  case PROFX_FREE: return prof_free(p->prof, type);
  case PROFX_DUMP:
    if(argstr(2, &name) < 0)
      return -PROF_EINVAL;
    return dump(p, type, name);
  case PROFX_PROFIL:   // a buffer not in the caller's memory: off, as scale 0
    if(argint(2, &size) < 0 || argint(3, &off) < 0 || argint(4, &scale) < 0)
      return -PROF_EINVAL;
    if(size < 0 || argptr(1, &buf, size) < 0)
      buf = 0;
    prof_profil(p->prof, (uchar *)buf, size, off, scale);
    return 0;
  case PROFX_WHOLE:
    of(p)->whole = 1;
    return 0;
  case PROFX_HALT:
    outb(DEBUG_EXIT, type);
    return 0;
  }
  return -PROF_EINVAL;
}

int sys_prof(void)
{
  struct proc *p = myproc();
  int op, type = 0, err;

  if(argint(0, &op) < 0)
    return -PROF_EINVAL;
  argint(1, &type);
  acquiresleep(&calls);
  of(p);
  err = call(p, op, type);
  releasesleep(&calls);
  return err;
}
