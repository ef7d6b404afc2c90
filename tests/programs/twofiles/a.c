/* A program of every .c file in its folder, named after the folder. */
#include <stdio.h>
int twice(int x);
int main(int argc, char **argv)
{
	printf("%s: twice 21 is %d\n", argv[0], twice(21));
	return 0;
}
