/* The source of examples/hello.bc, the bitcode file the demo inspects:
 * clang-22 -c -emit-llvm -O1 hello.c -o hello.bc */
#include <stdio.h>

int main(void)
{
	puts("hello from bitcode");
	return 0;
}
