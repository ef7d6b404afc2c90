/* clones.c: the source of an ELF test_lines.c reads, built at test time
 * (host/host.mk) with gcc -m32 -O2 -g, .text at 0: gcc makes copies
 * of its static functions under suffixed names, as it does of a user's
 * program (pinfo --annotate finds them by the function's name):
 * hotspot.constprop.0 (called with one constant k) and its unlikely part
 * hotspot.constprop.0.cold, scan.isra.0 (one field of the struct passed),
 * slowpath.part.0 (its quick test inlined into the callers). hotspot2 is
 * a function of its own, no copy of hotspot. */
struct big { int a, b, c, d, e, f, g, h; };
int sink;
void fail_hard(int) __attribute__((noreturn, cold, noinline));
void fail_hard(int x)
{
	sink = x;
	for (;;)
		;
}

/* constant propagation: only ever called with k == 3 */
static __attribute__((noinline)) int hotspot(int n, int k)
{
	int s = 0;
	for (int i = 0; i < n; i++)
		s += i * k;
	if (__builtin_expect(s == 12345, 0)) {
		sink = s * 7;
		fail_hard(s);
	}
	return s;
}

/* scalar replacement of an aggregate: only one field used */
static __attribute__((noinline)) int scan(const struct big *p, int n)
{
	int s = 0, c = p->c;
	for (int i = 0; i < n; i++)
		s += c * i;
	return s;
}

/* not a copy of hotspot: a function of its own */
int hotspot2(int x) { return x + 1; }

/* partial inlining: a quick test inlined, the rest apart */
static int slowpath(int x)
{
	if (x < 0)
		return 0;
	int s = 0;
	for (int i = 0; i < x; i++) {
		s += i * i;
		s ^= s >> 3;
		s += sink;
		sink += s & 1;
	}
	return s;
}

struct big g = { 1, 2, 3, 4, 5, 6, 7, 8 }, h2 = { 8, 7, 6, 5, 4, 3, 2, 1 };
void _start(void)
{
	sink = hotspot(sink, 3) + hotspot(sink + 1, 3);
	sink += scan(&g, sink) + scan(&h2, sink + 2);
	sink += slowpath(sink) + slowpath(sink - 5);
	for (;;)
		;
}
