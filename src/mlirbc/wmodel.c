/* The writer's model: interning tables, encoding templates and the pieces
 * of IR the parser and the converter build. */
#include "wmodel.h"

#include "bcx/varint.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

bcx_status mw_fail(mw_module *m, bcx_status s, const char *fmt, ...)
{
	if (m->status == BCX_OK) {
		char msg[BCX_DIAG_MSG_MAX];
		va_list ap;
		va_start(ap, fmt);
		vsnprintf(msg, sizeof msg, fmt, ap);
		va_end(ap);
		if (m->file && m->at && m->at->line)
			bcx_diag_set_text(m->diag, s, -1, m->at->line, m->at->col, "%s", msg);
		else if (m->file && m->line)
			bcx_diag_set_text(m->diag, s, -1, *m->line, *m->col, "%s", msg);
		else
			bcx_diag_set(m->diag, s, -1, "%s", msg);
		m->status = s;
	}
	return m->status;
}

void *mw_alloc(mw_module *m, size_t n, size_t size)
{
	void *p = bcx_arena_calloc(m->arena, n ? n : 1, size);
	if (!p)
		mw_fail(m, BCX_ERR_NOMEM, "out of memory");
	return p;
}

/* Room for one more element in one of the model's big arrays (ops,
 * values, entries, a table's keys, the parser's scratch stacks). They
 * grow on the heap, where a
 * reallocation gives the old block back (or remaps it); in the arena
 * every doubling would leave the old copy behind, and the copies together
 * outweigh the array. mw_fini frees them. */
bool mw_heap_room(mw_module *m, void *arrp, size_t n, size_t *cap, size_t elem)
{
	if (n < *cap || bcx_heap_room(bcx_arena_allocator(m->arena), arrp, n, cap, elem, 32))
		return true;
	return mw_fail(m, BCX_ERR_NOMEM, "out of memory"), false;
}

void mw_heap_free(mw_module *m, void *p, size_t bytes)
{
	bcx_free(bcx_arena_allocator(m->arena), p, bytes);
}

/* ------------------------------------------------------------------ */
/* Interning                                                           */
/* ------------------------------------------------------------------ */

/* A key's hash: the high half of the shared hash, whose bits all depend on
 * every byte (the low bits of a multiplicative hash do not, and linear
 * probing clusters on them: numbered locations made long probe runs). */
static uint32_t key_hash(const void *p, size_t n)
{
	return (uint32_t)(bcx_hash_bytes(p, n) >> 32);
}

/* Doubling reuses the stored hashes: no key is read again. The slots live
 * on the heap, not in the arena, so the old array is given back. */
static bool table_grow(mw_module *m, mw_table *t)
{
	size_t cap = t->cap ? t->cap * 2 : 256;
	const bcx_allocator *a = bcx_arena_allocator(m->arena);
	if (cap > SIZE_MAX / sizeof(uint32_t))
		return false;
	uint32_t *s = bcx_alloc(a, cap * sizeof *s);
	if (!s)
		return false;
	memset(s, 0, cap * sizeof *s);
	for (size_t i = 0; i < t->cap; i++) {
		uint32_t id = t->slots[i];
		if (!id)
			continue;
		size_t h = t->keys[id - 1].hash & (cap - 1);
		while (s[h])
			h = (h + 1) & (cap - 1);
		s[h] = id;
	}
	bcx_free(a, t->slots, t->cap * sizeof *t->slots);
	t->slots = s;
	t->cap = cap;
	return true;
}

/* Append key as id t->n; slot is where the hash table points to it. */
static uint32_t table_add(mw_module *m, mw_table *t, const void *key, size_t n, uint32_t hash,
			  uint32_t *slot)
{
	/* ids stay below MW_OWN_LOC, whose bit marks an own location */
	if (n > UINT32_MAX || t->pool.len > UINT32_MAX - n || t->n >= MW_OWN_LOC - 2)
		return mw_fail(m, BCX_ERR_LIMIT, "module too large"), MW_NONE;
	if (!MW_HEAP_ROOM(m, t->keys, t->n, t->kcap))
		return MW_NONE;
	t->keys[t->n] = (struct mw_key){(uint32_t)t->pool.len, (uint32_t)n, hash};
	bcx_buf_put_bytes(&t->pool, key, n);
	if (t->pool.status != BCX_OK)
		return mw_fail(m, BCX_ERR_NOMEM, "out of memory"), MW_NONE;
	*slot = ++t->n;
	return t->n - 1;
}

uint32_t mw_intern(mw_module *m, mw_table *t, const void *key, size_t n, bool *added)
{
	*added = false;
	if (m->status != BCX_OK)
		return MW_NONE;
	if ((t->n + 1) * 2 > t->cap && !table_grow(m, t))
		return mw_fail(m, BCX_ERR_NOMEM, "out of memory"), MW_NONE;
	uint32_t hash = key_hash(key, n);
	size_t h = hash & (t->cap - 1);
	for (uint32_t id; (id = t->slots[h]) != 0; h = (h + 1) & (t->cap - 1)) {
		const struct mw_key *k = &t->keys[id - 1];
		if (k->hash == hash && k->len == n && memcmp(t->pool.data + k->off, key, n) == 0)
			return id - 1;
	}
	uint32_t id = table_add(m, t, key, n, hash, &t->slots[h]);
	*added = id != MW_NONE;
	return id;
}

void mw_table_free(mw_module *m, mw_table *t)
{
	if (m->arena) {
		mw_heap_free(m, t->slots, t->cap * sizeof *t->slots);
		mw_heap_free(m, t->keys, t->kcap * sizeof *t->keys);
	}
	t->slots = NULL;
	t->keys = NULL;
	t->cap = t->kcap = 0;
	bcx_buf_free(&t->pool);
}

bcx_status mw_init(mw_module *m, const bcx_allocator *a, bcx_diag *diag)
{
	memset(m, 0, sizeof *m);
	m->diag = diag;
	m->arena = bcx_arena_new(a);
	if (!m->arena)
		return bcx_nomem(diag);
	bcx_buf_init(&m->strs.pool, a);
	bcx_buf_init(&m->ents.pool, a);
	bcx_buf_init(&m->names.pool, a);
	bcx_buf_init(&m->tb, a);
	bcx_buf_init(&m->scratch2, a);
	m->rel = mbc_release_current();
	m->builtin = MW_NONE;
	return BCX_OK;
}

static void free_blocks(mw_module *m);

void mw_fini(mw_module *m)
{
	mw_table_free(m, &m->strs);
	mw_table_free(m, &m->ents);
	mw_table_free(m, &m->names);
	if (m->arena) {
		free_blocks(m);
		mw_heap_free(m, m->ent, m->cent * sizeof *m->ent);
		mw_heap_free(m, m->ops, m->cops * sizeof *m->ops);
		mw_heap_free(m, m->opx, m->copx * sizeof *m->opx);
		mw_heap_free(m, m->values, m->cvalues * sizeof *m->values);
		mw_heap_free(m, m->own, m->cown * sizeof *m->own);
	}
	bcx_buf_free(&m->tb);
	bcx_buf_free(&m->scratch2);
	bcx_arena_free(m->arena);
	m->arena = NULL;
}

uint32_t mw_string(mw_module *m, const void *p, size_t n)
{
	bool added;
	return mw_intern(m, &m->strs, p, n, &added);
}

mbc_str mw_string_bytes(const mw_module *m, uint32_t id)
{
	mbc_str s = {NULL, 0};
	if (id < m->strs.n) {
		s.p = m->strs.pool.data + m->strs.keys[id].off;
		s.n = m->strs.keys[id].len;
	}
	return s;
}

uint32_t mw_dialect_id(mw_module *m, const void *name, size_t n)
{
	uint32_t s = mw_string(m, name, n);
	if (s == MW_NONE)
		return MW_NONE;
	for (uint32_t i = 0; i < m->ndialects; i++)
		if (m->dialects[i].name == s)
			return i;
	if (!BCX_VEC_ROOM(m->arena, m->dialects, m->ndialects, m->cdialects))
		return mw_fail(m, BCX_ERR_NOMEM, "out of memory"), MW_NONE;
	m->dialects[m->ndialects] = (mw_dialect){s, NULL, 0, -1};
	return m->ndialects++;
}

static const char *const registered_dialects[] = {
#define MBC_REGISTERED(name) name,
#include "mlirbc.def"
};

static bool dialect_registered(const char *p, size_t n)
{
	for (size_t i = 0; i < sizeof registered_dialects / sizeof *registered_dialects; i++)
		if (strlen(registered_dialects[i]) == n && memcmp(registered_dialects[i], p, n) == 0)
			return true;
	return false;
}

uint32_t mw_opname_id(mw_module *m, const char *full, size_t n, int registered)
{
	const char *dot = memchr(full, '.', n);
	size_t dl = dot ? (size_t)(dot - full) : n;
	const char *op = dot ? dot + 1 : full + n;
	size_t ol = (size_t)(full + n - op);
	bool reg = registered < 0 ? dialect_registered(full, dl) : registered != 0;
	/* key: the full name and the flag */
	char key[260];
	if (n > 255)
		return mw_fail(m, BCX_ERR_LIMIT, "op name longer than 255 bytes"), MW_NONE;
	memcpy(key, full, n);
	key[n] = reg ? '\1' : '\0';
	bool added;
	uint32_t id = mw_intern(m, &m->names, key, n + 1, &added);
	if (id == MW_NONE || !added)
		return id;
	if (!BCX_VEC_ROOM(m->arena, m->opnames, m->nopnames, m->copnames))
		return mw_fail(m, BCX_ERR_NOMEM, "out of memory"), MW_NONE;
	mw_opname *on = &m->opnames[m->nopnames++];
	memset(on, 0, sizeof *on);
	on->dialect = mw_dialect_id(m, full, dl);
	on->name = mw_string(m, op, ol);
	on->registered = reg;
	on->cur = reg ? mbc_find_layout(mbc_release_current(), full, n) : NULL;
	on->layout = reg ? mbc_find_layout(m->rel, full, n) : NULL;
	return id;
}

/* ------------------------------------------------------------------ */
/* Own locations                                                       */
/* ------------------------------------------------------------------ */

uint32_t mw_own_loc(mw_module *m, uint32_t line, uint32_t col)
{
	if (m->status != BCX_OK)
		return MW_NONE;
	if (m->nown >= MW_OWN_LOC - 1)
		return mw_fail(m, BCX_ERR_LIMIT, "module too large"), MW_NONE;
	if (!MW_HEAP_ROOM(m, m->own, m->nown, m->cown) || mw_builtin(m) == MW_NONE)
		return MW_NONE;
	m->own[m->nown] = (mw_ownloc){line, col, MW_NONE, MW_NONE};
	return MW_OWN_LOC | m->nown++;
}

uint32_t mw_file_loc(mw_module *m, uint32_t file, uint32_t line, uint32_t col)
{
	mw_tb_start(m);
	mw_tb_varint(m, MBC_A_FILE_LOC);
	mw_tb_ref(m, MW_REC_ATTR, file);
	mw_tb_varint(m, line);
	mw_tb_varint(m, col);
	return mw_tb_finish(m, mw_builtin(m), MW_E_CUSTOM | MW_E_LOC, 0);
}

uint32_t mw_own_loc_entry(mw_module *m, uint32_t k)
{
	mw_ownloc *o = &m->own[k];
	if (o->ent == MW_NONE)
		o->ent = mw_file_loc(m, m->own_file, o->line, o->col);
	return o->ent;
}

/* ------------------------------------------------------------------ */
/* Templates                                                           */
/* ------------------------------------------------------------------ */

void mw_put_varint(bcx_buf *b, uint64_t v)
{
	bcx_buf_put_prefixvarint(b, v);
}

void mw_put_svarint(bcx_buf *b, int64_t v)
{
	mw_put_varint(b, ((uint64_t)v << 1) ^ (uint64_t)(v >> 63));
}

/* The key header: flags, dialect, salt; then the template. */
#define MW_KEY_HDR 9u

void mw_tb_start(mw_module *m)
{
	if (!BCX_VEC_ROOM(m->arena, m->tb_stack, m->tb_depth * 2, m->tb_cap) ||
	    !BCX_VEC_ROOM(m->arena, m->tb_stack, m->tb_depth * 2 + 1, m->tb_cap)) {
		mw_fail(m, BCX_ERR_NOMEM, "out of memory");
		m->tb.status = BCX_ERR_NOMEM;
	} else {
		m->tb_stack[m->tb_depth * 2] = m->tb_base;
		m->tb_stack[m->tb_depth * 2 + 1] = m->tb_raw;
		m->tb_depth++;
	}
	m->tb_base = m->tb.len;
	m->tb_raw = 0;
	uint8_t hdr[MW_KEY_HDR] = {0};
	bcx_buf_put_bytes(&m->tb, hdr, sizeof hdr);
}

static void put_rec(bcx_buf *b, int tag, uint32_t v)
{
	bcx_buf_put_u8(b, (uint8_t)tag);
	bcx_buf_put_u32le(b, v);
}

void mw_tb_bytes(mw_module *m, const void *p, size_t n)
{
	if (!n)
		return;
	if (n > UINT32_MAX - 16) {
		mw_fail(m, BCX_ERR_LIMIT, "entry too large");
		return;
	}
	if (!m->tb_raw) {
		m->tb_raw = m->tb.len + 1;
		put_rec(&m->tb, MW_REC_RAW, 0);
	}
	if (m->tb.status != BCX_OK)
		return;
	uint8_t *rec = m->tb.data + m->tb_raw - 1;
	uint32_t len;
	memcpy(&len, rec + 1, 4);
	if (len > UINT32_MAX - n) {
		mw_fail(m, BCX_ERR_LIMIT, "entry too large");
		return;
	}
	bcx_buf_patch_u32le(&m->tb, m->tb_raw, len + (uint32_t)n);
	bcx_buf_put_bytes(&m->tb, p, n);
}

void mw_tb_varint(mw_module *m, uint64_t v)
{
	uint8_t tmp[BCX_PREFIXVARINT_MAX];
	mw_tb_bytes(m, tmp, bcx_prefixvarint_encode(v, tmp));
}

void mw_tb_svarint(mw_module *m, int64_t v)
{
	mw_tb_varint(m, ((uint64_t)v << 1) ^ (uint64_t)(v >> 63));
}

void mw_tb_ref(mw_module *m, int tag, uint32_t id)
{
	if (id == MW_NONE) {
		mw_fail(m, BCX_ERR_MALFORMED, "reference to a missing entry");
		return;
	}
	m->tb_raw = 0;
	put_rec(&m->tb, tag, id);
}

static void tb_pop(mw_module *m)
{
	m->tb.len = m->tb_base;
	if (m->tb_depth) {
		m->tb_depth--;
		m->tb_base = m->tb_stack[m->tb_depth * 2];
		m->tb_raw = m->tb_stack[m->tb_depth * 2 + 1];
	}
}

void mw_tb_take(mw_module *m, bcx_buf *dst, uint32_t *off, uint32_t *len)
{
	size_t n = m->tb.len - m->tb_base - MW_KEY_HDR;
	*off = (uint32_t)dst->len;
	*len = (uint32_t)n;
	if (m->tb.status == BCX_OK)
		bcx_buf_put_bytes(dst, m->tb.data + m->tb_base + MW_KEY_HDR, n);
	if (dst->len > UINT32_MAX)
		mw_fail(m, BCX_ERR_LIMIT, "properties too large");
	tb_pop(m);
}

/* The entry of a key just added to m->ents. */
static uint32_t new_entry(mw_module *m, uint32_t id, uint32_t dialect, unsigned flags)
{
	if (!MW_HEAP_ROOM(m, m->ent, id, m->cent))
		return MW_NONE;
	mw_ent *e = &m->ent[id];
	memset(e, 0, sizeof *e);
	e->dialect = dialect;
	e->flags = (uint8_t)flags;
	e->tpl = m->ents.keys[id].off + MW_KEY_HDR;
	e->ntpl = m->ents.keys[id].len - MW_KEY_HDR;
	e->aux = MW_NONE;
	return id;
}

/* The current template's key (its header filled in), or NULL when the
 * model has failed (the template is dropped then). */
static uint8_t *tb_key(mw_module *m, uint32_t dialect, unsigned flags, uint32_t salt)
{
	if (m->tb.status != BCX_OK)
		mw_fail(m, BCX_ERR_NOMEM, "out of memory");
	if (m->status != BCX_OK || dialect == MW_NONE) {
		tb_pop(m);
		return NULL;
	}
	uint8_t *h = m->tb.data + m->tb_base;
	h[0] = (uint8_t)(flags & (MW_E_TYPE | MW_E_CUSTOM));
	memcpy(h + 1, &dialect, 4);
	memcpy(h + 5, &salt, 4);
	return h;
}

uint32_t mw_tb_finish(mw_module *m, uint32_t dialect, unsigned flags, uint32_t salt)
{
	uint8_t *h = tb_key(m, dialect, flags, salt);
	if (!h)
		return MW_NONE;
	bool added;
	uint32_t id = mw_intern(m, &m->ents, h, m->tb.len - m->tb_base, &added);
	tb_pop(m);
	if (id == MW_NONE || !added) {
		if (id != MW_NONE)
			m->ent[id].flags |= (uint8_t)flags;
		return id;
	}
	return new_entry(m, id, dialect, flags);
}

uint32_t mw_text_entry(mw_module *m, uint32_t dialect, bool type, const void *p, size_t n,
		       unsigned extra_flags)
{
	/* bytecode keeps such text NUL-terminated (spec §6): the reader would
	 * refuse the file */
	if (memchr(p, 0, n))
		return mw_fail(m, BCX_ERR_MALFORMED, "a NUL byte inside the text of %s",
			       type ? "a type" : "an attribute"), MW_NONE;
	mw_tb_start(m);
	mw_tb_bytes(m, p, n);
	return mw_tb_finish(m, dialect, (type ? MW_E_TYPE : 0) | extra_flags, 0);
}

uint32_t mw_builtin(mw_module *m)
{
	/* asked for by nearly every entry: looked up once */
	if (m->builtin == MW_NONE)
		m->builtin = mw_dialect_id(m, "builtin", 7);
	return m->builtin;
}

uint32_t mw_string_attr(mw_module *m, const void *p, size_t n)
{
	uint32_t s = mw_string(m, p, n);
	mw_tb_start(m);
	mw_tb_varint(m, MBC_A_STRING);
	mw_tb_ref(m, MW_REC_STR, s);
	uint32_t id = mw_tb_finish(m, mw_builtin(m), MW_E_CUSTOM | MW_E_STRATTR, 0);
	if (id != MW_NONE)
		m->ent[id].aux = s;
	return id;
}

uint32_t mw_type_attr(mw_module *m, uint32_t type)
{
	if (type == MW_NONE)
		return MW_NONE;
	mw_tb_start(m);
	mw_tb_varint(m, MBC_A_TYPE);
	mw_tb_ref(m, MW_REC_TYPE, type);
	return mw_tb_finish(m, mw_builtin(m), MW_E_CUSTOM, 0);
}

uint32_t mw_identity_layout(mw_module *m, uint32_t rank)
{
	bcx_buf b;
	bcx_buf_init(&b, bcx_arena_allocator(m->arena));
	bcx_buf_puts(&b, "affine_map<(");
	for (uint32_t i = 0; i < rank; i++)
		bcx_buf_printf(&b, "%sd%u", i ? ", " : "", i);
	bcx_buf_puts(&b, ") -> (");
	for (uint32_t i = 0; i < rank; i++)
		bcx_buf_printf(&b, "%sd%u", i ? ", " : "", i);
	bcx_buf_puts(&b, ")>");
	uint32_t id = b.status == BCX_OK
			      ? mw_text_entry(m, mw_builtin(m), false, b.data, b.len, MW_E_LAYOUT)
			      : (mw_fail(m, BCX_ERR_NOMEM, "out of memory"), MW_NONE);
	bcx_buf_free(&b);
	return id;
}

uint32_t mw_int_type(mw_module *m, uint32_t width, unsigned signedness)
{
	mw_tb_start(m);
	mw_tb_varint(m, MBC_T_INTEGER);
	mw_tb_varint(m, ((uint64_t)width << 2) | signedness);
	uint32_t id = mw_tb_finish(m, mw_builtin(m), MW_E_TYPE | MW_E_CUSTOM, 0);
	if (id != MW_NONE)
		m->ent[id].ti = (mw_tinfo){MW_TY_INT, (uint8_t)signedness, false, width, MW_NONE, 0};
	return id;
}

/* The head of a DenseArrayAttr of n signless integers of a width, whose
 * elements follow as width / 8 little-endian bytes each. */
static void int_array_head(mw_module *m, unsigned width, uint32_t n)
{
	uint32_t t = mw_int_type(m, width, 0);
	mw_tb_start(m);
	mw_tb_varint(m, MBC_A_DENSE_ARRAY);
	mw_tb_ref(m, MW_REC_TYPE, t);
	mw_tb_varint(m, n);
	mw_tb_varint(m, (uint64_t)n * (width / 8));
}

static void put_le(mw_module *m, uint64_t v, unsigned nbytes)
{
	uint8_t b[8];
	for (unsigned i = 0; i < nbytes; i++)
		b[i] = (uint8_t)(v >> (8 * i));
	mw_tb_bytes(m, b, nbytes);
}

uint32_t mw_i32_array(mw_module *m, const int32_t *v, uint32_t n)
{
	int_array_head(m, 32, n);
	for (uint32_t i = 0; i < n; i++)
		put_le(m, (uint32_t)v[i], 4);
	return mw_tb_finish(m, mw_builtin(m), MW_E_CUSTOM, 0);
}

uint32_t mw_i64_array(mw_module *m, const uint64_t *v, uint32_t n)
{
	int_array_head(m, 64, n);
	for (uint32_t i = 0; i < n; i++)
		put_le(m, v[i], 8);
	return mw_tb_finish(m, mw_builtin(m), MW_E_CUSTOM, 0);
}

/* Template walking for mw_ent_int / mw_ent_array: the records of an entry
 * (spec-level bytes in MW_REC_RAW records, references in the others). */
typedef struct tpl_cur {
	const uint8_t *t;
	uint32_t n, i, raw_left;
	const uint8_t *raw;
} tpl_cur;

static bool tpl_open(const mw_module *m, uint32_t id, tpl_cur *c)
{
	if (id >= m->ents.n || !(m->ent[id].flags & MW_E_CUSTOM))
		return false;
	*c = (tpl_cur){m->ents.pool.data + m->ent[id].tpl, m->ent[id].ntpl, 0, 0, NULL};
	return true;
}

/* The next record: tag, and its value (reference) or raw bytes. */
static bool tpl_rec(tpl_cur *c, uint8_t *tag, uint32_t *v)
{
	if (c->i + MW_REC_SIZE > c->n)
		return false;
	*tag = c->t[c->i];
	memcpy(v, c->t + c->i + 1, 4);
	c->i += MW_REC_SIZE;
	if (*tag == MW_REC_RAW) {
		if (*v > c->n - c->i)
			return false;
		c->raw = c->t + c->i;
		c->raw_left = *v;
		c->i += *v;
	}
	return true;
}

static bool raw_varint(tpl_cur *c, uint64_t *v)
{
	bcx_cursor k;
	bcx_cur_init(&k, c->raw, c->raw_left, NULL);
	*v = bcx_cur_prefixvarint(&k, "template varint");
	if (!bcx_cur_ok(&k))
		return false;
	size_t used = bcx_cur_offset(&k);
	c->raw += used;
	c->raw_left -= (uint32_t)used;
	return true;
}

bool mw_ent_int(const mw_module *m, uint32_t id, uint64_t *v)
{
	tpl_cur c;
	uint8_t tag;
	uint32_t r, ty;
	uint64_t code;
	if (!tpl_open(m, id, &c) || !tpl_rec(&c, &tag, &r) || tag != MW_REC_RAW ||
	    !raw_varint(&c, &code))
		return false;
	if (code == MBC_A_UNIT && !c.raw_left) {
		*v = 1;
		return true;
	}
	if (code != MBC_A_INTEGER || c.raw_left || !tpl_rec(&c, &tag, &ty) || tag != MW_REC_TYPE ||
	    !tpl_rec(&c, &tag, &r) || tag != MW_REC_RAW || ty >= m->ents.n)
		return false;
	uint32_t width = m->ent[ty].ti.width;
	if (width <= 8 && c.raw_left == 1) {
		*v = c.raw[0];
		return true;
	}
	uint64_t z;
	if (width > 64 || !raw_varint(&c, &z))
		return false;
	*v = (z >> 1) ^ (0 - (z & 1));
	return true;
}

bool mw_ent_array(const mw_module *m, uint32_t id, uint32_t *out, uint32_t cap, uint32_t *n)
{
	tpl_cur c;
	uint8_t tag;
	uint32_t r;
	uint64_t code, cnt;
	if (!tpl_open(m, id, &c) || !tpl_rec(&c, &tag, &r) || tag != MW_REC_RAW ||
	    !raw_varint(&c, &code) || code != MBC_A_ARRAY || !raw_varint(&c, &cnt) || cnt > cap)
		return false;
	for (*n = 0; *n < cnt; (*n)++)
		if (!tpl_rec(&c, &tag, &out[*n]) || tag != MW_REC_ATTR)
			return false;
	return true;
}

/* Is the type entry i64 (signless)? Read from its template: a model
 * filled from a file has no mw_tinfo for it. */
static bool is_i64(const mw_module *m, uint32_t ty)
{
	tpl_cur c;
	uint8_t tag;
	uint32_t r;
	uint64_t code, w;
	return tpl_open(m, ty, &c) && tpl_rec(&c, &tag, &r) && tag == MW_REC_RAW &&
	       raw_varint(&c, &code) && code == MBC_T_INTEGER && raw_varint(&c, &w) && w == 64u << 2;
}

bool mw_ent_i64_array(const mw_module *m, uint32_t id, uint64_t *out, uint32_t cap, uint32_t *n)
{
	tpl_cur c;
	uint8_t tag;
	uint32_t r, ty;
	uint64_t code, cnt, bytes;
	if (!tpl_open(m, id, &c) || !tpl_rec(&c, &tag, &r) || tag != MW_REC_RAW ||
	    !raw_varint(&c, &code) || code != MBC_A_DENSE_ARRAY || c.raw_left ||
	    !tpl_rec(&c, &tag, &ty) || tag != MW_REC_TYPE || !is_i64(m, ty) || !tpl_rec(&c, &tag, &r) ||
	    tag != MW_REC_RAW || !raw_varint(&c, &cnt) || !raw_varint(&c, &bytes) || cnt > cap ||
	    bytes != cnt * 8 || c.raw_left != bytes)
		return false;
	for (*n = 0; *n < cnt; (*n)++) {
		uint64_t v = 0;
		for (unsigned k = 0; k < 8; k++)
			v |= (uint64_t)c.raw[8 * *n + k] << (8 * k);
		out[*n] = v;
	}
	return true;
}

bool mw_ent_first_ref(const mw_module *m, uint32_t id, uint8_t want, uint64_t *code, uint32_t *ref)
{
	tpl_cur c;
	uint8_t tag;
	uint32_t r;
	if (!tpl_open(m, id, &c) || !tpl_rec(&c, &tag, &r) || tag != MW_REC_RAW || !raw_varint(&c, code))
		return false;
	while (tpl_rec(&c, &tag, ref))
		if (tag == want)
			return true;
	return false;
}

mbc_str mw_ent_text(const mw_module *m, uint32_t id)
{
	mbc_str none = {NULL, 0};
	if (id >= m->ents.n || (m->ent[id].flags & MW_E_CUSTOM))
		return none;
	tpl_cur c = {m->ents.pool.data + m->ent[id].tpl, m->ent[id].ntpl, 0, 0, NULL};
	uint8_t tag;
	uint32_t r;
	if (!tpl_rec(&c, &tag, &r) || tag != MW_REC_RAW || c.i != c.n)
		return none;
	return (mbc_str){c.raw, c.raw_left};
}

uint32_t mw_unit_attr(mw_module *m)
{
	mw_tb_start(m);
	mw_tb_varint(m, MBC_A_UNIT);
	return mw_tb_finish(m, mw_builtin(m), MW_E_CUSTOM, 0);
}

uint32_t mw_i64_attr(mw_module *m, int64_t v)
{
	uint32_t t = mw_int_type(m, 64, 0);
	mw_tb_start(m);
	mw_tb_varint(m, MBC_A_INTEGER);
	mw_tb_ref(m, MW_REC_TYPE, t);
	mw_tb_svarint(m, v);
	return mw_tb_finish(m, mw_builtin(m), MW_E_CUSTOM, 0);
}

uint32_t mw_array_attr(mw_module *m, const uint32_t *v, uint32_t n)
{
	mw_tb_start(m);
	mw_tb_varint(m, MBC_A_ARRAY);
	mw_tb_varint(m, n);
	for (uint32_t i = 0; i < n; i++)
		mw_tb_ref(m, MW_REC_ATTR, v[i]);
	return mw_tb_finish(m, mw_builtin(m), MW_E_CUSTOM, 0);
}

mbc_str mw_strattr_bytes(const mw_module *m, uint32_t ent)
{
	mbc_str none = {NULL, 0};
	if (ent >= m->ents.n || m->ent[ent].aux == MW_NONE)
		return none;
	return mw_string_bytes(m, m->ent[ent].aux);
}

static int cmp_named(const mw_module *m, const mw_named *a, const mw_named *b)
{
	mbc_str x = mw_strattr_bytes(m, a->name);
	mbc_str y = mw_strattr_bytes(m, b->name);
	size_t n = x.n < y.n ? x.n : y.n;
	int r = n ? memcmp(x.p, y.p, n) : 0;
	return r ? r : (x.n > y.n) - (x.n < y.n);
}

/* A stable sort (qsort has no context argument): insertion for the short
 * lists nearly every op has, with no memory; a merge sort for longer ones,
 * since dictionaries from hostile input may be long, with its buffer given
 * back (one per op in the arena added up to tens of MB). */
void mw_sort_named(mw_module *m, mw_named *v, uint32_t n)
{
	if (n < 2)
		return;
	if (n <= 16) {
		for (uint32_t i = 1; i < n; i++) {
			mw_named x = v[i];
			uint32_t j = i;
			for (; j > 0 && cmp_named(m, &x, &v[j - 1]) < 0; j--)
				v[j] = v[j - 1];
			v[j] = x;
		}
		return;
	}
	const bcx_allocator *a = bcx_arena_allocator(m->arena);
	mw_named *tmp = bcx_alloc(a, (size_t)n * sizeof *tmp);
	if (!tmp) {
		mw_fail(m, BCX_ERR_NOMEM, "out of memory");
		return;
	}
	for (uint32_t w = 1; w < n; w = w > n / 2 ? n : 2 * w) {
		for (uint32_t lo = 0; lo < n; lo += 2 * w) {
			uint32_t mid = lo + w < n ? lo + w : n;
			uint32_t hi = mid + w < n ? mid + w : n;
			uint32_t i = lo, j = mid, k = lo;
			while (i < mid && j < hi)
				tmp[k++] = cmp_named(m, &v[j], &v[i]) < 0 ? v[j++] : v[i++];
			while (i < mid)
				tmp[k++] = v[i++];
			while (j < hi)
				tmp[k++] = v[j++];
		}
		memcpy(v, tmp, (size_t)n * sizeof *v);
	}
	bcx_free(a, tmp, (size_t)n * sizeof *tmp);
}

/* mw_dict's template: raw [code, count], then (name, value) references. */
uint32_t mw_dict_count(const mw_module *m, uint32_t dict)
{
	return (m->ent[dict].ntpl - MW_REC_SIZE) / (2 * MW_REC_SIZE);
}

uint32_t mw_dict_entries(const mw_module *m, uint32_t dict, mw_named *v, uint32_t cap)
{
	const mw_ent *e = &m->ent[dict];
	const uint8_t *t = m->ents.pool.data + e->tpl, *end = t + e->ntpl;
	uint32_t rawlen, n = 0;
	memcpy(&rawlen, t + 1, 4);
	t += MW_REC_SIZE + rawlen;
	for (; t + 2 * MW_REC_SIZE <= end && n < cap; t += 2 * MW_REC_SIZE, n++) {
		memset(&v[n], 0, sizeof v[n]);
		memcpy(&v[n].name, t + 1, 4);
		memcpy(&v[n].value, t + MW_REC_SIZE + 1, 4);
	}
	return n;
}

uint32_t mw_dict(mw_module *m, mw_named *v, uint32_t n)
{
	mw_sort_named(m, v, n);
	mw_tb_start(m);
	mw_tb_varint(m, MBC_A_DICT);
	mw_tb_varint(m, n);
	for (uint32_t i = 0; i < n; i++) {
		mw_tb_ref(m, MW_REC_ATTR, v[i].name);
		mw_tb_ref(m, MW_REC_ATTR, v[i].value);
	}
	return mw_tb_finish(m, mw_builtin(m), MW_E_CUSTOM, 0);
}

/* ------------------------------------------------------------------ */
/* IR                                                                  */
/* ------------------------------------------------------------------ */

uint32_t mw_new_op(mw_module *m, uint32_t parent)
{
	if (m->status != BCX_OK)
		return MW_NONE;
	if (!MW_HEAP_ROOM(m, m->ops, m->nops, m->cops))
		return mw_fail(m, BCX_ERR_NOMEM, "out of memory"), MW_NONE;
	mw_op *op = &m->ops[m->nops];
	memset(op, 0, sizeof *op);
	op->parent = parent;
	op->loc = op->props_attr = op->dict = MW_NONE;
	op->end = m->nops;
	return m->nops++;
}

mw_opx *mw_op_x(mw_module *m, mw_op *op)
{
	if (op->x)
		return &m->opx[op->x - 1];
	if (m->status != BCX_OK)
		return NULL;
	if (!MW_HEAP_ROOM(m, m->opx, m->nopx, m->copx))
		return mw_fail(m, BCX_ERR_NOMEM, "out of memory"), NULL;
	m->opx[m->nopx] = (mw_opx){0};
	op->x = ++m->nopx;
	return &m->opx[op->x - 1];
}

uint32_t mw_new_values(mw_module *m, uint32_t n, uint32_t owner, bool arg)
{
	if (m->status != BCX_OK)
		return MW_NONE;
	if (n > UINT32_MAX / 2 - m->nvalues)
		return mw_fail(m, BCX_ERR_LIMIT, "too many values"), MW_NONE;
	uint32_t first = m->nvalues;
	for (uint32_t i = 0; i < n; i++) {
		if (!MW_HEAP_ROOM(m, m->values, m->nvalues, m->cvalues))
			return mw_fail(m, BCX_ERR_NOMEM, "out of memory"), MW_NONE;
		m->values[m->nvalues++] = (mw_value){MW_NONE, MW_NONE, owner, arg, 0};
	}
	return first;
}

/* A region's blocks: in the arena up to MW_ARENA_BLOCKS, from one slot
 * (most regions, a function's body or a loop's, have one block; eight
 * took 320 bytes each), and on the heap beyond, where doubling the array
 * of a region of 200,000 blocks gives the old one back (in the arena the
 * copies took 10 MB). mw_fini frees the heap ones. */
#define MW_ARENA_BLOCKS 64u

static bool block_room(mw_module *m, mw_region *r)
{
	size_t cap = r->cblocks;
	const bcx_allocator *a = bcx_arena_allocator(m->arena);
	if (cap > MW_ARENA_BLOCKS) {
		if (!bcx_heap_room(a, &r->blocks, r->nblocks, &cap, sizeof *r->blocks, 1))
			return false;
	} else if (r->nblocks == MW_ARENA_BLOCKS) {
		mw_block *h = bcx_alloc(a, 2 * MW_ARENA_BLOCKS * sizeof *h);
		if (!h)
			return false;
		memcpy(h, r->blocks, MW_ARENA_BLOCKS * sizeof *h);
		r->blocks = h;
		cap = 2 * MW_ARENA_BLOCKS;
	} else if (!bcx_vec_room_from(m->arena, &r->blocks, r->nblocks, &cap, sizeof *r->blocks, 1)) {
		return false;
	}
	r->cblocks = (uint32_t)cap;
	return true;
}

static void free_blocks(mw_module *m)
{
	for (uint32_t i = 0; i < m->nops; i++)
		for (uint32_t k = 0; k < m->ops[i].nregions && m->ops[i].regions; k++) {
			mw_region *r = &m->ops[i].regions[k];
			if (r->cblocks > MW_ARENA_BLOCKS)
				mw_heap_free(m, r->blocks, r->cblocks * sizeof *r->blocks);
		}
}

mw_block *mw_new_block(mw_module *m, mw_region *r)
{
	if (m->status != BCX_OK || !block_room(m, r)) {
		mw_fail(m, BCX_ERR_NOMEM, "out of memory");
		return NULL;
	}
	mw_block *b = &r->blocks[r->nblocks++];
	memset(b, 0, sizeof *b);
	b->first_arg = m->nvalues;
	return b;
}

bool mw_block_add_op(mw_module *m, mw_block *b, uint32_t op)
{
	size_t cap = b->cops;
	if (m->status != BCX_OK || !BCX_VEC_ROOM(m->arena, b->ops, b->nops, cap)) {
		mw_fail(m, BCX_ERR_NOMEM, "out of memory");
		return false;
	}
	b->cops = (uint32_t)cap;
	b->ops[b->nops++] = op;
	return true;
}
