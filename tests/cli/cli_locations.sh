#!/bin/bash
# Tile IR text locations as the reference reads them: the Locations example
# of docs/formats/tileir-text.md assembles; an op's own loc(#name) may name
# an alias defined after the module, an alias inside callsite(...) may not;
# bcx dis --debuginfo (every alias after the module) assembles back to the
# same bytes.
# Usage: cli_locations.sh BCX SOURCE_DIR
bcx=$1 src=$2
. "$(dirname "$0")/lib.sh"
doc=$src/docs/formats/tileir-text.md
awk '/^## Locations/ { on = 1 } on && /^```mlir/ { grab = 1; next } grab && /^```/ { exit } grab' \
	"$doc" > "$tmp/doc.mlir"
[ -s "$tmp/doc.mlir" ] && ok || bad "no example in the Locations section of $doc"
run 0 asm "$tmp/doc.mlir" -o "$tmp/doc.tileirbc"
run 0 dis --debuginfo "$tmp/doc.tileirbc" -o "$tmp/dis.mlir"
run 0 asm "$tmp/dis.mlir" -o "$tmp/again.tileirbc"
cmp -s "$tmp/doc.tileirbc" "$tmp/again.tileirbc" && ok || bad "dis --debuginfo then asm changed the bytes"
grep -q 'loc(callsite(' "$tmp/dis.mlir" && ok || bad "the call site did not survive"
# A call site naming an alias defined further down: refused, as MLIR does.
sed 's/loc(#loc6)/loc(callsite(#loc2 at #loc5))/; /^#loc6 = /d' "$tmp/doc.mlir" > "$tmp/fwd.mlir"
run 1 asm "$tmp/fwd.mlir" -o "$tmp/fwd.tileirbc"
has "error: undefined symbol alias id 'loc2'"
[ ! -e "$tmp/fwd.tileirbc" ] && ok || bad "a refused text was written"
finish
