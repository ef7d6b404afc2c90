#!/usr/bin/env python3
"""mathconst.py: writes mathconst.h, the constants of the guest libc's math
functions, from their definitions computed to 2000 bits with mpmath.

    python3 user/lib/mathconst.py > user/lib/mathconst.h

Long doubles are x87 extended: a 64-bit significand. A constant written
_HI and _LO is their sum to about 128 bits; LN2_HI has 53 bits only, so
that k * LN2_HI is exact for |k| < 2^11."""
import mpmath

mpmath.mp.prec = 2000
mp = mpmath.mp
mpf = mpmath.mpf


def ld(v, bits=64):
    """v rounded to `bits` significant bits, as a C long double hex literal
    with an integer significand, and the value it stands for."""
    v = mpf(v)
    if v == 0:
        return "0.0L", mpf(0)
    sign = "-" if v < 0 else ""
    a = abs(v)
    e = int(mpmath.floor(mpmath.log(a, 2)))
    # keep e right when log2 rounds across a power of two
    while a >= mpf(2) ** (e + 1):
        e += 1
    while a < mpf(2) ** e:
        e -= 1
    m = int(mpmath.nint(a * mpf(2) ** (bits - 1 - e)))
    if m == 2 ** bits:
        m //= 2
        e += 1
    exp = e - (bits - 1)
    return "%s0x%xp%dL" % (sign, m, exp), (-1 if sign else 1) * mpf(m) * mpf(2) ** exp


def pair(name, v, hibits=64):
    hi, hv = ld(v, hibits)
    lo, _ = ld(mpf(v) - hv)
    return ["#define %s_HI\t%s" % (name, hi), "#define %s_LO\t%s" % (name, lo)]


def main():
    pi = mp.pi
    ln2 = mpmath.log(2)
    out = ["/* mathconst.h: the math functions' constants, written by mathconst.py",
           " * (mpmath, 2000 bits). Do not edit: run it again. */",
           "#ifndef MATHCONST_H", "#define MATHCONST_H", ""]
    out += ["/* ln 2 in two parts, the first of 53 bits (k * LN2_HI exact for |k| < 2^11) */"]
    out += pair("LN2", ln2, 53)
    out += ["#define INV_LN2\t%s\t/* log2(e) */" % ld(1 / ln2)[0]]
    out += pair("LOG2E", 1 / ln2)
    out += pair("LOG10E", 1 / mpmath.log(10))
    out += pair("LN2_64", ln2)
    out += ["#define SQRT2\t%s" % ld(mpmath.sqrt(2))[0]]
    out += pair("PIO2", pi / 2)
    out += pair("PI", pi)
    out += pair("PIO4", pi / 4)
    out += ["/* 1/3!, 1/4!, 1/5!: the first terms of sin and cos after x and 1, in two parts */"]
    out += pair("INV6", mpf(1) / 6)
    out += pair("INV24", mpf(1) / 24)
    out += pair("INV120", mpf(1) / 120)
    out += ["", "/* atan(j/8), j = 0 .. 8 */"]
    his, los = [], []
    for j in range(9):
        hi, hv = ld(mpmath.atan(mpf(j) / 8))
        lo, _ = ld(mpmath.atan(mpf(j) / 8) - hv)
        his.append(hi)
        los.append(lo)
    out += ["#define ATAN_J_HI { %s }" % ", ".join(his)]
    out += ["#define ATAN_J_LO { %s }" % ", ".join(los)]
    out += ["", "/* 1/n!, n = 0 .. 24 */"]
    out += ["#define INV_FACT { %s }" % ", ".join(ld(1 / mpmath.factorial(n))[0] for n in range(25))]
    out += ["", "/* 1/(2n+1), n = 0 .. 20 */"]
    out += ["#define INV_ODD { %s }" % ", ".join(ld(mpf(1) / (2 * n + 1))[0] for n in range(21))]
    # 2/pi, bits 1 .. 40*32, in 32-bit words, the first bit highest
    two_over_pi = 2 / pi
    words = []
    frac = two_over_pi
    for _ in range(40):
        frac *= 2 ** 32
        w = int(mpmath.floor(frac))
        words.append(w)
        frac -= w
    out += ["", "/* 2/pi: its bits after the point, 32 to a word, the first in the top bit */"]
    out += ["#define TWO_OVER_PI_WORDS %d" % len(words)]
    lines = []
    for i in range(0, len(words), 6):
        lines.append("\t" + ", ".join("0x%08x" % w for w in words[i:i + 6]) + ",")
    out += ["#define TWO_OVER_PI { \\"] + [l + " \\" for l in lines] + ["}"]
    out += ["", "#endif"]
    print("\n".join(out))


if __name__ == "__main__":
    main()
