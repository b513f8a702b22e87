/* bcx dump for CUDA Tile IR bytecode: the structural dump of the library
 * (bcx_tileir_dump), as text or --json, optionally for one --function. */
#include "formats.h"
#include "bcx/tileir.h"

#include <string.h>

bool tileir_sniff(const uint8_t *data, size_t size)
{
	return bcx_tileir_is_tileir(data, size);
}

typedef struct dump_args {
	bool json;
	const char *out, *function;
} dump_args;

static int parse(int argc, char **argv, dump_args *a)
{
	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--json") == 0) {
			a->json = true;
		} else if (strcmp(argv[i], "-o") == 0 || strcmp(argv[i], "--function") == 0) {
			if (i + 1 >= argc)
				return cli_usage("dump", "%s needs a value", argv[i]);
			const char **dst = argv[i][1] == 'o' ? &a->out : &a->function;
			*dst = argv[i + 1];
			i++;
		} else if (argv[i][0] == '-' && argv[i][1]) {
			return cli_usage("dump", "unknown option %s for Tile IR files", argv[i]);
		}
	}
	return EXIT_OK;
}

int tileir_dump_main(int argc, char **argv, const cli_file *input)
{
	dump_args a = {0};
	int rc = parse(argc, argv, &a);
	if (rc != EXIT_OK)
		return rc;
	bcx_diag d = {0};
	bcx_tileir_module *m = NULL;
	bcx_buf out;
	bcx_buf_init(&out, NULL);
	bcx_status s = bcx_tileir_open(input->data, input->size, NULL, &m, &d);
	long fn = -1;
	if (s == BCX_OK && a.function) {
		fn = bcx_tileir_function_find(m, a.function, strlen(a.function));
		if (fn < 0)
			s = bcx_diag_set(&d, BCX_ERR_NOT_FOUND, -1, "no function named '%s'", a.function);
	}
	if (s == BCX_OK)
		s = bcx_tileir_dump_function(m, fn, a.json, &out, &d);
	if (s == BCX_OK) {
		rc = cli_write_output(a.out ? a.out : "-", out.data, out.len);
	} else {
		cli_report(input->name, &d);
		rc = EXIT_INPUT;
	}
	bcx_buf_free(&out);
	bcx_tileir_close(m);
	return rc;
}
