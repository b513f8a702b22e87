/* TBON: the tagged, big-endian binary object format of Tapioca VM object
 * files. docs/tapioca.md is the format's specification (which type byte
 * means what, and why).
 *
 * A file is: magic "TBON", an optional const pool (0x02), then the object
 * root marker (0x01) and exactly one value. The reader builds a tree of
 * bcx_tbon_value in a caller arena; the writer turns a tree back into the
 * same bytes (every value keeps the type byte it was read with, so
 * read -> write is the identity on files whose lengths use the short form
 * whenever they can, which is what the writer produces). */
#ifndef BCX_TBON_H
#define BCX_TBON_H

#include "bcx/core.h"

BCX_BEGIN_DECLS

/* Type bytes (the table in docs/tapioca.md). */
enum {
	BCX_TBON_ROOT = 0x01,
	BCX_TBON_POOL = 0x02,
	BCX_TBON_REF = 0x03,
	BCX_TBON_OBJECT = 0x04, /* element signature: each element has its own type byte */
	BCX_TBON_NIL = 0x05,
	BCX_TBON_FALSE = 0x06,  /* also the element signature of boolean arrays */
	BCX_TBON_TRUE = 0x07,
	BCX_TBON_BYTE = 0x08,   /* element signature only */
	BCX_TBON_F16 = 0x09,
	BCX_TBON_F32 = 0x0A,
	BCX_TBON_F64 = 0x0B,
	BCX_TBON_F128 = 0x0C,
	BCX_TBON_I8 = 0x10,
	BCX_TBON_I16 = 0x11,
	BCX_TBON_I32 = 0x12,
	BCX_TBON_I64 = 0x13,
	BCX_TBON_IVA = 0x17,    /* signed, XIP encoded */
	BCX_TBON_U8 = 0x18,
	BCX_TBON_U16 = 0x19,
	BCX_TBON_U32 = 0x1A,
	BCX_TBON_U64 = 0x1B,
	BCX_TBON_UVA = 0x1F,    /* unsigned, VA128 (big-endian base-128) */
	BCX_TBON_ARRAY = 0x3F,  /* long forms; 0x20..0x3E are short forms */
	BCX_TBON_MAP = 0x5F,
	BCX_TBON_NAME = 0x7F
};

typedef enum bcx_tbon_kind {
	BCX_TBON_K_NIL,
	BCX_TBON_K_BOOL,
	BCX_TBON_K_INT,   /* i8..i64, ixip; value in .i */
	BCX_TBON_K_UINT,  /* u8..u64, uva, byte; value in .u */
	BCX_TBON_K_FLOAT, /* f16..f128; value in .f (f128: nearest double, bits in .f128) */
	BCX_TBON_K_ARRAY,
	BCX_TBON_K_MAP,   /* .items holds 2 * count values: key, value, ... */
	BCX_TBON_K_NAME,  /* UTF-8 bytes in .str, .len */
	BCX_TBON_K_REF,   /* const pool index in .u */
	BCX_TBON_K_BIGINT /* ixip wider than 64 bits: .wide, .len (a kind of its own, so
			   * that code reading .i of a K_INT cannot take it for a small value) */
} bcx_tbon_kind;

typedef struct bcx_tbon_value bcx_tbon_value;
struct bcx_tbon_value {
	bcx_tbon_kind kind;
	uint8_t type;   /* the type byte (for arrays/maps/names: the long form) */
	uint8_t elem;   /* arrays: element signature */
	bool b;
	int64_t i;
	uint64_t u;
	double f;         /* floats: the value; .u holds the raw bits of f16/f32/f64 */
	uint8_t f128[16]; /* binary128 big-endian bytes, when type == F128 */
	const char *str;  /* names; not NUL-terminated */
	size_t len;       /* names: bytes; arrays, maps: count */
	bcx_tbon_value *items; /* NULL for an array of element signature nil (elements
				* take no bytes): every element is nil */
	uint64_t offset;   /* byte offset of the type byte in the input (reader only) */
	/* BCX_TBON_K_BIGINT, a signed VA (0x17) wider than 64 bits (up to 512,
	 * as XIP allows): len bytes of two's complement, most significant
	 * first, in the fewest bytes that keep the sign (9..64). */
	const uint8_t *wide;
};

typedef struct bcx_tbon_file {
	bcx_tbon_value *pool; /* const pool entries, NULL when the file has none */
	size_t pool_count;
	bool has_pool;
	bcx_tbon_value root;
} bcx_tbon_file;

/* Read a whole file within limits (NULL or zero fields: the defaults of
 * core.h: depth 64, 2^24 items per array/map or bytes per name, 2^26 values
 * in all). All memory comes from arena; on failure diag holds
 * the byte offset. Errors: TRUNCATED, MALFORMED (bad type byte, bad UTF-8,
 * duplicate map key, bad const ref), UNSUPPORTED (extension bytes 0x80..),
 * LIMIT. */
BCX_NODISCARD bcx_status bcx_tbon_read(const uint8_t *data, size_t size, bcx_arena *arena,
				       const bcx_limits *limits, bcx_tbon_file *out,
				       bcx_diag *diag);

/* Append the file to out (sticky status in out; the duplicate-key check's
 * work memory comes from out's allocator). Returns out's status,
 * MALFORMED for a tree the format cannot hold (a name that is not UTF-8, a
 * value that does not fit its type byte), or LIMIT for one the reader would
 * refuse with the default limits of core.h (nesting deeper than 64, more
 * than 2^24 items in a container, more than 2^26 values): what bcx writes,
 * bcx reads. */
BCX_NODISCARD bcx_status bcx_tbon_write(const bcx_tbon_file *file, bcx_buf *out, bcx_diag *diag);

/* One value (no magic, the value at depth 0) -- used by the writer and
 * tests; the same rules as bcx_tbon_write. */
BCX_NODISCARD bcx_status bcx_tbon_write_value(const bcx_tbon_value *v, bcx_buf *out,
					      bcx_diag *diag);

/* Structured text dump with byte offsets (json=false) or JSON (json=true);
 * the file is read into memory from out's allocator. */
BCX_NODISCARD bcx_status bcx_tbon_dump(const uint8_t *data, size_t size, bool json,
				       const bcx_limits *limits, bcx_buf *out,
				       bcx_diag *diag);

/* True when data starts with the magic "TBON". */
bool bcx_tbon_sniff(const uint8_t *data, size_t size);

/* Value constructors for writers (no allocation except where noted). */
bcx_tbon_value bcx_tbon_int(int64_t v);    /* smallest signed width */
bcx_tbon_value bcx_tbon_uint(uint64_t v);  /* smallest unsigned width */
bcx_tbon_value bcx_tbon_f64(double v);
bcx_tbon_value bcx_tbon_name(const char *s, size_t len);

/* Exact binary16 <-> binary64 conversions (every binary16 is a double). */
double bcx_f16_to_f64(uint16_t h);
/* binary128 -> nearest double (round to nearest even). */
double bcx_f128_to_f64(const uint8_t be[16]);

/* Find a key given as a name in a map value; NULL when absent. */
const bcx_tbon_value *bcx_tbon_map_get(const bcx_tbon_value *map, const char *key);

BCX_END_DECLS
#endif
