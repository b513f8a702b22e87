/* Argument parsing shared by `bcx asm` and `bcx convert`. */
#include "tileir_args.h"

#include <stdlib.h>
#include <string.h>

bool tileir_parse_target(const char *s, bcx_tb_write_options *o)
{
	unsigned long v[3] = {0, 0, 0};
	int n = 0;
	const char *p = s;
	while (n < 3) {
		char *end;
		if (*p < '0' || *p > '9')
			return false;
		v[n++] = strtoul(p, &end, 10);
		if (end - p > 5)
			return false;
		p = end;
		if (*p != '.')
			break;
		p++;
	}
	if (*p || n < 2 || v[0] != 13 || v[1] < 1 || v[1] > 3 || v[2] > 65535)
		return false;
	o->major = 13;
	o->minor = (uint8_t)v[1];
	o->tag = (uint16_t)v[2];
	return true;
}

int tileir_parse_write_args(int argc, char **argv, tileir_write_args *a)
{
	const char *cmd = argv[0];
	memset(a, 0, sizeof *a);
	a->opt.major = 13;
	a->opt.minor = 3;
	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "-o") == 0 && i + 1 < argc) {
			a->out = argv[++i];
		} else if (strcmp(argv[i], "--target") == 0 && i + 1 < argc) {
			if (!tileir_parse_target(argv[++i], &a->opt))
				return cli_usage(cmd, "invalid target '%s': the supported versions "
						 "are [13.1 - 13.3]", argv[i]);
			a->has_target = true;
		} else if (strcmp(argv[i], "--i1-bytes") == 0) {
			a->opt.i1_byte_per_element = true;
		} else if (argv[i][0] == '-' && strcmp(argv[i], "-") != 0) {
			return cli_usage(cmd, "unknown option '%s'", argv[i]);
		} else if (a->in) {
			return cli_usage(cmd, "more than one input file");
		} else {
			a->in = argv[i];
		}
	}
	return a->in ? EXIT_OK : cli_usage(cmd, "missing the input file");
}
