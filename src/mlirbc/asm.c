#include "wmodel.h"
bcx_status mw_parse_text(mw_module *m, const char *file, const char *text, size_t n)
{
	(void)file; (void)text; (void)n;
	return mw_fail(m, BCX_ERR_UNSUPPORTED, "todo");
}
