/* Internals of the bitstream reader shared by the cursor, the BLOCKINFO
 * pass, the analyzer and the tree. Not a public header. */
#ifndef BCX_BITSTREAM_INTERNAL_H
#define BCX_BITSTREAM_INTERNAL_H

#include "bcx/bitstream.h"
#include "common/internal.h"

#include <string.h>

#define BS_LIKELY(x) BCX_LIKELY(x)
#define BS_UNLIKELY(x) BCX_UNLIKELY(x)
#if defined(__GNUC__) || defined(__clang__)
#define BS_INLINE static inline __attribute__((always_inline))
#else
#define BS_INLINE static inline
#endif

/* Operands a stream may decode to, per bit of input. Literal operands cost
 * no bits, so an abbreviation of many literals used by many 3-bit records
 * would decode to a number of operands quadratic in the input; LLVM's own
 * files stay below 0.1 per bit. */
#define BS_OPS_PER_BIT 8

/* One SETRECORDNAME of a BLOCKINFO entry. */
typedef struct bs_recname {
	uint32_t code;
	uint32_t len;
	const char *name;
} bs_recname;

/* What BLOCKINFO says about one block ID (spec section 5). */
typedef struct bs_bi_entry {
	uint32_t block_id;
	uint32_t nabbrevs;
	size_t cap_abbrevs;
	const bcx_bs_abbrev **abbrevs;
	const char *name; /* BLOCKNAME; NULL when none */
	uint32_t name_len;
	uint32_t nrecnames;
	size_t cap_recnames;
	bs_recname *recnames;
} bs_bi_entry;

/* A BLOCKINFO table: entries sorted by block_id once complete. Tables live
 * in the reader's arena and are never freed before the reader, so frames
 * may keep pointing into a table that a later BLOCKINFO replaced. */
typedef struct bs_blockinfo {
	bs_bi_entry *e;
	size_t n, cap;
} bs_blockinfo;

/* An open block. */
typedef struct bs_frame {
	uint32_t block_id;
	unsigned width;             /* abbreviation ID width */
	const bs_bi_entry *bi;      /* BLOCKINFO entry for block_id, or NULL */
	size_t local_base;          /* first local abbreviation in r->local */
} bs_frame;

struct bcx_bs_reader {
	bcx_bitcursor bc;           /* over the payload */
	const uint8_t *payload;
	size_t payload_size;
	bool wrapped;
	bcx_bs_wrapper wrap;
	uint32_t magic;
	bcx_bs_kind kind;
	const bcx_allocator *alloc;
	bcx_arena *arena;
	bcx_diag *diag;
	unsigned depth;
	bs_frame frames[BCX_BS_MAX_DEPTH + 1]; /* frames[0] is the top level */
	const bcx_bs_abbrev **local;  /* local DEFINE_ABBREVs of open blocks */
	size_t nlocal, cap_local;
	uint64_t *ops;                /* operand buffer of the last record */
	size_t cap_ops;
	const bs_blockinfo *bi;       /* current BLOCKINFO table (may be NULL) */
	uint64_t ops_left;            /* operand budget (see record.c) */
	bool pending_block;           /* a SUBBLOCK entry awaits enter/skip */
	uint32_t pending_id;
	uint64_t pending_pos;         /* bit position after its block ID */
};

/* ---- bit reads: a fast path inside the buffer, bcx_bitcursor otherwise ---- */

static inline uint64_t bs_load64(const uint8_t *p)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	uint64_t v;
	memcpy(&v, p, 8);
	return v;
#else
	uint64_t v = 0;
	for (unsigned i = 0; i < 8; i++)
		v |= (uint64_t)p[i] << (8 * i);
	return v;
#endif
}

/* Fixed field of 0..32 bits (spec section 1). */
static inline uint64_t bs_read(bcx_bitcursor *b, unsigned w)
{
	uint64_t pos = b->pos;
	if (BS_LIKELY(pos + 64 <= b->limit)) {
		uint64_t word = bs_load64(b->data + (pos >> 3)) >> (pos & 7);
		b->pos = pos + w;
		return word & (((uint64_t)1 << w) - 1);
	}
	return bcx_bit_read(b, w);
}

uint64_t bs_vbr_slow(bcx_bitcursor *b, unsigned w, uint64_t first, unsigned result_bits);

/* A VBR-w value (w 1..32) at the bottom of the 64-bit window win, when it
 * ends inside the window's first `end` bits: the value in *v and its bit
 * count in *bits. For 64-bit results end is 57 (fewer than 57 payload bits:
 * nothing can overflow), for 32-bit ones two chunks that fit (or none). */
static inline bool bs_vbr_window(uint64_t win, unsigned w, unsigned end, uint64_t *v,
				 unsigned *bits)
{
	uint64_t hi = (uint64_t)1 << (w - 1), mask = ((uint64_t)1 << w) - 1;
	uint64_t c = win & mask;
	if (BS_LIKELY(!(c & hi))) {
		*v = c;
		*bits = w;
		return true;
	}
	uint64_t x = c & (hi - 1);
	unsigned sh = w - 1;
	for (unsigned u = w; u + w <= end; u += w, sh += w - 1) {
		c = (win >> u) & mask;
		x |= (c & (hi - 1)) << sh;
		if (!(c & hi)) {
			*v = x;
			*bits = u + w;
			return true;
		}
	}
	return false;
}

/* The window end of bs_vbr_window() for a result of result_bits (32, 64). */
static inline unsigned bs_vbr_end(unsigned w, unsigned result_bits)
{
	return result_bits == 64 ? 57 : (2 * w - 1 <= result_bits ? 2 * w : 0);
}

/* VBR field (width 1..32); result_bits is 32 or 64 (spec section 1).
 * Values that end inside one 64-bit window are read from it. */
static inline uint64_t bs_vbr(bcx_bitcursor *b, unsigned w, unsigned result_bits)
{
	uint64_t pos = b->pos;
	if (BS_LIKELY(pos + 64 <= b->limit)) {
		uint64_t win = bs_load64(b->data + (pos >> 3)) >> (pos & 7), v;
		unsigned bits;
		if (BS_LIKELY(bs_vbr_window(win, w, bs_vbr_end(w, result_bits), &v, &bits))) {
			b->pos = pos + bits;
			return v;
		}
	}
	uint64_t piece = bs_read(b, w);
	if (!(piece >> (w - 1)))
		return piece;
	return bs_vbr_slow(b, w, piece, result_bits);
}

/* Record a failure at an explicit bit position (first failure wins). */
bcx_status bs_fail(bcx_bs_reader *r, uint64_t bit, bcx_status code, const char *fmt, ...)
	BCX_PRINTF(4, 5);

/* ---- abbreviations and records (abbrev.c) ---- */
const bcx_bs_abbrev *bs_read_abbrev_def(bcx_bs_reader *r);
/* A record's body after its abbreviation ID (record.c). */
bcx_status bs_read_unabbrev(bcx_bs_reader *r, bcx_bs_record *rec);
bcx_status bs_read_abbreviated(bcx_bs_reader *r, const bcx_bs_abbrev *ab, bcx_bs_record *rec);

/* The record whose abbreviation ID (at bit start) was just read, and the
 * operand budget (BS_OPS_PER_BIT). Inline: it runs once per record, from
 * the analyzer's loop. */
BS_INLINE bcx_status bs_read_record_body(bcx_bs_reader *r, uint32_t abbrev_id,
					 const bcx_bs_abbrev *ab, uint64_t start,
					 bcx_bs_record *rec)
{
	rec->abbrev_id = abbrev_id;
	rec->abbrev = ab;
	rec->blob = NULL;
	rec->blob_len = 0;
	rec->has_blob = false;
	rec->nops = 0;
	bcx_status s = ab ? bs_read_abbreviated(r, ab, rec) : bs_read_unabbrev(r, rec);
	rec->ops = r->ops;
	rec->end_bit = r->bc.pos;
	if (BS_UNLIKELY(s == BCX_OK && rec->nops > r->ops_left))
		return bs_fail(r, start, BCX_ERR_LIMIT,
			       "records decode to more than %d operands per input bit",
			       BS_OPS_PER_BIT);
	r->ops_left -= s == BCX_OK ? rec->nops : 0;
	return s;
}
bool bs_push_local(bcx_bs_reader *r, const bcx_bs_abbrev *ab);

/* The abbreviation `id` (>= 4) of the innermost block, or NULL. IDs 4..
 * are first the BLOCKINFO abbreviations of the block, then the ones it
 * defined itself (spec section 3). */
static inline const bcx_bs_abbrev *bs_lookup_abbrev(const bcx_bs_reader *r, uint32_t id)
{
	const bs_frame *f = &r->frames[r->depth];
	uint64_t idx = (uint64_t)id - 4;
	uint32_t nbi = f->bi ? f->bi->nabbrevs : 0;
	if (idx < nbi)
		return f->bi->abbrevs[idx];
	idx -= nbi;
	if (idx < r->nlocal - f->local_base)
		return r->local[f->local_base + idx];
	return NULL;
}

/* bcx_bs_next and bcx_bs_read_record in one step for the common case, the
 * next entry being a record of the open block with a 64-bit window of
 * input left: e and rec are filled (rec as bcx_bs_read_record would, a
 * failure in the reader's status) and the answer is true. Any other entry,
 * an undefined abbreviation included, answers false with nothing read:
 * bcx_bs_next takes it from there. */
static inline bool bs_next_record(bcx_bs_reader *r, bcx_bs_entry *e, bcx_bs_record *rec)
{
	uint64_t pos = r->bc.pos;
	if (r->depth == 0 || r->pending_block || r->bc.status != BCX_OK || pos + 64 > r->bc.limit)
		return false;
	uint32_t id = (uint32_t)bs_read(&r->bc, r->frames[r->depth].width);
	const bcx_bs_abbrev *ab = NULL;
	if (id < 3 || (id > 3 && !(ab = bs_lookup_abbrev(r, id)))) {
		r->bc.pos = pos;
		return false;
	}
	e->kind = BCX_BS_ENTRY_RECORD;
	e->abbrev_id = id;
	e->block_id = 0;
	e->bit_pos = pos;
	e->abbrev = ab;
	(void)bs_read_record_body(r, id, ab, pos, rec);
	return true;
}

/* ---- BLOCKINFO (blockinfo.c) ---- */
const bs_bi_entry *bs_bi_find(const bs_blockinfo *t, uint32_t block_id);
/* ---- names (names.c) ---- */
bcx_bs_name bs_block_name(bcx_bs_kind kind, const bs_bi_entry *bi, uint32_t block_id);
bcx_bs_name bs_record_name(bcx_bs_kind kind, const bs_bi_entry *bi, uint32_t block_id,
			   uint32_t code);
/* ---- wrapper and magic (magic.c) ---- */
bcx_status bs_open_payload(bcx_bs_reader *r, const uint8_t *data, size_t size);

#endif
