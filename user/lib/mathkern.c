/* mathkern.c: the long double kernels of the math functions (mathimpl.h).
 * Their polynomials are Taylor series, truncated where the next term falls
 * below 2^-70 of the result on the kernel's interval. */
#include "mathimpl.h"

static const ld inv_fact[] = INV_FACT;		/* 1/n! */
static const ld inv_odd[] = INV_ODD;		/* 1/(2n+1) */
static const ld atan_j_hi[] = ATAN_J_HI;	/* atan(j/8) */
static const ld atan_j_lo[] = ATAN_J_LO;
static const uint32_t two_over_pi[] = TWO_OVER_PI;

/* e^r - 1 for |r| <= 0.35: to r^17 (r^18/18! < 2^-80 r). */
ld expm1_kernel(ld r)
{
	ld p = inv_fact[17];

	for (int n = 16; n >= 1; n--)
		p = p * r + inv_fact[n];
	return p * r;
}

/* e^r for |r| <= 0.35. */
ld exp_kernel(ld r)
{
	return 1 + expm1_kernel(r);
}

/* e^(xh + xl), |xh| < 1400, |xl| tiny beside xh: xh = k ln2 + r, with
 * k ln2 taken off exactly (k LN2_HI is exact, and so is the difference). */
ld exp_ld(ld xh, ld xl)
{
	ld k = round_ld(xh * INV_LN2);
	ld r = ((xh - k * LN2_HI) - k * LN2_LO) + xl;

	return exp_kernel(r) * pow2_ld((int)k);
}

/* e^x - 1, |x| < 1400, without the cancellation near 0. */
ld expm1_ld(ld x)
{
	if (x >= -0.34L && x <= 0.34L)
		return expm1_kernel(x);
	return exp_ld(x, 0) - 1;
}

/* log x for x > 0 finite, as *lo plus the result (the sum good to about
 * 2^-70 relative). x = 2^e m, m in [sqrt(1/2), sqrt(2)); log m = 2 atanh s,
 * s = (m - 1)/(m + 1), |s| < 0.172, as 2s (with s's rounding error kept in
 * sl) plus 2s (s^2/3 + s^4/5 + ...). */
ld log_ld(ld x, ld *lo)
{
	ld m, f, d, s, p, pe, sl, z, t, hi, mid, h, err;
	int e = split_ld(x, &m);

	if (m > SQRT2) {
		m *= 0.5L;
		e++;
	}
	f = m - 1;		/* exact */
	d = m + 1;		/* exact for m of up to 63 bits, as any double's */
	s = f / d;
	two_prod(s, d, &p, &pe);
	sl = ((f - p) - pe) / d;	/* f - s d, exact, over d */
	z = s * s;
	t = inv_odd[13];	/* to s^26/27: z^14/29 < 2^-75 */
	for (int n = 12; n >= 1; n--)
		t = t * z + inv_odd[n];
	t *= z;
	hi = 2 * s;
	mid = 2 * sl + hi * t;
	two_sum(e * LN2_HI, hi, &h, &err);
	fast_two_sum(h, err + (mid + e * LN2_LO), &hi, lo);
	return hi;
}

/* 32 bits of 2/pi from bit number start on, bit 1 being the first after
 * the point (the bits before it are 0). */
static uint32_t bits_2pi(int start)
{
	int p = start - 1, w, sh;
	const int words = (int)(sizeof two_over_pi / sizeof *two_over_pi);

	if (p < 0)
		return p <= -32 ? 0 : two_over_pi[0] >> -p;
	w = p / 32;
	sh = p % 32;
	if (w >= words)
		return 0;
	if (sh == 0)
		return two_over_pi[w];
	return two_over_pi[w] << sh | (w + 1 < words ? two_over_pi[w + 1] >> (32 - sh) : 0);
}

/* x = n pi/2 + r, |r| <= pi/4 (a hair more at most): returns n mod 4, and
 * r as *rh + *rl. Payne and Hanek's way, in integers: for x = m 2^e, the
 * bits of 2/pi that give x 2/pi modulo 4 start at bit e - 1; 192 of them
 * times m give the quadrant and 190 bits of fraction. The closest a double
 * comes to a multiple of pi/2 leaves a fraction of about 2^-61, so at least
 * 128 bits of it are right, and the top 128 make r. */
int rem_pio2(double x, ld *rh, ld *rl)
{
	uint64_t b = bits_of(x), m, a2, a1, a0;
	uint32_t wl[6], p[8] = { 0 };
	uint64_t carry;
	int e, n, i, lz, flip = 0;
	ld fh, fl, ph, pe, r;

	if (abs_of(x) <= PIO4_HI) {
		*rh = x;
		*rl = 0;
		return 0;
	}
	e = (int)(b >> 52 & 0x7ff) - 1075;
	m = (b & ((1ULL << 52) - 1)) | 1ULL << 52;
	for (i = 0; i < 6; i++)	/* the window, least significant word first */
		wl[5 - i] = bits_2pi(e - 1 + 32 * i);
	/* p = m * window (53 + 192 bits) */
	carry = 0;
	for (i = 0; i < 6; i++) {
		uint64_t t = (uint64_t)(uint32_t)m * wl[i] + carry;

		p[i] = (uint32_t)t;
		carry = t >> 32;
	}
	p[6] = (uint32_t)carry;
	carry = 0;
	for (i = 0; i < 6; i++) {
		uint64_t t = (m >> 32) * wl[i] + p[i + 1] + carry;

		p[i + 1] = (uint32_t)t;
		carry = t >> 32;
	}
	p[7] = (uint32_t)carry;
	/* x 2/pi = p / 2^190 (mod 4): bits 190 and 191 are n, those below the fraction */
	n = (int)(p[5] >> 30);
	p[5] &= 0x3fffffff;
	if (p[5] >> 29) {	/* a fraction of 1/2 or more: one quadrant on, r negative */
		n++;
		flip = 1;
		carry = 1;
		for (i = 0; i < 6; i++) {	/* p = 2^190 - p */
			uint64_t t = (uint64_t)(uint32_t)~p[i] + carry;

			p[i] = (uint32_t)t;
			carry = t >> 32;
		}
		p[5] &= 0x3fffffff;
	}
	a2 = (uint64_t)p[5] << 32 | p[4];
	a1 = (uint64_t)p[3] << 32 | p[2];
	a0 = (uint64_t)p[1] << 32 | p[0];
	/* the fraction is a2:a1:a0 / 2^190; bring its top bit to bit 63 of a2 */
	for (lz = 0; a2 == 0 && lz < 128; lz += 64) {
		a2 = a1;
		a1 = a0;
		a0 = 0;
	}
	if (a2 != 0 && !(a2 >> 63)) {
		int z = __builtin_clzll(a2);

		a2 = a2 << z | a1 >> (64 - z);
		a1 = a1 << z | a0 >> (64 - z);
		a0 <<= z;
		lz += z;
	}
	fh = (ld)a2 * pow2_ld(-62 - lz);
	fl = (ld)a1 * pow2_ld(-126 - lz);
	/* r = (fh + fl) pi/2 */
	two_prod(fh, PIO2_HI, &ph, &pe);
	r = pe + (fh * PIO2_LO + fl * PIO2_HI);
	fast_two_sum(ph, r, rh, rl);
	if (flip) {
		*rh = -*rh;
		*rl = -*rl;
	}
	if (b >> 63) {		/* x < 0: -x reduced, then everything negated */
		*rh = -*rh;
		*rl = -*rl;
		n = -n;
	}
	return n & 3;
}

/* sin(rh + rl), |rh| <= pi/4 + a hair, |rl| < 2^-63 |rh|: to r^19
 * (r^21/21! < 2^-72 r). */
ld sin_kernel(ld rh, ld rl)
{
	ld z = rh * rh, p = -inv_fact[19];

	for (int k = 8; k >= 1; k--)
		p = p * z + (k & 1 ? -inv_fact[2 * k + 1] : inv_fact[2 * k + 1]);
	return rh + (rh * z * p + rl * (1 - 0.5L * z));
}

/* cos(rh + rl), as sin_kernel: to r^20 (r^22/22! < 2^-77). */
ld cos_kernel(ld rh, ld rl)
{
	ld z = rh * rh, p = inv_fact[20];

	for (int k = 9; k >= 2; k--)
		p = p * z + (k & 1 ? -inv_fact[2 * k] : inv_fact[2 * k]);
	return 1 + ((-0.5L * z + z * z * p) - rh * rl);
}

/* sin(rh + rl) as sin_kernel, but as *lo plus the result, good to about
 * 2^-72 relative (for the few results sin_kernel leaves too close to a
 * midpoint between two doubles): rh - rh^3/6 + rh^5/120 in two long doubles
 * (rh^2 exact, the powers of rh and 1/3!, 1/5! in two parts), then the rest
 * of the series to r^19 (r^21/21! < 2^-72 r) and rl's share (rl cos rh, to
 * rh^4/24), each far below rh. About 200 instructions more. */
ld sin_pair(ld rh, ld rl, ld *lo)
{
	ld zh, zl, th, tl, uh, ul, fh, fl, vh, vl, sh, se, hi, q = -inv_fact[19];

	two_prod(rh, rh, &zh, &zl);
	for (int k = 8; k >= 3; k--)
		q = q * zh + (k & 1 ? -inv_fact[2 * k + 1] : inv_fact[2 * k + 1]);
	two_prod(rh, zh, &th, &tl);	/* rh^3 = th + tl */
	tl += rh * zl;
	two_prod(th, zh, &fh, &fl);	/* rh^5 = fh + fl */
	fl += th * zl + tl * zh;
	two_prod(th, INV6_HI, &uh, &ul);	/* rh^3/6 = uh + ul */
	ul += th * INV6_LO + tl * INV6_HI;
	two_prod(fh, INV120_HI, &vh, &vl);	/* rh^5/120 = vh + vl */
	vl += fh * INV120_LO + fl * INV120_HI;
	fast_two_sum(rh, -uh, &sh, &se);
	fast_two_sum(sh, vh, &sh, &hi);
	se += hi;
	fast_two_sum(sh, (se + (vl - ul)) + (fh * zh * q + rl * (1 - zh * (0.5L - zh * INV24_HI))),
		     &hi, lo);
	return hi;
}

/* cos(rh + rl), as sin_pair: 1 - rh^2/2 + rh^4/24 in two long doubles,
 * then the series to r^20 (r^22/22! < 2^-77) and rl's share (-rl sin rh,
 * to rh^3/6). */
ld cos_pair(ld rh, ld rl, ld *lo)
{
	ld zh, zl, wh, wl, vh, vl, ch, ce, sh, se, hi, q = inv_fact[20];

	two_prod(rh, rh, &zh, &zl);
	for (int k = 9; k >= 3; k--)
		q = q * zh + (k & 1 ? -inv_fact[2 * k] : inv_fact[2 * k]);
	two_prod(zh, zh, &wh, &wl);	/* rh^4 = wh + wl */
	wl += 2 * zh * zl;
	two_prod(wh, INV24_HI, &vh, &vl);	/* rh^4/24 = vh + vl */
	vl += wh * INV24_LO + wl * INV24_HI;
	fast_two_sum(1, -0.5L * zh, &ch, &ce);
	fast_two_sum(ch, vh, &sh, &se);
	fast_two_sum(sh, (ce + se + vl) + ((zh * zh * zh * q - 0.5L * zl) - rl * rh * (1 - zh * INV6_HI)), &hi, lo);
	return hi;
}

/* atan t for t in [0, 1]: atan t = atan c + atan u, c = j/8 the nearest
 * eighth, u = (t - c)/(1 + t c), |u| <= 1/16; the series of atan u to
 * u^17 (u^19/19 < 2^-76 u). */
ld atan_kernel(ld t)
{
	int j = (int)(t * 8 + 0.5L);
	ld c = j * 0.125L, u = j ? (t - c) / (1 + t * c) : t, z = u * u, p = inv_odd[8];

	for (int k = 7; k >= 1; k--)
		p = p * z + (k & 1 ? -inv_odd[k] : inv_odd[k]);
	return atan_j_hi[j] + (atan_j_lo[j] + (u + u * z * p));
}

/* atan(num/den) for num, den >= 0, not both 0 (either may be infinite but
 * not both): in [0, pi/2]. */
ld atan2_ld(ld num, ld den)
{
	if (num <= den)
		return atan_kernel(num / den);
	return PIO2_HI - (atan_kernel(den / num) - PIO2_LO);
}
