# cases/makerun-null.sh (sourced by run.sh): NULL pointers and the stack: each fault named.
#
# A NULL pointer faults, and the fault line says so: the data segment's
# first page is unmapped (docs/memory.md). A write (the outside user's
# example), a read, a write through what malloc returned when its heap ran
# out, and a call through a NULL function pointer (the ud2 at code offset 0)
# each fail the run by name. The guard page is not taken from STACK=: a
# program that uses over 60 KiB of a 64 KiB stack runs, and overflows one
# of 60 KiB; with no stack at all (STACK=0) the loader refuses it.
# heapout's 100000-byte blocks: the heap grows to what the machine's memory
# (MEM, 128 MiB) leaves, over 1000 blocks (the old library's fixed 1 MiB
# heap held 10), and malloc gives NULL past that, never a fault.
heapout_blocks() {
	n=$(sed -n 's/^| heapout: \([0-9]*\) blocks, then NULL$/\1/p' "$log")
	[ -n "$n" ] && [ "$n" -ge 1000 ] || { fail "heapout: $(grep 'heapout:' "$log" | head -2)"; return 1; }
}
name=makerun-null log=$out/makerun-null.log dir=$out/makerun-null
src=$(mktemp -d)
cat > "$src/nullwrite.c" <<-'EOF'
#include <stdio.h>
#include <string.h>
int main(int argc, char **argv)
{
	int *p = (int *)(long)(argc - 1);
	(void)argv;
	p[0] = 42;
	p[100] = 7;
	strcpy((char *)p, "hello");
	printf("nullwrite: not reached\n");
	return 0;
}
EOF
cat > "$src/nullread.c" <<-'EOF'
#include <stdio.h>
int main(int argc, char **argv)
{
	volatile int *p = (int *)(long)(argc - 1);
	(void)argv;
	printf("nullread: %d, not reached\n", p[10]);
	return 0;
}
EOF
cat > "$src/heapout.c" <<-'EOF'
#include <stdio.h>
#include <stdlib.h>
int main(void)
{
	char *q;
	int n = 0;
	while ((q = malloc(100000)) != NULL)
		n++;
	printf("heapout: %d blocks, then NULL\n", n);
	q[5] = 1;
	printf("heapout: not reached\n");
	return 0;
}
EOF
cat > "$src/nullcall.c" <<-'EOF'
#include <stdio.h>
int main(int argc, char **argv)
{
	void (*f)(void) = (void (*)(void))(long)(argc - 1);
	(void)argv;
	f();
	printf("nullcall: not reached\n");
	return 0;
}
EOF
# a NULL store in a named function, on a known line (10): the console's
# fault line and make run's name the function and the line
cat > "$src/advance.c" <<-'EOF'
#include <stdio.h>
struct body { double x, v; };
__attribute__((noinline)) void bodies_advance(struct body *b, int n)
{
	int i;
	for (i = 0; i < n; i++)
		b[i].x += b[i].v;
	if (n > 2) {
		volatile int *p = (int *)(long)(n - 3);
		*p = 1;
	}
}
int main(int argc, char **argv)
{
	struct body b[3] = { { 0, 1 }, { 1, 2 }, { 2, 3 } };
	(void)argv;
	bodies_advance(b, argc + 2);
	printf("advance: not reached\n");
	return 0;
}
EOF
cat > "$src/fullstack.c" <<-'EOF'
#include <stdio.h>
static unsigned long deepest;
static int down(int n)
{
	volatile char pad[1000];
	pad[0] = (char)n;
	if (!n)
		deepest = (unsigned long)pad;
	return n ? down(n - 1) + pad[0] : 0;
}
int main(void)
{
	char top;
	int sum = down(60);
	printf("fullstack: %d, %lu bytes of stack\n", sum, (unsigned long)&top - deepest);
	return 0;
}
EOF
# (each fault line names the function and source line of the code that
# faulted: docs/running.md, "Fault lines"; but the NULL function
# pointer's offset 0, crt0's trap, is no function of the program;
# nullwrite's first store is line 7's or line 8's, as gcc orders them)
pf="#PF error 0x000[46] at 0007:[0-9a-f]* in main+0x[0-9a-f]* (nullwrite.c:[78]), linear 80000[0-9a-f][0-9a-f][0-9a-f], null pointer, ended"
adv="advance\[[0-9]*\]: #PF error 0x0006 at 0007:[0-9a-f]* in bodies_advance+0x[0-9a-f]*"
if $make --no-print-directory run PROG="$src/nullwrite.c $src/nullread.c $src/heapout.c $src/nullcall.c $src/advance.c" > "$log" 2>&1; then
	fail "make run passed with five NULL references"
elif { grep -q "^make run: nullwrite failed: nullwrite\[[0-9]*\]: $pf$" "$log" || fail "nullwrite: $(grep 'nullwrite' "$log" | tail -2)"; } &&
     { grep -q "^make run: nullread failed: nullread\[[0-9]*\]: #PF error 0x0004 at 0007:[0-9a-f]* in main+0x[0-9a-f]* (nullread.c:6), linear 80000028, null pointer, ended$" "$log" ||
       fail "nullread: $(grep 'nullread' "$log" | tail -2)"; } &&
     { grep -q "^make run: heapout failed: heapout\[[0-9]*\]: #PF error 0x0006 at 0007:[0-9a-f]* in main+0x[0-9a-f]* (heapout.c:10), linear 80000005, null pointer, ended$" "$log" ||
       fail "heapout: $(grep 'heapout' "$log" | tail -2)"; } &&
     { grep -q "^make run: nullcall failed: nullcall\[[0-9]*\]: #UD error 0x0000 at 0007:00000000, null function pointer, ended$" "$log" ||
       fail "nullcall: $(grep 'nullcall' "$log" | tail -2)"; } &&
     { grep -q "^$adv (advance.c:10), linear 80000000, null pointer, ended$" "$log" ||
       fail "advance, the console's line: $(grep 'advance' "$log" | tail -3)"; } &&
     { grep -q "^make run: advance failed: $adv (advance.c:10), linear 80000000, null pointer, ended$" "$log" ||
       fail "advance, make run's line: $(grep 'advance' "$log" | tail -3)"; } &&
     { blocks=$(sed -n 's/^| heapout: \([0-9]*\) blocks, then NULL$/\1/p' "$log"); [ "${blocks:-0}" -gt 1000 ] ||
       fail "heapout: '$blocks' blocks of 100000 bytes before NULL, wanted the heap to grow past 100 MB (MEM=128)"; } &&
     hasnot "not reached" && line_is "make run: 5 programs ran, 5 failed"; then
	if $make --no-print-directory run PROG="$src/advance.c" PROG_CFLAGS=-g0 > "$log.5" 2>&1 ||
	   ! grep -q "^$adv, linear 80000000, null pointer, ended$" "$log.5" ||
	   ! grep -q "^make run: advance failed: $adv, linear 80000000, null pointer, ended$" "$log.5"; then
		fail "advance without -g: $(grep 'advance' "$log.5" | tail -3)"
	elif ! $make --no-print-directory run PROG="$src/fullstack.c" STACK=65536 > "$log.2" 2>&1; then
		fail "fullstack at STACK=65536: $(grep 'fullstack\|failed' "$log.2" | tail -3)"
	elif ! used=$(sed -n 's/^| fullstack: 1830, \([0-9]*\) bytes of stack$/\1/p' "$log.2") || [ -z "$used" ] || [ "$used" -le 61440 ]; then
		fail "fullstack used ${used:-no} bytes, wanted over 61440: $(grep 'fullstack' "$log.2" | tail -2)"
	elif $make --no-print-directory run PROG="$src/fullstack.c" STACK=61440 > "$log.3" 2>&1 ||
	     ! grep -q "^make run: fullstack failed: fullstack\[[0-9]*\]: #PF .*, stack overflow, ended$" "$log.3"; then
		fail "fullstack at STACK=61440 did not overflow: $(grep 'fullstack' "$log.3" | tail -2)"
	elif $make --no-print-directory run PROG="$src/fullstack.c" STACK=0 > "$log.4" 2>&1 ||
	     ! grep -q "^spawn: fullstack: no room for a stack below the data (at 0x1000; the stack starts at 0x1000, above the guard page, and needs 256 bytes)$" "$log.4"; then
		fail "fullstack at STACK=0 was not refused: $(grep 'fullstack' "$log.4" | tail -2)"
	else
		pass
	fi
fi
rm -rf "$src"
