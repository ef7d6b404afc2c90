/* strtod, ctype: numbers and words in text. */
#include <ctype.h>
#include <stdlib.h>
#include "parse.h"

static double kept[16];
static int nkept;

int parse_numbers(const char *text, double *out, int max, void (*fail)(const char *what))
{
	const char *p = text;
	char *end;

	nkept = 0;
	while (*p) {
		while (isspace((unsigned char)*p))
			p++;
		if (!*p)
			break;
		out[nkept] = kept[nkept] = strtod(p, &end);
		if (end == p)
			fail(p);
		nkept++;
		if (nkept == max)
			break;
		p = end;
	}
	return nkept;
}

int parse_count(void) { return nkept; }
double parse_value(int i) { return kept[i]; }

int count_upper_words(const char *s)
{
	int n = 0;
	while (*s) {
		while (*s && !isalpha((unsigned char)*s))
			s++;
		if (isupper((unsigned char)*s))
			n++;
		while (isalpha((unsigned char)*s))
			s++;
	}
	return n;
}
