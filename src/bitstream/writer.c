/* The bitstream writer (spec llvm-bitstream.md section 12): blocks with
 * back-patched length words, abbreviation definitions, BLOCKINFO, and
 * records unabbreviated or through an abbreviation. Errors are sticky;
 * bcx_bsw_finish() reports the first one. */
#include "internal.h"

#include <stdarg.h>
#include <stdio.h>

typedef struct bsw_bi {
	uint32_t block_id;
	uint32_t n;
	size_t cap;
	const bcx_bs_abbrev **abbrevs;
} bsw_bi;

typedef struct bsw_table {
	bsw_bi *e;
	size_t n, cap;
} bsw_table;

typedef struct bsw_frame {
	uint32_t block_id;
	unsigned width;
	size_t size_word;          /* byte position of the length word */
	const bsw_bi *bi;          /* BLOCKINFO abbreviations for this block */
	size_t local_base;
	/* inside a BLOCKINFO block: its new table and the SETBID target */
	bsw_table *pending;
	bsw_bi *target;
} bsw_frame;

struct bcx_bs_writer {
	bcx_bitbuf out;
	const bcx_allocator *alloc;
	bcx_arena *arena;
	bcx_status status;
	bcx_diag diag;
	unsigned depth;
	bsw_frame frames[BCX_BS_MAX_DEPTH + 1];
	const bcx_bs_abbrev **local;
	size_t nlocal, cap_local;
	const bsw_table *table;
};

static void wfail(bcx_bs_writer *w, bcx_status code, const char *fmt, ...) BCX_PRINTF(3, 4);
static void wfail(bcx_bs_writer *w, bcx_status code, const char *fmt, ...)
{
	if (w->status != BCX_OK)
		return;
	w->status = code;
	char msg[BCX_DIAG_MSG_MAX];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	bcx_diag_set_bits(&w->diag, code, bcx_bitbuf_bit_pos(&w->out), "%s", msg);
}

#define WFAIL_RET(...)                                                                       \
	do {                                                                                 \
		wfail(__VA_ARGS__);                                                          \
		return;                                                                      \
	} while (0)

static bool ok(bcx_bs_writer *w)
{
	if (w->status == BCX_OK && bcx_bitbuf_status(&w->out) != BCX_OK)
		wfail(w, bcx_bitbuf_status(&w->out), "output buffer: %s",
		      bcx_status_str(bcx_bitbuf_status(&w->out)));
	return w->status == BCX_OK;
}

bcx_status bcx_bsw_new(bcx_bs_writer **out, const bcx_allocator *a)
{
	*out = NULL;
	bcx_bs_writer *w = bcx_alloc(a, sizeof *w);
	if (!w)
		return BCX_ERR_NOMEM;
	memset(w, 0, sizeof *w);
	w->alloc = a;
	w->arena = bcx_arena_new(a);
	if (!w->arena) {
		bcx_free(a, w, sizeof *w);
		return BCX_ERR_NOMEM;
	}
	bcx_bitbuf_init(&w->out, a);
	bcx_diag_clear(&w->diag);
	w->frames[0].width = 2;
	*out = w;
	return BCX_OK;
}

void bcx_bsw_free(bcx_bs_writer *w)
{
	if (!w)
		return;
	bcx_bitbuf_free(&w->out);
	bcx_free(w->alloc, w->local, w->cap_local * sizeof *w->local);
	bcx_arena_free(w->arena);
	bcx_free(w->alloc, w, sizeof *w);
}

void bcx_bsw_magic(bcx_bs_writer *w, uint32_t magic)
{
	if (ok(w))
		bcx_bitbuf_emit(&w->out, magic, 32);
}

static const bsw_bi *table_find(const bsw_table *t, uint32_t id)
{
	for (size_t i = 0; t && i < t->n; i++)
		if (t->e[i].block_id == id)
			return &t->e[i];
	return NULL;
}

void bcx_bsw_enter_block(bcx_bs_writer *w, uint32_t block_id, unsigned code_width)
{
	if (!ok(w))
		return;
	if (code_width < 1 || code_width > 32)
		WFAIL_RET(w, BCX_ERR_INVALID_ARG, "code width %u is outside 1..32", code_width);
	if (w->depth >= BCX_BS_MAX_DEPTH)
		WFAIL_RET(w, BCX_ERR_LIMIT, "blocks nested deeper than %d", BCX_BS_MAX_DEPTH);
	bcx_bitbuf_emit(&w->out, 1, w->frames[w->depth].width);
	bcx_bitbuf_emit_vbr(&w->out, block_id, 8);
	bcx_bitbuf_emit_vbr(&w->out, code_width, 4);
	bcx_bitbuf_align32(&w->out);
	bsw_frame *f = &w->frames[++w->depth];
	memset(f, 0, sizeof *f);
	f->block_id = block_id;
	f->width = code_width;
	f->size_word = w->out.bytes.len;
	f->bi = table_find(w->table, block_id);
	f->local_base = w->nlocal;
	bcx_bitbuf_emit(&w->out, 0, 32); /* patched at END_BLOCK */
	if (block_id == 0 && !(f->pending = bcx_arena_calloc(w->arena, 1, sizeof *f->pending)))
		wfail(w, BCX_ERR_NOMEM, "out of memory");
}

void bcx_bsw_end_block(bcx_bs_writer *w)
{
	if (!ok(w))
		return;
	if (w->depth == 0)
		WFAIL_RET(w, BCX_ERR_INVALID_ARG, "END_BLOCK without an open block");
	bsw_frame *f = &w->frames[w->depth];
	bcx_bitbuf_emit(&w->out, 0, f->width);
	bcx_bitbuf_align32(&w->out);
	size_t words = (w->out.bytes.len - f->size_word) / 4 - 1;
	if (words > UINT32_MAX)
		WFAIL_RET(w, BCX_ERR_LIMIT, "block of %zu words does not fit its length word", words);
	bcx_bitbuf_patch_word(&w->out, f->size_word, (uint32_t)words);
	if (f->pending)
		w->table = f->pending; /* a BLOCKINFO block replaces the table */
	w->nlocal = f->local_base;
	w->depth--;
}

static bool push_local(bcx_bs_writer *w, const bcx_bs_abbrev *ab)
{
	if (!bcx_heap_room(w->alloc, &w->local, w->nlocal, &w->cap_local, sizeof *w->local, 32))
		return false;
	w->local[w->nlocal++] = ab;
	return true;
}

static bool bi_add(bcx_bs_writer *w, bsw_bi *e, const bcx_bs_abbrev *ab)
{
	if (!BCX_VEC_ROOM(w->arena, e->abbrevs, e->n, e->cap))
		return false;
	e->abbrevs[e->n++] = ab;
	return true;
}

static bsw_bi *pending_entry(bcx_bs_writer *w, bsw_table *t, uint32_t id)
{
	for (size_t i = 0; i < t->n; i++)
		if (t->e[i].block_id == id)
			return &t->e[i];
	if (!BCX_VEC_ROOM(w->arena, t->e, t->n, t->cap))
		return NULL;
	memset(&t->e[t->n], 0, sizeof t->e[0]);
	t->e[t->n].block_id = id;
	return &t->e[t->n++];
}

static bool valid_def(const bcx_bs_abbrev *ab)
{
	if (ab->nops == 0)
		return false;
	for (uint32_t i = 0; i < ab->nops; i++) {
		const bcx_bs_abbrev_op *op = &ab->ops[i];
		if (op->kind > BCX_BS_OP_BLOB)
			return false;
		if ((op->kind == BCX_BS_OP_FIXED || op->kind == BCX_BS_OP_VBR) && op->value > 32)
			return false;
	}
	return true;
}

/* DEFINE_ABBREV (spec section 4): count, then each operand definition. */
static void emit_def(bcx_bs_writer *w, unsigned width, const bcx_bs_abbrev *ab)
{
	bcx_bitbuf_emit(&w->out, 2, width);
	bcx_bitbuf_emit_vbr(&w->out, ab->nops, 5);
	for (uint32_t i = 0; i < ab->nops; i++) {
		const bcx_bs_abbrev_op *op = &ab->ops[i];
		bcx_bitbuf_emit(&w->out, op->kind == BCX_BS_OP_LITERAL, 1);
		if (op->kind == BCX_BS_OP_LITERAL) {
			bcx_bitbuf_emit_vbr(&w->out, op->value, 8);
			continue;
		}
		bcx_bitbuf_emit(&w->out, op->kind, 3);
		if (op->kind == BCX_BS_OP_FIXED || op->kind == BCX_BS_OP_VBR)
			bcx_bitbuf_emit_vbr(&w->out, op->value, 5);
	}
}

uint32_t bcx_bsw_define_abbrev(bcx_bs_writer *w, const bcx_bs_abbrev *ab)
{
	if (!ok(w))
		return 0;
	if (w->depth == 0 || !valid_def(ab)) {
		wfail(w, BCX_ERR_INVALID_ARG, w->depth ? "invalid abbreviation definition"
						       : "DEFINE_ABBREV at top level");
		return 0;
	}
	bsw_frame *f = &w->frames[w->depth];
	emit_def(w, f->width, ab);
	if (f->pending) {
		if (!f->target) {
			wfail(w, BCX_ERR_INVALID_ARG, "BLOCKINFO abbreviation before SETBID");
			return 0;
		}
		if (!bi_add(w, f->target, ab)) {
			wfail(w, BCX_ERR_NOMEM, "out of memory");
			return 0;
		}
	}
	uint32_t target_id = f->pending ? 4 + f->target->n - 1 : 0;
	if (!push_local(w, ab)) {
		wfail(w, BCX_ERR_NOMEM, "out of memory");
		return 0;
	}
	if (f->pending)
		return target_id; /* its ID in the block SETBID chose */
	uint64_t id = 4 + (f->bi ? f->bi->n : 0) + (w->nlocal - 1 - f->local_base);
	return id >> f->width ? 0 : (uint32_t)id;
}

static int char6_index(uint64_t c)
{
	if (c >= 'a' && c <= 'z')
		return (int)(c - 'a');
	if (c >= 'A' && c <= 'Z')
		return (int)(c - 'A' + 26);
	if (c >= '0' && c <= '9')
		return (int)(c - '0' + 52);
	if (c == '.')
		return 62;
	return c == '_' ? 63 : -1;
}

/* One scalar field; false when v does not fit the encoding. */
static bool put_scalar(bcx_bs_writer *w, const bcx_bs_abbrev_op *op, uint64_t v)
{
	switch (op->kind) {
	case BCX_BS_OP_LITERAL:
		return v == op->value;
	case BCX_BS_OP_FIXED:
		if (op->value < 64 && v >> op->value)
			return false;
		bcx_bitbuf_emit(&w->out, v, (unsigned)op->value);
		return true;
	case BCX_BS_OP_VBR:
		if (op->value <= 1) { /* VBR(0) is literal 0; VBR(1) can only hold 0 */
			if (op->value == 1)
				bcx_bitbuf_emit(&w->out, 0, 1);
			return v == 0;
		}
		bcx_bitbuf_emit_vbr(&w->out, v, (unsigned)op->value);
		return true;
	case BCX_BS_OP_CHAR6: {
		int c = char6_index(v);
		if (c < 0)
			return false;
		bcx_bitbuf_emit(&w->out, (uint64_t)c, 6);
		return true;
	}
	default:
		return false;
	}
}

static void put_blob(bcx_bs_writer *w, const uint8_t *blob, size_t len)
{
	if (len > UINT32_MAX)
		WFAIL_RET(w, BCX_ERR_LIMIT, "blob of %zu bytes is too long", len);
	bcx_bitbuf_emit_vbr(&w->out, len, 6);
	bcx_bitbuf_align32(&w->out);
	if (len)
		bcx_buf_put_bytes(&w->out.bytes, blob, len);
	bcx_buf_pad_to(&w->out.bytes, 4, 0);
}

/* Operands after the code, following the definition (spec section 4). */
static bool put_fields(bcx_bs_writer *w, const bcx_bs_abbrev *ab, const uint64_t *ops,
		       size_t nops, const uint8_t *blob, size_t blob_len)
{
	size_t k = 0;
	bool used_blob = false;
	for (uint32_t i = 1; i < ab->nops; i++) {
		const bcx_bs_abbrev_op *op = &ab->ops[i];
		if (op->kind == BCX_BS_OP_ARRAY) {
			const bcx_bs_abbrev_op *elt = &ab->ops[i + 1];
			bool scalar = elt->kind == BCX_BS_OP_CHAR6 ||
				      ((elt->kind == BCX_BS_OP_FIXED || elt->kind == BCX_BS_OP_VBR) &&
				       elt->value);
			if (i + 2 != ab->nops || !scalar || nops - k > UINT32_MAX)
				return false;
			bcx_bitbuf_emit_vbr(&w->out, nops - k, 6);
			for (; k < nops; k++)
				if (!put_scalar(w, elt, ops[k]))
					return false;
			i++;
		} else if (op->kind == BCX_BS_OP_BLOB) {
			if (!blob && blob_len)
				return false;
			put_blob(w, blob, blob_len);
			used_blob = true;
		} else {
			if (k >= nops || !put_scalar(w, op, ops[k]))
				return false;
			k++;
		}
	}
	return k == nops && (used_blob || !blob);
}

void bcx_bsw_record_with(bcx_bs_writer *w, uint32_t abbrev_id, const bcx_bs_abbrev *ab,
			 uint32_t code, const uint64_t *ops, size_t nops, const uint8_t *blob,
			 size_t blob_len)
{
	if (!ok(w))
		return;
	if (w->depth == 0)
		WFAIL_RET(w, BCX_ERR_INVALID_ARG, "record at top level");
	bsw_frame *f = &w->frames[w->depth];
	if (f->width < 32 && abbrev_id >> f->width)
		WFAIL_RET(w, BCX_ERR_INVALID_ARG, "abbreviation ID %u does not fit %u bits",
			     abbrev_id, f->width);
	if (f->pending && code == 1 && nops >= 1 &&
	    !(f->target = pending_entry(w, f->pending, (uint32_t)ops[0])))
		WFAIL_RET(w, BCX_ERR_NOMEM, "out of memory");
	bcx_bitbuf_emit(&w->out, abbrev_id, f->width);
	if (!ab) {
		if (abbrev_id != 3 || blob || nops > UINT32_MAX)
			WFAIL_RET(w, BCX_ERR_INVALID_ARG, "unabbreviated record needs ID 3, no blob");
		bcx_bitbuf_emit_vbr(&w->out, code, 6);
		bcx_bitbuf_emit_vbr(&w->out, nops, 6);
		for (size_t i = 0; i < nops; i++)
			bcx_bitbuf_emit_vbr(&w->out, ops[i], 6);
		return;
	}
	/* Record codes are 32-bit: a wider literal or VBR code reads truncated
	 * (as in LLVM), so a literal matches by its low 32 bits. */
	const bcx_bs_abbrev_op *op0 = &ab->ops[0];
	bool code_ok = op0->kind == BCX_BS_OP_LITERAL ? (uint32_t)op0->value == code
						      : put_scalar(w, op0, code);
	if (op0->kind == BCX_BS_OP_ARRAY || op0->kind == BCX_BS_OP_BLOB || !code_ok ||
	    !put_fields(w, ab, ops, nops, blob, blob_len))
		WFAIL_RET(w, BCX_ERR_INVALID_ARG,
			     "record (code %u, %zu operands) does not match abbreviation %u", code,
			     nops, abbrev_id);
}

void bcx_bsw_record(bcx_bs_writer *w, uint32_t abbrev_id, uint32_t code, const uint64_t *ops,
		    size_t nops, const uint8_t *blob, size_t blob_len)
{
	if (!ok(w) || abbrev_id == 3) {
		bcx_bsw_record_with(w, abbrev_id, NULL, code, ops, nops, blob, blob_len);
		return;
	}
	bsw_frame *f = &w->frames[w->depth];
	uint64_t idx = (uint64_t)abbrev_id - 4;
	uint32_t nbi = f->bi ? f->bi->n : 0;
	const bcx_bs_abbrev *ab = NULL;
	if (abbrev_id >= 4 && idx < nbi)
		ab = f->bi->abbrevs[idx];
	else if (abbrev_id >= 4 && idx - nbi < w->nlocal - f->local_base)
		ab = w->local[f->local_base + (idx - nbi)];
	if (!ab)
		WFAIL_RET(w, BCX_ERR_INVALID_ARG, "abbreviation ID %u is not defined here",
			     abbrev_id);
	bcx_bsw_record_with(w, abbrev_id, ab, code, ops, nops, blob, blob_len);
}

bcx_status bcx_bsw_finish(bcx_bs_writer *w, bcx_buf *out, bcx_diag *diag)
{
	if (ok(w) && w->depth != 0)
		wfail(w, BCX_ERR_INVALID_ARG, "%u block(s) still open", w->depth);
	if (ok(w) && w->out.ncur != 0)
		wfail(w, BCX_ERR_INVALID_ARG, "stream does not end on a 32-bit boundary");
	if (!ok(w)) {
		if (diag && diag->code == BCX_OK)
			*diag = w->diag;
		return w->status;
	}
	bcx_buf_put_bytes(out, w->out.bytes.data, w->out.bytes.len);
	if (out->status != BCX_OK)
		return bcx_diag_set(diag, out->status, -1, "output buffer: %s",
				    bcx_status_str(out->status));
	return BCX_OK;
}
