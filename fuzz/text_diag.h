/* What every text parser's failure must hold, for the fuzz targets: a
 * place in the text (line and column, 1-based), and when it gives a byte
 * offset, the offset names that same place. One scan, on failure only. */
#ifndef BCX_FUZZ_TEXT_DIAG_H
#define BCX_FUZZ_TEXT_DIAG_H

#include "bcx/core.h"

#include <stddef.h>
#include <stdint.h>

static inline bool text_diag_ok(const bcx_diag *d, const uint8_t *text, size_t size)
{
	if (d->line == 0 || d->column == 0)
		return false;
	if (!d->has_offset)
		return true;
	if (d->offset > size)
		return false;
	uint32_t line = 1, col = 1;
	for (size_t i = 0; i < d->offset; i++, col++)
		if (text[i] == '\n')
			line++, col = 0;
	return line == d->line && col == d->column;
}

#endif
