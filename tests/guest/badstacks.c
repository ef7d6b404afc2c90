/* badstacks.c: hostile frame-pointer chains under call-stack sampling.
 * Run as `profrun /stacks badstacks`: the program spins with EBP at each
 * value below, and with EBP on chains it built in its own data (a loop onto
 * itself, a cycle of two, a chain that runs downwards, one deeper than the
 * sampler's 64 frames, return addresses past the code limit, a last frame
 * that straddles the data limit), while the timer samples its stack. The
 * sampler reads only through the windows the kernel set (docs/stacks.md):
 * whatever EBP holds, the kernel must not fault (a CPU that checks every
 * limit, Bochs, included), and the program must end as it began. It
 * prints how many values it went through and exits 0. */
#include <stdio.h>
#include <stdint.h>

static uint32_t limit;			/* the data segment's size */
static uint32_t chain[256];		/* frames: [0] the saved EBP, [1] the return address */

/* Spins with EBP = fp for n rounds; EBP is the caller's again after. */
static void spin_with(uint32_t fp, uint32_t n)
{
	__asm__ volatile("push %%ebp\n"
			 "mov %1, %%ebp\n"
			 "1: dec %0\n"
			 "jnz 1b\n"
			 "pop %%ebp"
			 : "+r"(n) : "r"(fp) : "memory", "cc");
}

#define AT(i) ((uint32_t)(uintptr_t)&chain[i])

int main(void)
{
	uint32_t code, values[32];
	int n = 0;

	__asm__("lsl %1, %0" : "=r"(limit) : "r"(0x0F));
	limit += 1;
	__asm__("lsl %1, %0" : "=r"(code) : "r"(0x07));
	code += 1;

	/* Plain values: null, the guard page, the top of the address space,
	 * at and around the data limit, odd, the kernel's addresses, code. */
	values[n++] = 0;
	values[n++] = 0x10;
	values[n++] = 0xFFFFFFFF;
	values[n++] = 0xFFFFFFFC;
	values[n++] = limit - 8;	/* both words the segment's last */
	values[n++] = limit - 7;
	values[n++] = limit - 4;	/* the return address past the limit */
	values[n++] = limit;
	values[n++] = 0x00100000;	/* where the kernel is, linear */
	values[n++] = 0xC0000000;
	values[n++] = code - 4;

	/* A frame onto itself. */
	chain[0] = AT(0);
	chain[1] = 0x40;
	values[n++] = AT(0);
	/* A cycle of two. */
	chain[2] = AT(4);
	chain[3] = 0x40;
	chain[4] = AT(2);
	chain[5] = 0x44;
	values[n++] = AT(2);
	/* Downwards: each saved EBP below its frame. */
	chain[10] = AT(8);
	chain[11] = 0x40;
	chain[8] = AT(6);
	chain[9] = 0x40;
	chain[6] = 0;
	chain[7] = 0x40;
	values[n++] = AT(10);
	/* Deeper than 64 frames: 100, each 8 bytes above the one before. */
	for (int i = 0; i < 100; i++) {
		chain[20 + 2 * i] = AT(22 + 2 * i);
		chain[21 + 2 * i] = 0x40 + (uint32_t)i;
	}
	chain[218] = 0;
	values[n++] = AT(20);
	/* Return addresses past the code limit, and at 0xFFFFFFFF. */
	chain[230] = AT(232);
	chain[231] = code;
	chain[232] = AT(234);
	chain[233] = 0xFFFFFFFF;
	chain[234] = limit - 8;		/* then the segment's last frame */
	chain[235] = code + 0x1000;
	values[n++] = AT(230);

	for (int i = 0; i < n; i++)
		spin_with(values[i], 300000);
	printf("badstacks: %d hostile frame pointers sampled, the kernel lives\n", n);
	return 0;
}
