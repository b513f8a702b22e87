/* The Tapioca VM in the bcx tool: TBON object files are disassembled
 * (dis), dumped (dump, --json), summarised (info) and run (run); Tapioca
 * assembly text is assembled by `bcx asm --format tapioca`. */
#include "formats.h"
#include "bcx/tapioca.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

static bool tbon_sniff(const uint8_t *data, size_t size) { return bcx_tbon_sniff(data, size); }

static int tapioca_asm(const cli_input *in, const cli_args *a)
{
	bcx_diag d;
	bcx_diag_clear(&d);
	bcx_buf b;
	bcx_buf_init(&b, NULL);
	int rc = EXIT_INPUT;
	if (bcx_tapioca_asm((const char *)in->data, in->size, &b, &d) == BCX_OK) {
		rc = cli_emit(a, &b, true);
	} else {
		cli_report_text(in, &d);
	}
	bcx_buf_free(&b);
	return rc;
}

static int tapioca_dis(const cli_input *in, const cli_args *a)
{
	bcx_diag d;
	bcx_diag_clear(&d);
	bcx_buf b;
	bcx_buf_init(&b, NULL);
	int rc = EXIT_INPUT;
	if (bcx_tapioca_dis(in->data, in->size, &b, &d) == BCX_OK)
		rc = cli_emit(a, &b, false);
	else
		cli_report(in->name, &d);
	bcx_buf_free(&b);
	return rc;
}

static int tbon_dump(const cli_input *in, const cli_args *a)
{
	bcx_diag d;
	bcx_diag_clear(&d);
	bcx_buf b;
	bcx_buf_init(&b, NULL);
	int rc = EXIT_INPUT;
	if (bcx_tbon_dump(in->data, in->size, a->json, NULL, &b, &d) == BCX_OK)
		rc = cli_emit(a, &b, false);
	else
		cli_report(in->name, &d);
	bcx_buf_free(&b);
	return rc;
}

/* Host output of the program: checked, the first failure kept. */
typedef struct host_out {
	int err;
} host_out;

static void write_stdout(void *ctx, const char *s, size_t n)
{
	host_out *h = ctx;
	if (!h->err && fwrite(s, 1, n, stdout) != n)
		h->err = errno ? errno : EIO;
}

static void trace_stderr(void *ctx, const char *fn, uint32_t index, uint32_t word)
{
	(void)ctx;
	char text[96];
	bcx_tapioca_insn_str(word, index, text, sizeof text);
	fprintf(stderr, "trace: %s #%u: %-36s ; %08x\n", fn, index, text, word);
}

/* A decimal count option; false (after the usage message) when malformed. */
static bool count_opt(const char *verb, const char *name, const char *s, uint64_t lo,
		      uint64_t hi, uint64_t *v)
{
	if (!s)
		return true;
	char *e;
	errno = 0;
	unsigned long long x = strtoull(s, &e, 10);
	if (errno || *e || !*s || *s == '-' || x < lo || x > hi) {
		cli_usage(verb, "%s takes a whole number from %llu to %llu, not '%s'", name,
			  (unsigned long long)lo, (unsigned long long)hi, s);
		return false;
	}
	*v = x;
	return true;
}

/* --max-heap: a whole number of bytes, or with a K, M or G suffix
 * (binary: 1K = 1024). */
static bool size_opt(const char *verb, const char *name, const char *s, uint64_t *v)
{
	if (!s)
		return true;
	char *e;
	errno = 0;
	unsigned long long x = strtoull(s, &e, 10);
	unsigned shift = 0;
	if (*e && !e[1]) {
		const char *sfx = strchr("KkMmGg", *e);
		shift = sfx ? 10u * (unsigned)(1 + (sfx - "KkMmGg") / 2) : 99;
		e += sfx != NULL;
	}
	if (errno || *e || !*s || *s < '0' || *s > '9' || x == 0 || shift == 99 ||
	    (shift && x > (UINT64_MAX >> shift))) {
		cli_usage(verb, "%s takes a number of bytes, optionally with a K, M or G suffix "
			  "(1K = 1024), not '%s'", name, s);
		return false;
	}
	*v = (uint64_t)x << shift;
	return true;
}

/* The functions of an object file: Symbols entries whose value is a map
 * with "bytecode" (docs/tapioca.md). */
typedef struct fn_info {
	const bcx_tbon_value *name;
	size_t words, constants;
} fn_info;

static size_t count_of(const bcx_tbon_value *v)
{
	return v && v->kind == BCX_TBON_K_ARRAY ? v->len : 0;
}

/* What each const pool entry stands for: a const ref names an earlier
 * entry (the reader checked), whose value is then already known, so a
 * chain of refs costs one step per entry. NULL when out of memory. */
static const bcx_tbon_value **pool_values(const bcx_tbon_file *f)
{
	const bcx_tbon_value **r = calloc(f->pool_count + 1, sizeof *r);
	for (size_t i = 0; r && i < f->pool_count; i++)
		r[i] = f->pool[i].kind == BCX_TBON_K_REF ? r[f->pool[i].u] : &f->pool[i];
	return r;
}

/* A symbol's value: itself, or the pool entry its const ref names. */
static const bcx_tbon_value *sym_value(const bcx_tbon_value **pool, const bcx_tbon_value *v)
{
	return v->kind == BCX_TBON_K_REF ? pool[v->u] : v;
}

static void info_report(const bcx_tbon_file *f, const bcx_tbon_value **pool, size_t size,
			bool json, bcx_buf *b)
{
	const bcx_tbon_value *syms = bcx_tbon_map_get(&f->root, "Symbols");
	size_t nsyms = syms && syms->kind == BCX_TBON_K_MAP ? syms->len : 0, nfn = 0;
	for (size_t i = 0; i < nsyms; i++)
		nfn += bcx_tbon_map_get(sym_value(pool, &syms->items[2 * i + 1]), "bytecode") != NULL;
	if (json) {
		bcx_buf_printf(b, "{\"format\": \"tbon\", \"schema_version\": 1, \"size\": %zu, "
				  "\"constpool\": ", size);
		if (f->has_pool)
			bcx_buf_printf(b, "%zu", f->pool_count);
		else
			bcx_buf_puts(b, "null");
		bcx_buf_printf(b, ", \"symbols\": %zu, \"functions\": [", nsyms);
	} else {
		bcx_buf_printf(b, "format:    TBON object file (Tapioca VM)\nsize:      %zu bytes\n"
				  "constpool: ", size);
		if (f->has_pool)
			bcx_buf_printf(b, "%zu entries\n", f->pool_count);
		else
			bcx_buf_puts(b, "none\n");
		bcx_buf_printf(b, "symbols:   %zu\n\nfunctions: %zu\n  words  constants  name\n",
			       nsyms, nfn);
	}
	for (size_t i = 0, k = 0; i < nsyms; i++) {
		const bcx_tbon_value *key = &syms->items[2 * i];
		const bcx_tbon_value *val = sym_value(pool, &syms->items[2 * i + 1]);
		const bcx_tbon_value *code = bcx_tbon_map_get(val, "bytecode");
		if (!code)
			continue;
		fn_info fi = {key, count_of(code), count_of(bcx_tbon_map_get(val, "constpool"))};
		const uint8_t *nm = key->kind == BCX_TBON_K_NAME ? (const uint8_t *)key->str : NULL;
		size_t nl = nm ? key->len : 0;
		if (json) {
			bcx_buf_printf(b, "%s\n  {\"name\": ", k++ ? "," : "");
			cli_json_string(b, nm, nl);
			bcx_buf_printf(b, ", \"words\": %zu, \"constants\": %zu}", fi.words,
				       fi.constants);
		} else {
			bcx_buf_printf(b, "  %5zu %10zu  ", fi.words, fi.constants);
			cli_put_escaped(b, nm, nl);
			bcx_buf_puts(b, "\n");
		}
	}
	bcx_buf_puts(b, json ? "]}\n" : "");
}

static int tbon_info(const cli_input *in, const cli_args *a)
{
	bcx_diag d;
	bcx_diag_clear(&d);
	bcx_arena *arena = bcx_arena_new(NULL);
	bcx_buf b;
	bcx_buf_init(&b, NULL);
	bcx_tbon_file f;
	const bcx_tbon_value **pool = NULL;
	int rc = EXIT_INPUT;
	if (!arena) {
		cli_message("error", NULL, -1, "out of memory");
	} else if (bcx_tbon_read(in->data, in->size, arena, NULL, &f, &d) != BCX_OK) {
		cli_report(in->name, &d);
	} else if (!(pool = pool_values(&f))) {
		cli_message("error", NULL, -1, "out of memory");
	} else {
		info_report(&f, pool, in->size, a->json, &b);
		rc = cli_emit(a, &b, false);
	}
	free(pool);
	bcx_buf_free(&b);
	bcx_arena_free(arena);
	return rc;
}

static int tapioca_run(const cli_input *in, const cli_args *a)
{
	bcx_tapioca_options o = BCX_TAPIOCA_OPTIONS_INIT;
	uint64_t steps = 0, heap = 0, depth = 0;
	if (!count_opt(a->verb, "--max-steps", a->max_steps, 1, UINT64_MAX, &steps) ||
	    !size_opt(a->verb, "--max-heap", a->max_heap, &heap) ||
	    !count_opt(a->verb, "--max-depth", a->max_depth, 1, 1000000, &depth))
		return EXIT_USAGE;
	o.max_steps = steps;
	if (heap)
		o.max_heap = heap;
	if (depth)
		o.max_call_depth = (uint32_t)depth;
	host_out h = {0};
	o.write = write_stdout;
	o.ctx = &h;
	if (a->trace)
		o.trace = trace_stderr;
	o.gc_stress = a->gc_stress;
	bcx_diag d;
	bcx_diag_clear(&d);
	bcx_tapioca_module *m = NULL;
	bcx_tapioca_result r;
	bcx_status s = bcx_tapioca_load(in->data, in->size, &o, &m, &d);
	if (s == BCX_OK)
		s = bcx_tapioca_run(m, a->entry ? a->entry : "main", &o, &r, &d);
	if (fflush(stdout) != 0 && !h.err)
		h.err = errno ? errno : EIO;
	int rc = EXIT_OK;
	if (h.err) {
		cli_message("error", "<stdout>", -1, "write failed: %s", strerror(h.err));
		rc = EXIT_INPUT;
	} else if (s != BCX_OK) {
		if (m) /* a runtime error: the message names the function and instruction */
			cli_message("error", in->name, -1, "%s", d.message);
		else
			cli_report(in->name, &d);
		rc = EXIT_INPUT;
	}
	bcx_tapioca_free(m);
	return rc;
}

const cli_format cli_format_tbon = {
	"tapioca", "TBON object file (Tapioca VM)", tbon_sniff, NULL,
	{[CLI_DIS] = tapioca_dis, [CLI_DUMP] = tbon_dump, [CLI_ASM] = tapioca_asm,
	 [CLI_RUN] = tapioca_run, [CLI_INFO] = tbon_info},
	"the object format of docs/tapioca.md"};
