/* Opcode names generated from ops.def: BCX_TILEIR_OP_ADDF, ... One source
 * of truth for every place that must name a particular operation (the
 * function body's return, ...). Internal; not installed. */
#ifndef BCX_TILEIR_OPCODES_H
#define BCX_TILEIR_OPCODES_H

#define TIR_FIELD(k, n, m, e, en, o, v, b, d)
#define TIR_OP(code, id, ...) BCX_TILEIR_OP_##id = (code),
enum bcx_tileir_opcode {
#include "tileir/model/ops.def"
};
#undef TIR_OP
#undef TIR_FIELD

#endif
