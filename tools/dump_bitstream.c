/* bcx dump for bitstream files (placeholder until the bitstream reader lands). */
#include "formats.h"

bool bitstream_sniff(const uint8_t *data, size_t size)
{
	(void)data;
	(void)size;
	return false;
}

int bitstream_dump_main(int argc, char **argv, const cli_file *input)
{
	(void)argc;
	(void)argv;
	(void)input;
	return EXIT_INPUT;
}
