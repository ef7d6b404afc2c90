/* test_setjmp.c: setjmp and longjmp (setjmp.c). The guests run the i386
 * version; the host runs the x86-64 one, written step for step the same
 * way: save the registers a call preserves, the stack pointer after the
 * return and the return address; restore them and jump. The tests: the
 * values setjmp returns, a jump up through many frames, registers that the
 * jump must give back although the frames below clobbered them, and a
 * stack pointer that is back where it was after any number of jumps. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#define LIBC(name) u_##name
#include "../../user/lib/setjmp.c"

typedef long u_jmp_buf[8];
int u_setjmp(u_jmp_buf env) __attribute__((returns_twice));
void u_longjmp(u_jmp_buf env, int val) __attribute__((noreturn));

static u_jmp_buf env;

static void __attribute__((noinline)) jump(int val)
{
	u_longjmp(env, val);
}

/* 0 at first; then the value given to longjmp, and 1 for 0. */
static void test_return_values(void **state)
{
	static const int vals[] = { 1, 2, -1, 12345, 0 };
	volatile size_t i = 0;
	int r;

	(void)state;
	r = u_setjmp(env);
	if (i > 0)
		assert_int_equal(r, vals[i - 1] == 0 ? 1 : vals[i - 1]);
	else
		assert_int_equal(r, 0);
	if (i < sizeof vals / sizeof *vals)
		jump(vals[i++]);
	assert_int_equal(i, sizeof vals / sizeof *vals);
}

static int __attribute__((noinline)) recurse(int depth)
{
	volatile char pad[64];

	pad[0] = (char)depth;
	if (depth < 0)
		return 0;
	if (depth == 0)
		jump(77);
	return recurse(depth - 1) + pad[0];
}

/* A jump from 1000 calls down comes back with its value. */
static void test_jump_up_many_frames(void **state)
{
	(void)state;
	if (u_setjmp(env) == 0) {
		recurse(1000);
		fail_msg("longjmp returned");
	}
}

/* Clobbers every register that a call must preserve, then jumps. */
static void __attribute__((noinline)) clobber_and_jump(void)
{
	__asm__ volatile("movq $-1, %%rbx; movq $-2, %%r12; movq $-3, %%r13; movq $-4, %%r14; "
			 "movq $-5, %%r15"
			 ::: "rbx", "r12", "r13", "r14", "r15");
	jump(5);
}

/* Values held in preserved registers across setjmp come back intact: the
 * compiler keeps them in RBX, R12-R15 (and RBP), which the jump restores.
 * They do not change between setjmp and longjmp, so C says they keep their
 * values; gcc's warning that they might not is only a caution. */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wclobbered"
static void test_registers_restored(void **state)
{
	register long a __asm__("rbx") = 0x1111;
	register long b __asm__("r12") = 0x2222;
	register long c __asm__("r13") = 0x3333;
	register long d __asm__("r14") = 0x4444;
	register long e __asm__("r15") = 0x5555;

	(void)state;
	__asm__ volatile("" : "+r"(a), "+r"(b), "+r"(c), "+r"(d), "+r"(e));
	if (u_setjmp(env) == 0)
		clobber_and_jump();
	__asm__ volatile("" : "+r"(a), "+r"(b), "+r"(c), "+r"(d), "+r"(e));
	assert_int_equal(a, 0x1111);
	assert_int_equal(b, 0x2222);
	assert_int_equal(c, 0x3333);
	assert_int_equal(d, 0x4444);
	assert_int_equal(e, 0x5555);
}
#pragma GCC diagnostic pop

/* After 100000 jumps the stack pointer is where it was: nothing leaks. */
static void test_stack_does_not_grow(void **state)
{
	volatile int n = 0;
	volatile uintptr_t first = 0;
	char here;

	(void)state;
	u_setjmp(env);
	if (first == 0)
		first = (uintptr_t)&here;
	assert_true((uintptr_t)&here == first);
	if (++n < 100000)
		recurse(3);
	assert_int_equal(n, 100000);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_return_values),
		cmocka_unit_test(test_jump_up_many_frames),
		cmocka_unit_test(test_registers_restored),
		cmocka_unit_test(test_stack_does_not_grow),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
