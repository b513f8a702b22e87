/* Writes random but valid bitstreams with the bcx writer, for the random
 * differential test (diff_random.sh compares bcx with llvm-bcanalyzer-22
 * on them): BLOCKINFO with abbreviations and names for several blocks,
 * nested blocks of random code widths, abbreviations of every operand
 * encoding (literal, Fixed, VBR, Fixed(0)/VBR(0), Char6, arrays, blobs),
 * unabbreviated records with small and 64-bit values and codes past 127,
 * long record names, chains of 24 to 31 nested blocks, METADATA records
 * the analyzer treats specially, and three stream types.
 * Usage: gen_random DIR COUNT SEED */
#include "bcx/bitstream.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_ABBREVS 64
#define MAX_OPS 8

typedef struct gen {
	uint64_t seed;
	bcx_bs_writer *w;
	/* the writer's BLOCKINFO table as the generator tracks it */
	uint32_t bi_id[16];
	const bcx_bs_abbrev *bi_ab[16][8];
	unsigned bi_n[16], nbi;
	bcx_bs_abbrev *owned[4096];
	unsigned nowned;
} gen;

typedef struct scope {
	const bcx_bs_abbrev *ab[MAX_ABBREVS];
	unsigned n;
	unsigned width;
	uint32_t block_id;
} scope;

static uint64_t rnd(gen *g)
{
	g->seed ^= g->seed >> 12;
	g->seed ^= g->seed << 25;
	g->seed ^= g->seed >> 27;
	return g->seed * 0x2545F4914F6CDD1DULL;
}

static unsigned pick(gen *g, unsigned n) { return (unsigned)(rnd(g) % n); }

static const char char6[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._";

static uint64_t value(gen *g)
{
	switch (pick(g, 6)) {
	case 0: return pick(g, 2);
	case 1: return 32 + pick(g, 95); /* printable */
	case 2: return rnd(g);           /* any 64-bit value */
	case 3: return (uint64_t)1 << pick(g, 64);
	default: return pick(g, 1000);
	}
}

static bcx_bs_abbrev *new_abbrev(gen *g, unsigned n)
{
	bcx_bs_abbrev *ab = calloc(1, sizeof *ab + n * sizeof ab->ops[0]);
	if (!ab || g->nowned == sizeof g->owned / sizeof g->owned[0])
		exit(2);
	ab->nops = n;
	g->owned[g->nowned++] = ab;
	return ab;
}

static bcx_bs_abbrev_op scalar_op(gen *g, bool allow_zero)
{
	switch (pick(g, 4)) {
	case 0: return (bcx_bs_abbrev_op){BCX_BS_OP_FIXED, allow_zero ? pick(g, 33) : 1 + pick(g, 32)};
	case 1: return (bcx_bs_abbrev_op){BCX_BS_OP_VBR, allow_zero && !pick(g, 8) ? 0 : 2 + pick(g, 31)};
	case 2: return (bcx_bs_abbrev_op){BCX_BS_OP_CHAR6, 0};
	default: return (bcx_bs_abbrev_op){BCX_BS_OP_LITERAL, value(g)};
	}
}

/* [code op] [scalars...] [array elt | blob]? */
static bcx_bs_abbrev *random_abbrev(gen *g)
{
	unsigned scalars = pick(g, 4), tail = pick(g, 3);
	bcx_bs_abbrev *ab = new_abbrev(g, 1 + scalars + (tail == 1 ? 2 : tail == 2 ? 1 : 0));
	unsigned code = pick(g, 70);
	ab->ops[0] = pick(g, 2) ? (bcx_bs_abbrev_op){BCX_BS_OP_LITERAL, code == 35 ? 34 : code}
			       : (bcx_bs_abbrev_op){BCX_BS_OP_FIXED, 7};
	for (unsigned i = 1; i <= scalars; i++)
		ab->ops[i] = scalar_op(g, true);
	if (tail == 1) {
		ab->ops[scalars + 1] = (bcx_bs_abbrev_op){BCX_BS_OP_ARRAY, 0};
		ab->ops[scalars + 2] = scalar_op(g, false);
		if (ab->ops[scalars + 2].kind == BCX_BS_OP_LITERAL)
			ab->ops[scalars + 2] = (bcx_bs_abbrev_op){BCX_BS_OP_FIXED, 8};
		ab->array_at = scalars + 1;
	} else if (tail == 2) {
		ab->ops[scalars + 1] = (bcx_bs_abbrev_op){BCX_BS_OP_BLOB, 0};
	}
	return ab;
}

static uint64_t fits(gen *g, const bcx_bs_abbrev_op *op)
{
	switch (op->kind) {
	case BCX_BS_OP_LITERAL: return op->value;
	case BCX_BS_OP_FIXED:
		return op->value == 0 ? 0 : value(g) & (((uint64_t)2 << (op->value - 1)) - 1);
	case BCX_BS_OP_VBR: return op->value == 0 ? 0 : value(g);
	default: return (uint64_t)(unsigned char)char6[pick(g, 64)];
	}
}

static void unabbrev_record(gen *g, uint32_t block_id)
{
	uint64_t ops[12];
	size_t n = pick(g, 12);
	uint32_t code = pick(g, 70);
	if (!pick(g, 8)) /* past 127: the dump keeps no ready-made line start */
		code = 120 + pick(g, 20);
	else if (!pick(g, 3)) /* the codes BLOCKINFO names */
		code = pick(g, 4);
	if (block_id == 15 && (code == 35))
		code = 36;
	for (size_t i = 0; i < n; i++)
		ops[i] = value(g);
	bcx_bsw_record(g->w, 3, code, ops, n, NULL, 0);
}

static void abbrev_record(gen *g, scope *s, unsigned idx)
{
	const bcx_bs_abbrev *ab = s->ab[idx];
	if (ab->ops[0].kind == BCX_BS_OP_LITERAL && ab->ops[0].value == 35) {
		unabbrev_record(g, s->block_id); /* METADATA_STRINGS: md_strings() only */
		return;
	}
	uint64_t ops[MAX_OPS + 40];
	size_t n = 0;
	uint8_t blob[40];
	size_t blob_len = 0;
	bool has_blob = false;
	uint32_t code = (uint32_t)(ab->ops[0].kind == BCX_BS_OP_LITERAL ? ab->ops[0].value : pick(g, 70));
	if (code == 35 && ab->ops[0].kind != BCX_BS_OP_LITERAL)
		code = 34; /* METADATA_STRINGS only from md_strings() */
	for (uint32_t i = 1; i < ab->nops; i++) {
		const bcx_bs_abbrev_op *op = &ab->ops[i];
		if (op->kind == BCX_BS_OP_ARRAY) {
			unsigned k = pick(g, 30);
			for (unsigned j = 0; j < k; j++)
				ops[n++] = fits(g, &ab->ops[i + 1]);
			break;
		}
		if (op->kind == BCX_BS_OP_BLOB) {
			has_blob = true;
			blob_len = pick(g, 40);
			for (size_t j = 0; j < blob_len; j++)
				blob[j] = (uint8_t)(pick(g, 3) ? 32 + pick(g, 95) : pick(g, 256));
			continue;
		}
		ops[n++] = fits(g, op);
	}
	bcx_bsw_record(g->w, 4 + idx, code, ops, n, has_blob ? blob : NULL, blob_len);
}

/* METADATA_STRINGS (code 35): [count, offset] + blob of VBR6 lengths and
 * characters; needs an abbreviation with a blob. */
static void md_strings(gen *g, scope *s)
{
	bcx_bs_abbrev *ab = new_abbrev(g, 4);
	ab->ops[0] = (bcx_bs_abbrev_op){BCX_BS_OP_LITERAL, 35};
	ab->ops[1] = (bcx_bs_abbrev_op){BCX_BS_OP_VBR, 6};
	ab->ops[2] = (bcx_bs_abbrev_op){BCX_BS_OP_VBR, 6};
	ab->ops[3] = (bcx_bs_abbrev_op){BCX_BS_OP_BLOB, 0};
	uint32_t id = bcx_bsw_define_abbrev(g->w, ab);
	if (s->n < MAX_ABBREVS)
		s->ab[s->n++] = ab;
	if (!id)
		return;
	bcx_bitbuf lens;
	bcx_bitbuf_init(&lens, NULL);
	unsigned count = 1 + pick(g, 5), len[5], total = 0;
	for (unsigned i = 0; i < count; i++) {
		len[i] = pick(g, 8);
		total += len[i];
		bcx_bitbuf_emit_vbr(&lens, len[i], 6);
	}
	bcx_bitbuf_align32(&lens);
	uint8_t blob[256];
	size_t off = lens.bytes.len;
	memcpy(blob, lens.bytes.data, off);
	for (unsigned i = 0; i < total; i++)
		blob[off + i] = (uint8_t)(pick(g, 4) ? 32 + pick(g, 95) : pick(g, 256));
	uint64_t ops[2] = {count, off};
	bcx_bsw_record(g->w, id, 35, ops, 2, blob, off + total);
	bcx_bitbuf_free(&lens);
}

/* A block ID: often one the BLOCKINFO table names and gives
 * abbreviations, else mostly LLVM's, some unknown; 40..43 share the
 * analyzer's line-start caches with 8..11 (one a block ID modulo 32). */
static uint32_t block_id(gen *g)
{
	if (g->nbi && pick(g, 2))
		return g->bi_id[pick(g, g->nbi)];
	switch (pick(g, 6)) {
	case 0: return 100 + pick(g, 4);
	case 1: return 40 + pick(g, 4);
	default: return 8 + pick(g, 20);
	}
}

/* A BLOCKINFO block replaces the whole table (reader and writer alike). */
static void blockinfo(gen *g, unsigned width)
{
	bcx_bsw_enter_block(g->w, 0, width);
	g->nbi = 0;
	unsigned nids = 1 + pick(g, 3);
	for (unsigned k = 0; k < nids && g->nbi < 16; k++) {
		uint32_t id = block_id(g);
		uint64_t op = id;
		bcx_bsw_record(g->w, 3, 1, &op, 1, NULL, 0);
		unsigned slot = g->nbi;
		for (unsigned i = 0; i < g->nbi; i++)
			if (g->bi_id[i] == id)
				slot = i;
		if (slot == g->nbi) {
			g->bi_id[g->nbi] = id;
			g->bi_n[g->nbi++] = 0;
		}
		for (unsigned a = pick(g, 4); a > 0 && g->bi_n[slot] < 8; a--) {
			bcx_bs_abbrev *ab = random_abbrev(g);
			bcx_bsw_define_abbrev(g->w, ab);
			g->bi_ab[slot][g->bi_n[slot]++] = ab;
		}
		if (!pick(g, 3)) {
			uint64_t name[6];
			for (int i = 0; i < 6; i++)
				name[i] = (uint64_t)(unsigned char)char6[pick(g, 64)];
			bcx_bsw_record(g->w, 3, 2, name, 1 + pick(g, 6), NULL, 0);
		}
		if (pick(g, 3)) {
			/* "Rec", or a name longer than a cached line start */
			uint64_t rn[64] = {pick(g, 4), 'R', 'e', 'c'};
			size_t n = pick(g, 2) ? 4 : 64;
			for (size_t i = 4; i < n; i++)
				rn[i] = (uint64_t)(unsigned char)char6[pick(g, 52)];
			bcx_bsw_record(g->w, 3, 3, rn, n, NULL, 0);
		}
		if (!pick(g, 5)) {
			/* A block inside BLOCKINFO: skipped by the BLOCKINFO pass,
			 * dumped by the walk (unabbreviated records only: its scope
			 * differs between the pass and the walk). */
			uint32_t nested = 8 + pick(g, 20);
			bcx_bsw_enter_block(g->w, nested, 3);
			unabbrev_record(g, nested);
			bcx_bsw_end_block(g->w);
		}
	}
	bcx_bsw_end_block(g->w);
}

static void block(gen *g, uint32_t id, unsigned depth);

/* n blocks, each inside the one before, each with one record. */
static void deep(gen *g, unsigned n)
{
	for (unsigned i = 0; i < n; i++) {
		uint32_t id = block_id(g);
		bcx_bsw_enter_block(g->w, id, 3);
		unabbrev_record(g, id);
	}
	for (unsigned i = 0; i < n; i++)
		bcx_bsw_end_block(g->w);
}

/* Abbreviations whose IDs fit the block's code width. */
static unsigned usable(const scope *s)
{
	unsigned fit = (1u << s->width) - 4;
	return s->n < fit ? s->n : fit;
}

static void entries(gen *g, scope *s, unsigned depth)
{
	unsigned n = 1 + pick(g, 12);
	for (unsigned i = 0; i < n; i++) {
		unsigned what = pick(g, 10);
		if (what == 0 && depth < 3) {
			block(g, pick(g, 8) ? block_id(g) : 0, depth + 1);
		} else if (what == 9 && depth == 1 && !pick(g, 8)) {
			deep(g, 24 + pick(g, 8)); /* indents too wide for a cached start */
		} else if (what == 1 && s->n < MAX_ABBREVS) {
			bcx_bs_abbrev *ab = random_abbrev(g);
			(void)bcx_bsw_define_abbrev(g->w, ab); /* 0 when its ID does not fit */
			s->ab[s->n++] = ab;
		} else if (what <= 5 && usable(s)) {
			abbrev_record(g, s, pick(g, usable(s)));
		} else if (what == 6 && s->block_id == 15) {
			md_strings(g, s);
		} else {
			unabbrev_record(g, s->block_id);
		}
	}
}

static void block(gen *g, uint32_t id, unsigned depth)
{
	if (id == 0) {
		blockinfo(g, 2 + pick(g, 2));
		return;
	}
	scope s = {.n = 0, .width = 3 + pick(g, 4), .block_id = id};
	for (unsigned i = 0; i < g->nbi; i++)
		if (g->bi_id[i] == id)
			for (unsigned k = 0; k < g->bi_n[i]; k++)
				s.ab[s.n++] = g->bi_ab[i][k];
	bcx_bsw_enter_block(g->w, id, s.width);
	entries(g, &s, depth);
	bcx_bsw_end_block(g->w);
}

static int one(gen *g, const char *path)
{
	static const uint32_t magics[] = {0xDEC04342u, 0xDEC04342u, 0x47414944u, 0x0D0C5A5Au};
	if (bcx_bsw_new(&g->w, NULL) != BCX_OK)
		return 1;
	g->nbi = 0;
	bcx_bsw_magic(g->w, magics[pick(g, 4)]);
	unsigned top = 1 + pick(g, 3);
	for (unsigned i = 0; i < top; i++)
		block(g, pick(g, 4) ? (pick(g, 2) ? 15 : 8 + pick(g, 20)) : 0, 0);
	bcx_buf out;
	bcx_buf_init(&out, NULL);
	bcx_diag d;
	bcx_diag_clear(&d);
	int rc = 0;
	if (bcx_bsw_finish(g->w, &out, &d) != BCX_OK) {
		fprintf(stderr, "gen_random: %s: %s\n", path, d.message);
		rc = 1;
	} else {
		FILE *f = fopen(path, "wb");
		rc = !f || fwrite(out.data, 1, out.len, f) != out.len;
		if (f)
			fclose(f);
	}
	bcx_bsw_free(g->w);
	bcx_buf_free(&out);
	while (g->nowned)
		free(g->owned[--g->nowned]);
	return rc;
}

int main(int argc, char **argv)
{
	if (argc != 4)
		return 2;
	gen g;
	memset(&g, 0, sizeof g);
	g.seed = strtoull(argv[3], NULL, 0) | 1;
	int n = atoi(argv[2]), rc = 0;
	for (int i = 0; i < n; i++) {
		char path[4096];
		snprintf(path, sizeof path, "%s/r%03d.bc", argv[1], i);
		rc |= one(&g, path);
	}
	return rc;
}
