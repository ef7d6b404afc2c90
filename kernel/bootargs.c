/* bootargs.c: parses the kernel command line. Unknown words are ignored
 * (GRUB puts the kernel's path first); a bad hz= or seed= is an error, a bad
 * stacktable= is refused with a warning and its default kept. */
#include "bootargs.h"
#include "pit8253.h"
#include "stacks.h"
#include <stddef.h>

/* A constant as its macro is written (PIT_MIN_HZ: "19"), for a message. */
#define DIGITS(x) DIGITS_(x)
#define DIGITS_(x) #x

_Static_assert(PROF_STACK_ENTRIES_MIN == 256 && PROF_STACK_ENTRIES_MAX == 1048576 &&
	       PROF_STACK_ENTRIES_DEFAULT == 32768, "stacktable='s message");

/* A decimal number that is the whole word at p (up to a space or the
 * end), at most max; -1 when it is not. */
static int64_t number(const char *p, uint32_t max)
{
	uint64_t v = 0;
	int digits = 0;

	for (; *p >= '0' && *p <= '9'; p++, digits++)
		if ((v = v * 10 + (uint64_t)(*p - '0')) > max)
			return -1;
	return digits && (*p == 0 || *p == ' ') ? (int64_t)v : -1;
}

/* Whether the word at p is key: the whole word, or its start when key
 * ends in '=' (a value follows). */
static int word_is(const char *p, const char *key)
{
	const char *k = key;

	while (*k)
		if (*p++ != *k++)
			return 0;
	return k[-1] == '=' || *p == 0 || *p == ' ';
}

int bootargs_parse(const char *s, struct bootargs *a)
{
	a->hz = 1000;
	a->jitter = 1;
	a->seed = 1;
	a->crash = CRASH_NONE;
	a->selftest_tick = 0;
	a->c_tick = 0;
	a->turns = 1;
	a->stacktable = PROF_STACK_ENTRIES_DEFAULT;
	a->stdin_name[0] = 0;
	a->error = 0;
	a->warning = 0;
	while (*s) {
		while (*s == ' ')
			s++;
		if (word_is(s, "hz=")) {
			uint32_t v = 0;
			int digits = 0;
			for (s += 3; *s >= '0' && *s <= '9'; s++, digits++)
				v = v > 100000 ? v : v * 10 + (uint32_t)(*s - '0');
			if (!digits || (*s && *s != ' ') || v < PIT_MIN_HZ || v > PIT_MAX_HZ) {
				a->error = "hz= must be a rate from " DIGITS(PIT_MIN_HZ) " to " DIGITS(PIT_MAX_HZ);
				return -1;
			}
			a->hz = v;
		} else if (word_is(s, "seed=")) {
			int64_t v = number(s + 5, 0xFFFFFFFFu);
			if (v < 0) {
				a->error = "seed= must be the jitter's seed: a number from 0 to 4294967295";
				return -1;
			}
			a->seed = (uint32_t)v;
		} else if (word_is(s, "stacktable=")) {
			int64_t v = number(s + 11, PROF_STACK_ENTRIES_MAX);
			if (v < 0 || !prof_stacks_valid((uint32_t)v)) {
				a->stacktable = PROF_STACK_ENTRIES_DEFAULT;
				a->warning = "stacktable= must be a power of 2 from 256 to 1048576 "
					     "(entries); kept the default, 32768";
			} else {
				a->stacktable = (uint32_t)v;
			}
		} else if (word_is(s, "stdin=")) {
			size_t n = 0;
			for (s += 6; s[n] && s[n] != ' '; n++)
				if (n == BOOTARGS_NAME_MAX - 1) {
					a->error = "stdin= must name a file of at most 63 bytes";
					return -1;
				}
			if (n == 0) {
				a->error = "stdin= must name a file";
				return -1;
			}
			for (size_t i = 0; i < n; i++)
				a->stdin_name[i] = s[i];
			a->stdin_name[n] = 0;
		} else if (word_is(s, "jitter=0")) {
			a->jitter = 0;
		} else if (word_is(s, "jitter=1")) {
			a->jitter = 1;
		} else if (word_is(s, "crash=fault")) {
			a->crash = CRASH_FAULT;
		} else if (word_is(s, "crash=triple")) {
			a->crash = CRASH_TRIPLE;
		} else if (word_is(s, "selftest=tick")) {
			a->selftest_tick = 1;
		} else if (word_is(s, "turns=1")) {
			a->turns = 1;
		} else if (word_is(s, "turns=0")) {
			a->turns = 0;
		} else if (word_is(s, "ctick=1")) {
			a->c_tick = 1;
		} else if (word_is(s, "ctick=plan")) {
			a->c_tick = 2;
		}
		while (*s && *s != ' ')
			s++;
	}
	return 0;
}
