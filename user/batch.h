/* batch.h: the batch language's parser (docs/batch.md), pure C with no
 * library calls, so the host tests drive it. */
#ifndef USER_BATCH_H
#define USER_BATCH_H

#define BATCH_MAXARGS	32
#define BATCH_LINE_MAX	512

enum batch_kind {
	BATCH_EMPTY,	/* a blank line or a comment: nothing to do */
	BATCH_RUN,	/* NAME args: run it to completion */
	BATCH_START,	/* start NAME args: run it without waiting */
	BATCH_WAIT,	/* wait: for every started program */
	BATCH_ECHO,	/* echo text */
	BATCH_ERROR,	/* what is wrong is in error */
};

struct batch_cmd {
	enum batch_kind kind;
	int argc;
	char *argv[BATCH_MAXARGS + 1];	/* into the line, NUL-terminated in place */
	const char *text;		/* for BATCH_ECHO: the rest of the line */
	const char *error;
};

/* Parses one line (without its newline; changed in place). */
void batch_parse(char *line, struct batch_cmd *c);

/* The next line of text[*pos .. len), copied into line[BATCH_LINE_MAX];
 * returns 0 at the end, -1 for a line too long (skipped), else 1. */
int batch_nextline(const char *text, int len, int *pos, char *line);

#endif
