/* Block and record names as llvm-bcanalyzer picks them (spec
 * llvm-bitstream.md section 8). The built-in names come from names.def,
 * generated from the names table by scripts/gen_bitstream_names.sh. */
#include "internal.h"

#define BS_NAME_BLOCKS 32
#define BS_NAME_CODES 128

/* Names with their lengths (the analyzer prints one per record). */
typedef struct bs_cname {
	const char *s;
	size_t len;
} bs_cname;

static const bs_cname builtin_blocks[BS_NAME_BLOCKS] = {
#define BS_BLOCK(id, name) [id] = {name, sizeof(name) - 1},
#define BS_RECORD(block, code, name)
#include "names.def"
#undef BS_BLOCK
#undef BS_RECORD
};

static const bs_cname builtin_records[BS_NAME_BLOCKS][BS_NAME_CODES] = {
#define BS_BLOCK(id, name)
#define BS_RECORD(block, code, name) [block][code] = {name, sizeof(name) - 1},
#include "names.def"
#undef BS_BLOCK
#undef BS_RECORD
};

static bcx_bs_name cname(bs_cname n)
{
	return (bcx_bs_name){n.s, n.len};
}

static const bs_cname no_name = {NULL, 0};

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
