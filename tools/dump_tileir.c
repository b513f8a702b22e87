/* bcx dump for tileir files (placeholder until the tileir reader lands). */
#include "formats.h"

bool tileir_sniff(const uint8_t *data, size_t size)
{
	(void)data;
	(void)size;
	return false;
}

int tileir_dump_main(int argc, char **argv, const cli_file *input)
{
	(void)argc;
	(void)argv;
	(void)input;
	return EXIT_INPUT;
}
