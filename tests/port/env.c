/* env.c: the smallest environment a kernel gives the profiler module: the
 * required half of profkern/port.h and nothing else (no
 * prof_module_known(), which is optional), with the four functions GCC may
 * call in freestanding code. tests/port/port.mk compiles it and the module
 * as a foreign kernel would and links them with no library at all, so that
 * a symbol the contract does not name (libgcc's __udivdi3 among them)
 * fails the link. It is linked, never run. */
#include "profkern/port.h"

static unsigned char heap[1 << 20] __attribute__((aligned(64)));
static size_t used;

void *prof_zalloc(size_t size)
{
	void *p;

	size = (size + 63) & ~(size_t)63;
	if (size > sizeof heap - used)
		return 0;
	p = heap + used;
	used += size;
	return p;
}

void prof_release(void *p) { (void)p; }
uint32_t prof_clock_mask(void) { return 0; }
void prof_clock_restore(uint32_t state) { (void)state; }
void prof_clock_period(struct prof_period *p)
{
	p->clock_hz = 1000;
	p->base = 1;
	p->spread = 0;
}
int prof_ncpu(void) { return 1; }
int prof_cpu(void) { return 0; }
void prof_replan(int wait) { (void)wait; }

void *memcpy(void *d, const void *s, size_t n)
{
	unsigned char *a = d;
	const unsigned char *b = s;

	while (n--)
		*a++ = *b++;
	return d;
}

void *memmove(void *d, const void *s, size_t n)
{
	unsigned char *a = d;
	const unsigned char *b = s;

	if (a < b)
		return memcpy(d, s, n);
	while (n--)
		a[n] = b[n];
	return d;
}

void *memset(void *d, int c, size_t n)
{
	unsigned char *a = d;

	while (n--)
		*a++ = (unsigned char)c;
	return d;
}

int memcmp(const void *x, const void *y, size_t n)
{
	const unsigned char *a = x, *b = y;

	for (; n; n--, a++, b++)
		if (*a != *b)
			return *a - *b;
	return 0;
}

/* A kernel's use of it, every call of the minimum port: the link's entry. */
static struct prof_proc proc;
static unsigned char code[256];

static void sink(void *ctx, const void *data, size_t len)
{
	(void)ctx;
	(void)data;
	(void)len;
}

void port_start(void)
{
	struct prof_codeseg seg = { &proc, 0x1B, 1, 0x1000, sizeof code, "PROG",
				    prof_fingerprint(code, sizeof code), 0 };
	struct prof_snapshot snap;

	prof_proc_start(&proc, &seg, 1);
	prof_init(&proc, PT_USER, 0, &seg, 1);
	prof_on(&proc, PT_USER);
	prof_clock_tick(&proc, PROF_AT_USER(0), 0x1010, 0);
	prof_clock_tick(&proc, PROF_AT_KERNEL, 0x100000, 0);
	prof_off(&proc, PT_USER);
	prof_dump(&proc, PT_USER, 1000, "prog.dmp", sink, 0);
	if (!prof_dump_take(&proc, PT_USER, 1000, &snap)) {
		prof_dump_send(&snap, "prog.dmp", sink, 0);
		prof_dump_release(&snap);
	}
	prof_profil(&proc, code, sizeof code, 0x1000, 0x10000);
	prof_clear(&proc, PT_USER);
	prof_free(&proc, PT_USER);
	prof_exit(&proc);
}
