/* Loops, switches, recursion, strings and globals with initializers. */
static const char *const words[] = {"alpha", "beta", "gamma", "", "delta\tepsilon"};
int counter = 42;
static unsigned long long table[16] = {1, 2, 3, 0xffffffffffffffffULL, 1ULL << 63};

static int fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }

int classify(int x)
{
	switch (x) {
	case -5: return 1;
	case 0: return 2;
	case 7: return fib(x);
	case 1000000: return 4;
	default: break;
	}
	int acc = 0;
	while (x > 0) {
		acc += x % 10;
		x /= 10;
		if (acc > 100)
			goto out;
	}
out:
	return acc + counter;
}

unsigned long long lookup(unsigned i, const char **w)
{
	*w = words[i % 5];
	return table[i & 15] + (unsigned long long)words[i % 5][0];
}

int count_chars(const char *s, char c)
{
	int n = 0;
	for (; *s; s++)
		n += *s == c;
	return n;
}
