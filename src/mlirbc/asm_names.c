/* Names in scope for the generic-form parser: values (%name), blocks
 * (^name) and aliases (#name, !name), each bound to its definition.
 *
 * MLIR's printer numbers what it prints: %12, %arg3, ^bb4. Such a name,
 * its number without leading zeros and below a bound, is its own key: a
 * direct array per form holds its binding, and the hash table of the
 * other names never sees it (hashing a million distinct numbers, each a
 * cache miss in a growing table, showed in the profile). The bound keeps
 * each array within an eighth of the text's size, so a hostile %99999999
 * in a short text goes to the table instead. */
#include "asm.h"

#include <stdio.h>
#include <string.h>

/* A number's id: the flag, the form (0 "%N", 1 "%argN", 2 "^bbN"), N. */
#define NUM_FLAG 0x80000000u
#define NUM_FORM_SHIFT 28
#define NUM_MASK ((1u << NUM_FORM_SHIFT) - 1)

static const struct num_form {
	char sigil;
	const char *prefix;
	size_t n;
} num_forms[PS_NUM_FORMS] = {{'%', "", 0}, {'%', "arg", 3}, {'^', "bb", 2}};

/* The value of a decimal without leading zeros of up to 9 digits, or false. */
static bool plain_decimal(const char *d, size_t nd, uint32_t *v)
{
	if (nd == 0 || nd > 9 || (d[0] == '0' && nd > 1))
		return false;
	*v = 0;
	for (size_t i = 0; i < nd; i++) {
		if (d[i] < '0' || d[i] > '9')
			return false;
		*v = *v * 10 + (uint32_t)(d[i] - '0');
	}
	return true;
}

/* The form and number of a printer-style name, or false. */
static bool numbered(const ps *p, char sigil, const char *s, size_t n, uint32_t *form,
		     uint32_t *num)
{
	for (uint32_t f = 0; f < PS_NUM_FORMS; f++) {
		const struct num_form *nf = &num_forms[f];
		if (nf->sigil != sigil || n <= nf->n || memcmp(s, nf->prefix, nf->n) != 0 ||
		    !plain_decimal(s + nf->n, n - nf->n, num) || *num > p->num_limit)
			continue;
		*form = f;
		return true;
	}
	return false;
}

/* Room for binding number v of a form; its slots start unbound. */
static bool num_room(ps *p, uint32_t form, uint32_t v)
{
	while (v >= p->cnum[form]) {
		size_t have = p->cnum[form];
		if (!MW_HEAP_ROOM(p->m, p->num[form], have, p->cnum[form]))
			return false;
		memset(p->num[form] + have, 0, (p->cnum[form] - have) * sizeof *p->num[form]);
	}
	return true;
}

uint32_t ps_name(ps *p, char sigil, const char *s, size_t n)
{
	uint32_t form, v;
	if (numbered(p, sigil, s, n, &form, &v))
		return num_room(p, form, v) ? NUM_FLAG | form << NUM_FORM_SHIFT | v : MW_NONE;
	char key[256];
	if (n + 1 > sizeof key)
		return ps_fail(p, "name longer than 254 bytes"), MW_NONE;
	key[0] = sigil;
	memcpy(key + 1, s, n);
	bool added;
	uint32_t id = mw_intern(p->m, &p->names, key, n + 1, &added);
	/* a new name's slot starts at 0: no definition */
	if (id != MW_NONE &&
	    !bcx_vec_room_from(p->m->arena, &p->cur, id, &p->ccur, sizeof *p->cur, 256))
		return mw_fail(p->m, BCX_ERR_NOMEM, "out of memory"), MW_NONE;
	return id;
}

/* Where a name's binding is kept; NULL for no name. */
static uint32_t *binding(ps *p, uint32_t name)
{
	if (name == MW_NONE)
		return NULL;
	if (name & NUM_FLAG) {
		uint32_t form = (name & ~NUM_FLAG) >> NUM_FORM_SHIFT, v = name & NUM_MASK;
		return form < PS_NUM_FORMS && v < p->cnum[form] ? &p->num[form][v] : NULL;
	}
	return name < p->ccur ? &p->cur[name] : NULL;
}

uint32_t ps_lookup(ps *p, uint32_t name)
{
	const uint32_t *b = binding(p, name);
	return b ? *b : 0;
}

bool ps_define(ps *p, uint32_t name, uint32_t value, uint32_t count)
{
	uint32_t *b = binding(p, name);
	if (!b)
		return false;
	if (!PS_ROOM(p, p->defs, p->ndefs, p->cdefs))
		return false;
	p->defs[p->ndefs] = (ps_def){name, value, count, *b, NULL, 0};
	*b = (uint32_t)++p->ndefs;
	return true;
}

void ps_unbind(ps *p, const ps_def *d)
{
	uint32_t *b = binding(p, d->name);
	if (b)
		*b = d->prev;
}

int ps_name_text(const ps *p, uint32_t name, char *out, size_t cap)
{
	if (name & NUM_FLAG) {
		const struct num_form *nf = &num_forms[((name & ~NUM_FLAG) >> NUM_FORM_SHIFT) % PS_NUM_FORMS];
		return snprintf(out, cap, "%c%s%u", nf->sigil, nf->prefix, name & NUM_MASK);
	}
	const struct mw_key *k = &p->names.keys[name];
	return snprintf(out, cap, "%.*s", (int)k->len, (const char *)p->names.pool.data + k->off);
}

void ps_names_init(ps *p, size_t text_len)
{
	bcx_buf_init(&p->names.pool, bcx_arena_allocator(p->m->arena));
	bcx_buf_init(&p->res_keys.pool, bcx_arena_allocator(p->m->arena));
	p->num_limit = (uint32_t)(text_len / (8 * sizeof(uint32_t)) < NUM_MASK
				  ? text_len / (8 * sizeof(uint32_t)) + 1024
				  : NUM_MASK - 1);
}

void ps_names_free(ps *p)
{
	for (uint32_t f = 0; f < PS_NUM_FORMS; f++)
		mw_heap_free(p->m, p->num[f], p->cnum[f] * sizeof *p->num[f]);
	mw_table_free(p->m, &p->names);
	mw_table_free(p->m, &p->res_keys);
}
