/* The verbs that read one input file: their option tables and help, and
 * the one path every one of them takes: parse, open, detect, dispatch. */
#include "formats.h"

#include <string.h>
#include <unistd.h>

#define OPT_OUT(help) CLI_VALUE("-o", "FILE", out, NULL, help)
#define OUT_HELP "write to FILE ('-' = stdout) instead of stdout"

static const cli_opt dis_opts[] = {
	CLI_FLAG("--generic", generic, "tileir,mlirbc", "MLIR's generic op form instead of the dialect's custom form (MLIR bytecode is always printed in it)"),
	CLI_VALUE("--function", "NAME", function, "tileir,mlirbc", "only the entry NAME (Tile IR) or the top-level op whose sym_name is NAME (MLIR bytecode, value names as in the whole module, aliases inline); only its body is decoded"),
	CLI_FLAG("--no-verify", no_verify, "tileir", "(Tile IR) print a module that breaks the verifier's rules, each broken op preceded by // error: comment lines"),
	CLI_FLAG("--debuginfo", debuginfo, "tileir,mlirbc", "locations: (Tile IR) loc(#alias) on every op with the aliases after the module, as --mlir-print-debuginfo; (MLIR bytecode) every location inline, as mlir-opt's --mlir-print-debuginfo --mlir-print-local-scope"),
	CLI_FLAG("--i1-bytes", i1_bytes, "tileir", "(Tile IR) i1 constants are one byte per element, as NVIDIA's newest tools store them (default: bit-packed, as the reference's MLIR)"),
	OPT_OUT(OUT_HELP),
};

static const cli_opt dump_opts[] = {
	CLI_FLAG("--json", json, NULL, "the same information as one JSON document"),
	CLI_FLAG("--pretty", pretty, NULL, "with --json: one item a line, indented (default: one line)"),
	CLI_VALUE("--function", "NAME", function, "tileir", "(Tile IR) only this function's body"),
	CLI_FLAG("--i1-bytes", i1_bytes, "tileir", "(Tile IR) i1 constants are one byte per element, as NVIDIA's newest tools store them (default: bit-packed, as the reference's MLIR)"),
	OPT_OUT(OUT_HELP),
	{"--dump-blockinfo", NULL, offsetof(cli_args, dump_blockinfo), "bitstream", true,
	 "(bitstream) dump the BLOCKINFO block's records too"},
	{"--non-symbolic", NULL, offsetof(cli_args, non_symbolic), "bitstream", true,
	 "(bitstream) also print block IDs and record codes next to names"},
	{"--show-binary-blobs", NULL, offsetof(cli_args, show_binary_blobs), "bitstream", true,
	 "(bitstream) print every blob, escaped, even when not printable"},
	{"--disable-histogram", NULL, offsetof(cli_args, no_histogram), "bitstream", true,
	 "(bitstream) no per-record histogram in the statistics"},
	{"--dump", NULL, offsetof(cli_args, llvm_dump), "bitstream", true,
	 "(bitstream) llvm-bcanalyzer's spelling of this verb; no effect beyond it"},
};

static const cli_opt stat_opts[] = {
	CLI_FLAG("--json", json, NULL, "the same information as one JSON document"),
	CLI_FLAG("--pretty", pretty, NULL, "with --json: one item a line, indented (default: one line)"),
	OPT_OUT(OUT_HELP),
	{"--disable-histogram", NULL, offsetof(cli_args, no_histogram), NULL, true,
	 "no per-record histogram in the statistics"},
};

static const cli_opt copy_opts[] = {
	OPT_OUT("the output file (required; '-' = stdout)"),
};

static const cli_opt asm_opts[] = {
	CLI_VALUE("--format", "NAME", format, NULL, "the text's format: tileir (default), mlirbc or tapioca"),
	OPT_OUT(OUT_HELP),
	CLI_VALUE("--target", "13.x[.TAG]", target, "tileir", "(Tile IR) format version 13.1, 13.2 or 13.3 (default 13.3)"),
	CLI_FLAG("--i1-bytes", i1_bytes, "tileir", "(Tile IR) write i1 constants one byte per element"),
	CLI_VALUE("--bytecode-version", "N", bytecode_version, "mlirbc", "(MLIR bytecode) version 0-6 (default 6)"),
	CLI_FLAG("--no-verify", no_verify, "tileir", "(Tile IR) write a module that breaks the verifier's rules"),
	CLI_VALUE("--mlir-release", "N", mlir_release, "mlirbc", "(MLIR bytecode) op layouts of MLIR 22 (default) or 19"),
};

static const cli_opt convert_opts[] = {
	CLI_VALUE("--target", "13.x[.TAG]", target, "tileir", "(Tile IR) the target version"),
	OPT_OUT("the output file (required; '-' = stdout)"),
	CLI_FLAG("--i1-bytes", i1_bytes, "tileir", "(Tile IR) i1 constants one byte per element, in the file read and the file written (NVIDIA's newest tools)"),
	CLI_VALUE("--bytecode-version", "N", bytecode_version, "mlirbc", "(MLIR bytecode) the target version, 0-6"),
	CLI_VALUE("--mlir-release", "N", mlir_release, "mlirbc", "(MLIR bytecode) op layouts of MLIR 22 (default) or 19"),
	CLI_FLAG("--no-verify", no_verify, "tileir", "(Tile IR) write a module that breaks the verifier's rules"),
};

static const cli_opt run_opts[] = {
	CLI_VALUE("--entry", "NAME", entry, NULL, "run the function NAME instead of main"),
	CLI_FLAG("--trace", trace, NULL, "print every instruction to stderr before it runs"),
	CLI_VALUE("--max-steps", "N", max_steps, NULL, "stop with a runtime error after N instructions"),
	CLI_VALUE("--max-heap", "BYTES", max_heap, NULL, "limit of live objects and frames, K/M/G suffixes allowed (default 256M)"),
	CLI_VALUE("--max-depth", "N", max_depth, NULL, "call depth limit (default 1000)"),
	CLI_FLAG("--gc-stress", gc_stress, NULL, "collect garbage before every allocation (slow; for testing)"),
};

static const cli_opt verify_opts[] = {
	CLI_VALUE("--target", "13.x", target, NULL, "also report what a toolkit of version 13.x refuses"),
	CLI_FLAG("--json", json, NULL, "the errors as one JSON document on the output"),
	CLI_FLAG("--pretty", pretty, NULL, "with --json: one item a line, indented (default: one line)"),
	CLI_FLAG("--hints", hints, NULL, "also check optimization hint keys and values (cuda-tile-opt -Wunsupported-hints -Werr-hints)"),
	CLI_FLAG("--strict", strict, NULL, "report what the reference reads past (op flag bits no field defines) as errors, not warnings"),
	CLI_FLAG("--i1-bytes", i1_bytes, "tileir", "(Tile IR) i1 constants are one byte per element, as NVIDIA's newest tools store them (default: bit-packed, as the reference's MLIR)"),
	OPT_OUT("with --json: write the JSON to FILE ('-' = stdout) instead of stdout"),
};

static const cli_opt info_opts[] = {
	CLI_FLAG("--json", json, NULL, "the same summary as one JSON document"),
	CLI_FLAG("--pretty", pretty, NULL, "with --json: one item a line, indented (default: one line)"),
	CLI_FLAG("--all", all, "tileir", "(Tile IR) list every function, not only the largest when there are many (the JSON lists every one)"),
	CLI_FLAG("--i1-bytes", i1_bytes, "tileir", "(Tile IR) i1 constants are one byte per element, as NVIDIA's newest tools store them (default: bit-packed, as the reference's MLIR)"),
	OPT_OUT(OUT_HELP),
};

typedef struct verb_def {
	const char *usage;
	const char *text; /* the paragraph(s) between usage and options */
	const cli_opt *opts;
	size_t n_opts;
	bool needs_out;   /* -o is required (the output is a file, not a report) */
	const char *tail; /* after the options, or NULL */
} verb_def;

#define OPTS(a) a, sizeof a / sizeof a[0]

static const verb_def verbs[CLI_VERB_COUNT] = {
	[CLI_DIS] = {"[OPTIONS] [FILE...]",
		     "Disassemble CUDA Tile IR bytecode (versions 13.1, 13.2, 13.3) in the\n"
		     "dialect's custom form, byte for byte as NVIDIA's cuda-tile-translate\n"
		     "-cudatilebc-to-mlir prints it (--generic: MLIR's generic op form, as it\n"
		     "prints with --mlir-print-op-generic). FILE may be '-' (stdin).\n"
		     "The module is verified, as the reference's reader does: one that breaks\n"
		     "a rule is refused with bcx verify's errors and no text (--no-verify\n"
		     "prints it, each broken op after its errors as // error: comment lines).\n"
		     "With --function, the module's rules and that body's are checked.\n"
		     "A TBON object file (Tapioca VM) is printed as Tapioca assembly, which\n"
		     "bcx asm --format tapioca turns back into the same bytes. MLIR bytecode\n"
		     "(versions 0-6) is printed as mlir-opt-22 --mlir-print-op-generic prints it.\n",
		     OPTS(dis_opts), false, NULL},
	[CLI_DUMP] = {"[OPTIONS] [FILE...]",
		      "Print the structure of FILE ('-' for stdin). The format is detected from\n"
		      "its first bytes: CUDA Tile IR bytecode, or any LLVM bitstream (bitcode,\n"
		      "wrapped bitcode, other bitstream files), TBON or MLIR bytecode; for a bitstream the text\n"
		      "is that of llvm-bcanalyzer -dump FILE.\n",
		      OPTS(dump_opts), false,
		      "Options marked (Tile IR) or (bitstream) are refused for other formats.\n"},
	[CLI_STAT] = {"[OPTIONS] [FILE...]",
		      "Print the statistics of an LLVM bitstream file ('-' for stdin): size,\n"
		      "stream type, and per block ID the instances, size, sub-blocks,\n"
		      "abbreviations, records and a record histogram. The text is the same as\n"
		      "llvm-bcanalyzer FILE prints.\n",
		      OPTS(stat_opts), false, NULL},
	[CLI_COPY] = {"FILE -o OUT",
		      "Decode the LLVM bitstream FILE ('-' for stdin) completely - blocks,\n"
		      "abbreviation definitions, BLOCKINFO, records with the abbreviation each\n"
		      "one used, the wrapper header and its padding - and encode it again into\n"
		      "OUT. Output equals the input for files written by LLVM; streams with\n"
		      "non-canonical encodings (extra VBR chunks, non-zero padding, wrong\n"
		      "block lengths) come out in canonical form.\n",
		      OPTS(copy_opts), true, NULL},
	[CLI_ASM] = {"[OPTIONS] FILE",
		     "Assemble a CUDA Tile IR module written as MLIR text - the dialect's\n"
		     "custom form (as `bcx dis` or cuda-tile-translate print it, with or\n"
		     "without locations, or written by hand) or MLIR's generic op form - into\n"
		     "Tile IR bytecode, byte for byte as NVIDIA's writer encodes it;\n"
		     "with --format mlirbc, MLIR generic-form text (builtin attributes and\n"
		     "types, other dialects' as text) into MLIR bytecode that mlir-opt-22\n"
		     "reads (version 6, or --bytecode-version N); with --format tapioca,\n"
		     "Tapioca VM assembly into a TBON object file.\n"
		     "FILE may be '-' for stdin. Binary output to a terminal needs -o -.\n",
		     OPTS(asm_opts), false,
		     "A Tile IR module is verified before it is written, as the reference's\n"
		     "translator does, and refused with bcx verify's errors (at FILE:LINE:COL)\n"
		     "when it breaks a rule, unless --no-verify is given.\n"
		     "In the generic form an empty optimization_hints attribute is written as\n"
		     "absent. Errors are\n"
		     "printed as bcx: FILE:LINE:COL: error: message, with the line and a caret;\n"
		     "a feature the target version lacks is refused with the version that\n"
		     "introduced it.\n"},
	[CLI_CONVERT] = {"IN (--target 13.x | --bytecode-version N) -o OUT",
			 "Read the CUDA Tile IR bytecode file IN and write it again for format\n"
			 "version 13.1, 13.2 or 13.3, byte for byte as NVIDIA's writer encodes the\n"
			 "same module for that version. A module that uses something the target\n"
			 "cannot express (an op, type, attribute or global property introduced\n"
			 "later) is refused with a message naming it and the version that\n"
			 "introduced it, at the op's offset with its function as bcx verify\n"
			 "--target reports it; nothing is written then. The module is verified first\n"
			 "and refused with bcx verify's errors when it breaks a rule, unless\n"
			 "--no-verify is given.\n"
			 "An MLIR bytecode file IN is written again for bytecode version N (0-6);\n"
			 "at its own version the bytes equal those MLIR 22 wrote. Property bytes\n"
			 "bcx cannot interpret are kept unchanged (not possible below version 5).\n",
			 OPTS(convert_opts), true, NULL},
	[CLI_INFO] = {"[--json [--pretty]] [--all] [-o OUT] [FILE...]",
		      "A one-screen summary of FILE ('-' for stdin), in the spirit of\n"
		      "readelf -h -S. CUDA Tile IR: the version, each section with its offset\n"
		      "and size, the table counts, and each function with its body's offset and\n"
		      "size (no body is decoded); of more than 12 functions, the 10 largest\n"
		      "(--all: every one). LLVM bitstream: the kind, the wrapper, and per\n"
		      "block ID (with its name) the number of blocks, their size and their records.\n"
		      "MLIR bytecode: the version, the producer, the table counts and each section\n"
		      "with its offset and size (no region is decoded). TBON: the size, the const\n"
		      "pool, and each function with its instruction words and constants.\n",
		      OPTS(info_opts), false,
		      "The JSON carries \"format\" and \"schema_version\" (1) at the top level.\n"},
	[CLI_VERIFY] = {"[--target 13.x] [--json [--pretty]] [--hints] [--strict] [FILE...]",
			"Check a CUDA Tile IR module against the rules of NVIDIA's verifier: the\n"
			"operand and result types of every op, its traits (same type, shape,\n"
			"rank or element type), the op's own rules (permutations, shapes,\n"
			"rounding modes, regions and terminators, symbols), as cuda-tile-opt\n"
			"checks them. FILE is bytecode, or text in the custom or generic form\n"
			"('-' for stdin). Every broken rule is reported, not only the first,\n"
			"each with the reference's message, the op's byte offset (text: its\n"
			"FILE:LINE:COL), its function and its place in nested regions\n"
			"(name#index per level; [rK] = region K). Text may hold unregistered\n"
			"ops (\"materialize_tensor\"() : () -> ...) and ops outside a module, as\n"
			"cuda-tile-opt -allow-unregistered-dialect reads them.\n",
			OPTS(verify_opts), false,
			"Exit status 0 when the module is valid, 1 when a rule is broken or the\n"
			"file cannot be read. docs/formats/tileir-verify.md lists the rules.\n"},
	[CLI_RUN] = {"[OPTIONS] FILE.tbon",
		     "Load a Tapioca VM object file (TBON), verify every function before\n"
		     "anything runs, and run the function main (no arguments). The program's\n"
		     "output (print and the other host functions) goes to stdout.\n",
		     OPTS(run_opts), false,
		     "A runtime error (division by zero, type error, stack overflow, step limit,\n"
		     "heap limit) is reported with the function name and instruction index;\n"
		     "exit status 1. docs/tapioca.md describes the VM.\n"},
};

void cli_verb_help(cli_verb v, FILE *out)
{
	const verb_def *d = &verbs[v];
	fprintf(out, "Usage: bcx %s %s\n\n%s\nOptions:\n", cli_verb_name(v), d->usage, d->text);
	cli_print_options(out, d->opts, d->n_opts);
	if (d->tail)
		fprintf(out, "\n%s", d->tail);
	if (cli_verb_many(v))
		fprintf(out, "\nSeveral FILEs are read in turn, each text report headed by ==> FILE <==\n"
			     "(verify's lines name their file; JSON: one document a line); the exit\n"
			     "status is the worst.\n");
	fprintf(out, "\nWithout FILE, standard input is read when it is not a terminal.\n"
		     "'--opt=VALUE' and '--opt VALUE' are the same; '--' ends the options.\n"
		     "Errors: bcx: FILE:OFFSET: error: message; exit status 1 for invalid input\n"
		     "or a failed write, 2 for a usage error.\n");
}

/* The message for a verb that the input's format lacks: what was found, in
 * words and magic bytes, and which verbs read it. */
static int not_supported(cli_verb v, const cli_format *f, const cli_input *in)
{
	char hex[40], verbs_text[160];
	cli_hex_bytes(in->data, in->size, hex, sizeof hex);
	const char *what = cli_format_describe(f, in->data, in->size);
	cli_format_suggest(f, verbs_text, sizeof verbs_text);
	char looks[96] = "";
	if (f == &cli_format_text && strcmp(what, "text") != 0)
		snprintf(looks, sizeof looks, "it looks like %s: ", what);
	if (f == &cli_format_text)
		cli_message("error", in->name, 0,
			    "bcx %s: unknown format: %s is text (first bytes %s), not bytecode; %s%s",
			    cli_verb_name(v), in->name, hex, looks, cli_text_hint(in->data, in->size));
	else if (f == &cli_format_compressed)
		cli_message("error", in->name, 0,
			    "bcx %s: %s is %s (magic %s); decompress it first: %s FILE | bcx %s -",
			    cli_verb_name(v), in->name, what, hex,
			    cli_compressed_tool(in->data, in->size), cli_verb_name(v));
	else if (verbs_text[0])
		cli_message("error", in->name, 0,
			    "bcx %s: not supported for %s (magic %s): %s is %s; %s reads it",
			    cli_verb_name(v), what, hex, in->name, what, verbs_text);
	else
		cli_message("error", in->name, 0,
			    "bcx %s: not supported for %s (magic %s): bcx has no reader for %s yet",
			    cli_verb_name(v), what, hex, what);
	return EXIT_INPUT;
}

static int unknown_format(cli_verb v, const cli_input *in)
{
	char hex[40];
	cli_hex_bytes(in->data, in->size, hex, sizeof hex);
	const char *cut = cli_truncated_magic(in->data, in->size);
	if (in->size == 0)
		cli_message("error", in->name, 0, "bcx %s: unknown format: the file is empty",
			    cli_verb_name(v));
	else if (cut)
		cli_message("error", in->name, 0,
			    "bcx %s: truncated: the file is %zu bytes (%s), the start of the "
			    "magic of %s",
			    cli_verb_name(v), in->size, hex, cut);
	else
		cli_message("error", in->name, 0,
			    "bcx %s: unknown format (first bytes %s): not CUDA Tile IR bytecode, "
			    "an LLVM bitstream, MLIR bytecode, TBON or text",
			    cli_verb_name(v), hex);
	return EXIT_INPUT;
}

/* Is word one of the comma-separated words of list? */
static bool cli_word_in(const char *word, const char *list)
{
	size_t n = strlen(word);
	for (const char *p = list; p; p = strchr(p, ',') ? strchr(p, ',') + 1 : NULL)
		if (strncmp(p, word, n) == 0 && (p[n] == ',' || p[n] == '\0'))
			return true;
	return false;
}

/* The first option given that does not apply to format f, or NULL. */
static const cli_opt *misplaced_option(const verb_def *d, const cli_args *a, const cli_format *f)
{
	for (size_t i = 0; i < d->n_opts; i++) {
		const char *only = d->opts[i].only;
		if ((a->given & (1u << i)) && only && !cli_word_in(f->id, only))
			return &d->opts[i];
	}
	return NULL;
}

/* Every option given must apply to the format found. */
static int check_options(const verb_def *d, const cli_args *a, const cli_format *f,
			 const cli_input *in)
{
	const cli_opt *o = misplaced_option(d, a, f);
	if (o)
		return cli_usage(a->verb, "option '%s' does not apply to %s (%s)", o->name,
				 cli_format_describe(f, in->data, in->size), in->name);
	return EXIT_OK;
}

int cli_text_asm(const cli_input *in, const cli_args *a)
{
	const char *id = a->format ? a->format : "tileir";
	const cli_format *f = cli_format_by_id(id);
	if (!f || f == &cli_format_text || !f->verbs[CLI_ASM]) {
		char known[128];
		cli_format_list(CLI_ASM, known, sizeof known);
		return cli_usage(a->verb, "no assembler for format '%s' (known: %s)", id, known);
	}
	/* asm's options follow the format it writes, not the text it reads. */
	const cli_opt *o = misplaced_option(&verbs[CLI_ASM], a, f);
	if (o)
		return cli_usage(a->verb, "option '%s' does not apply to --format %s (%s); it is "
					  "for --format %s",
				 o->name, f->id, f->name, o->only);
	return f->verbs[CLI_ASM](in, a);
}

/* One input through the verb: open, detect, check the options, dispatch. */
static int run_one(cli_verb v, const verb_def *d, const cli_args *a, const char *path)
{
	cli_input in;
	if (!cli_input_open(&in, path))
		return EXIT_INPUT;
	int rc;
	const cli_format *f = cli_format_detect(in.data, in.size);
	if (!f)
		rc = unknown_format(v, &in);
	else if (!f->verbs[v] || (v == CLI_ASM && f != &cli_format_text))
		rc = not_supported(v, f, &in); /* asm reads text only */
	else if (v == CLI_ASM || (rc = check_options(d, a, f, &in)) == EXIT_OK)
		rc = f->verbs[v](&in, a);
	cli_input_close(&in);
	return rc;
}


/* Several files: each in turn, a text report headed by the file's name
 * ("==> FILE <==", as head(1) does; verify's own lines name it, and JSON
 * comes one document a line); the exit status is the worst. */
static int run_many(cli_verb v, const verb_def *d, const cli_args *a)
{
	int worst = EXIT_OK;
	for (int i = 0; i < a->n_files; i++) {
		if (!a->json && v != CLI_VERIFY) {
			fputs(i ? "\n==> " : "==> ", stdout);
			cli_fput_path(stdout, a->files[i]);
			fputs(" <==\n", stdout);
			fflush(stdout); /* before the report, which goes to the descriptor */
		}
		int rc = run_one(v, d, a, a->files[i]);
		worst = rc > worst ? rc : worst;
	}
	return worst;
}

int cli_run_verb(cli_verb v, int argc, char **argv)
{
	const verb_def *d = &verbs[v];
	cli_args a;
	memset(&a, 0, sizeof a);
	a.verb = cli_verb_name(v);
	int rc = cli_parse(argc, argv, d->opts, d->n_opts, cli_verb_many(v) ? CLI_ANY_FILES : 1, &a);
	if (rc != EXIT_OK)
		return rc;
	/* No file: standard input, when it is not a terminal (bcx dump < f.bc). */
	if (a.n_pos == 0 && isatty(0))
		return cli_usage(a.verb, "missing the input FILE (or '-' for standard input)");
	if (a.n_files > 1 && a.out)
		return cli_usage(a.verb, "-o takes the output of one input file, not of %d",
				 a.n_files);
	if (d->needs_out && !a.out)
		return cli_usage(a.verb, "missing -o OUT");
	if (a.pretty && !a.json)
		return cli_usage(a.verb, "option '--pretty' lays out JSON: add --json");
	if (v == CLI_VERIFY && a.out && !a.json)
		return cli_usage(a.verb, "option '-o' writes the JSON report: add --json (the text "
					 "report goes to stdout, the errors to stderr)");
	if (v == CLI_CONVERT && !a.target && !a.bytecode_version)
		return cli_usage(a.verb, "missing --target 13.x (Tile IR) or --bytecode-version N "
					 "(MLIR bytecode)");
	if (a.n_files > 1)
		return run_many(v, d, &a);
	return run_one(v, d, &a, a.n_pos ? a.pos[0] : "-");
}
