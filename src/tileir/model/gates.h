/* What a target version cannot hold, in the reference writer's words: the
 * writer refuses with these messages and the verifier's --target check
 * reports the same ones (so that bcx asm gives them at the text). Not
 * installed. */
#ifndef BCX_TILEIR_GATES_H
#define BCX_TILEIR_GATES_H

#include "bcx/tileir.h"

#include <stddef.h>

/* op name, target minor */
#define TIR_GATE_OP "operation 'cuda_tile.%s' is not available in bytecode version 13.%u"
/* "attribute" or "operand", field name, its minor, target minor */
#define TIR_GATE_OPTIONAL \
	"optional %s '%s' is provided but requires bytecode version 13.%u, targeting 13.%u"
/* field name, its minor, target minor */
#define TIR_GATE_ATTR "attribute '%s' requires bytecode version 13.%u+, but targeting 13.%u"
/* type class name (tir_type_class_name), its minor, target minor */
#define TIR_GATE_TYPE "type '%s' requires bytecode version 13.%u+, targeting 13.%u"
/* global name (tir_message_name), target minor */
#define TIR_GATE_PRIVATE_GLOBAL                                                           \
	"global `%s` uses non-public symbol visibility, which cannot be encoded in bytecode " \
	"version 13.%u (requires bytecode 13.3+)"
#define TIR_GATE_CONSTANT_GLOBAL                                                          \
	"constant global `%s` cannot be encoded in bytecode version 13.%u (the `constant` "  \
	"attribute requires bytecode 13.3+)"

/* A name from the input for a message (an unregistered op's, a global's):
 * bytes outside printable ASCII (and the quote and backslash) become \XX,
 * and a long one is cut to fit cap. */
void tir_message_name(bcx_tileir_str s, char *out, size_t cap);
/* The room the messages give such a name: 60 bytes, each at most \XX. */
#define TIR_MESSAGE_NAME_CAP (4 * 60 + 1)

#endif
