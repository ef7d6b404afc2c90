/* work.c: what the bare kernel profiles: three functions of one loop,
 * which run it 1, 2 and 4 times as long, so that they execute 1/7, 2/7
 * and 4/7 of the work's instructions (14.29%, 28.57%, 57.14%) and a
 * profile's shares can be checked against a known answer
 * (tests/integration/bare.sh). Copy the kernel, and this is the file to
 * replace with your own code. */
#include "bare.h"

/* Iterations of the shortest function: 2 instructions each (dec, jnz),
 * so a call of work_one() is about 20,000 instructions, and the few of
 * each call and return are 0.03% of it. */
#define UNIT 10000

/* n iterations of one loop, written in assembly so that the compiler
 * neither folds it away nor makes it differ between the three. */
#define SPIN(n) do { uint32_t i_ = (n); \
	__asm__ volatile("1: dec %0\n\tjnz 1b" : "+r"(i_) :: "cc"); } while (0)

__attribute__((noinline)) void work_one(void) { SPIN(UNIT); }
__attribute__((noinline)) void work_two(void) { SPIN(2 * UNIT); }
__attribute__((noinline)) void work_four(void) { SPIN(4 * UNIT); }

void work(uint32_t rounds)
{
	for (uint32_t r = 0; r < rounds; r++) {
		work_one();
		work_two();
		work_four();
	}
}
