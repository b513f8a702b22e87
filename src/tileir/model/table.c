/* The operation, enum and type-tag tables, built from ops.def,
 * bcx/tileir_enums.def and bcx/tileir_types.def (spec §7.2, §13.4, §16). */
#include "tileir/model/opinfo.h"
#include "tileir/model/tables.h"
#include "tileir/model/gates.h"

#include <string.h>

#define FK_RESULT BCX_TILEIR_F_RESULT
#define FK_OPERAND BCX_TILEIR_F_OPERAND
#define FK_ATTR BCX_TILEIR_F_ATTR
#define FK_UNIT BCX_TILEIR_F_UNIT
#define FE_NONE BCX_TILEIR_E_NONE
#define FE_ENUM BCX_TILEIR_E_ENUM
#define FE_U32 BCX_TILEIR_E_U32
#define FE_U64 BCX_TILEIR_E_U64
#define FE_BOOL BCX_TILEIR_E_BOOL
#define FE_STR BCX_TILEIR_E_STR
#define FE_SYM BCX_TILEIR_E_SYM
#define FE_I32ARR BCX_TILEIR_E_I32ARR
#define FE_ARRAY BCX_TILEIR_E_ARRAY
#define FE_CONST BCX_TILEIR_E_CONST
#define FE_HINTS BCX_TILEIR_E_HINTS
#define FE_PRED BCX_TILEIR_E_PRED
#define FE_TYPE BCX_TILEIR_E_TYPE
#define FM_ONE BCX_TILEIR_ONE
#define FM_VARIADIC BCX_TILEIR_VARIADIC
#define FM_OPTIONAL BCX_TILEIR_OPTIONAL
#define EN_NONE BCX_TILEIR_ENUM_NONE
#define EN(x) BCX_TILEIR_ENUM_##x

/* The traits column of ops.def. */
enum { TRAIT_STRUCTURAL = 1, TRAIT_TERMINATOR = 2 };
#define STRUCTURAL TRAIT_STRUCTURAL
#define TERMINATOR TRAIT_TERMINATOR

/* One field array per op. */
#define TIR_FIELD(k, n, m, e, en, o, v, b, d) \
	{#n, FK_##k, FM_##m, FE_##e, EN_##en, (o) != 0, (b), (v), (d)},
#define TIR_OP(code, id, since, rc, mode, nreg, fsince, traits, ...) \
	static const bcx_tileir_field fields_##id[] = {__VA_ARGS__};
#define EN_SIGNEDNESS EN(SIGNEDNESS)
#define EN_OVERFLOW EN(OVERFLOW)
#define EN_ROUNDING EN(ROUNDING)
#define EN_CMP_PREDICATE EN(CMP_PREDICATE)
#define EN_CMP_ORDERING EN(CMP_ORDERING)
#define EN_ATOMIC_MODE EN(ATOMIC_MODE)
#define EN_MEM_ORDERING EN(MEM_ORDERING)
#define EN_MEM_SCOPE EN(MEM_SCOPE)
#define EN_PADDING EN(PADDING)
#define EN_VISIBILITY EN(VISIBILITY)
#include "tileir/model/ops.def"
#undef TIR_OP
#undef TIR_FIELD

/* Per-op field counts as enum constants (integer constant expressions). */
#define TIR_OP(code, id, since, rc, mode, nreg, fsince, traits, ...) \
	enum { NRES_##id = 0 __VA_ARGS__ };
#define TIR_FIELD(k, n, m, e, en, o, v, b, d) +((FK_##k) == FK_RESULT)
#include "tileir/model/ops.def"
#undef TIR_FIELD
#undef TIR_OP
#define TIR_OP(code, id, since, rc, mode, nreg, fsince, traits, ...) \
	enum { NOPD_##id = 0 __VA_ARGS__ };
#define TIR_FIELD(k, n, m, e, en, o, v, b, d) +((FK_##k) == FK_OPERAND)
#include "tileir/model/ops.def"
#undef TIR_FIELD
#undef TIR_OP
#define TIR_OP(code, id, since, rc, mode, nreg, fsince, traits, ...) \
	enum { NATTR_##id = 0 __VA_ARGS__ };
#define TIR_FIELD(k, n, m, e, en, o, v, b, d) +((FK_##k) == FK_ATTR || (FK_##k) == FK_UNIT)
#include "tileir/model/ops.def"
#undef TIR_FIELD
#undef TIR_OP

#define NFIELDS(id) ((uint8_t)(sizeof fields_##id / sizeof fields_##id[0]))
#define TIR_FIELD(k, n, m, e, en, o, v, b, d)
#undef TIR_FMT
#define TIR_FMT(f) f
#define TIR_OP(code, id, since, rc, mode, nreg, fsince, traits, ...)                  \
	{(code), #id, (since), (rc) != 0, BCX_TILEIR_OPD_##mode, (nreg), (fsince),        \
	 ((traits) & TRAIT_STRUCTURAL) != 0, ((traits) & TRAIT_TERMINATOR) != 0, fields_##id,    \
	 NFIELDS(id), NRES_##id, NOPD_##id, NATTR_##id, "" __VA_ARGS__, false},
static const bcx_tileir_opinfo op_rows[] = {
#include "tileir/model/ops.def"
};
#undef TIR_OP
#undef TIR_FIELD
#undef TIR_FMT
#define TIR_FMT(f)

enum { N_OPS = sizeof op_rows / sizeof op_rows[0] };

/* Opcode -> row index + 1 (0 = unassigned), built at compile time. */
#define TIR_FIELD(k, n, m, e, en, o, v, b, d)
#define TIR_OP(code, id, ...) OPIDX_##id,
enum {
#include "tileir/model/ops.def"
};
#undef TIR_OP
#define TIR_OP(code, id, ...) [code] = OPIDX_##id + 1,
static const uint8_t op_index[] = { /* sized by the largest opcode */
#include "tileir/model/ops.def"
};
#undef TIR_OP
#undef TIR_FIELD

const bcx_tileir_opinfo *bcx_tileir_op_info(uint32_t opcode)
{
	if (opcode >= sizeof op_index || !op_index[opcode])
		return NULL;
	return &op_rows[op_index[opcode] - 1];
}

const bcx_tileir_opinfo *bcx_tileir_op_by_name(const char *name)
{
	if (!name)
		return NULL;
	if (strncmp(name, "cuda_tile.", 10) == 0)
		name += 10;
	for (size_t i = 0; i < N_OPS; i++)
		if (strcmp(op_rows[i].name, name) == 0)
			return &op_rows[i];
	return NULL;
}

size_t bcx_tileir_op_count(void) { return N_OPS; }

const bcx_tileir_opinfo *bcx_tileir_op_at(size_t i) { return i < N_OPS ? &op_rows[i] : NULL; }

uint16_t bcx_tileir_opinfo_opcode(const bcx_tileir_opinfo *op) { return op->opcode; }
const char *bcx_tileir_opinfo_name(const bcx_tileir_opinfo *op) { return op->name; }
uint16_t bcx_tileir_opinfo_since(const bcx_tileir_opinfo *op) { return op->since; }
uint16_t bcx_tileir_opinfo_flags_since(const bcx_tileir_opinfo *op) { return op->flags_since; }
unsigned bcx_tileir_opinfo_region_count(const bcx_tileir_opinfo *op) { return op->n_regions; }
bool bcx_tileir_opinfo_is_terminator(const bcx_tileir_opinfo *op) { return op->terminator; }
bool bcx_tileir_opinfo_is_structural(const bcx_tileir_opinfo *op) { return op->structural; }
bool bcx_tileir_opinfo_is_unregistered(const bcx_tileir_opinfo *op) { return op->unregistered; }

/* Ops outside the dialect share this row: the op keeps its own name,
 * operands and result types; the row says there is nothing else. */
const bcx_tileir_opinfo tir_unregistered_op = {
	.opcode = BCX_TILEIR_OPCODE_UNREGISTERED, .name = "unregistered", .since = 0,
	.opd_mode = BCX_TILEIR_OPD_FIXED, .fmt = "", .unregistered = true};
unsigned bcx_tileir_opinfo_field_count(const bcx_tileir_opinfo *op) { return op->n_fields; }

const bcx_tileir_field *bcx_tileir_opinfo_field(const bcx_tileir_opinfo *op, unsigned i)
{
	return i < op->n_fields ? &op->fields[i] : NULL;
}

const char *bcx_tileir_field_name(const bcx_tileir_field *f) { return f->name; }
bcx_tileir_field_kind bcx_tileir_field_get_kind(const bcx_tileir_field *f)
{
	return (bcx_tileir_field_kind)f->kind;
}
bcx_tileir_mult bcx_tileir_field_mult(const bcx_tileir_field *f) { return (bcx_tileir_mult)f->mult; }
bcx_tileir_enc bcx_tileir_field_enc(const bcx_tileir_field *f) { return (bcx_tileir_enc)f->enc; }
unsigned bcx_tileir_field_enum(const bcx_tileir_field *f) { return f->enum_id; }
bool bcx_tileir_field_optional(const bcx_tileir_field *f) { return f->optional; }
int bcx_tileir_field_flag_bit(const bcx_tileir_field *f) { return f->flag_bit; }
uint16_t bcx_tileir_field_since(const bcx_tileir_field *f) { return f->since; }

/* Spec §14.2: a numeric bound per file version, checked before dispatch:
 * the largest opcode of an op that the version has (the `since` column). */
uint32_t bcx_tileir_max_opcode(uint16_t vkey)
{
	uint32_t max = 0;
	for (size_t i = 0; i < N_OPS; i++)
		if (op_rows[i].since <= vkey && op_rows[i].opcode > max)
			max = op_rows[i].opcode;
	return max;
}

/* ---- sections ---- */

static const struct {
	const char *name;
	uint8_t align;
} section_rows[BCX_TILEIR_SEC_COUNT] = {
#define TIR_SECTION(NAME, id, name, align) [id] = {name, align},
#include "bcx/tileir_sections.def"
#undef TIR_SECTION
};

const char *bcx_tileir_section_name(unsigned id)
{
	return id < BCX_TILEIR_SEC_COUNT ? section_rows[id].name : NULL;
}

uint32_t bcx_tileir_section_alignment(unsigned id)
{
	return id < BCX_TILEIR_SEC_COUNT ? section_rows[id].align : 1;
}

/* ---- enumerations ---- */

#define TIR_ENUM(id, mn, ...) static const char *const enum_##id[] = {__VA_ARGS__};
#include "bcx/tileir_enums.def"
#undef TIR_ENUM

typedef struct enum_row {
	const char *mnemonic;
	const char *const *names;
	unsigned n;
} enum_row;

#define TIR_ENUM(id, mn, ...) \
	[BCX_TILEIR_ENUM_##id] = {mn, enum_##id, sizeof enum_##id / sizeof enum_##id[0]},
static const enum_row enum_rows[BCX_TILEIR_ENUM_COUNT] = {
#include "bcx/tileir_enums.def"
};
#undef TIR_ENUM

const char *bcx_tileir_enum_value(unsigned enum_id, uint64_t value)
{
	if (enum_id >= BCX_TILEIR_ENUM_COUNT || value >= enum_rows[enum_id].n)
		return NULL;
	return enum_rows[enum_id].names[value];
}

const char *bcx_tileir_enum_mnemonic(unsigned enum_id)
{
	return enum_id < BCX_TILEIR_ENUM_COUNT ? enum_rows[enum_id].mnemonic : NULL;
}

unsigned bcx_tileir_enum_count(unsigned enum_id)
{
	return enum_id < BCX_TILEIR_ENUM_COUNT ? enum_rows[enum_id].n : 0;
}

/* ---- type tags ---- */

typedef struct type_row {
	const char *name;
	uint16_t since;
	const char *class_name;
	mlir_float flt;
	uint8_t bits;
} type_row;

#define TIR_TYPE(ID, tag, text, since, cls, flt, bits) [tag] = {text, since, cls, MLIR_FLT_##flt, bits},
static const type_row type_rows[BCX_TILEIR_T_COUNT] = {
#include "bcx/tileir_types.def"
};
#undef TIR_TYPE

const char *bcx_tileir_type_tag_name(unsigned tag)
{
	return tag < BCX_TILEIR_T_COUNT ? type_rows[tag].name : NULL;
}

const char *tir_type_class_name(unsigned tag)
{
	const char *c = tag < BCX_TILEIR_T_COUNT ? type_rows[tag].class_name : NULL;
	return c ? c : bcx_tileir_type_tag_name(tag);
}

mlir_float tir_float_kind(unsigned tag)
{
	return tag < BCX_TILEIR_T_COUNT ? type_rows[tag].flt : MLIR_FLT_NONE;
}

unsigned tir_tag_bits(unsigned tag)
{
	return tag < BCX_TILEIR_T_COUNT ? type_rows[tag].bits : 0;
}

bool tir_tag_is_float(unsigned tag)
{
	return tir_float_kind(tag) != MLIR_FLT_NONE;
}

bool tir_tag_is_int(unsigned tag)
{
	return tir_tag_bits(tag) != 0 && !tir_tag_is_float(tag);
}

const char *bcx_tileir_debug_fields(unsigned tag)
{
	static const char *const fields[BCX_TILEIR_DI_COUNT] = {
#define TIR_DEBUG(ID, tag, f) [tag] = f,
#include "bcx/tileir_debug.def"
#undef TIR_DEBUG
	};
	return tag < BCX_TILEIR_DI_COUNT ? fields[tag] : NULL;
}

uint16_t bcx_tileir_type_tag_since(unsigned tag)
{
	return tag < BCX_TILEIR_T_COUNT ? type_rows[tag].since : 0;
}

/* gates.h */
void tir_message_name(bcx_tileir_str s, char *out, size_t cap)
{
	static const char hex[] = "0123456789ABCDEF";
	size_t o = 0;
	for (size_t i = 0; i < s.len && o + 4 < cap; i++) {
		uint8_t c = s.ptr[i];
		if (c >= 0x20 && c < 0x7f && c != '\'' && c != '\\') {
			out[o++] = (char)c;
			continue;
		}
		out[o++] = '\\';
		out[o++] = hex[c >> 4];
		out[o++] = hex[c & 15];
	}
	out[o] = 0;
}
