/* cmd.c: the batch interpreter. `cmd FILE` runs the batch file FILE (a
 * module) line by line; docs/batch.md has the language. */
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <profkern.h>
#include "batch.h"

#define BATCH_MAX 65536
#define MAX_STARTED 64

static char text[BATCH_MAX];
static int started[MAX_STARTED];
static int nstarted;

static void run(struct batch_cmd *c, int background)
{
	int pid = spawn(c->argv[0], c->argv), status;

	if (pid < 0) {
		printf("cmd: %s: %s\n", c->argv[0], kstrerror(pid));
		return;
	}
	if (background) {
		if (nstarted < MAX_STARTED)
			started[nstarted++] = pid;
		return;
	}
	if (waitchild(pid, &status) == pid && status != 0)
		printf("cmd: %s exited with status %d\n", c->argv[0], status);
}

static void wait_all(void)
{
	for (int i = 0; i < nstarted; i++) {
		int status;
		if (waitchild(started[i], &status) == started[i] && status != 0)
			printf("cmd: process %d exited with status %d\n", started[i], status);
	}
	nstarted = 0;
}

int main(int argc, char **argv)
{
	char line[BATCH_LINE_MAX];
	struct batch_cmd c;
	int len, pos = 0, lineno = 0, r;

	if (argc != 2) {
		printf("usage: cmd batchfile\n");
		return 2;
	}
	len = readfile(argv[1], 0, text, sizeof(text));
	if (len < 0) {
		printf("cmd: %s: %s\n", argv[1], kstrerror(len));
		return 1;
	}
	if (len == (int)sizeof(text)) {
		printf("cmd: %s: larger than %d bytes\n", argv[1], BATCH_MAX);
		return 1;
	}
	while ((r = batch_nextline(text, len, &pos, line)) != 0) {
		lineno++;
		if (r < 0) {
			printf("cmd: %s:%d: line too long, skipped\n", argv[1], lineno);
			continue;
		}
		batch_parse(line, &c);
		switch (c.kind) {
		case BATCH_EMPTY: break;
		case BATCH_RUN: run(&c, 0); break;
		case BATCH_START: run(&c, 1); break;
		case BATCH_WAIT: wait_all(); break;
		case BATCH_ECHO: printf("%s\n", c.text); break;
		case BATCH_ERROR: printf("cmd: %s:%d: %s\n", argv[1], lineno, c.error); break;
		}
	}
	wait_all();
	return 0;
}
