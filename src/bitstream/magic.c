/* Magic numbers, stream types and the bitcode wrapper header (spec
 * llvm-bitstream.md sections 2 and 6). */
#include "internal.h"

static uint32_t le32(const uint8_t *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

const char *bcx_bs_kind_name(bcx_bs_kind k)
{
	switch (k) {
	case BCX_BS_KIND_LLVM_IR: return "LLVM IR";
	case BCX_BS_KIND_CLANG_AST: return "Clang Serialized AST";
	case BCX_BS_KIND_CLANG_DIAG: return "Clang Serialized Diagnostics";
	case BCX_BS_KIND_REMARKS: return "LLVM Remarks";
	case BCX_BS_KIND_UNKNOWN: break;
	}
	return "unknown";
}

/* The analyzer reads two 8-bit fields, then either two more 8-bit fields
 * or four 4-bit fields: in bytes that is a plain 4-byte comparison, since
 * 'B' 'C' 0x0 0xC 0xE 0xD packs LSB first into C0 DE. */
static bcx_bs_kind kind_of(const uint8_t *p)
{
	static const struct { char m[5]; bcx_bs_kind k; } kinds[] = {
		{"BC\xC0\xDE", BCX_BS_KIND_LLVM_IR},
		{"CPCH", BCX_BS_KIND_CLANG_AST},
		{"DIAG", BCX_BS_KIND_CLANG_DIAG},
		{"RMRK", BCX_BS_KIND_REMARKS},
	};
	for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++)
		if (memcmp(p, kinds[i].m, 4) == 0)
			return kinds[i].k;
	return BCX_BS_KIND_UNKNOWN;
}

bool bcx_bs_sniff(const void *data, size_t size)
{
	const uint8_t *p = data;
	if (!p || size < 4)
		return false;
	return le32(p) == BCX_BS_WRAPPER_MAGIC || kind_of(p) != BCX_BS_KIND_UNKNOWN;
}

/* Like llvm-bcanalyzer: the whole input must be a multiple of 4 bytes; a
 * wrapper's [Offset, Offset+Size) must lie inside the input; the payload
 * itself may then end mid-word. */
bcx_status bs_open_payload(bcx_bs_reader *r, const uint8_t *data, size_t size)
{
	if (size % 4 != 0)
		return bcx_diag_set(r->diag, BCX_ERR_MALFORMED, 0,
				    "bitstream size %zu is not a multiple of 4 bytes", size);
	r->payload = data;
	r->payload_size = size;
	if (size >= 4 && le32(data) == BCX_BS_WRAPPER_MAGIC) {
		if (size < BCX_BS_WRAPPER_SIZE)
			return bcx_diag_set(r->diag, BCX_ERR_TRUNCATED, 0,
					    "bitcode wrapper header needs 20 bytes, file has %zu", size);
		bcx_bs_wrapper *w = &r->wrap;
		w->magic = le32(data);
		w->version = le32(data + 4);
		w->offset = le32(data + 8);
		w->size = le32(data + 12);
		w->cputype = le32(data + 16);
		bool beyond = (uint64_t)w->offset + w->size > size; /* a file cut short */
		if (beyond || w->offset < BCX_BS_WRAPPER_SIZE)
			return bcx_diag_set(r->diag,
					    beyond && w->offset >= BCX_BS_WRAPPER_SIZE
						    ? BCX_ERR_TRUNCATED
						    : BCX_ERR_MALFORMED,
					    8,
					    "invalid bitcode wrapper header: offset %u + size %u "
					    "is outside the %zu-byte file", w->offset, w->size, size);
		r->wrapped = true;
		r->payload = data + w->offset;
		r->payload_size = w->size;
	}
	bcx_bit_init(&r->bc, r->payload, r->payload_size, r->diag);
	if (r->payload_size < 4)
		return bcx_diag_set_bits(r->diag, BCX_ERR_TRUNCATED, 0,
					 "bitstream shorter than its 32-bit magic");
	r->magic = le32(r->payload);
	r->kind = kind_of(r->payload);
	r->bc.pos = 32;
	return BCX_OK;
}
