/* The limits that every Tile IR path shares - reading, building,
 * assembling, converting, writing - so that a module bcx reads can always
 * be written again and a module bcx writes can always be read back.
 * Internal; not installed. */
#ifndef BCX_TILEIR_LIMITS_H
#define BCX_TILEIR_LIMITS_H

/* Rank of a tile or view type, and the length of its strides and dim_map.
 * Ours (the format has none): printing a type happens once per use, so its
 * size must stay a bounded multiple of the input. */
#define TIR_LIMIT_RANK 64u
/* dim_map permutations are checked with one 64-bit mask. */
_Static_assert(TIR_LIMIT_RANK <= 64, "a dim_map check uses a 64-bit mask");

#endif
