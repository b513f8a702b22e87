/*
 * bcx/core.h - status codes, diagnostics, allocator, arena, overflow-checked
 * size arithmetic, the bounds-checked byte and bit cursors, and the growable
 * byte and bit writers that every format in bcx is built on.
 *
 * Contract shared by every bcx function:
 *  - Fallible calls return a bcx_status; BCX_OK is 0.
 *  - A bcx_diag pointer may be NULL. When given, the first failure fills it
 *    with the status, the byte (and, for bitstreams, bit) offset in the
 *    input, an optional context (section, block, function) and a message.
 *  - The library never aborts, exits or prints.
 *  - No global mutable state: separate handles may be used from separate
 *    threads without locking.
 */
#ifndef BCX_CORE_H
#define BCX_CORE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Export control. The library is built with -fvisibility=hidden: only what
 * a public header declares between BCX_BEGIN_DECLS and BCX_END_DECLS (or
 * marks BCX_API) is exported from the shared library; every internal helper
 * stays hidden, so adding one never changes the ABI. */
#if defined(__GNUC__) || defined(__clang__)
#define BCX_API __attribute__((visibility("default")))
#define BCX_VISIBILITY_PUSH _Pragma("GCC visibility push(default)")
#define BCX_VISIBILITY_POP _Pragma("GCC visibility pop")
#else
#define BCX_API
#define BCX_VISIBILITY_PUSH
#define BCX_VISIBILITY_POP
#endif
#ifdef __cplusplus
#define BCX_BEGIN_DECLS extern "C" { BCX_VISIBILITY_PUSH
#define BCX_END_DECLS BCX_VISIBILITY_POP }
#else
#define BCX_BEGIN_DECLS BCX_VISIBILITY_PUSH
#define BCX_END_DECLS BCX_VISIBILITY_POP
#endif

BCX_BEGIN_DECLS

#if defined(__GNUC__) || defined(__clang__)
#define BCX_NODISCARD __attribute__((warn_unused_result))
#define BCX_PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define BCX_NODISCARD
#define BCX_PRINTF(f, a)
#endif

#define BCX_VERSION_MAJOR 0
#define BCX_VERSION_MINOR 2
#define BCX_VERSION_PATCH 0
/* "0.2.0", made from the three numbers above (the version's one source;
 * CMake reads them, tests/cli/cli_docs.sh checks the man page and the Python
 * package against them). */
#define BCX_VERSION_STR_(x) #x
#define BCX_VERSION_XSTR_(x) BCX_VERSION_STR_(x)
#define BCX_VERSION_STRING                                                          \
	BCX_VERSION_XSTR_(BCX_VERSION_MAJOR)                                        \
	"." BCX_VERSION_XSTR_(BCX_VERSION_MINOR) "." BCX_VERSION_XSTR_(BCX_VERSION_PATCH)

/* Library version as a string, e.g. "0.2.0". */
const char *bcx_version(void);

/* ------------------------------------------------------------------ */
/* Status and diagnostics                                              */
/* ------------------------------------------------------------------ */

/* Status codes. The numeric values are pinned and never reused. */
typedef enum bcx_status {
	BCX_OK = 0,
	BCX_ERR_TRUNCATED = 1,   /* input ended before a complete item */
	BCX_ERR_MALFORMED = 2,   /* bytes present but not valid for the format */
	BCX_ERR_LIMIT = 3,       /* a count, size or depth exceeds a limit */
	BCX_ERR_NOMEM = 4,       /* the allocator failed */
	BCX_ERR_UNSUPPORTED = 5, /* valid but not supported (version, feature) */
	BCX_ERR_INVALID_ARG = 6, /* the caller passed an invalid argument */
	BCX_ERR_IO = 7,          /* a file could not be read or written */
	BCX_ERR_OVERFLOW = 8,    /* a value does not fit the requested width */
	BCX_ERR_NOT_FOUND = 9    /* a looked-up name or index does not exist */
} bcx_status;

/* Short English text for a status ("truncated input", ...). Never NULL. */
const char *bcx_status_str(bcx_status s);

#define BCX_DIAG_MSG_MAX 256
#define BCX_DIAG_CTX_MAX 96

/* Where and why something failed. Filled on the first failure only. */
typedef struct bcx_diag {
	bcx_status code;
	bool has_offset;      /* offset is meaningful */
	bool is_bit_offset;   /* offset counts bits (bitstreams), else bytes */
	uint64_t offset;      /* byte or bit offset in the input */
	uint32_t line;        /* text input: 1-based line of the failure; 0: none */
	uint32_t column;      /* text input: 1-based column, counting bytes */
	char context[BCX_DIAG_CTX_MAX]; /* "section types", "function 'kern'", or "" */
	char message[BCX_DIAG_MSG_MAX];
} bcx_diag;

/*
 * Options structs (bcx_*_options) begin with `size_t size`: the caller sets
 * it to the size of the struct it was compiled with (BCX_OPTIONS_INIT does),
 * and the library reads only that many bytes, taking any later field as
 * zero, which is its default. A program built against an older header thus
 * keeps working with a newer library. size 0 (or a NULL pointer) means every
 * default.
 */
#define BCX_OPTIONS_INIT(type) {.size = sizeof(type)}

/* Copy the options at src (NULL: none) into dst, a struct of dst_size
 * bytes that begins with its size field, as described above. */
void bcx_options_copy(void *dst, size_t dst_size, const void *src);

/*
 * Limits that keep hostile input from costing unbounded time or memory. A
 * zero field takes the default. A format's reader, builder and writer apply
 * the same values, so that whatever bcx reads it can write again and whatever
 * it writes it can read back. Each nesting kind counts on its own: an
 * attribute's depth does not include the depth of the region it sits in.
 */
typedef struct bcx_limits {
	uint32_t max_depth; /* nesting of regions, of attributes, of types and of
			       debug records, of arrays and maps, each [BCX_LIMIT_DEPTH] */
	uint64_t max_count; /* elements of one array, map or list, bytes of one
			       name [BCX_LIMIT_COUNT] */
	uint64_t max_total; /* values in a whole input [BCX_LIMIT_TOTAL] */
} bcx_limits;

#define BCX_LIMIT_DEPTH 64u
#define BCX_LIMIT_COUNT (UINT64_C(1) << 24)
#define BCX_LIMIT_TOTAL (UINT64_C(1) << 26)

/* l with every zero field replaced by its default (l may be NULL). */
bcx_limits bcx_limits_resolve(const bcx_limits *l);

/* Reset a diagnostic to "no error". NULL is allowed. */
void bcx_diag_clear(bcx_diag *d);

/*
 * Record a failure in d (no-op when d is NULL or already holds an error) and
 * return code, so callers can write `return bcx_diag_set(d, ...)`.
 * offset < 0 means "no offset".
 */
bcx_status bcx_diag_set(bcx_diag *d, bcx_status code, int64_t offset,
			const char *fmt, ...) BCX_PRINTF(4, 5);
/* Same, but the offset counts bits. */
bcx_status bcx_diag_set_bits(bcx_diag *d, bcx_status code, uint64_t bit_offset,
			     const char *fmt, ...) BCX_PRINTF(4, 5);
/* Same, for text input: the failure's 1-based line and column (counted in
 * bytes), and its byte offset in the text (offset < 0: not known). */
bcx_status bcx_diag_set_text(bcx_diag *d, bcx_status code, int64_t offset, uint32_t line,
			     uint32_t column, const char *fmt, ...) BCX_PRINTF(6, 7);
/* Set the context text of d if it has none yet. */
void bcx_diag_context(bcx_diag *d, const char *fmt, ...) BCX_PRINTF(2, 3);

/* ------------------------------------------------------------------ */
/* Allocation                                                          */
/* ------------------------------------------------------------------ */

/*
 * A realloc-style allocator supplied by the caller (as lua_Alloc):
 *   new_size == 0      -> free ptr, return NULL
 *   ptr == NULL        -> allocate new_size bytes
 *   otherwise          -> resize
 * Returns NULL on failure. old_size is the size of ptr's block (0 when NULL).
 */
typedef struct bcx_allocator {
	void *(*fn)(void *ctx, void *ptr, size_t old_size, size_t new_size);
	void *ctx;
} bcx_allocator;

/* The libc allocator (malloc/realloc/free). */
const bcx_allocator *bcx_default_allocator(void);

/* Allocation through a (possibly NULL = default) allocator. */
void *bcx_alloc(const bcx_allocator *a, size_t size);
void *bcx_realloc(const bcx_allocator *a, void *p, size_t old_size, size_t new_size);
void bcx_free(const bcx_allocator *a, void *p, size_t size);

/* Overflow-checked arithmetic: return false (and leave *out unspecified)
 * when the result does not fit in size_t. */
static inline bool bcx_add_ok(size_t a, size_t b, size_t *out)
{
	return !__builtin_add_overflow(a, b, out);
}
static inline bool bcx_mul_ok(size_t a, size_t b, size_t *out)
{
	return !__builtin_mul_overflow(a, b, out);
}

/*
 * Arena: a bump allocator; everything it hands out is freed at once by
 * bcx_arena_free(). Memory is 16-byte aligned. Not thread-safe; one arena
 * per handle.
 */
typedef struct bcx_arena bcx_arena;

/* NULL allocator means bcx_default_allocator(). Returns NULL on no memory. */
bcx_arena *bcx_arena_new(const bcx_allocator *a);
void bcx_arena_free(bcx_arena *arena); /* NULL is a no-op */
/* Returns NULL when out of memory. size 0 returns a valid unique pointer. */
void *bcx_arena_alloc(bcx_arena *arena, size_t size);
/* Zeroed array of n elements of size each; NULL on overflow or no memory. */
void *bcx_arena_calloc(bcx_arena *arena, size_t n, size_t size);
/* Copy of [p, p+n) with a terminating NUL after it. */
char *bcx_arena_memdup(bcx_arena *arena, const void *p, size_t n);
/* Grow an arena array: returns a new block with the first old_n elements
 * copied (the old block is not reused). NULL on overflow or no memory. */
void *bcx_arena_grow(bcx_arena *arena, const void *old, size_t old_n,
		     size_t new_n, size_t size);
/* Total bytes requested from the allocator so far (for memory bounds). */
size_t bcx_arena_footprint(const bcx_arena *arena);
const bcx_allocator *bcx_arena_allocator(const bcx_arena *arena);

/* ------------------------------------------------------------------ */
/* Byte cursor                                                         */
/* ------------------------------------------------------------------ */

/*
 * A bounds-checked read position over [origin, end). Every byte-oriented
 * reader in bcx reads through one. Errors are sticky: after the first
 * failure every read returns 0 / NULL and the cursor stays where it was;
 * check bcx_cur_ok() once per record. Bounds tests compare the remaining
 * length and never form a pointer past the end.
 *
 * Offsets reported in diagnostics are relative to `origin`, the start of
 * the whole input, also for sub-cursors.
 */
typedef struct bcx_cursor {
	const uint8_t *origin; /* start of the whole input (offset 0) */
	const uint8_t *p;      /* next byte */
	const uint8_t *end;    /* one past the last readable byte */
	bcx_status status;     /* BCX_OK until the first failure */
	bcx_diag *diag;        /* where failures are reported; may be NULL */
} bcx_cursor;

void bcx_cur_init(bcx_cursor *c, const void *data, size_t size, bcx_diag *diag);

static inline bool bcx_cur_ok(const bcx_cursor *c) { return c->status == BCX_OK; }
static inline size_t bcx_cur_remaining(const bcx_cursor *c)
{
	return (size_t)(c->end - c->p);
}
static inline size_t bcx_cur_offset(const bcx_cursor *c)
{
	return (size_t)(c->p - c->origin);
}
static inline bool bcx_cur_at_end(const bcx_cursor *c) { return c->p == c->end; }

/* Mark the cursor failed at its current offset with a message (first
 * failure wins). Returns code. */
bcx_status bcx_cur_fail(bcx_cursor *c, bcx_status code, const char *fmt, ...)
	BCX_PRINTF(3, 4);
/* Same, at an explicit absolute offset. */
bcx_status bcx_cur_fail_at(bcx_cursor *c, size_t offset, bcx_status code,
			   const char *fmt, ...) BCX_PRINTF(4, 5);

/* Reads. `what` names the item for the diagnostic ("section length") and
 * may be NULL. */
uint8_t bcx_cur_u8(bcx_cursor *c, const char *what);
uint16_t bcx_cur_u16le(bcx_cursor *c, const char *what);
uint32_t bcx_cur_u32le(bcx_cursor *c, const char *what);
uint64_t bcx_cur_u64le(bcx_cursor *c, const char *what);
uint32_t bcx_cur_u32be(bcx_cursor *c, const char *what);
/* Pointer to the next n bytes (a view into the input), or NULL. */
const uint8_t *bcx_cur_bytes(bcx_cursor *c, size_t n, const char *what);
/* Look at the next byte without consuming it; -1 at end or on error. */
int bcx_cur_peek(const bcx_cursor *c);
bool bcx_cur_skip(bcx_cursor *c, size_t n, const char *what);
/* Skip padding so that the absolute offset becomes a multiple of align
 * (a power of two, >= 1). If pad_byte >= 0, every skipped byte must equal it. */
bool bcx_cur_align(bcx_cursor *c, size_t align, int pad_byte);
/*
 * Split off the next n bytes as a sub-cursor (sharing origin and diag) and
 * advance c past them. On failure sub is a failed, empty cursor.
 */
bool bcx_cur_sub(bcx_cursor *c, size_t n, bcx_cursor *sub, const char *what);
/* After a sub-cursor fails, copy its status into the parent. */
void bcx_cur_join(bcx_cursor *parent, const bcx_cursor *sub);

/* Varints on the cursor (the codecs of bcx/varint.h). max_bits limits the
 * decoded width (1..64); longer or wider encodings are errors. */
uint64_t bcx_cur_uleb128(bcx_cursor *c, unsigned max_bits, const char *what);
int64_t bcx_cur_sleb128(bcx_cursor *c, unsigned max_bits, const char *what);
uint64_t bcx_cur_prefixvarint(bcx_cursor *c, const char *what);

/* ------------------------------------------------------------------ */
/* Bit cursor (LLVM bitstream order: little-endian 32-bit words, LSB first) */
/* ------------------------------------------------------------------ */

typedef struct bcx_bitcursor {
	const uint8_t *data;
	size_t size;           /* bytes */
	uint64_t pos;          /* bit position from data[0] */
	uint64_t limit;        /* bits readable (size * 8, or less) */
	uint64_t base_bits;    /* added to pos in diagnostics (e.g. after a wrapper) */
	bcx_status status;
	bcx_diag *diag;
} bcx_bitcursor;

void bcx_bit_init(bcx_bitcursor *b, const void *data, size_t size, bcx_diag *diag);
static inline bool bcx_bit_ok(const bcx_bitcursor *b) { return b->status == BCX_OK; }
static inline uint64_t bcx_bit_pos(const bcx_bitcursor *b) { return b->pos; }
static inline bool bcx_bit_at_end(const bcx_bitcursor *b) { return b->pos >= b->limit; }
static inline uint64_t bcx_bit_remaining(const bcx_bitcursor *b)
{
	return b->pos >= b->limit ? 0 : b->limit - b->pos;
}
bcx_status bcx_bit_fail(bcx_bitcursor *b, bcx_status code, const char *fmt, ...)
	BCX_PRINTF(3, 4);
/* Read a fixed-width field of 0..64 bits. */
uint64_t bcx_bit_read(bcx_bitcursor *b, unsigned width);
/* Read a VBR-width value (width 2..32); values wider than 64 bits fail. */
uint64_t bcx_bit_vbr(bcx_bitcursor *b, unsigned width);
/* The same for 32-bit quantities (LLVM's ReadVBR: ids, widths, lengths). */
uint32_t bcx_bit_vbr32(bcx_bitcursor *b, unsigned width);
/* Skip to the next multiple of 32 bits. */
bool bcx_bit_align32(bcx_bitcursor *b);
/* Move to an absolute bit position (<= limit). */
bool bcx_bit_seek(bcx_bitcursor *b, uint64_t bit_pos);

/* ------------------------------------------------------------------ */
/* Writers                                                             */
/* ------------------------------------------------------------------ */

/* Where streamed output (disassembly, dumps, analyzer reports) goes. write()
 * receives every byte once, in order, in pieces of any size; it returns
 * BCX_OK, or a failure status (BCX_ERR_IO for a failed write) that stops the
 * producer, which then returns that status. */
typedef struct bcx_sink {
	bcx_status (*write)(void *ctx, const void *p, size_t n);
	void *ctx;
} bcx_sink;

/* A growable byte buffer with a sticky status (BCX_ERR_NOMEM/LIMIT). */
typedef struct bcx_buf {
	uint8_t *data;
	size_t len;
	size_t cap;
	bcx_status status;
	const bcx_allocator *alloc;
} bcx_buf;

void bcx_buf_init(bcx_buf *w, const bcx_allocator *a); /* a may be NULL */
void bcx_buf_free(bcx_buf *w);
/* Make room for n more bytes; false (and sticky NOMEM) on failure. */
bool bcx_buf_reserve(bcx_buf *w, size_t n);
void bcx_buf_put_u8(bcx_buf *w, uint8_t v);
void bcx_buf_put_u16le(bcx_buf *w, uint16_t v);
void bcx_buf_put_u32le(bcx_buf *w, uint32_t v);
void bcx_buf_put_u64le(bcx_buf *w, uint64_t v);
void bcx_buf_put_bytes(bcx_buf *w, const void *p, size_t n);
/* printf into the buffer (no NUL is kept in len). */
void bcx_buf_printf(bcx_buf *w, const char *fmt, ...) BCX_PRINTF(2, 3);
void bcx_buf_puts(bcx_buf *w, const char *s);
/* Append `fill` bytes until len is a multiple of align (power of two). */
void bcx_buf_pad_to(bcx_buf *w, size_t align, uint8_t fill);
void bcx_buf_put_uleb128(bcx_buf *w, uint64_t v);
void bcx_buf_put_sleb128(bcx_buf *w, int64_t v);
void bcx_buf_put_prefixvarint(bcx_buf *w, uint64_t v);
/* Overwrite 4 bytes at pos (which must already exist). */
void bcx_buf_patch_u32le(bcx_buf *w, size_t pos, uint32_t v);
/* A bcx_sink write function that appends to the bcx_buf given as ctx (or
 * drops the bytes when ctx is NULL); returns the buffer's status. */
bcx_status bcx_buf_sink_write(void *ctx, const void *p, size_t n);
/* Pass what w holds on to sink once it holds at least `at` bytes (0: pass
 * anything), and empty it for more: a buffer that stages text for a sink.
 * A failed write is kept in w->status, which stops later writes to w. */
void bcx_buf_spill(bcx_buf *w, const bcx_sink *sink, size_t at);
/* Hand the buffer over: returns data (owned by the caller, free with the
 * buffer's allocator) and resets w. */
uint8_t *bcx_buf_take(bcx_buf *w, size_t *len);

/* A bit writer in bitstream order, on top of a byte buffer. */
typedef struct bcx_bitbuf {
	bcx_buf bytes;   /* completed 32-bit words */
	uint64_t cur;    /* pending bits, LSB first */
	unsigned ncur;   /* number of pending bits (< 32 between calls) */
} bcx_bitbuf;

void bcx_bitbuf_init(bcx_bitbuf *w, const bcx_allocator *a);
void bcx_bitbuf_free(bcx_bitbuf *w);
void bcx_bitbuf_emit(bcx_bitbuf *w, uint64_t v, unsigned width); /* width 0..64 */
void bcx_bitbuf_emit_vbr(bcx_bitbuf *w, uint64_t v, unsigned width); /* 2..32 */
void bcx_bitbuf_align32(bcx_bitbuf *w);
uint64_t bcx_bitbuf_bit_pos(const bcx_bitbuf *w);
/* Overwrite a 32-bit word at a 32-bit aligned byte position already written. */
void bcx_bitbuf_patch_word(bcx_bitbuf *w, size_t byte_pos, uint32_t v);
static inline bcx_status bcx_bitbuf_status(const bcx_bitbuf *w) { return w->bytes.status; }

/* ------------------------------------------------------------------ */
/* Files                                                               */
/* ------------------------------------------------------------------ */

/*
 * Read a whole file ("-" is stdin) into memory from the allocator.
 * max_size bounds it (0 = no bound other than SIZE_MAX). The caller frees
 * *data with bcx_free(a, *data, *size).
 */
bcx_status bcx_file_read(const char *path, const bcx_allocator *a, size_t max_size,
			 uint8_t **data, size_t *size, bcx_diag *diag);
/*
 * A file's bytes without reading it whole: a regular file is mapped
 * read-only (pages are read when touched, so looking at the first bytes of
 * a huge file costs nothing); stdin, pipes and devices are read into a
 * buffer. data/size are the bytes; the other fields belong to bcx.
 */
typedef struct bcx_file_view {
	const uint8_t *data;
	size_t size;
	void *base_;
	size_t cap_;
	int kind_;
} bcx_file_view;
bcx_status bcx_file_map(const char *path, size_t max_size, bcx_file_view *v, bcx_diag *diag);
void bcx_file_unmap(bcx_file_view *v); /* a zeroed or unmapped view is a no-op */
/*
 * The first n bytes of v are read (and will seldom be read again): the
 * pages of a mapped file wholly inside them are given back to the kernel
 * (madvise MADV_DONTNEED; touched again, they are read from the file), so a
 * large file read front to back does not stay in memory whole. A buffer
 * view is left as it is, and so is any view in the portable build
 * (BCX_POSIX_FILES: posix_madvise's POSIX_MADV_DONTNEED is only advice, which
 * need not drop the pages).
 */
void bcx_file_view_done(const bcx_file_view *v, size_t n);
/*
 * Write data to path ("-" is stdout), checking every write:
 *  - a regular file (or none yet) is replaced atomically: a temporary file
 *    in the same folder (O_TMPFILE where the kernel has it, else a short
 *    ".bcx-XXXXXX" name) is written, flushed, given the old file's mode and
 *    renamed over it; on any error it is removed and path is left as it was;
 *  - a symlink is followed: its target is written, the link stays;
 *  - a device, FIFO or socket (/dev/null, /dev/stdout, ...) is written in
 *    place, never replaced.
 */
bcx_status bcx_file_write_atomic(const char *path, const void *data, size_t size,
				 bcx_diag *diag);

/*
 * The same, streamed: open the output, write it piece by piece (through
 * bcx_file_out_write, a bcx_sink write function whose ctx is the
 * bcx_file_out), then commit, which renames a replacement into place, or
 * abort, which leaves path as it was. A write error is kept and reported by
 * the commit. Where the kernel has O_TMPFILE, a replacement has no name
 * until the commit, so a process killed while writing leaves nothing.
 */
typedef struct bcx_file_out bcx_file_out;
BCX_NODISCARD bcx_status bcx_file_out_open(const char *path, bcx_file_out **out,
					   bcx_diag *diag);
bcx_status bcx_file_out_write(void *ctx, const void *p, size_t n);
/* Finish and free f; the first error of the whole output is returned. */
BCX_NODISCARD bcx_status bcx_file_out_commit(bcx_file_out *f, bcx_diag *diag);
void bcx_file_out_abort(bcx_file_out *f); /* NULL is a no-op */
/* Whether an abort leaves no trace of what was written: true for a
 * replacement, and for our own descriptor on a regular file opened without
 * O_APPEND (a shell's "> FILE"), which the abort cuts back to where the
 * output began; false for a pipe, a terminal or a device. */
bool bcx_file_out_undoable(const bcx_file_out *f);
/* The name of the temporary file a replacement is written to until the
 * commit, or NULL when there is none or it has no name (O_TMPFILE): where
 * the kernel lacks O_TMPFILE, a program that handles SIGINT or SIGTERM
 * unlinks it there so that nothing is left behind (bcx does). */
const char *bcx_file_out_temp_name(const bcx_file_out *f);

BCX_END_DECLS
#endif /* BCX_CORE_H */
