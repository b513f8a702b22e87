/* Block and record names as llvm-bcanalyzer picks them (spec
 * llvm-bitstream.md section 8). The built-in names come from names.def,
 * generated from the names table by scripts/gen_bitstream_names.sh. */
#include "internal.h"

#include <stddef.h>

#define BS_NAME_BLOCKS 32
#define BS_NAME_CODES 128

/* Names as offsets into one pool of char arrays, not pointers: the
 * 32 x 128 table of pointers was 64 KB of relocated data that every start
 * of the tool wrote, whatever it ran. Each row of names.def is one line, so
 * a pool member is named by its line; offset 0 is the pool's first member,
 * which is no name. */
typedef struct bs_cname {
	uint16_t off, len;
} bs_cname;

#define CAT_(a, b) a##b
#define CAT(a, b) CAT_(a, b)
static const struct names_pool {
	char none;
#define BS_BLOCK(id, name) char CAT(n, __LINE__)[sizeof name];
#define BS_RECORD(block, code, name) char CAT(n, __LINE__)[sizeof name];
#include "names.def"
#undef BS_BLOCK
#undef BS_RECORD
} pool = {
	0,
#define BS_BLOCK(id, name) name,
#define BS_RECORD(block, code, name) name,
#include "names.def"
#undef BS_BLOCK
#undef BS_RECORD
};
#define AT(name) (uint16_t)offsetof(struct names_pool, CAT(n, __LINE__)), (uint16_t)(sizeof(name) - 1)
_Static_assert(sizeof pool <= 0xFFFF, "bitstream names: pool offsets are 16 bits");

static const bs_cname builtin_blocks[BS_NAME_BLOCKS] = {
#define BS_BLOCK(id, name) [id] = {AT(name)},
#define BS_RECORD(block, code, name)
#include "names.def"
#undef BS_BLOCK
#undef BS_RECORD
};

static const bs_cname builtin_records[BS_NAME_BLOCKS][BS_NAME_CODES] = {
#define BS_BLOCK(id, name)
#define BS_RECORD(block, code, name) [block][code] = {AT(name)},
#include "names.def"
#undef BS_BLOCK
#undef BS_RECORD
};
#undef AT

static bcx_bs_name cname(bs_cname n)
{
	if (!n.off)
		return (bcx_bs_name){NULL, 0};
	return (bcx_bs_name){(const char *)&pool + n.off, n.len};
}

static const bs_cname no_name = {0, 0};

/* IDs below 8 are reserved by the container: only BLOCKINFO (0) has a
 * name, for every stream type. A BLOCKINFO name is kept only when BLOCKNAME
 * had characters; like LLVM's C-string view it ends at the first NUL
 * (blockinfo.c stores name_len that way). */
bcx_bs_name bs_block_name(bcx_bs_kind kind, const bs_bi_entry *bi, uint32_t block_id)
{
	if (block_id < 8)
		return cname(block_id == 0 ? builtin_blocks[0] : no_name);
	if (bi && bi->name)
		return (bcx_bs_name){bi->name, bi->name_len};
	if (kind != BCX_BS_KIND_LLVM_IR || block_id >= BS_NAME_BLOCKS)
		return cname(no_name);
	return cname(builtin_blocks[block_id]);
}

bcx_bs_name bs_record_name(bcx_bs_kind kind, const bs_bi_entry *bi, uint32_t block_id,
			   uint32_t code)
{
	if (block_id < 8) {
		if (block_id != 0 || code >= BS_NAME_CODES)
			return cname(no_name);
		return cname(builtin_records[0][code]);
	}
	if (bi)
		for (uint32_t i = 0; i < bi->nrecnames; i++)
			if (bi->recnames[i].code == code)
				return (bcx_bs_name){bi->recnames[i].name, bi->recnames[i].len};
	if (kind != BCX_BS_KIND_LLVM_IR || block_id >= BS_NAME_BLOCKS || code >= BS_NAME_CODES)
		return cname(no_name);
	return cname(builtin_records[block_id][code]);
}

bcx_bs_name bcx_bs_block_name(const bcx_bs_reader *r, uint32_t block_id)
{
	return bs_block_name(r->kind, bs_bi_find(r->bi, block_id), block_id);
}

bcx_bs_name bcx_bs_record_name(const bcx_bs_reader *r, uint32_t block_id, uint32_t code)
{
	return bs_record_name(r->kind, bs_bi_find(r->bi, block_id), block_id, code);
}
