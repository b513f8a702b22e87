/* Fuzz target: load + verify + run a Tapioca object file under small
 * limits. Any input must end in a clean error or a run within the limits.
 * Each module runs twice, the second time collecting before every
 * allocation (gc_stress): the runs must end alike (an object freed too
 * early shows as a different end, or to the sanitizers as a use after
 * free). Only the heap limit may be met differently: what counts against it
 * (the handle table's size) depends on when collections ran. */
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
		bcx_tapioca_result r, rs;
		bcx_status s = bcx_tapioca_run(m, "main", &o, &r, NULL);
		if (s == BCX_OK && r.steps > o.max_steps)
			__builtin_trap();
		o.gc_stress = true;
		bcx_status ss = bcx_tapioca_run(m, "main", &o, &rs, NULL);
		if (r.trap != BCX_TAPIOCA_OUT_OF_MEMORY && rs.trap != BCX_TAPIOCA_OUT_OF_MEMORY &&
		    (s != ss || r.trap != rs.trap || r.steps != rs.steps || r.index != rs.index))
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
