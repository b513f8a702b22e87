#!/usr/bin/env bash
# Op flag bits that no field of the op defines: NVIDIA's reader reads past
# them, so bcx dis prints the module; bcx dump shows the bits, bcx verify
# warns (the module stays valid) and refuses them under --strict. The file
# is made here: bcx asm, then one byte of minf's flags field set.
# Args: BCX
bcx=$1
. "$(dirname "$0")/../tileir/check.sh"

cat > "$tmp/k.mlir" <<'MLIR'
cuda_tile.module @m {
  entry @k(%a: tile<f32>) {
    %0 = minf %a, %a : tile<f32>
    return
  }
}
MLIR
status 0 "$bcx" asm "$tmp/k.mlir" -o "$tmp/k.bc"
status 0 "$bcx" dis "$tmp/k.bc" -o "$tmp/k.txt"
# minf: opcode, result type, then the flags varint (bit 0 = propagate_nan)
at=$("$bcx" dump "$tmp/k.bc" | sed -n 's/^ *@0x\([0-9a-f]*\) minf (0x47) flags 0x0 .*/\1/p')
check test -n "$at"
printf '\010' | dd of="$tmp/k.bc" bs=1 seek=$((0x$at + 2)) conv=notrunc status=none
status 0 "$bcx" dump "$tmp/k.bc" -o "$tmp/dump.txt"
check grep -q "@0x$at minf (0x47) flags 0x8 (unknown bits 0x8, ignored)" "$tmp/dump.txt"
status 0 "$bcx" dis "$tmp/k.bc" -o "$tmp/k2.txt"
check cmp -s "$tmp/k.txt" "$tmp/k2.txt"
status 0 "$bcx" verify "$tmp/k.bc" > "$tmp/v.out" 2> "$tmp/v.err"
check grep -q ': valid (1 function, 1 warning)$' "$tmp/v.out"
check grep -q "^bcx: $tmp/k.bc:$((0x$at)): warning: 'cuda_tile.minf' op flags field has bits 0x8 that no field of the op defines (ignored) \[function 'k', op minf#0\]$" "$tmp/v.err"
status 0 "$bcx" verify --json "$tmp/k.bc" -o "$tmp/v.json"
check grep -q '"severity": "warning"' "$tmp/v.json"
check grep -q '"valid": true' "$tmp/v.json"
status 1 "$bcx" verify --strict "$tmp/k.bc" 2> "$tmp/s.err"
check grep -q ": error: 'cuda_tile.minf' op flags field has bits 0x8" "$tmp/s.err"
exit $fail
