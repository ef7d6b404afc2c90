/* mathconst.h: the math functions' constants, written by mathconst.py
 * (mpmath, 2000 bits). Do not edit: run it again. */
#ifndef MATHCONST_H
#define MATHCONST_H

/* ln 2 in two parts, the first of 53 bits (k * LN2_HI exact for |k| < 2^11) */
#define LN2_HI	0x162e42fefa39efp-53L
#define LN2_LO	0xd5e4f1d9cc01f97bp-119L
#define INV_LN2	0xb8aa3b295c17f0bcp-63L	/* log2(e) */
#define LOG2E_HI	0xb8aa3b295c17f0bcp-63L
#define LOG2E_LO	-0x82f0025f2dc582eep-128L
#define LOG10E_HI	0xde5bd8a937287195p-65L
#define LOG10E_LO	0xd56eaabeb4cf70c9p-131L
#define LN2_64_HI	0xb17217f7d1cf79acp-64L
#define LN2_64_LO	-0xd871319ff0342543p-130L
#define SQRT2	0xb504f333f9de6484p-63L
#define PIO2_HI	0xc90fdaa22168c235p-63L
#define PIO2_LO	-0xece675d1fc8f8cbbp-129L
#define PI_HI	0xc90fdaa22168c235p-62L
#define PI_LO	-0xece675d1fc8f8cbbp-128L
#define PIO4_HI	0xc90fdaa22168c235p-64L
#define PIO4_LO	-0xece675d1fc8f8cbbp-130L
/* 1/3!, 1/4!, 1/5!: the first terms of sin and cos after x and 1, in two parts */
#define INV6_HI	0xaaaaaaaaaaaaaaabp-66L
#define INV6_LO	-0xaaaaaaaaaaaaaaabp-131L
#define INV24_HI	0xaaaaaaaaaaaaaaabp-68L
#define INV24_LO	-0xaaaaaaaaaaaaaaabp-133L
#define INV120_HI	0x8888888888888889p-70L
#define INV120_LO	-0xeeeeeeeeeeeeeeefp-135L

/* atan(j/8), j = 0 .. 8 */
#define ATAN_J_HI { 0.0L, 0xfeadd4d5617b6e33p-67L, 0xfadbafc96406eb15p-66L, 0xb7b0ca0f26f78474p-65L, 0xed63382b0dda7b45p-65L, 0x8f005d5ef7f59f9bp-64L, 0xa4bc7d1934f70924p-64L, 0xb8053e2bc2319e74p-64L, 0xc90fdaa22168c235p-64L }
#define ATAN_J_LO { 0.0L, -0xdda19d8305ddc422p-133L, 0xdb8f3debef442fcbp-131L, -0xeab9bdba460376fap-130L, 0xdfc88bd978751a07p-130L, 0xb906bc2ccb886e8fp-129L, 0xcd43f9522bed64f7p-131L, -0xd3496ab7bd6eef0bp-130L, -0xece675d1fc8f8cbbp-130L }

/* 1/n!, n = 0 .. 24 */
#define INV_FACT { 0x8000000000000000p-63L, 0x8000000000000000p-63L, 0x8000000000000000p-64L, 0xaaaaaaaaaaaaaaabp-66L, 0xaaaaaaaaaaaaaaabp-68L, 0x8888888888888889p-70L, 0xb60b60b60b60b60bp-73L, 0xd00d00d00d00d00dp-76L, 0xd00d00d00d00d00dp-79L, 0xb8ef1d2ab6399c7dp-82L, 0x93f27dbbc4fae397p-85L, 0xd7322b3faa271c7fp-89L, 0x8f76c77fc6c4bdaap-92L, 0xb092309d43684be5p-96L, 0xc9cba54603e4e906p-100L, 0xd73f9f399dc0f88fp-104L, 0xd73f9f399dc0f88fp-108L, 0xca963b81856a5359p-112L, 0xb413c31dcbecbbdep-116L, 0x97a4da340a0ab926p-120L, 0xf2a15d201011283dp-125L, 0xb8dc77b6e7ab8c5fp-129L, 0x8671cb6dbfc294a3p-133L, 0xbb0da098b1c0ceccp-138L, 0xf96780cb97abbe65p-143L }

/* 1/(2n+1), n = 0 .. 20 */
#define INV_ODD { 0x8000000000000000p-63L, 0xaaaaaaaaaaaaaaabp-65L, 0xcccccccccccccccdp-66L, 0x9249249249249249p-66L, 0xe38e38e38e38e38ep-67L, 0xba2e8ba2e8ba2e8cp-67L, 0x9d89d89d89d89d8ap-67L, 0x8888888888888889p-67L, 0xf0f0f0f0f0f0f0f1p-68L, 0xd79435e50d79435ep-68L, 0xc30c30c30c30c30cp-68L, 0xb21642c8590b2164p-68L, 0xa3d70a3d70a3d70ap-68L, 0x97b425ed097b425fp-68L, 0x8d3dcb08d3dcb08dp-68L, 0x8421084210842108p-68L, 0xf83e0f83e0f83e10p-69L, 0xea0ea0ea0ea0ea0fp-69L, 0xdd67c8a60dd67c8ap-69L, 0xd20d20d20d20d20dp-69L, 0xc7ce0c7ce0c7ce0cp-69L }

/* 2/pi: its bits after the point, 32 to a word, the first in the top bit */
#define TWO_OVER_PI_WORDS 40
#define TWO_OVER_PI { \
	0xa2f9836e, 0x4e441529, 0xfc2757d1, 0xf534ddc0, 0xdb629599, 0x3c439041, \
	0xfe5163ab, 0xdebbc561, 0xb7246e3a, 0x424dd2e0, 0x06492eea, 0x09d1921c, \
	0xfe1deb1c, 0xb129a73e, 0xe88235f5, 0x2ebb4484, 0xe99c7026, 0xb45f7e41, \
	0x3991d639, 0x835339f4, 0x9c845f8b, 0xbdf9283b, 0x1ff897ff, 0xde05980f, \
	0xef2f118b, 0x5a0a6d1f, 0x6d367ecf, 0x27cb09b7, 0x4f463f66, 0x9e5fea2d, \
	0x7527bac7, 0xebe5f17b, 0x3d0739f7, 0x8a5292ea, 0x6bfb5fb1, 0x1f8d5d08, \
	0x56033046, 0xfc7b6bab, 0xf0cfbc20, 0x9af4361d, \
}

#endif
