/* sorter.c: `sorter ROUNDS`: sorts a shuffled array ROUNDS times with an
 * insertion sort; the second program of the system profiling sample. */
#include <stdio.h>
#include <stdlib.h>

#define N 300

static int data[N];

__attribute__((noinline)) void shuffle(unsigned seed)
{
	for (int i = 0; i < N; i++)
		data[i] = i;
	for (int i = N - 1; i > 0; i--) {
		seed = seed * 1103515245u + 12345u;
		int j = (int)((seed >> 8) % (unsigned)(i + 1)), t = data[i];
		data[i] = data[j];
		data[j] = t;
	}
}

__attribute__((noinline)) void insertion_sort(void)
{
	for (int i = 1; i < N; i++) {
		int v = data[i], j = i - 1;
		while (j >= 0 && data[j] > v) {
			data[j + 1] = data[j];
			j--;
		}
		data[j + 1] = v;
	}
}

int main(int argc, char **argv)
{
	int rounds = argc > 1 ? atoi(argv[1]) : 1;

	for (int r = 0; r < rounds; r++) {
		shuffle((unsigned)r + 1);
		insertion_sort();
	}
	for (int i = 0; i < N; i++)
		if (data[i] != i) {
			printf("sorter: not sorted\n");
			return 1;
		}
	return 0;
}
