/* XIP (XVM integer packing), 2019-2024 layout: see
 * ../shared/spec/xip-and-tapioca-notes.md part A. */
#include "bcx/varint.h"

size_t bcx_xip_encode(int64_t v, uint8_t out[BCX_XIP_MAX])
{
	(void)v;
	(void)out;
	return 0;
}
size_t bcx_xip_length(int64_t v)
{
	(void)v;
	return 0;
}
bcx_status bcx_xip_decode(const uint8_t *p, size_t n, int64_t *v, size_t *used, bcx_diag *diag)
{
	(void)p; (void)n; (void)v; (void)used;
	return bcx_diag_set(diag, BCX_ERR_UNSUPPORTED, -1, "XIP not implemented");
}
size_t bcx_xip_encode_wide(const uint8_t *be, size_t be_len, uint8_t *out, size_t cap)
{
	(void)be; (void)be_len; (void)out; (void)cap;
	return 0;
}
bcx_status bcx_xip_decode_wide(const uint8_t *p, size_t n, uint8_t out[BCX_XIP_WIDE_MAX],
			       size_t *out_len, size_t *used, bcx_diag *diag)
{
	(void)p; (void)n; (void)out; (void)out_len; (void)used;
	return bcx_diag_set(diag, BCX_ERR_UNSUPPORTED, -1, "XIP not implemented");
}
