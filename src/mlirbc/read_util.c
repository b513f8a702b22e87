/* Primitive reads of MLIR bytecode (spec §2-§3): varints, bounded indices
 * and counts, section headers with absolute alignment. */
#include "internal.h"

#include <stdarg.h>
#include <stdio.h>

const char *const mbc_section_names[MBC_SEC_COUNT] = {
#define MBC_SECTION(id, NAME, text) [id] = text,
#include "mlirbc.def"
};

uint64_t mbc_varint(bcx_cursor *c, const char *what)
{
	return bcx_cur_prefixvarint(c, what);
}

int64_t mbc_svarint(bcx_cursor *c, const char *what)
{
	uint64_t u = bcx_cur_prefixvarint(c, what);
	return (int64_t)((u >> 1) ^ (0 - (u & 1)));
}

uint32_t mbc_index(bcx_cursor *c, uint64_t limit, const char *what)
{
	size_t at = bcx_cur_offset(c);
	uint64_t v = bcx_cur_prefixvarint(c, what);
	if (!bcx_cur_ok(c))
		return 0;
	if (v >= limit || v >= MBC_NONE) {
		bcx_cur_fail_at(c, at, BCX_ERR_MALFORMED, "%s %llu out of range (%llu entries)", what,
				(unsigned long long)v, (unsigned long long)limit);
		return 0;
	}
	return (uint32_t)v;
}

uint32_t mbc_count(bcx_cursor *c, size_t min_bytes, const char *what)
{
	size_t at = bcx_cur_offset(c);
	uint64_t v = bcx_cur_prefixvarint(c, what);
	if (!bcx_cur_ok(c))
		return 0;
	size_t room = bcx_cur_remaining(c) / (min_bytes ? min_bytes : 1);
	if (min_bytes && v > room) {
		bcx_cur_fail_at(c, at, BCX_ERR_TRUNCATED, "%s %llu exceeds the %zu bytes left", what,
				(unsigned long long)v, bcx_cur_remaining(c));
		return 0;
	}
	if (v >= MBC_NONE) {
		bcx_cur_fail_at(c, at, BCX_ERR_LIMIT, "%s %llu too large", what, (unsigned long long)v);
		return 0;
	}
	return (uint32_t)v;
}

bcx_status mbc_fail(bcx_cursor *c, const char *section, const char *fmt, ...)
{
	char msg[BCX_DIAG_MSG_MAX];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	if (section)
		bcx_diag_context(c->diag, "section %s", section);
	return bcx_cur_fail(c, BCX_ERR_MALFORMED, "%s", msg);
}

bool mbc_section_hdr(bcx_cursor *c, unsigned *id, bcx_cursor *sub, uint64_t *align)
{
	size_t at = bcx_cur_offset(c);
	uint8_t b = bcx_cur_u8(c, "section id");
	uint64_t len = bcx_cur_prefixvarint(c, "section length");
	*id = b & 0x7f;
	*align = 1;
	if (bcx_cur_ok(c) && *id >= MBC_SEC_COUNT)
		bcx_cur_fail_at(c, at, BCX_ERR_MALFORMED, "invalid section ID: %u", *id);
	if (bcx_cur_ok(c) && (b & 0x80)) {
		size_t aat = bcx_cur_offset(c);
		*align = bcx_cur_prefixvarint(c, "section alignment");
		if (bcx_cur_ok(c) && (*align == 0 || (*align & (*align - 1)) || *align > 4096))
			bcx_cur_fail_at(c, aat, BCX_ERR_MALFORMED,
					"section alignment %llu is not a power of two up to 4096",
					(unsigned long long)*align);
		if (bcx_cur_ok(c) && !bcx_cur_align(c, (size_t)*align, 0xCB))
			bcx_cur_fail(c, BCX_ERR_MALFORMED, "bad section alignment padding");
	}
	if (bcx_cur_ok(c) && len > bcx_cur_remaining(c))
		bcx_cur_fail(c, BCX_ERR_TRUNCATED, "section length %llu exceeds the %zu bytes left",
			     (unsigned long long)len, bcx_cur_remaining(c));
	if (!bcx_cur_ok(c)) {
		bcx_cur_sub(c, 0, sub, NULL);
		sub->status = c->status;
		return false;
	}
	return bcx_cur_sub(c, (size_t)len, sub, "section");
}
