/* The analyzer's state: statistics in the shape llvm-bcanalyzer keeps them
 * (spec llvm-bitstream.md section 10), buffered output, and the two
 * printers (text as the reference tool prints it, and JSON). */
#ifndef BCX_BITSTREAM_ANALYZE_H
#define BCX_BITSTREAM_ANALYZE_H

#include "internal.h"
#include "common/out.h"

/* Per record code of one block ID. */
typedef struct an_code {
	uint32_t code;
	bool used;
	uint64_t count, abbreviated, bits;
} an_code;

/* Codes below this have their place in codes remembered (every record
 * counts, so the hash and the probe are paid once a code, not a record). */
#define AN_DIRECT_CODES 64

/* Per block ID. codes is an open-addressing table (power-of-two size). */
typedef struct an_block {
	uint32_t id;
	uint64_t instances, bits, subblocks, abbrevs, records, abbreviated;
	an_code *codes;
	size_t ncodes, cap_codes;
	uint32_t code_at[AN_DIRECT_CODES]; /* 1 + index in codes; 0 unknown */
} an_block;

#define AN_INDEX_TABLE 1024
/* " abbrevid=N" for the IDs below AN_ABBREV_TEXT, 16 bytes each. */
#define AN_ABBREV_TEXT 64

/* The text " op<i>=" for the first operand indexes as 8-byte words, and
 * " abbrevid=<i>" for the first abbreviation IDs (built once per analysis:
 * a load from a table that is never written again is cheaper than
 * rewriting the digits for every operand). */
typedef struct an_optext {
	uint64_t index_text[AN_INDEX_TABLE];
	uint8_t index_len[AN_INDEX_TABLE];
	char abbrev_text[AN_ABBREV_TEXT][16];
	uint8_t abbrev_len[AN_ABBREV_TEXT];
	/* 0..999 as 4 bytes: the digits without leading zeros, then their
	 * count in the last byte (dec3), and as three digits with leading
	 * zeros (dec3z, the low digits of a longer number). */
	char dec3[1000][4];
	char dec3z[1000][4];
} an_optext;

void an_optext_init(an_optext *t);

/* The start of a record line, "<indent><NAME" (and " codeid=N" with
 * non_symbolic), made once per block ID, depth, BLOCKINFO entry and code
 * and then copied whole into each line: the name lookup, the indent and
 * the unknown-code text are paid once, not per record. */
#define AN_LINE_CODES 128 /* codes 0..127: every code LLVM gives a name */
#define AN_LINE_SLOTS 32  /* caches, one a block ID modulo this */
#define AN_LINE_TEXT 54

typedef struct an_linetext {
	char text[AN_LINE_TEXT]; /* copied as 64 bytes: len and gen are overwritten */
	uint8_t len;             /* 0 with gen current: too long, made per line */
	uint64_t gen;            /* valid when equal to its cache's gen */
} an_linetext;

_Static_assert(sizeof(an_linetext) == 64, "a line start is copied as 64 bytes");

typedef struct an_lines {
	uint64_t gen;             /* bumped when the tag below changes */
	uint64_t key;             /* tag: an_frame.line_key of the block ... */
	const bs_blockinfo *table; /* ... and the BLOCKINFO table named from */
	an_linetext code[AN_LINE_CODES];
} an_lines;

/* An open block as the analyzer sees it. */
typedef struct an_frame {
	an_block *st;
	uint32_t block_id;
	uint64_t entry_bit;   /* where the ENTER_SUBBLOCK entry begins */
	uint64_t start;       /* bit after the block ID, moved past sub-blocks */
	uint64_t sub_start;   /* for the parent: where this block's span began */
	bool dump;            /* print this block's records */
	uint64_t md_index_expected; /* METADATA INDEX_OFFSET target */
	unsigned width;
	uint32_t num_words;
	const bs_blockinfo *bi_table; /* table the cached entry came from */
	const bs_bi_entry *bi;
	an_lines *lines;      /* line starts of its records; NULL: made per line */
	uint64_t line_key;    /* block ID and depth, the tag of lines */
	bcx_bs_name name;     /* as at the block's start: END_BLOCK prints it */
} an_frame;

typedef struct an_state {
	const bcx_bs_analyze_options *opts;
	bcx_bs_reader *r;
	const bcx_allocator *alloc;
	bcx_out *out;
	const an_optext *optext;
	/* statistics: blocks in an open-addressing table keyed by ID */
	an_block **blocks;
	size_t nblocks, cap_blocks;
	uint64_t ntop;
	unsigned depth;
	an_frame frames[BCX_BS_MAX_DEPTH + 1];
	bool json_first; /* JSON: no comma before the next item */
	an_lines *line_cache[AN_LINE_SLOTS]; /* text dump: made on first use */
} an_state;

/* ---- output (an_out.c; the buffer itself is common/out.h) ---- */
/* Escaped as LLVM's write_escaped(hex): \\ \t \n \" and \xHH (uppercase). */
void an_escaped(bcx_out *o, const uint8_t *p, size_t n);
void an_name(bcx_out *o, bcx_bs_name nm, const char *unknown, uint32_t id);

/* ---- record line starts (an_line.c) ---- */
/* Give frame f the line-start cache of its block ID (none when it cannot
 * be had: each line is then made in full, with the same text). */
void an_lines_attach(an_state *s, an_frame *f);
/* "<indent><NAME[ codeid=N]" of a record of code `code` in frame f: the
 * cached copy (an_line_start), made or written in full by the slow path. */
void an_line_start_slow(an_state *s, an_frame *f, uint32_t code);
void an_lines_free(an_state *s);

static inline void an_line_start(an_state *s, an_frame *f, uint32_t code)
{
	const an_lines *c = f->lines;
	if (BS_LIKELY(c && code < AN_LINE_CODES && c->key == f->line_key && c->table == s->r->bi)) {
		const an_linetext *e = &c->code[code];
		if (BS_LIKELY(e->gen == c->gen && e->len)) {
			bcx_out *o = s->out;
			char *p = bcx_out_room(o, sizeof *e);
			memcpy(p, e, sizeof *e);
			o->n += e->len;
			return;
		}
	}
	an_line_start_slow(s, f, code);
}

/* ---- printers ---- */
/* The current BLOCKINFO entry of frame f (refreshed when the table changed). */
static inline const bs_bi_entry *an_bi(an_state *s, an_frame *f)
{
	if (f->bi_table != s->r->bi) {
		f->bi_table = s->r->bi;
		f->bi = bs_bi_find(s->r->bi, f->block_id);
	}
	return f->bi;
}
void an_text_block_open(an_state *s, an_frame *f);
void an_text_block_close(an_state *s, an_frame *f);
bcx_status an_text_record(an_state *s, an_frame *f, const bcx_bs_entry *e,
			  const bcx_bs_record *rec);
void an_text_stats(an_state *s);
void an_json_begin(an_state *s);
void an_json_block_open(an_state *s, an_frame *f);
void an_json_block_close(an_state *s, an_frame *f);
bcx_status an_json_record(an_state *s, an_frame *f, const bcx_bs_entry *e,
			  const bcx_bs_record *rec);
void an_json_blockinfo_stub(an_state *s, uint64_t entry_bit);
void an_json_stats(an_state *s);
/* Blocks sorted by ID (array of nblocks pointers, caller frees with
 * bcx_free(alloc, p, nblocks * sizeof *p)); NULL when out of memory, which
 * is then recorded in the reader's status. */
an_block **an_sorted_blocks(an_state *s);
/* The codes of one block, sorted count-descending then code-descending;
 * NULL (recorded as above) when out of memory. */
an_code *an_sorted_codes(an_state *s, const an_block *b);
/* METADATA_STRINGS blob (spec 9.2): checks and prints. */
/* METADATA_BLOCK and the records in it that the analyzer annotates (spec 9.2). */
enum { AN_METADATA_BLOCK = 15, AN_MD_STRINGS = 35, AN_MD_INDEX_OFFSET = 38, AN_MD_INDEX = 39 };
/* INDEX_OFFSET: remember in f where the INDEX record must start. False when
 * the record does not have its two operands (the analyzer's "invalid"). */
bool an_md_index_offset(an_frame *f, const bcx_bs_record *rec);
bcx_status an_md_strings(an_state *s, an_frame *f, const bcx_bs_entry *e,
			 const bcx_bs_record *rec, bool json);
/* Record-string rule of spec 9.2: the operand index where it starts, or
 * SIZE_MAX when the record has none or it is not printable. */
size_t an_record_string_at(const bcx_bs_record *rec);
bool an_blob_printable(const uint8_t *p, size_t n);

#endif
