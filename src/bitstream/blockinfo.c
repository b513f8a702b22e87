/* BLOCKINFO (spec llvm-bitstream.md section 5): SETBID chooses a block ID,
 * DEFINE_ABBREV files an abbreviation for it, BLOCKNAME and SETRECORDNAME
 * name it. Each BLOCKINFO block builds a new table that replaces the old
 * one, as in LLVM's reader and analyzer. */
#include "internal.h"

#include <stdlib.h>

const bs_bi_entry *bs_bi_find(const bs_blockinfo *t, uint32_t block_id)
{
	if (!t)
		return NULL;
	size_t lo = 0, hi = t->n;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (t->e[mid].block_id == block_id)
			return &t->e[mid];
		if (t->e[mid].block_id < block_id)
			lo = mid + 1;
		else
			hi = mid;
	}
	return NULL;
}

/* SETBID: the entry for id, created if needed (linear: the table is small
 * and not sorted until the block ends). */
static bs_bi_entry *entry_for(bcx_bs_reader *r, bs_blockinfo *t, uint32_t id)
{
	for (size_t i = 0; i < t->n; i++)
		if (t->e[i].block_id == id)
			return &t->e[i];
	if (!BCX_VEC_ROOM(r->arena, t->e, t->n, t->cap))
		return NULL;
	bs_bi_entry *e = &t->e[t->n++];
	memset(e, 0, sizeof *e);
	e->block_id = id;
	return e;
}

static bool add_abbrev(bcx_bs_reader *r, bs_bi_entry *e, const bcx_bs_abbrev *ab)
{
	if (!BCX_VEC_ROOM(r->arena, e->abbrevs, e->nabbrevs, e->cap_abbrevs))
		return false;
	e->abbrevs[e->nabbrevs++] = ab;
	return true;
}

/* Characters of a name: each operand truncated to 8 bits. The length
 * stops at the first NUL, as LLVM hands the name on as a C string. */
static const char *name_of(bcx_bs_reader *r, const uint64_t *ops, size_t n, uint32_t *len)
{
	char *s = bcx_arena_alloc(r->arena, n + 1);
	if (!s)
		return NULL;
	for (size_t i = 0; i < n; i++)
		s[i] = (char)(uint8_t)ops[i];
	s[n] = '\0';
	*len = (uint32_t)strlen(s);
	return s;
}

static bool add_recname(bcx_bs_reader *r, bs_bi_entry *e, const bcx_bs_record *rec)
{
	if (!BCX_VEC_ROOM(r->arena, e->recnames, e->nrecnames, e->cap_recnames))
		return false;
	bs_recname *rn = &e->recnames[e->nrecnames];
	rn->code = (uint32_t)rec->ops[0];
	rn->name = name_of(r, rec->ops + 1, rec->nops - 1, &rn->len);
	if (!rn->name)
		return false;
	e->nrecnames++;
	return true;
}

/* One record of the BLOCKINFO block; *cur is the SETBID target. */
static bcx_status apply_record(bcx_bs_reader *r, bs_blockinfo *t, bs_bi_entry **cur,
			       const bcx_bs_record *rec, uint64_t at)
{
	if (rec->code < 1 || rec->code > 3)
		return BCX_OK; /* unknown codes are ignored */
	if (rec->code == 1) {
		if (rec->nops < 1)
			return bs_fail(r, at, BCX_ERR_MALFORMED, "SETBID record without a block ID");
		*cur = entry_for(r, t, (uint32_t)rec->ops[0]);
		return *cur ? BCX_OK : bs_fail(r, at, BCX_ERR_NOMEM, "out of memory");
	}
	if (!*cur)
		return bs_fail(r, at, BCX_ERR_MALFORMED, "BLOCKINFO record before SETBID");
	if (rec->code == 2) {
		if (rec->nops == 0) { /* an empty name clears it, as in LLVM */
			(*cur)->name = NULL;
			(*cur)->name_len = 0;
			return BCX_OK;
		}
		(*cur)->name = name_of(r, rec->ops, rec->nops, &(*cur)->name_len);
		return (*cur)->name ? BCX_OK : bs_fail(r, at, BCX_ERR_NOMEM, "out of memory");
	}
	if (rec->nops < 1)
		return bs_fail(r, at, BCX_ERR_MALFORMED, "SETRECORDNAME record without a code");
	return add_recname(r, *cur, rec) ? BCX_OK : bs_fail(r, at, BCX_ERR_NOMEM, "out of memory");
}

static int cmp_entry(const void *a, const void *b)
{
	uint32_t x = ((const bs_bi_entry *)a)->block_id, y = ((const bs_bi_entry *)b)->block_id;
	return (x > y) - (x < y);
}

/* The entries of one BLOCKINFO block, from just after its header to its
 * END_BLOCK. Nested blocks are skipped. */
static bcx_status read_entries(bcx_bs_reader *r, bs_blockinfo *t)
{
	bs_bi_entry *cur = NULL;
	unsigned depth = r->depth;
	for (;;) {
		bcx_bs_entry e;
		memset(&e, 0, sizeof e);
		e.bit_pos = r->bc.pos;
		if (bcx_bit_at_end(&r->bc))
			return bs_fail(r, e.bit_pos, BCX_ERR_TRUNCATED,
				       "premature end of bitstream inside BLOCKINFO");
		e.abbrev_id = (uint32_t)bs_read(&r->bc, r->frames[depth].width);
		if (r->bc.status != BCX_OK)
			return r->bc.status;
		if (e.abbrev_id == 0)
			return BCX_OK;
		if (e.abbrev_id == 1) {
			r->pending_id = (uint32_t)bs_vbr(&r->bc, 8, 32);
			r->pending_pos = r->bc.pos;
			r->pending_block = r->bc.status == BCX_OK;
			if (bcx_bs_skip_block(r) != BCX_OK)
				return r->bc.status;
			continue;
		}
		if (e.abbrev_id == 2) {
			const bcx_bs_abbrev *ab = bs_read_abbrev_def(r);
			if (!ab)
				return r->bc.status;
			if (!cur)
				return bs_fail(r, e.bit_pos, BCX_ERR_MALFORMED,
					       "BLOCKINFO abbreviation before SETBID");
			if (!add_abbrev(r, cur, ab))
				return bs_fail(r, e.bit_pos, BCX_ERR_NOMEM, "out of memory");
			continue;
		}
		if (e.abbrev_id >= 4 && !(e.abbrev = bs_lookup_abbrev(r, e.abbrev_id)))
			return bs_fail(r, e.bit_pos, BCX_ERR_MALFORMED,
				       "undefined abbreviation ID %u in BLOCKINFO", e.abbrev_id);
		bcx_bs_record rec;
		if (bs_read_record_body(r, e.abbrev_id, e.abbrev, e.bit_pos, &rec) != BCX_OK ||
		    apply_record(r, t, &cur, &rec, e.bit_pos) != BCX_OK)
			return r->bc.status;
	}
}

bcx_status bcx_bs_read_blockinfo(bcx_bs_reader *r)
{
	if (r->bc.status != BCX_OK)
		return r->bc.status;
	if (!r->pending_block || r->pending_id != 0)
		return bs_fail(r, r->bc.pos, BCX_ERR_INVALID_ARG, "not at a BLOCKINFO block");
	uint64_t start = r->bc.pos;
	unsigned depth = r->depth;
	size_t nlocal = r->nlocal;
	if (bcx_bs_enter_block(r, NULL, NULL) != BCX_OK)
		return r->bc.status;
	bs_blockinfo *t = bcx_arena_calloc(r->arena, 1, sizeof *t);
	if (!t)
		return bs_fail(r, start, BCX_ERR_NOMEM, "out of memory");
	if (read_entries(r, t) != BCX_OK)
		return r->bc.status;
	if (t->n > 1)
		qsort(t->e, t->n, sizeof t->e[0], cmp_entry);
	r->bi = t;
	/* Back to just after the block ID, with the same scope as before. */
	r->depth = depth;
	r->nlocal = nlocal;
	r->bc.pos = start;
	r->pending_block = true;
	r->pending_id = 0;
	r->pending_pos = start;
	return BCX_OK;
}
