/* hello.c: the smallest ring-3 program: prints its arguments and pid. */
#include <stdio.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	printf("hello from ring 3: pid %d, argc %d", getpid(), argc);
	for (int i = 0; i < argc; i++)
		printf(" [%s]", argv[i]);
	printf("\n");
	return 0;
}
