/* Internal view of a CUDA Tile IR module, shared by the reader, printers,
 * and the builder/writer. Not installed. */
#ifndef BCX_TILEIR_INTERNAL_H
#define BCX_TILEIR_INTERNAL_H

#include "bcx/tileir.h"
#include "tileir/model/opcodes.h"
#include "tileir/model/opinfo.h"

/* Limits that keep hostile input from costing unbounded time or memory. */
#define TIR_MAX_COUNT 0xFFFFFFFEu /* spec §3.2: counts must be <= 2^32 - 2 */
#define TIR_FN_UNKNOWN 0xf8u      /* function flag bits 3-7 (§12.2) */
#define TIR_MAX_IGNORED 16u      /* replaced sections remembered for the dump */

/* Why a type record cannot be used (read_typeuse.c). */
enum { TIR_TYPE_UNREADABLE = 1, TIR_TYPE_UNVERIFIED = 2, TIR_TYPE_LEADS_TO_BAD = 3 };

/* What a body takes from the generic form's running counters: values
 * (results and non-entry block arguments) and entry-block arguments. */
typedef struct tir_counts {
	uint32_t value, arg;
	bool known;
} tir_counts;

/* Count what body b takes (nested regions included). */
void tir_count_block(const bcx_tileir_block *b, bool entry, tir_counts *c);
/* Every body's counts into m->counts without decoding it; a body the walk
 * cannot follow (one that would not decode) is left unknown (read_count.c). */
void tir_count_bodies(bcx_tileir_module *m);

/* The body decoder's summary of an op row at a file's version. */
typedef struct tir_op_plan {
	bool ready;
	bool variadic_result;  /* a variadic result field */
	uint8_t exist, later;  /* result fields at this version, and newer ones */
	uint8_t fixed_opds;    /* operand groups of exactly one operand */
} tir_op_plan;

/* The plan of an op row at m's version (read_body.c). */
const tir_op_plan *tir_plan_of(bcx_tileir_module *m, const bcx_tileir_opinfo *info,
			       tir_op_plan *other);

struct bcx_tileir_module {
	bcx_arena *arena;
	bcx_tileir_read_options opts;
	const uint8_t *data;   /* the input (NULL for a built module) */
	size_t size;
	bcx_tileir_version version;
	uint32_t max_opcode;   /* the version's largest opcode (read once at open) */
	bcx_tileir_section sections[BCX_TILEIR_SEC_COUNT];
	/* Earlier copies of a section id that a later copy replaced (§5: the
	 * reference keeps the last); the first TIR_MAX_IGNORED are kept. */
	size_t n_ignored;
	bcx_tileir_section ignored[TIR_MAX_IGNORED];

	size_t n_strings;
	bcx_tileir_str *strings;
	uint8_t *string_bad;   /* 1: offsets out of order or range (§6.1) */
	size_t n_types;
	bcx_tileir_type *types;
	uint8_t *type_bad;        /* 0 or a TIR_TYPE_* reason it cannot be used (§7.1) */
	const uint64_t *type_offs; /* record offsets into type_data */
	const uint8_t *type_data;
	size_t type_data_len;
	size_t n_constants;
	bcx_tileir_constant *constants;
	size_t n_globals;
	bcx_tileir_global *globals;
	bool has_producer;
	uint32_t producer;     /* string index */
	size_t n_debug_records;
	bcx_tileir_debug_record *debug_records;
	size_t n_debug_lists;
	const uint64_t *debug_refs; /* all lists' entries, n_debug_refs of them */
	size_t n_debug_refs;
	bcx_tileir_debug_list *debug_lists;
	size_t n_functions;
	bcx_tileir_function *functions;
	size_t bodies_decoded;
	/* Per function of a read module: the arena its decoded body lives in,
	 * so that bcx_tileir_body_release() can give it back (NULL for a built
	 * module, whose bodies belong to the builder). */
	bcx_arena **body_arenas;
	/* Per function of a read module, once its body was decoded: the
	 * numbers the generic form's value numbering takes from it, so that
	 * printing need not decode a body a second time to learn them. */
	tir_counts *counts;
	/* Until the first bcx_tileir_body_release(), bodies decode into the
	 * module's own arena, as a program that keeps every body (a full read,
	 * a converter) is served best by few large blocks; from then on, each
	 * into an arena of its own, so that a streaming printer holds one. */
	bool released_any;
	/* Bytecode bytes and arena bytes of the bodies decoded so far: the
	 * ratio sizes the next body's arena in one allocation. */
	uint64_t body_len_seen, body_used_seen;
	/* Scratch of the body decoder, reused across bodies (not in the arena):
	 * scope stack, value types and operand ids, tmp_cap entries each. */
	uint32_t *tmp;
	size_t tmp_cap;
	/* The decoder's op stack, reused across bodies: a block's ops gather
	 * here (an inner block's above its parent's) and are copied to the
	 * arena at the block's end, at their exact count. */
	bcx_tileir_op *op_stack;
	size_t op_stack_n, op_stack_cap;
	/* Assembled from text that has no cuda_tile.module op around its
	 * functions (MLIR's implicit top-level module): never written. */
	bool implicit_module;
	/* Per opcode, what the body decoder needs of its row at this file's
	 * version, worked out on its first op (read_body.c). */
	tir_op_plan plans[256];
};

/* Version gate helper: is the file's version at least v? */
static inline bool tir_at_least(const bcx_tileir_module *m, uint16_t v)
{
	return bcx_tileir_vkey(m->version) >= v;
}

/* The wire rules of an op's fields that the decoder (read_body.c) and the
 * numbering walk (read_count.c) both follow. */

/* §14.3: is field f's bit set in an op's flags? */
static inline bool tir_flag_set(uint64_t flags, const bcx_tileir_field *f)
{
	return f->flag_bit >= 0 && ((flags >> f->flag_bit) & 1);
}

/* §14.3: an op's flags as the model keeps them (bcx_tileir_op.flags is 32
 * bits): bit 31 also stands for any bit past it, so undefined high bits are
 * still seen by tir_unknown_flags. No op defines a bit near 31. */
static inline uint32_t tir_flags_kept(uint64_t flags)
{
	return (uint32_t)flags | (flags >> 31 ? UINT32_C(1) << 31 : 0);
}

/* The bits of an op's flags that none of its fields defines (the reference
 * reads past them). */
static inline uint32_t tir_unknown_flags(const bcx_tileir_op *op)
{
	uint32_t known = 0;
	for (unsigned i = 0; i < op->info->n_fields; i++)
		if (op->info->fields[i].flag_bit >= 0)
			known |= UINT32_C(1) << op->info->fields[i].flag_bit;
	return op->flags & ~known;
}

/* §14.4: does attribute field f's value stand on the wire? (A unit
 * attribute never does: its flag bit is all of it.) */
static inline bool tir_attr_written(const bcx_tileir_module *m, const bcx_tileir_field *f,
				    uint64_t flags)
{
	return f->kind == BCX_TILEIR_F_ATTR && tir_at_least(m, f->since) &&
	       (!f->optional || tir_flag_set(flags, f));
}

/* §14.5: the size of operand group f of a FIXED or SEGMENTED op when the
 * wire does not state it (1, or 0 for an absent optional group), else
 * TIR_GROUP_COUNTED: a count precedes the group. */
#define TIR_GROUP_COUNTED UINT32_MAX
static inline uint32_t tir_group_size(const bcx_tileir_module *m, const bcx_tileir_opinfo *info,
				      const bcx_tileir_field *f, uint64_t flags)
{
	if (info->opd_mode == BCX_TILEIR_OPD_FIXED || f->mult == BCX_TILEIR_ONE)
		return 1;
	if (f->mult == BCX_TILEIR_OPTIONAL)
		return tir_at_least(m, f->since) && tir_flag_set(flags, f);
	return TIR_GROUP_COUNTED;
}

#endif
