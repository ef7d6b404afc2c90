/* tiny.c: the source of tiny.elf, a guest-shaped ELF32 for test_map.c:
 * .text at 0 in one PT_LOAD, data at 0x10000 in another.
 * gcc -m32 -O1 -ffreestanding -fno-pic -fno-pie -nostdlib -static -no-pie \
 *     -Wl,-Ttext=0 -Wl,-Tdata=0x10000 -Wl,-e,_start -Wl,--build-id=none \
 *     tiny.c -o tiny.elf && nm tiny.elf > tiny.nm */
int counter = 1;
static int hits[4];
const char message[] = "tiny";

static int helper(int x)
{
	hits[x & 3]++;
	return x * 3 + message[x & 3];
}

__attribute__((weak)) int hook(int x)
{
	return x + 1;
}

int compute(int n)
{
	int s = 0, i;

	for (i = 0; i < n; i++)
		s += helper(i) + hook(i);
	return s;
}

void _start(void)
{
	counter = compute(counter + 10);
	for (;;)
		;
}
