/* demo.c: make xv6's program when PROG= names none, and its test's: three
 * functions whose shares of the instructions are known, 1 : 2 : 3 (each
 * loop's turn is the same four instructions; the calls around them are a
 * few millionths of the whole). `demo R` does R rounds (default 5). */
#include "types.h"
#include "user.h"

#define TURNS 1000000

// n turns of a four-instruction loop
#define LOOP(n) do { int k = (n); __asm__ volatile("1: nop\n\tnop\n\tdec %0\n\tjnz 1b" : "+r"(k)); } while(0)

__attribute__((noinline)) void one(void) { LOOP(TURNS); }
__attribute__((noinline)) void two(void) { LOOP(2 * TURNS); }
__attribute__((noinline)) void three(void) { LOOP(3 * TURNS); }

int
main(int argc, char *argv[])
{
  int rounds = argc > 1 ? atoi(argv[1]) : 5, r;

  for(r = 0; r < rounds; r++){
    one();
    two();
    three();
  }
  printf(1, "demo: %d rounds of one, two and three (1 : 2 : 3)\n", rounds);
  exit();
}
