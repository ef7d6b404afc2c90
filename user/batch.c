/* batch.c: one line of a batch file into a command. */
#include "batch.h"

static int space(char c) { return c == ' ' || c == '\t' || c == '\r'; }

static char lower(char c) { return c >= 'A' && c <= 'Z' ? (char)(c + 32) : c; }

/* Case-insensitive: is word (NUL-terminated) equal to keyword? */
static int is(const char *word, const char *keyword)
{
	while (*keyword)
		if (lower(*word++) != *keyword++)
			return 0;
	return *word == 0;
}

/* Splits at blanks into c->argv; returns 0, or -1 if too many words. */
static int split(char *s, struct batch_cmd *c)
{
	c->argc = 0;
	for (;;) {
		while (space(*s))
			*s++ = 0;
		if (!*s)
			break;
		if (c->argc == BATCH_MAXARGS)
			return -1;
		c->argv[c->argc++] = s;
		while (*s && !space(*s))
			s++;
	}
	c->argv[c->argc] = 0;
	return 0;
}

void batch_parse(char *line, struct batch_cmd *c)
{
	char *s = line, *end;

	c->kind = BATCH_EMPTY;
	c->argc = 0;
	c->argv[0] = 0;
	c->text = 0;
	c->error = 0;
	while (space(*s))
		s++;
	for (end = s; *end; end++)
		;
	while (end > s && space(end[-1]))
		*--end = 0;
	if (!*s || *s == ';' || *s == '#')
		return;
	/* echo keeps its text as it is, blanks included. */
	if (lower(s[0]) == 'e' && lower(s[1]) == 'c' && lower(s[2]) == 'h' &&
	    lower(s[3]) == 'o' && (s[4] == 0 || space(s[4]))) {
		c->kind = BATCH_ECHO;
		c->text = s[4] ? s + 5 : s + 4;
		return;
	}
	if (split(s, c)) {
		c->kind = BATCH_ERROR;
		c->error = "too many arguments";
		return;
	}
	if (is(c->argv[0], "rem"))
		return;
	if (is(c->argv[0], "wait")) {
		c->kind = c->argc == 1 ? BATCH_WAIT : BATCH_ERROR;
		c->error = c->argc == 1 ? 0 : "wait takes no arguments";
		return;
	}
	if (is(c->argv[0], "start")) {
		if (c->argc < 2) {
			c->kind = BATCH_ERROR;
			c->error = "start needs a program name";
			return;
		}
		for (int i = 0; i < c->argc; i++)	/* drop "start" */
			c->argv[i] = c->argv[i + 1];
		c->argc--;
		c->kind = BATCH_START;
		return;
	}
	c->kind = BATCH_RUN;
}

int batch_nextline(const char *text, int len, int *pos, char *line)
{
	int n = 0, toolong = 0;

	if (*pos >= len)
		return 0;
	while (*pos < len && text[*pos] != '\n') {
		if (n < BATCH_LINE_MAX - 1)
			line[n++] = text[*pos];
		else
			toolong = 1;
		(*pos)++;
	}
	if (*pos < len)
		(*pos)++;	/* the newline */
	line[n] = 0;
	return toolong ? -1 : 1;
}
