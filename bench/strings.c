/* strings.c: a string-heavy program, for the C library's share of a
 * profile (bench/libc.sh, docs/PERFORMANCE.md section 11). Plain hosted C:
 * the same source runs in the guest on newlib and on the host on glibc,
 * and prints the same lines on both.
 *
 *   strings [SCALE]    SCALE rounds of the work below (default 4)
 *
 * Each round writes a text of lines of words, then does what a text tool
 * does with it: splits each line into words (strspn, strcspn), copies them
 * (memcpy, strcpy), looks each up in a table by strcmp, searches the lines
 * for patterns (strstr, strchr), builds new lines (strcpy, strcat,
 * strlen), sorts the distinct words (qsort by strcmp), and moves and
 * compares buffers (memmove, memcmp, memset). No allocation: the text and
 * the table are static. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define LINES 2000
#define LINE_MAX 128
#define WORDS 4096
#define WORD_MAX 24

static uint32_t seed = 777;	/* 32 bits on every target */

static unsigned rnd(void)
{
	seed = seed * 1103515245u + 12345u;
	return (unsigned)(seed >> 16) & 0x7fffu;
}

static char text[LINES][LINE_MAX];
static char word[WORDS][WORD_MAX];
static int count[WORDS];
static int nwords;
static char *sorted[WORDS];

static const char *const stems[] = {
	"alpha", "beta", "gamma", "delta", "profile", "kernel", "segment", "tick", "sample", "bucket",
	"module", "function", "library", "string", "buffer", "line", "word", "table", "search", "sort",
};
#define NSTEMS (sizeof stems / sizeof stems[0])

/* a line of words: stems, some with a number after them, spaces and commas */
static void write_text(void)
{
	for (int i = 0; i < LINES; i++) {
		char *l = text[i];
		size_t n = 0;

		while (n < LINE_MAX - 40) {
			const char *s = stems[rnd() % NSTEMS];
			size_t k = strlen(s);

			memcpy(l + n, s, k);
			n += k;
			if (rnd() % 3 == 0) {
				l[n++] = (char)('0' + rnd() % 10);
				l[n++] = (char)('0' + rnd() % 10);
			}
			l[n++] = rnd() % 5 ? ' ' : ',';
		}
		l[n] = 0;
	}
}

/* the index of a word in the table, added if new (a linear table searched
 * from a small hash's start, so that most comparisons find it soon) */
static int lookup(const char *w)
{
	unsigned h = (unsigned)(w[0] * 31 + w[1]) % 64;

	for (int i = (int)h; i < nwords; i += 64)
		if (!strcmp(word[i], w))
			return i;
	/* a new word goes in the first free place of its class */
	int i = (int)h;
	while (i < WORDS && word[i][0])
		i += 64;
	if (i >= WORDS)
		return -1;
	strcpy(word[i], w);
	if (i >= nwords)
		nwords = i + 1;
	return i;
}

static long split_lines(void)
{
	char w[WORD_MAX];
	long sum = 0;

	for (int i = 0; i < LINES; i++) {
		const char *p = text[i];

		for (;;) {
			p += strspn(p, " ,");
			size_t k = strcspn(p, " ,");
			if (!k)
				break;
			if (k >= WORD_MAX)
				k = WORD_MAX - 1;
			memcpy(w, p, k);
			w[k] = 0;
			p += k;
			int j = lookup(w);
			if (j >= 0) {
				count[j]++;
				sum += j & 3;
			}
		}
	}
	return sum;
}

static long search_lines(void)
{
	static const char *const patterns[] = { "kernel", "tick5", "sort sort", "a,", "bucket0", "profile9" };
	long found = 0;

	for (int i = 0; i < LINES; i++) {
		for (size_t k = 0; k < sizeof patterns / sizeof patterns[0]; k++) {
			const char *p = text[i];
			while ((p = strstr(p, patterns[k])) != NULL) {
				found++;
				p++;
			}
		}
		const char *c = text[i];
		while ((c = strchr(c, ',')) != NULL) {
			found++;
			c++;
		}
		const char *last = strrchr(text[i], ' ');
		if (last)
			found += (long)(last - text[i]) & 1;
	}
	return found;
}

/* new lines: the first three words of each line, joined the other way */
static long build_lines(void)
{
	char out[LINE_MAX * 2];
	long len = 0;

	for (int i = 0; i < LINES; i++) {
		char copy[LINE_MAX];
		char *f[3];
		int n = 0;

		strcpy(copy, text[i]);
		for (char *p = copy; n < 3 && *p; ) {
			p += strspn(p, " ,");
			if (!*p)
				break;
			f[n++] = p;
			p += strcspn(p, " ,");
			if (*p)
				*p++ = 0;
		}
		out[0] = 0;
		while (n > 0) {
			strcat(out, f[--n]);
			if (n)
				strcat(out, "-");
		}
		len += (long)strlen(out);
		if (strncmp(out, "alpha", 5) == 0)
			len++;
	}
	return len;
}

static int by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static long sort_words(void)
{
	int n = 0;
	long sum = 0;

	for (int i = 0; i < nwords; i++)
		if (word[i][0])
			sorted[n++] = word[i];
	qsort(sorted, (size_t)n, sizeof sorted[0], by_name);
	for (int i = 1; i < n; i++)
		sum += strcmp(sorted[i - 1], sorted[i]) < 0;
	return sum + (unsigned char)sorted[0][0] + (unsigned char)sorted[n - 1][0];
}

static long buffers(void)
{
	static char a[8192], b[8192];
	long sum = 0;

	for (int i = 0; i < 400; i++) {
		size_t off = rnd() % 1024, k = 1024 + rnd() % 4096;

		memset(a, 'a' + i % 26, sizeof a);
		memcpy(b, text[i % LINES], LINE_MAX);
		memmove(a + off + 7, a + off, k);
		memcpy(b + 2048, a, k);
		sum += memcmp(a, b + 2048, k) == 0;
		sum += memchr(a, 'a' + (i + 1) % 26, sizeof a) != NULL;
	}
	return sum;
}

int main(int argc, char **argv)
{
	int scale = argc > 1 ? atoi(argv[1]) : 4;

	for (int round = 0; round < scale; round++) {
		seed = 777 + (uint32_t)round;
		memset(word, 0, sizeof word);
		memset(count, 0, sizeof count);
		nwords = 0;
		write_text();
		long s = split_lines(), f = search_lines(), b = build_lines();
		long w = sort_words(), m = buffers();
		printf("round %d: words %ld split %ld found %ld built %ld sorted %ld buffers %ld\n",
		       round, (long)nwords, s, f, b, w, m);
	}
	return 0;
}
