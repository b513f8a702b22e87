#define _POSIX_C_SOURCE 200809L
/* Scenarios more than one sweep program runs (declared in sweep.h). */
#include "sweep.h"
#include "bcx/mlirbc.h"
#include "bcx/tileir.h"
#include "bcx/tileir_build.h"

#include <string.h>

/* The bytes a builder writes, to the sink (when s is still OK); frees b. */
bcx_status builder_bytes(bcx_tileir_builder *b, bcx_status s, const bcx_sink *sinkp)
{
	uint8_t *out = NULL;
	size_t n = 0;
	bcx_tileir_write_options wo = BCX_OPTIONS_INIT(bcx_tileir_write_options);
	if (s == BCX_OK)
		s = bcx_tileir_builder_write(b, &wo, &out, &n, NULL);
	if (s == BCX_OK) {
		s = sinkp->write(sinkp->ctx, out, n);
		bcx_tileir_builder_free_bytes(b, out, n);
	}
	bcx_tileir_builder_free(b);
	return s;
}

/* Only the bytes of the assembled module. */
bcx_status tileir_assemble_bytes(const bcx_allocator *a, const void *arg, const bcx_sink *sinkp)
{
	const char *text = arg;
	bcx_tileir_builder *b = NULL;
	bcx_status s = bcx_tileir_assemble("k.mlir", text, strlen(text), a, &b, NULL);
	return builder_bytes(b, s, sinkp);
}

/* MLIR generic text (arg) assembled: the bytes. */
bcx_status mlirbc_assemble(const bcx_allocator *a, const void *arg, const bcx_sink *sinkp)
{
	const char *text = arg;
	bcx_mlirbc_write_options wo = BCX_OPTIONS_INIT(bcx_mlirbc_write_options);
	wo.alloc = a;
	uint8_t *out = NULL;
	size_t n = 0;
	bcx_status s = bcx_mlirbc_assemble("f.mlir", text, strlen(text), &wo, &out, &n, NULL);
	if (s == BCX_OK) {
		s = sinkp->write(sinkp->ctx, out, n);
		bcx_mlirbc_free_bytes(&wo, out, n);
	}
	return s;
}
