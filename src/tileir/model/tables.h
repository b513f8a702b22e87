/* Internal lookups over the .def tables (table.c). Not installed. */
#ifndef BCX_TILEIR_TABLES_H
#define BCX_TILEIR_TABLES_H

#include "mlir/text.h"

/* The name the reference's version-gate messages give a type tag: the
 * class name for the types that appeared after 13.1 ("Int4",
 * "Float4E2M1FN", ...), else the tag's text; NULL for an unknown tag. */
const char *tir_type_class_name(unsigned tag);
/* The MLIR float format of a float scalar tag, MLIR_FLT_NONE otherwise. */
mlir_float tir_float_kind(unsigned tag);
/* A scalar tag's bit width (types.def), 0 for the other tags. */
unsigned tir_tag_bits(unsigned tag);
/* Number classes of a tag: integers (i1..i64, i4) and floats. */
bool tir_tag_is_int(unsigned tag);
bool tir_tag_is_float(unsigned tag);

#endif
