/* Text printing helpers shared by the generic printer and the dump. */
#ifndef BCX_TILEIR_PRINT_H
#define BCX_TILEIR_PRINT_H

#include "tileir/read/read.h"
#include "tileir/model/tables.h"
#include "common/internal.h"

/* Printers hand their staged text to the sink once this much is staged:
 * pieces of 256 KiB take fewer writes than 64 KiB ones and still fit in a
 * core's cache. */
#ifndef TIR_SPILL_AT
#define TIR_SPILL_AT (1u << 18)
#endif

/* A printer's stage for m, sized once: a quarter more than the mark, room
 * for the op that crosses it, so that it is not regrown; less for a small
 * module, whose text is small too (memory follows the input). */
static inline void tir_stage_init(bcx_buf *stage, const bcx_tileir_module *m)
{
	size_t want = TIR_SPILL_AT + TIR_SPILL_AT / 4;
	bcx_buf_init(stage, m->opts.alloc);
	bcx_buf_reserve_hint(stage, m->size < want / 32 ? m->size * 32 + 4096 : want);
}

/* Strings and identifiers of the model, escaped as MLIR escapes them. */
static inline void tir_print_string(bcx_buf *o, bcx_tileir_str s)
{
	mlir_print_string(o, s.ptr, s.len);
}
static inline void tir_print_ident(bcx_buf *o, bcx_tileir_str s)
{
	mlir_print_ident(o, s.ptr, s.len);
}


/* A type; `prefix` adds "!cuda_tile." to dialect types (outermost only). */
/* ints as "OPEN a, b, ... CLOSE" (the generic array<i32: ...> and the
 * custom form's [a, b]): first goes before the first value. */
void tir_print_ints(bcx_buf *o, const int64_t *v, uint32_t n, const char *open,
		    const char *first, const char *close);
void tir_print_type(bcx_buf *o, const bcx_tileir_module *m, uint32_t type, bool prefix);

/* Attribute type elision, as MLIR's AttrTypeElision. */
typedef enum { ELIDE_NEVER, ELIDE_MAY, ELIDE_MUST } tir_elide;
void tir_print_attr(bcx_buf *o, bcx_tileir_module *m, const bcx_tileir_attr *a, tir_elide e);
/* dense<...> : type for constant `index` under tile type `type`. */
bcx_status tir_print_dense(bcx_buf *o, bcx_tileir_module *m, uint32_t type, uint32_t index,
			   bcx_diag *diag);

/* The values of constant `index` (what dense<...> holds); false when the
 * constant does not fit its type. */
bool tir_print_dense_values(bcx_buf *o, bcx_tileir_module *m, uint32_t type, uint32_t index);
/* A printer's end: pass the rest of the staged text to sink, turn a failed
 * write (or allocation) into s when s is still BCX_OK, free the stage. */
bcx_status tir_print_finish(bcx_buf *stage, const bcx_sink *sink, bcx_status s, bcx_diag *diag);
/* Verification while printing (print_check.c): NULL without a verify_fn;
 * open checks the module-level rules before any text. */
typedef struct tir_pcheck tir_pcheck;
bcx_status tir_pcheck_open(bcx_tileir_module *m, const bcx_tileir_print_options *o,
			   tir_pcheck **out, bcx_diag *d);
void tir_pcheck_close(tir_pcheck *c);
/* Body i for printing (bcx_tileir_body_get), checked the first time when c
 * is not NULL: BCX_ERR_MALFORMED when it breaks a rule. */
bcx_status tir_print_body(bcx_tileir_module *m, size_t i, tir_pcheck *c,
			  const bcx_tileir_body **body, bcx_diag *d);
/* Optimization hints, as #cuda_tile.optimization_hints<...> or <...>. */
void tir_print_hints(bcx_buf *o, bcx_tileir_module *m, const bcx_tileir_attr *a, bool prefix);
/* An assume predicate, with or without its "#cuda_tile." prefix. */
void tir_print_predicate(bcx_buf *o, const bcx_tileir_attr *a, bool prefix);

/* Before an op: pass staged text on to sink (all of it when opts asks for
 * notes, so that the callback sees the op's text offset in what the sink
 * got), then the op's notes (bcx_tileir_print_options.op_notes), one "// "
 * comment line each at indentation `indent`; opts may be NULL. */
void tir_print_notes(bcx_buf *o, const bcx_sink *sink, const bcx_tileir_print_options *opts,
		     const bcx_tileir_op *op, unsigned indent);

#endif
