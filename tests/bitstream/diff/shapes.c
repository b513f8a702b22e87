/* Structs, unions, bit-fields, floating point and function pointers. */
struct point { double x, y; };
struct shape {
	int kind : 3;
	unsigned flags : 5;
	union { struct point c; float r[4]; } u;
	const char *name;
};

static double area_circle(const struct shape *s) { return 3.14159 * s->u.r[0] * s->u.r[0]; }
static double area_rect(const struct shape *s) { return s->u.c.x * s->u.c.y; }

static double (*const areas[])(const struct shape *) = {area_circle, area_rect};

struct shape shapes[3] = {
	{0, 1, {.r = {1.5f, 0, 0, 0}}, "circle"},
	{1, 2, {.c = {2.0, 3.0}}, "rect"},
	{1, 3, {.c = {-1.25, 4e10}}, "wide \"rect\"\n"},
};

double total_area(int n)
{
	double sum = 0;
	for (int i = 0; i < n && i < 3; i++)
		sum += areas[shapes[i].kind & 1](&shapes[i]);
	return sum;
}

long long mix(long long a, unsigned char b, short c)
{
	return (a << (b & 7)) ^ (long long)c * -123456789LL + (a > 0 ? 0x7fffffffffffLL : -1);
}
