// C++ without system headers: templates, virtual functions, exceptions,
// lambdas and static constructors give clang other record kinds (comdats,
// vtables, landing pads, more metadata).
template <typename T> struct Box {
	T v;
	explicit Box(T x) : v(x) {}
	virtual ~Box() {}
	virtual T get() const { return v; }
};

struct Counter : Box<long> {
	explicit Counter(long x) : Box<long>(x) {}
	long get() const override { return v * 2; }
};

static Counter global_counter(21);

template <typename F> static int apply(F f, int x) { return f(x); }

int use(int n)
{
	Box<int> b(3);
	Box<double> d(2.5);
	int k = apply([n](int x) { return x * n; }, b.get());
	try {
		if (n < 0)
			throw n;
	} catch (int e) {
		return e;
	}
	return k + static_cast<int>(d.get()) + static_cast<int>(global_counter.get());
}
