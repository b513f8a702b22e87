/* Internals of the Tile IR assembler (spec §21). One parser reads both text
 * forms: an op whose name is a string is in the generic form (asm_parse.c),
 * one whose name is a bare word in the custom form, parsed by walking the
 * op's TIR_FMT column (asm_custom.c, asm_directives.c). Either way the op
 * becomes a small tree (ap_op) that asm_build.c hands to the builder once
 * the whole module is read, so that names and location aliases may be
 * used before the text that defines them; or, for the items of a
 * custom-form module the text allows it for, one item at a time as each
 * is read (asm_parser.item). The tokenizer is the shared
 * MLIR lexer (src/mlir/lex.h). */
#ifndef BCX_TILEIR_ASM_INTERNAL_H
#define BCX_TILEIR_ASM_INTERNAL_H

#include "mlir/lex.h"
#include "bcx/tileir_build.h"
#include "tileir/write/write_internal.h"

/* A value name as written: "%x" (name without '%'), a result group's
 * count ("%x:3"), where it was written and the type the text gave it at
 * this use (BCX_TILEIR_NONE when the text gave none). */
typedef struct ap_ref {
	const char *name;
	size_t n;
	uint32_t count;
	unsigned line, col;
	bcx_tileir_build_type type;
} ap_ref;

typedef struct ap_block ap_block;

typedef struct ap_op {
	const bcx_tileir_opinfo *info;
	ap_ref *results, *operands;
	uint32_t n_results, n_operands;
	bcx_tileir_build_named_attr *attrs;
	uint32_t n_attrs, n_segments;
	uint32_t *segments;     /* operand group sizes, or NULL */
	ap_block **regions;     /* NULL entries: empty regions */
	uint32_t n_regions;
	bcx_tileir_build_type *res_types;
	uint32_t n_res_types;
	mlir_pos loc;           /* the op's loc(...), or p == NULL */
	bool custom;            /* written in the custom form */
	bool testing;           /* testing$func: an entry of any argument types */
	char *uname;            /* an unregistered op's name, unescaped */
	size_t uname_len;
	unsigned line, col;
	unsigned name_line, name_col; /* the op's name: where MLIR places the op */
	const char *props;      /* the text of its <{...}>, without the angles */
	size_t props_n;
} ap_op;

struct ap_block {
	ap_ref *args;
	bcx_tileir_build_type *arg_types;
	uint32_t n_args;
	ap_op **ops;
	uint32_t n_ops;
};

/* A top-level alias "#name = ..." or "!name = ...": where its value is,
 * and the location it stands for once one was needed. */
typedef struct ap_alias {
	mlir_pos at;
	bcx_tileir_build_loc *loc;
	uint8_t state;          /* 0 unresolved, 1 resolving, 2 resolved */
} ap_alias;

typedef struct asm_parser {
	mlir_lex lx;
	bcx_tileir_builder *m;
	bcx_arena *arena;       /* the parse tree; freed after building (an item
				 * of a streamed module body: after that item) */
	bcx_arena *keep;        /* the parser's own tables, kept to the end */
	wr_table names;         /* value names of the current function */
	struct ap_name {
		bcx_tileir_build_value val;
		bcx_tileir_build_type type; /* as its definition wrote it, or NONE */
	} *name_of;             /* name index -> its value */
	uint32_t cap_names;
	/* The first error the reference's verifier reports, not its parser:
	 * given only when the whole text parsed and built (ap_late). */
	char *late_msg;
	unsigned late_line, late_col;
	wr_table aliases;       /* "#name" / "!name" -> index in alias */
	ap_alias *alias;
	uint32_t cap_alias;
	wr_table loc_ids;       /* a location's identity -> index in loc_of */
	bcx_tileir_build_loc **loc_of;
	uint32_t cap_locs;
	wr_table type_text;     /* a bracketed type's exact text -> index in type_of */
	bcx_tileir_build_type *type_of;
	uint32_t cap_types;
	/* The element kind of the dense literal being read when the text gave
	 * it first (custom form): 1 integer, 2 float, 0 not known. */
	uint8_t dense_kind;
	bcx_tileir_build_type dense_elem; /* that element type (valid with dense_kind) */
	struct num *dense_v;    /* the dense literal's numbers (asm_attr.c), reused */
	uint32_t dense_cap;
	/* Op names -> row (bcx_tileir_op_at), filled on the first op: a hash
	 * rather than the table's scan, which every op would pay. */
	wr_table op_names;
	/* Row -> "custom op 'cuda_tile.NAME' ", the lexer's error prefix
	 * inside that op's custom parser, made on the row's first use. */
	const char **op_prefix;
	/* Row -> its TIR_FMT column read into elements, on the row's first
	 * use (asm_fmt.c). */
	struct ac_fmt **op_fmt;
	/* Row -> its type rules with their names resolved to fields
	 * (asm_infer.c), on the row's first use. */
	struct ai_plan **op_infer;
	/* ac_field_at's answers by op row and the address of the name asked
	 * for: the names are the op table's and its format column's own
	 * strings, asked for again on every op, so their scan is done once. */
	struct ap_field_memo {
		const void *info;
		const char *name;
		size_t len;
		int field;
	} field_memo[256];
	/* The type a fixed-type rule of ops.def stands for (asm_infer.c), by
	 * rule kind, once bit `kind` of fixed_known is set. */
	bcx_tileir_build_type fixed_of[64];
	uint64_t fixed_known;
	/* Streaming: the body of a custom-form module that is the text's first
	 * op is built an item (entry or global) at a time as each is read, its
	 * parse tree freed at once, when `item` is set (ap_stream_item). Text
	 * the stream cannot take in order (any loc(...), whose aliases may
	 * follow, or a second top-level op, which the builder wants first)
	 * sets stream_abort: the caller reads the text again whole. */
	bcx_status (*item)(struct asm_parser *, const ap_op *);
	bool first_op;          /* the op being read is the text's first */
	bool streamed;          /* a module body is being or was streamed */
	bool stream_abort;
	/* The first item that failed to build: its error is given once the
	 * whole text has parsed, as when the module is built after parsing. */
	bool stream_failed;
	bcx_status stream_st;
	bcx_diag stream_diag;
} asm_parser;

/* The parser is layered top down, each layer calling only those below it
 * (and itself: ops hold regions of ops, types and attributes nest):
 *   asm_util.c      builder failures, arena arrays, messages' type text
 *   asm_literal.c   numbers and dictionary keys, as MLIR's parser reads them
 *   asm_alias.c     the alias table (values parsed by the caller's callback)
 *   asm_type.c      types
 *   asm_attr.c      attributes (asm_dense... inside), which hold types
 *   asm_loc.c       locations and debug-info attributes
 *   asm_parse.c     ops, regions, blocks (generic form); asm_custom.c,
 *                   asm_directives.c, asm_infer.c, asm_fmt.c: the custom form
 *   asm_build.c     the parse tree built into a module
 *   asm_module.c    the top level and bcx_tileir_assemble
 * Each declaration below stands under its layer. */

/* ---- asm_util.c ---- */

/* Report a builder failure (its diag) at the current token: its message
 * as malformed text, or out of memory as BCX_ERR_NOMEM. */
bcx_status ap_built(asm_parser *p, bcx_status st, const bcx_diag *bd);
/* A builder failure at line:col, recorded as ap_built records it; */
bcx_status ap_built_at(asm_parser *p, bcx_status st, const bcx_diag *bd, unsigned line,
		       unsigned col);
/* a message at line:col, recorded as mlir_fail_at records it, and its
 * status (BCX_ERR_MALFORMED, or the first failure's); */
bcx_status ap_error_at(asm_parser *p, unsigned line, unsigned col, const char *fmt, ...)
	BCX_PRINTF(4, 5);
/* and the status of a parse layer's answer: BCX_OK for true, else the
 * failure the lexer holds. */
bcx_status ap_status(const asm_parser *p, bool ok);
/* The lexer's failing steps as statuses, recorded as mlir_fail,
 * mlir_nomem, mlir_next, mlir_expect and mlir_expect_id record them (first
 * failure wins): a message at the current token, out of memory
 * (BCX_ERR_NOMEM), the next token, and an expected punctuation or keyword
 * consumed. */
bcx_status ap_fail(asm_parser *p, const char *fmt, ...) BCX_PRINTF(2, 3);
bcx_status ap_nomem(asm_parser *p);
/* The current string or symbol token's text, unescaped into the parse
 * arena (NUL-terminated; *n bytes before it). */
bcx_status ap_string_value(asm_parser *p, char **buf, size_t *n);
bcx_status ap_next(asm_parser *p);
bcx_status ap_expect(asm_parser *p, char c);
bcx_status ap_expect_id(asm_parser *p, const char *word);
/* Make room for element n of an arena array of capacity *cap: arrp
 * points to the array pointer (bcx_vec_room_from's step, from `first`
 * slots, in arena ar); out of memory is recorded in the lexer. */
bcx_status ap_grow_from(asm_parser *p, bcx_arena *ar, void *arrp, uint32_t n, uint32_t *cap,
			size_t elem, uint32_t first);
/* The same in the parse arena, from 4 slots; */
bcx_status ap_grow(asm_parser *p, void *arrp, uint32_t n, uint32_t *cap, size_t elem);
/* and for the parser's tables, which outlive a streamed item. */
bcx_status ap_grow_keep(asm_parser *p, void *arrp, uint32_t n, uint32_t *cap, size_t elem);
/* Give up streaming (asm_parser.item): stops the parse; never BCX_OK. */
bcx_status ap_stream_abort(asm_parser *p);
/* Copy of the current token's text into the parse arena. */
char *ap_tok_dup(asm_parser *p);
/* Record a verifier error of the reference to be given once the whole
 * module is built (the first recorded wins); fails only when out of memory. */
bcx_status ap_late(asm_parser *p, unsigned line, unsigned col, const char *fmt, ...)
	BCX_PRINTF(4, 5);
/* A type as MLIR's messages name it ('!cuda_tile.tile<f32>', 'i32'). */
const char *ap_type_text(asm_parser *p, bcx_tileir_build_type t, char *buf, size_t cap);
/* The ATTR field of op's row that its attribute i names, or NULL (the
 * last of that name, as the table holds each name once). */
const bcx_tileir_field *ap_attr_field(const ap_op *op, uint32_t i);

/* ---- asm_literal.c ---- */

/* A literal number: sign, then MLIR_TK_INT or MLIR_TK_FLOAT. */
typedef struct num {
	bool neg, is_float, is_hex, is_bool;
	bool int64;             /* read as the custom form's dense integers are */
	uint64_t u;
	double f;
	unsigned line, col;     /* the literal, after its sign */
	unsigned sline, scol;   /* its sign, or the literal */
} num;

/* A number literal at the current token, consumed. */
bcx_status ap_number(asm_parser *p, num *n);
/* Element bits of value n under scalar type tag, by MLIR's rules; what
 * ends the range message ("attribute", "type", or NULL for none). */
bcx_status ap_num_bits(asm_parser *p, const num *n, uint8_t tag, const char *what, uint64_t *bits);
/* An integer literal of the scalar type tag: ap_number, then ap_num_bits. */
bcx_status ap_int_literal(asm_parser *p, uint8_t tag, const char *what, uint64_t *bits);
/* A signed 64-bit integer literal, or true (-1) or false (0) as MLIR's
 * parseInteger reads them. */
bcx_status ap_signed_int(asm_parser *p, int64_t *v);
/* An unsigned number of `bits` (32 or 64), as MLIR's parseInteger reads
 * one (true, false and negative literals included). */
bcx_status ap_unsigned_int(asm_parser *p, unsigned bits, uint64_t *v);
/* MLIR's dictionaries (an attribute, an op's properties and attr-dict)
 * hold each key once: BCX_ERR_MALFORMED, with the reference's message at
 * the current token, when its key is among the n keys seen. */
bcx_status ap_key_unique(asm_parser *p, const mlir_tok *seen, uint32_t n);

/* ---- asm_alias.c ---- */

/* At "#name =" or "!name =" on the top level: record it and skip its
 * value. */
bcx_status ap_alias_def(asm_parser *p);
/* The alias named by the current token (with its sigil), or NULL. */
ap_alias *ap_alias_find(asm_parser *p);
/* Parse the alias value at a's position with fn, then come back. */
bcx_status ap_alias_parse(asm_parser *p, ap_alias *a, bcx_status (*fn)(asm_parser *, void *),
			  void *out);

/* ---- asm_type.c ---- */

/* A type; `!cuda_tile.` is optional; `!alias` names a type alias. */
bcx_status ap_type(asm_parser *p, bcx_tileir_build_type *out);
/* The type after a number's ':' in an attribute: a type, or one of MLIR's
 * unsigned/signed integer types (uiN, siN), which hint values may have. */
bcx_status ap_number_type(asm_parser *p, bcx_tileir_build_type *out);
/* A function type "(T, ...) -> T | (T, ...)". */
bcx_status ap_func_type(asm_parser *p, bcx_tileir_build_type **ins, uint32_t *n_in,
			bcx_tileir_build_type **outs, uint32_t *n_out);

/* ---- asm_attr.c ---- */

/* An attribute value (after "name ="). */
bcx_status ap_attr(asm_parser *p, bcx_tileir_build_attr **out);
/* A cuda_tile attribute by its mnemonic (the current token follows it):
 * div_by<..>, bounded<..>, same_elements<..>, optimization_hints<..> or
 * an enum. */
bcx_status ap_cuda_attr(asm_parser *p, const char *mn, size_t n, bcx_tileir_build_attr **out);
/* "key = value, ..." up to close, as a dictionary attribute (out NULL:
 * read and dropped). */
bcx_status ap_dict_entries(asm_parser *p, char close, bcx_tileir_build_attr **out);
/* The values and type of a dense constant, from the token after "dense<"
 * or "<elem:" through "> : type". */
bcx_status ap_dense_values(asm_parser *p, bcx_tileir_build_attr **out);

/* ---- asm_loc.c ---- */

/* An optional trailing "loc(...)": remember where it is. */
bcx_status ap_loc_suffix(asm_parser *p, mlir_pos *at);
/* The builder location of a remembered loc(...) (NULL: unknown). */
bcx_status ap_loc_build(asm_parser *p, mlir_pos at, unsigned line, unsigned col,
			bcx_tileir_build_loc **out);

/* ---- asm_parse.c, asm_custom.c (ops) ---- */

/* An op in either form, with its results and trailing location. */
bcx_status ap_parse_op(asm_parser *p, ap_op **out);
/* "{" [^bb(args):] op* "}"; *out is NULL for an empty region. */
bcx_status ap_region(asm_parser *p, ap_block **out);
/* The custom-form module's body: a region, or its items streamed (the
 * block left NULL) as asm_parser.item says. */
bcx_status ap_module_body(asm_parser *p, ap_block **out);
/* A block argument list "(%a: T, ...)" into b. */
bcx_status ap_block_arg_list(asm_parser *p, ap_block *b);
/* A value name at the current token, consumed. */
bcx_status ap_value_ref(asm_parser *p, ap_ref *r);
/* The custom form after the op name; op->info and op->results are set. */
bcx_status ap_custom_op(asm_parser *p, ap_op *op);

/* ---- asm_build.c ---- */

/* Build the module tree. */
bcx_status ap_build_module(asm_parser *p, const ap_op *mod);
/* Build one item of a streamed module body (asm_parser.item). */
bcx_status ap_stream_item(asm_parser *p, const ap_op *op);
/* Build the top level: one module op, or (MLIR's implicit top-level
 * module) any ops, the model then marked implicit_module: functions and
 * globals as a module's, every other op in one nameless
 * BCX_TILEIR_FN_TOPLEVEL function. */
bcx_status ap_build_top(asm_parser *p, const ap_block *top);

#endif
