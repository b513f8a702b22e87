/* Read a CUDA Tile IR bytecode file with the public API: list its functions
 * with their body sizes (opening reads only the tables, no body is decoded),
 * then decode one function's body (only that one) and print it in the custom form.
 *
 *   list_functions FILE.tileirbc [NAME]
 *
 * Exit status: 0, 1 for a file bcx refuses, 2 for a usage error. */
#include "bcx/tileir.h"

#include <stdio.h>
#include <string.h>

static int fail(const char *path, const bcx_diag *d)
{
	if (d->has_offset)
		fprintf(stderr, "%s:%llu: error: %s\n", path, (unsigned long long)d->offset,
			d->message);
	else
		fprintf(stderr, "%s: error: %s\n", path, d->message);
	return 1;
}

/* The index of the function called name, or -1. */
static long find(const bcx_tileir_module *m, const char *name)
{
	for (size_t i = 0; i < bcx_tileir_function_count(m); i++) {
		bcx_tileir_str s = bcx_tileir_string(m, bcx_tileir_function_at(m, i)->name);
		if (s.len == strlen(name) && memcmp(s.ptr, name, s.len) == 0)
			return (long)i;
	}
	return -1;
}

static void list(const bcx_tileir_module *m)
{
	bcx_tileir_version v = bcx_tileir_get_version(m);
	printf("CUDA Tile IR %u.%u, %zu functions\n", v.major, v.minor, bcx_tileir_function_count(m));
	for (size_t i = 0; i < bcx_tileir_function_count(m); i++) {
		const bcx_tileir_function *f = bcx_tileir_function_at(m, i);
		bcx_tileir_str s = bcx_tileir_string(m, f->name);
		/* Names come from the file: print them escaped, never raw. */
		printf("  %4zu  ", i);
		for (size_t k = 0; k < s.len; k++)
			printf(s.ptr[k] >= 0x20 && s.ptr[k] < 0x7F ? "%c" : "\\%02X", s.ptr[k]);
		printf("  body at 0x%x, %u bytes\n", f->body_offset, f->body_len);
	}
}

int main(int argc, char **argv)
{
	if (argc < 2 || argc > 3) {
		fprintf(stderr, "usage: list_functions FILE.tileirbc [NAME]\n");
		return 2;
	}
	bcx_diag d;
	bcx_diag_clear(&d);
	bcx_file_view in;
	if (bcx_file_map(argv[1], 0, &in, &d) != BCX_OK)
		return fail(argv[1], &d);
	bcx_tileir_module *m = NULL;
	int rc = 0;
	if (bcx_tileir_open(in.data, in.size, NULL, &m, &d) != BCX_OK) {
		rc = fail(argv[1], &d);
	} else if (argc == 2) {
		list(m);
	} else {
		long i = find(m, argv[2]);
		bcx_buf text;
		bcx_buf_init(&text, NULL);
		if (i < 0) {
			fprintf(stderr, "%s: no function named '%s'\n", argv[1], argv[2]);
			rc = 1;
		} else if (bcx_tileir_body_get(m, (size_t)i, &(const bcx_tileir_body *){NULL}, &d) !=
				   BCX_OK ||
			   bcx_tileir_print_custom(m, i, NULL, &(bcx_sink){bcx_buf_sink_write, &text},
						   &d) != BCX_OK) {
			rc = fail(argv[1], &d);
		} else {
			fwrite(text.data, 1, text.len, stdout);
			printf("(decoded %zu of %zu bodies)\n", bcx_tileir_bodies_decoded(m),
			       bcx_tileir_function_count(m));
		}
		bcx_buf_free(&text);
	}
	bcx_tileir_close(m);
	bcx_file_unmap(&in);
	if (fflush(stdout) != 0 && rc == 0)
		rc = 1;
	return rc;
}
