/* i1 dense constants (spec §8.4): packed bits, one byte per element, the
 * 00/ff splats, and the option for the newest tools' 01 splat. */
#include "testutil.h"
#include "bcx/tileir.h"

#include <string.h>

static void section(bcx_buf *o, uint8_t id, unsigned align, const void *p, size_t n)
{
	bcx_buf_put_u8(o, (uint8_t)(id | 0x80));
	bcx_buf_put_uleb128(o, n);
	bcx_buf_put_u8(o, (uint8_t)align);
	bcx_buf_pad_to(o, align, 0xcb);
	bcx_buf_put_bytes(o, p, n);
}

/* Types: [0] () -> (), [1] i1, [2] tile<4xi1>; one constant op per blob. */
static void build(bcx_buf *o, const uint8_t *const *blobs, const size_t *sizes, size_t n)
{
	static const uint8_t types[] = {0x03, 0xcb, 0xcb, 0xcb, 0, 0, 0, 0, 3, 0, 0, 0,
					4, 0, 0, 0, 0x10, 0x00, 0x00, 0x00, 0x0d, 0x01, 0x01,
					4, 0, 0, 0, 0, 0, 0, 0};
	static const uint8_t strings[] = {0x01, 0xcb, 0xcb, 0xcb, 0, 0, 0, 0, 'k'};
	bcx_buf f, c, data;
	bcx_buf_init(&f, NULL);
	bcx_buf_init(&c, NULL);
	bcx_buf_init(&data, NULL);
	bcx_buf_put_bytes(&f, "\x01\x00\x00\x02\x00", 5);
	bcx_buf_put_uleb128(&f, n * 3 + 3);
	for (size_t i = 0; i < n; i++) {
		uint8_t op[3] = {0x10, 0x02, (uint8_t)i};
		bcx_buf_put_bytes(&f, op, 3);
	}
	bcx_buf_put_bytes(&f, "\x5c\x00\x00", 3);
	bcx_buf_pad_to(&f, 8, 0xcb);
	bcx_buf_put_uleb128(&c, n);
	bcx_buf_pad_to(&c, 8, 0xcb);
	for (size_t i = 0; i < n; i++) {
		bcx_buf_put_u64le(&c, data.len);
		bcx_buf_put_uleb128(&data, sizes[i]);
		bcx_buf_put_bytes(&data, blobs[i], sizes[i]);
	}
	bcx_buf_put_bytes(&c, data.data, data.len);
	bcx_buf_put_bytes(o, "\x7fTileIR\0\x0d\x03\0\0", 12);
	section(o, 2, 8, f.data, f.len);
	section(o, 4, 8, c.data, c.len);
	section(o, 5, 4, types, sizeof types);
	section(o, 1, 4, strings, sizeof strings);
	bcx_buf_put_u8(o, 0);
	bcx_buf_free(&f);
	bcx_buf_free(&c);
	bcx_buf_free(&data);
}

static void expect(const bcx_buf *b, bool byte_splat, const char *const *want, size_t n)
{
	bcx_tileir_read_options opts = {.size = sizeof(bcx_tileir_read_options), .i1_byte_splat = byte_splat};
	bcx_tileir_module *m = NULL;
	bcx_diag d = {0};
	bcx_buf out;
	bcx_buf_init(&out, NULL);
	bcx_status s = bcx_tileir_open(b->data, b->len, &opts, &m, &d);
	if (s == BCX_OK)
		s = bcx_tileir_print_generic(m, -1, &(bcx_sink){bcx_buf_sink_write, &out}, &d);
	T_CHECKF(s == BCX_OK, "module refused: %s", d.message);
	bcx_buf_put_u8(&out, 0);
	for (size_t i = 0; s == BCX_OK && i < n; i++)
		T_CHECKF(strstr((const char *)out.data, want[i]) != NULL, "missing %s in\n%s", want[i],
			 (const char *)out.data);
	bcx_buf_free(&out);
	bcx_tileir_close(m);
}

/* A module of blobs must be refused, in both i1 readings or one. */
static void expect_refused(const bcx_buf *b, bool byte_splat)
{
	bcx_tileir_read_options opts = {.size = sizeof(bcx_tileir_read_options), .i1_byte_splat = byte_splat};
	bcx_tileir_module *m = NULL;
	bcx_diag d = {0};
	T_CHECK(bcx_tileir_read(b->data, b->len, &opts, &m, &d) == BCX_ERR_MALFORMED);
	T_CHECKF(strstr(d.message, "failed to validate buffer size and format") != NULL, "%s",
		 d.message);
	bcx_tileir_close(m);
}

int main(int argc, char **argv)
{
	tu_init(argc, argv);
	/* The reference's MLIR stores i1 bit-packed (a splat as one byte 00 or
	 * ff); NVIDIA's newest tools one byte per element (a splat as 00 or 01):
	 * i1_byte_splat reads the latter, the default the former. */
	static const uint8_t packed[] = {0x05}, ones[] = {0xff}, zeros[] = {0x00}, one[] = {0x01};
	const uint8_t *blobs[] = {packed, ones, zeros, one};
	const size_t sizes[] = {1, 1, 1, 1};
	bcx_buf b;
	bcx_buf_init(&b, NULL);
	build(&b, blobs, sizes, 4);
	const char *const def[] = {
		"%0 = \"cuda_tile.constant\"() <{value = dense<[true, false, true, false]> : !cuda_tile.tile<4xi1>}>",
		"%1 = \"cuda_tile.constant\"() <{value = dense<true> : !cuda_tile.tile<4xi1>}>",
		"%2 = \"cuda_tile.constant\"() <{value = dense<false> : !cuda_tile.tile<4xi1>}>",
		"%3 = \"cuda_tile.constant\"() <{value = dense<[true, false, false, false]> : !cuda_tile.tile<4xi1>}>"};
	expect(&b, false, def, 4);
	const char *const newest[] = {
		"%0 = \"cuda_tile.constant\"() <{value = dense<true> : !cuda_tile.tile<4xi1>}>",
		"%3 = \"cuda_tile.constant\"() <{value = dense<true> : !cuda_tile.tile<4xi1>}>"};
	expect(&b, true, newest, 2);
	/* One byte per element: refused as the reference refuses it, read
	 * with i1_byte_splat (a full buffer of equal bytes is a splat). */
	static const uint8_t bytes[] = {1, 0, 1, 1}, same[] = {1, 1, 1, 1}, alike[] = {1, 2, 1, 1};
	const uint8_t *full[] = {bytes, same, alike};
	const size_t full_sizes[] = {4, 4, 4};
	b.len = 0;
	build(&b, full, full_sizes, 3);
	expect_refused(&b, false);
	const char *const newest_full[] = {
		"%0 = \"cuda_tile.constant\"() <{value = dense<[true, false, true, true]> : !cuda_tile.tile<4xi1>}>",
		"%1 = \"cuda_tile.constant\"() <{value = dense<true> : !cuda_tile.tile<4xi1>}>",
		"%2 = \"cuda_tile.constant\"() <{value = dense<[true, true, true, true]> : !cuda_tile.tile<4xi1>}>"};
	expect(&b, true, newest_full, 3);
	/* A 3-byte buffer fits neither layout. */
	static const uint8_t three[] = {1, 0, 1};
	const uint8_t *bad[] = {three};
	const size_t bad_size[] = {3};
	b.len = 0;
	build(&b, bad, bad_size, 1);
	expect_refused(&b, false);
	expect_refused(&b, true);
	bcx_buf_free(&b);
	return tu_finish();
}
