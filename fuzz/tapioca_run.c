/* Fuzz target: load + verify + run a Tapioca object file under small
 * limits. Any input must end in a clean error or a run within the limits. */
#include "bcx/tapioca.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	bcx_tapioca_options o = BCX_TAPIOCA_OPTIONS_INIT;
	o.max_steps = 100000;
	o.max_heap = 8u << 20;
	o.max_call_depth = 200;
	bcx_tapioca_module *m = NULL;
	if (bcx_tapioca_load(data, size, &o, &m, NULL) == BCX_OK) {
		bcx_tapioca_result r;
		bcx_status s = bcx_tapioca_run(m, "main", &o, &r, NULL);
		if (s == BCX_OK && r.steps > o.max_steps)
			__builtin_trap();
		bcx_buf b;
		bcx_buf_init(&b, NULL);
		if (bcx_tapioca_dis(data, size, &b, NULL) != BCX_OK)
			__builtin_trap(); /* a module that loads must disassemble */
		bcx_buf_free(&b);
	}
	bcx_tapioca_free(m);
	return 0;
}
