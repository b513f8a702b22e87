/* --target 13.x[.tag] parsing shared by `bcx asm` and `bcx convert`. */
#ifndef BCX_TOOLS_TILEIR_TARGET_H
#define BCX_TOOLS_TILEIR_TARGET_H

#include "bcx/tileir_build.h"

#include <stdlib.h>
#include <string.h>

/* Accepts M.m or M.m.t with M.m in 13.1..13.3 and t <= 65535. */
static inline bool tileir_parse_target(const char *s, bcx_tb_write_options *o)
{
	unsigned long v[3] = {0, 0, 0};
	int n = 0;
	const char *p = s;
	while (n < 3) {
		char *end;
		if (*p < '0' || *p > '9')
			return false;
		v[n++] = strtoul(p, &end, 10);
		if (end - p > 5)
			return false;
		p = end;
		if (*p != '.')
			break;
		p++;
	}
	if (*p || n < 2 || v[0] != 13 || v[1] < 1 || v[1] > 3 || v[2] > 65535)
		return false;
	o->major = 13;
	o->minor = (uint8_t)v[1];
	o->tag = (uint16_t)v[2];
	return true;
}

#endif
