-- build an array of a million floats, then sum it (bench/tapioca_sum_floats.tasm)
local a = {}
for i = 1, 1000000 do a[i] = (i - 1) * 0.5 end
local s = 0.0
for i = 1, #a do s = s + a[i] end
print(string.format("%.17g", s))
