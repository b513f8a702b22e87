/* Tapioca disassembler: prints text that bcx_tapioca_asm turns back into
 * the same bytes (docs/tapioca.md, "Assembly language"). */
#include "internal.h"
#include "bcx/varint.h"

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

static bool plain_ident(const char *s, size_t n)
{
	if (n == 0 || s[0] == '@' || (s[0] == 'r' && n > 1 && s[1] >= '0' && s[1] <= '9'))
		return false;
	for (size_t i = 0; i < n; i++) {
		char c = s[i];
		bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == '$' ||
			  (i && ((c >= '0' && c <= '9') || c == '.'));
		if (!ok)
			return false;
	}
	return !(n == 3 && (!memcmp(s, "nil", 3) || !memcmp(s, "inf", 3) || !memcmp(s, "nan", 3)));
}

static void put_quoted(bcx_buf *o, const char *s, size_t n)
{
	bcx_buf_put_u8(o, '"');
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];
		if (c == '"' || c == '\\')
			bcx_buf_printf(o, "\\%c", c);
		else if (c == '\n')
			bcx_buf_puts(o, "\\n");
		else if (c < 0x20 || c == 0x7F)
			bcx_buf_printf(o, "\\x%02x", c);
		else
			bcx_buf_put_u8(o, c);
	}
	bcx_buf_put_u8(o, '"');
}

static void put_name(bcx_buf *o, const char *s, size_t n)
{
	if (plain_ident(s, n))
		bcx_buf_put_bytes(o, s, n);
	else
		put_quoted(o, s, n);
}

static void put_f64(bcx_buf *o, double f, uint64_t bits)
{
	if (f != f) {
		bcx_buf_printf(o, "f64:0x%016" PRIx64, bits);
		return;
	}
	char tmp[48];
	snprintf(tmp, sizeof tmp, "%.17g", f);
	bcx_buf_puts(o, tmp);
	if (!strpbrk(tmp, ".en"))
		bcx_buf_puts(o, ".0");
}

static const char *tname(uint8_t t)
{
	switch (t) {
	case 0x10: return "i8"; case 0x11: return "i16"; case 0x12: return "i32";
	case 0x13: return "i64"; case 0x17: return "ixip"; case 0x18: return "u8";
	case 0x19: return "u16"; case 0x1A: return "u32"; case 0x1B: return "u64";
	case 0x1F: return "uva"; case 0x08: return "byte"; case 0x09: return "f16";
	case 0x0A: return "f32"; case 0x0B: return "f64"; case 0x0C: return "f128";
	case 0x06: return "bool"; case 0x05: return "nil"; default: return "object";
	}
}

/* A bare payload of a typed array element, or a typed scalar's number. */
static void put_number(bcx_buf *o, const bcx_tbon_value *v, uint8_t t)
{
	switch (t) {
	case 0x05: bcx_buf_puts(o, "nil"); return;
	case 0x06: case 0x07: bcx_buf_puts(o, v->b ? "true" : "false"); return;
	case 0x09: bcx_buf_printf(o, "0x%04" PRIx64, v->u); return;
	case 0x0A: bcx_buf_printf(o, "0x%08" PRIx64, v->u); return;
	case 0x0B: bcx_buf_printf(o, "0x%016" PRIx64, v->u); return;
	case 0x0C: {
		uint64_t hi = 0, lo = 0;
		for (int i = 0; i < 8; i++) {
			hi = hi << 8 | v->f128[i];
			lo = lo << 8 | v->f128[8 + i];
		}
		bcx_buf_printf(o, "0x%016" PRIx64 ":0x%016" PRIx64, hi, lo);
		return;
	}
	default:
		if (v->kind == BCX_TBON_K_BIGINT) {
			char dec[BCX_WIDE_DEC_MAX];
			bcx_buf_put_bytes(o, dec, bcx_wide_to_decimal(v->wide, v->len, dec, sizeof dec));
		} else if (v->kind == BCX_TBON_K_INT)
			bcx_buf_printf(o, "%" PRId64, v->i);
		else
			bcx_buf_printf(o, "%" PRIu64 "u", v->u);
	}
}

/* Whether v prints as TYPE:VALUE, which first in an array would read as
 * the array's element type ("[f64:0x7ff8..., 1]"). */
static bool prints_typed(const bcx_tbon_value *v)
{
	switch (v->kind) {
	case BCX_TBON_K_INT: return bcx_tbon_int(v->i).type != v->type;
	case BCX_TBON_K_BIGINT: return true;
	case BCX_TBON_K_UINT: return bcx_tbon_uint(v->u).type != v->type;
	case BCX_TBON_K_FLOAT: return v->type != BCX_TBON_F64 || v->f != v->f;
	default: return false;
	}
}

static void put_value(bcx_buf *o, const bcx_tbon_value *v)
{
	switch (v->kind) {
	case BCX_TBON_K_NIL: bcx_buf_puts(o, "nil"); return;
	case BCX_TBON_K_BOOL: bcx_buf_puts(o, v->b ? "true" : "false"); return;
	case BCX_TBON_K_REF: bcx_buf_printf(o, "nil ; const ref %" PRIu64 " not supported", v->u); return;
	case BCX_TBON_K_NAME: put_quoted(o, v->str, v->len); return;
	case BCX_TBON_K_INT: case BCX_TBON_K_BIGINT:
		if (v->kind == BCX_TBON_K_INT && bcx_tbon_int(v->i).type == v->type) {
			bcx_buf_printf(o, "%" PRId64, v->i);
		} else {
			bcx_buf_printf(o, "%s:", tname(v->type));
			put_number(o, v, v->type);
		}
		return;
	case BCX_TBON_K_UINT:
		if (bcx_tbon_uint(v->u).type == v->type)
			bcx_buf_printf(o, "%" PRIu64 "u", v->u);
		else
			bcx_buf_printf(o, "%s:%" PRIu64 "u", tname(v->type), v->u);
		return;
	case BCX_TBON_K_FLOAT:
		if (v->type == BCX_TBON_F64) {
			put_f64(o, v->f, v->u);
		} else {
			bcx_buf_printf(o, "%s:", tname(v->type));
			put_number(o, v, v->type);
		}
		return;
	case BCX_TBON_K_ARRAY:
		bcx_buf_put_u8(o, '[');
		if (v->elem != BCX_TBON_OBJECT)
			bcx_buf_printf(o, "%s: ", tname(v->elem));
		else if (v->len && v->items && prints_typed(&v->items[0]))
			bcx_buf_puts(o, "object: ");
		for (size_t i = 0; i < v->len; i++) {
			if (i)
				bcx_buf_puts(o, ", ");
			if (!v->items) /* nil elements */
				bcx_buf_puts(o, "nil");
			else if (v->elem == BCX_TBON_OBJECT)
				put_value(o, &v->items[i]);
			else
				put_number(o, &v->items[i], v->elem);
		}
		bcx_buf_put_u8(o, ']');
		return;
	case BCX_TBON_K_MAP:
		bcx_buf_put_u8(o, '{');
		for (size_t i = 0; i < v->len; i++) {
			if (i)
				bcx_buf_puts(o, ", ");
			put_value(o, &v->items[2 * i]);
			bcx_buf_puts(o, ": ");
			put_value(o, &v->items[2 * i + 1]);
		}
		bcx_buf_put_u8(o, '}');
		return;
	}
}

/* Instruction w at index pc as text. With the module (dis): labels L<n>,
 * constants #k and global names, as the assembler reads them. Without
 * (dump, any word): absolute targets ->n, "const k", "global k". */
void bcx_tap_insn_text(bcx_buf *o, uint32_t w, uint32_t pc, const bcx_tapioca_module *m)
{
	unsigned op = w >> 24, a = (w >> 16) & 0xFF, b = (w >> 8) & 0xFF, c = w & 0xFF;
	const char *jt = m ? "L" : "->";
	int64_t rel = (int64_t)pc + (int8_t)a;
	if (!bcx_tap_ops[op].name) {
		bcx_buf_printf(o, "illegal opcode 0x%02X", op);
		return;
	}
	bcx_buf_puts(o, bcx_tap_ops[op].name);
	switch (bcx_tap_ops[op].form) {
	case FORM_RRR: bcx_buf_printf(o, " r%u, r%u, r%u", a, b, c); break;
	case FORM_J24: bcx_buf_printf(o, " %s%u", jt, w & 0xFFFFFF); break;
	case FORM_JRR: bcx_buf_printf(o, " %s%" PRId64 ", r%u, r%u", jt, rel, b, c); break;
	case FORM_JRC:
		bcx_buf_printf(o, " %s%" PRId64 ", r%u, ", jt, rel, b);
		if (c < TAP_NCOND)
			bcx_buf_puts(o, bcx_tap_conds[c]);
		else
			bcx_buf_printf(o, "condition 0x%02X", c);
		break;
	case FORM_RRN: bcx_buf_printf(o, " r%u, r%u, %u", a, b, c); break;
	case FORM_R: bcx_buf_printf(o, " r%u", a); break;
	case FORM_RI: {
		unsigned imm = w & 0xFFFF;
		bcx_buf_printf(o, " r%u, ", a);
		enum tap_imm kind = bcx_tap_ops[op].imm;
		if (kind == IMM_I16)
			bcx_buf_printf(o, "%d", (int)(int16_t)(uint16_t)imm);
		else if (kind == IMM_U16)
			bcx_buf_printf(o, "%u", imm);
		else if (kind == IMM_F16) {
			double d = bcx_f16_to_f64((uint16_t)imm);
			if (d != d)
				bcx_buf_printf(o, "bits:0x%04x", imm);
			else
				put_f64(o, d, 0);
		} else if (kind == IMM_CONST)
			bcx_buf_printf(o, m ? "#%u" : "const %u", imm);
		else if (imm >= TAP_HOST_BASE && imm - TAP_HOST_BASE < TAP_HOST_COUNT)
			bcx_buf_printf(o, "@%s", bcx_tap_hosts[imm - TAP_HOST_BASE]);
		else if (m)
			put_name(o, m->syms[imm].name, m->syms[imm].name_len);
		else
			bcx_buf_printf(o, "global %u", imm);
		break;
	}
	default: break;
	}
}

/* One bit per instruction: is it a jump target (one pass over the code). */
static uint8_t *jump_targets(bcx_arena *a, const tap_fn *f)
{
	uint8_t *t = bcx_arena_calloc(a, f->ncode / 8 + 1, 1);
	for (uint32_t pc = 0; t && pc < f->ncode; pc++) {
		uint32_t w = f->code[pc];
		enum tap_form fm = bcx_tap_ops[w >> 24].form;
		int64_t to = fm == FORM_J24 ? (int64_t)(w & 0xFFFFFF)
			     : fm == FORM_JRR || fm == FORM_JRC ? (int64_t)pc + (int8_t)(w >> 16) : -1;
		if (to >= 0 && to < f->ncode)
			t[to / 8] |= (uint8_t)(1u << (to % 8));
	}
	return t;
}

/* One function, its jump targets as labels L<index>. */
static bool put_function(bcx_buf *o, const bcx_tapioca_module *m, const tap_sym *sy)
{
	const tap_fn *f = &m->fns[sy->fn];
	uint8_t *targets = jump_targets(m->arena, f);
	if (!targets)
		return false;
	bcx_buf_puts(o, ".func ");
	put_name(o, sy->name, sy->name_len);
	bcx_buf_printf(o, " %u\n", f->nparams);
	/* The pool as it is, once; load_const names entries as #k, so a
	 * constant used many times is printed once. */
	for (uint32_t k = 0; k < f->nconsts; k++) {
		bcx_buf_puts(o, "    .const ");
		put_value(o, &f->consts[k]);
		bcx_buf_printf(o, " ; #%u\n", k);
	}
	for (uint32_t pc = 0; pc < f->ncode; pc++) {
		if (targets[pc / 8] >> (pc % 8) & 1)
			bcx_buf_printf(o, "L%u:\n", pc);
		bcx_buf_puts(o, "    ");
		bcx_tap_insn_text(o, f->code[pc], pc, m);
		bcx_buf_put_u8(o, '\n');
	}
	bcx_buf_puts(o, ".end\n");
	return true;
}

bcx_status bcx_tapioca_dis(const uint8_t *data, size_t size, bcx_buf *o, bcx_diag *diag)
{
	bcx_tapioca_module *m;
	bcx_tapioca_options opts = BCX_TAPIOCA_OPTIONS_INIT;
	opts.alloc = o->alloc;
	bcx_status s = bcx_tapioca_load(data, size, &opts, &m, diag);
	if (s != BCX_OK)
		return s;
	for (uint32_t i = 0; i < m->nsyms && s == BCX_OK; i++) {
		const tap_sym *sy = &m->syms[i];
		if (i < m->nglobals && m->file.pool[i].kind == BCX_TBON_K_REF) {
			/* another name for an earlier global: the language has no
			 * alias, and printing the value again would let a chain of
			 * refs multiply the output */
			bcx_buf_printf(o, "; global %u (", i);
			put_name(o, sy->name, sy->name_len);
			bcx_buf_printf(o, ") is global %" PRIu64 "\n", m->file.pool[i].u);
		} else if (sy->fn >= 0) {
			if (!put_function(o, m, sy))
				s = bcx_diag_set(diag, BCX_ERR_NOMEM, -1, "out of memory");
		} else {
			bcx_buf_puts(o, ".global ");
			put_name(o, sy->name, sy->name_len);
			bcx_buf_put_u8(o, ' ');
			put_value(o, sy->value);
			bcx_buf_put_u8(o, '\n');
		}
	}
	bcx_tapioca_free(m);
	if (s == BCX_OK && o->status != BCX_OK)
		return bcx_diag_set(diag, o->status, -1, "dis: %s", bcx_status_str(o->status));
	return s;
}
