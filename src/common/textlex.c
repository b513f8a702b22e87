/* The shared lexing rules (textlex.h). */
#include "common/textlex.h"

#define LW (BCX_TX_ID0 | BCX_TX_ID)
#define LH (BCX_TX_ID0 | BCX_TX_ID | BCX_TX_HEX)
#define DG (BCX_TX_ID | BCX_TX_DIGIT | BCX_TX_HEX)
#define PU BCX_TX_PUNCT
#define SG BCX_TX_SIGIL
const uint8_t bcx_text_cls[256] = {
	[' '] = BCX_TX_BLANK, ['\t'] = BCX_TX_BLANK, ['\r'] = BCX_TX_BLANK,
	['\n'] = BCX_TX_NEWLINE,
	['0'] = DG, ['1'] = DG, ['2'] = DG, ['3'] = DG, ['4'] = DG,
	['5'] = DG, ['6'] = DG, ['7'] = DG, ['8'] = DG, ['9'] = DG,
	['a'] = LH, ['b'] = LH, ['c'] = LH, ['d'] = LH, ['e'] = LH, ['f'] = LH,
	['A'] = LH, ['B'] = LH, ['C'] = LH, ['D'] = LH, ['E'] = LH, ['F'] = LH,
	['g'] = LW, ['h'] = LW, ['i'] = LW, ['j'] = LW, ['k'] = LW, ['l'] = LW, ['m'] = LW,
	['n'] = LW, ['o'] = LW, ['p'] = LW, ['q'] = LW, ['r'] = LW, ['s'] = LW, ['t'] = LW,
	['u'] = LW, ['v'] = LW, ['w'] = LW, ['x'] = LW, ['y'] = LW, ['z'] = LW,
	['G'] = LW, ['H'] = LW, ['I'] = LW, ['J'] = LW, ['K'] = LW, ['L'] = LW, ['M'] = LW,
	['N'] = LW, ['O'] = LW, ['P'] = LW, ['Q'] = LW, ['R'] = LW, ['S'] = LW, ['T'] = LW,
	['U'] = LW, ['V'] = LW, ['W'] = LW, ['X'] = LW, ['Y'] = LW, ['Z'] = LW,
	['_'] = LW, ['$'] = BCX_TX_ID, ['.'] = BCX_TX_ID,
	['('] = PU, [')'] = PU, ['{'] = PU, ['}'] = PU, ['['] = PU, [']'] = PU,
	['<'] = PU, ['>'] = PU, [','] = PU, [':'] = PU, ['='] = PU, ['?'] = PU,
	['*'] = PU, ['-'] = PU, ['+'] = PU,
	['%'] = SG, ['^'] = SG, ['@'] = SG, ['#'] = SG, ['!'] = SG,
};

bool bcx_text_u64(const char *p, size_t n, unsigned base, uint64_t *v)
{
	uint64_t r = 0;
	for (size_t i = 0; i < n; i++) {
		int d = bcx_text_hexval((unsigned char)p[i]);
		if (d < 0 || (unsigned)d >= base || r > (UINT64_MAX - (unsigned)d) / base)
			return false;
		r = r * base + (unsigned)d;
	}
	*v = r;
	return true;
}

int bcx_text_escape(char e)
{
	switch (e) {
	case 'n': return '\n';
	case 't': return '\t';
	case '"': return '"';
	case '\\': return '\\';
	default: return -1;
	}
}
