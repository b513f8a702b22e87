/* Uses the installed headers and library: version and one codec. */
#include <bcx/varint.h>

#include <stdio.h>
#include <string.h>

int main(void)
{
	uint8_t buf[BCX_LEB128_MAX];
	size_t n = bcx_uleb128_encode(300, buf);
	if (n != 2 || buf[0] != 0xac || buf[1] != 0x02)
		return 1;
	printf("bcx %s ok\n", bcx_version());
	return strcmp(bcx_version(), BCX_VERSION_STRING) != 0;
}
