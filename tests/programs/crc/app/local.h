/* Found beside main.c: a quoted include is looked for there first. */
#define ROUNDS 4
