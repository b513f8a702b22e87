/*
 * bcx/mlirbc.h - MLIR bytecode (versions 0-6, as written by MLIR 22): reader,
 * structural dump, generic-form printer, writer (from generic-form text or
 * from a read module) and conversion between versions.
 *
 * bcx_mlirbc_open() reads the header, every section's framing and every
 * table (strings, dialects, op names, attribute/type offsets, resources,
 * properties) and the IR down to the first isolated region; the regions of
 * isolated ops (their own nested IR section, v >= 2) are decoded when first
 * needed, and attribute/type entries on first reference. Every failure is a
 * status plus a bcx_diag with the byte offset and the section being read.
 * The input bytes must stay valid while the module is open.
 */
#ifndef BCX_MLIRBC_H
#define BCX_MLIRBC_H

#include "bcx/core.h"

BCX_BEGIN_DECLS

typedef struct bcx_mlirbc_module bcx_mlirbc_module;

/* True when data starts with the MLIR bytecode magic "ML\xEFR". */
bool bcx_mlirbc_is_mlirbc(const void *data, size_t size);

/* Open a module (lazily, see above). a may be NULL (libc allocator). */
BCX_NODISCARD bcx_status bcx_mlirbc_open(const void *data, size_t size, const bcx_allocator *a,
					 bcx_mlirbc_module **out, bcx_diag *diag);
void bcx_mlirbc_close(bcx_mlirbc_module *m); /* NULL is a no-op */

/* Decode every isolated region and every attribute and type entry now, so
 * that any error in the file surfaces. */
BCX_NODISCARD bcx_status bcx_mlirbc_load_all(bcx_mlirbc_module *m, bcx_diag *diag);

typedef struct bcx_mlirbc_info {
	uint64_t version;           /* 0..6 */
	const uint8_t *producer;    /* not NUL-terminated */
	size_t producer_len;
	size_t strings, dialects, op_names, attrs, types, resources, properties;
	size_t ops;                 /* ops decoded so far */
	size_t lazy_regions;        /* isolated ops with a nested IR section */
	size_t lazy_loaded;         /* of which decoded so far */
	/* The MLIR release whose op property layouts the file is read with
	 * (16, 19 or 22), chosen by the producer string; layouts_note is NULL
	 * when the producer names that release, else it says why that one
	 * (an unknown or other release: the nearest is taken). */
	unsigned layouts_release;
	const char *layouts_note;
} bcx_mlirbc_info;

void bcx_mlirbc_get_info(const bcx_mlirbc_module *m, bcx_mlirbc_info *info);

/* The top-level sections (spec §3), by id 0..BCX_MLIRBC_SECTIONS-1. */
#define BCX_MLIRBC_SECTIONS 9u
typedef struct bcx_mlirbc_section {
	bool present;
	const char *name;           /* "String", "Dialect", ..., NULL for a bad id */
	uint64_t header_offset;     /* the id byte */
	uint64_t offset, length;    /* the payload */
	uint64_t alignment;         /* 1 when none is declared */
} bcx_mlirbc_section;
bcx_mlirbc_section bcx_mlirbc_get_section(const bcx_mlirbc_module *m, unsigned id);

/* Structural dump: sections with offsets, tables, properties, resources
 * and the IR with value ids. flags: BCX_MLIRBC_JSON for one JSON document
 * ("format": "mlirbc", "schema_version": 1). Decodes everything. */
#define BCX_MLIRBC_JSON 1u
BCX_NODISCARD bcx_status bcx_mlirbc_dump(bcx_mlirbc_module *m, unsigned flags,
					 const bcx_sink *sink, bcx_diag *diag);

/* The module in MLIR's generic op form, as mlir-opt-22
 * --mlir-print-op-generic prints it. flags: BCX_MLIRBC_DEBUGINFO adds
 * locations inline (--mlir-print-debuginfo --mlir-print-local-scope).
 * Isolated regions not loaded yet are decoded, printed and released one
 * at a time (so the module's memory holds one function body, not all of
 * them); a region that fails to decode fails the call after the text
 * before it went to the sink. */
#define BCX_MLIRBC_DEBUGINFO 1u
BCX_NODISCARD bcx_status bcx_mlirbc_print_generic(bcx_mlirbc_module *m, unsigned flags,
						  const bcx_sink *sink, bcx_diag *diag);

/* One op of the top-level module, found by its sym_name (a func.func and
 * the like), printed as bcx_mlirbc_print_generic prints it: the same lines,
 * indentation and value names as in the whole module's text. Only that
 * op's regions are decoded; the isolated regions after it are only
 * counted through (the value names depend on them). Aliased attributes
 * and types print inline, since no alias definitions precede the op.
 * BCX_ERR_NOT_FOUND when no such symbol. */
BCX_NODISCARD bcx_status bcx_mlirbc_print_function(bcx_mlirbc_module *m, const char *name,
						   unsigned flags, const bcx_sink *sink,
						   bcx_diag *diag);

/* ------------------------------------------------------------------ */
/* Writing                                                             */
/* ------------------------------------------------------------------ */

/* BCX_MLIRBC_VERSION(n) selects bytecode version n (0-6) in the options. */
#define BCX_MLIRBC_VERSION(n) ((uint32_t)(n) + 1u)

typedef struct bcx_mlirbc_write_options {
	size_t size;                 /* BCX_OPTIONS_INIT(bcx_mlirbc_write_options) */
	/* BCX_MLIRBC_VERSION(n) writes version n; 0 (the default) writes
	 * version 6, the newest. */
	uint32_t version;
	/* For the output bytes (and the work); NULL is the libc allocator. */
	const bcx_allocator *alloc;
	/* The MLIR release the file is written for: 0 (the default) or 22
	 * writes MLIR 22's op property layouts; 19 writes MLIR 19's, and its
	 * producer string, refusing (BCX_ERR_UNSUPPORTED, naming the op and
	 * the field) what MLIR 19 cannot express: an op or a property it does
	 * not have, a property whose kind changed. */
	uint32_t mlir_release;
	/* bcx_mlirbc_assemble: when set, called as the text is read, with
	 * the length of the part read so far (growing, about every MiB, and
	 * the whole length at the end). That part is seldom read again (an
	 * alias's definition may be), so a caller that mapped the text can
	 * give its pages back: bcx_file_view_done(view, n) with the view of
	 * bcx_file_map, as the CLI does, keeps the text out of the peak
	 * memory. */
	void (*text_read)(void *ctx, size_t n);
	void *text_read_ctx;
} bcx_mlirbc_write_options;

/*
 * Assemble MLIR generic-form text (as mlir-opt-22 --mlir-print-op-generic
 * prints it, with or without locations, aliases and a dialect_resources
 * block) into bytecode. Attributes and types must be builtin or other
 * dialects' kept as text. Ops get the locations MLIR's parser gives them
 * (FILE:LINE:COL of the op, file being the name given). On an error,
 * diag->message says what is wrong and diag->line, diag->column (1-based,
 * bytes) and diag->offset (bytes) say where in the text. On success *out
 * holds *out_len bytes; free them with bcx_mlirbc_free_bytes().
 */
BCX_NODISCARD bcx_status bcx_mlirbc_assemble(const char *file, const char *text, size_t n,
					     const bcx_mlirbc_write_options *opt,
					     uint8_t **out, size_t *out_len, bcx_diag *diag);

/*
 * Write a read module again, for the version the options select (bcx
 * convert). Decodes everything first. Property bytes bcx cannot interpret
 * are kept as they are (then the attribute and type tables keep the file's
 * order); such properties cannot be written below version 5
 * (BCX_ERR_UNSUPPORTED). At the file's own version the bytes equal the
 * input for files MLIR 22 wrote.
 */
BCX_NODISCARD bcx_status bcx_mlirbc_write(bcx_mlirbc_module *m,
					  const bcx_mlirbc_write_options *opt,
					  uint8_t **out, size_t *out_len, bcx_diag *diag);

/* Free bytes from bcx_mlirbc_assemble() or bcx_mlirbc_write(), given the
 * same options (for their allocator). */
void bcx_mlirbc_free_bytes(const bcx_mlirbc_write_options *opt, uint8_t *bytes, size_t len);

BCX_END_DECLS

#endif /* BCX_MLIRBC_H */
