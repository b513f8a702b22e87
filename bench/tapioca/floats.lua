-- 10 passes over an array of 10^6 floats (floats.tasm)
local n = 1000000
local a = {}
for i = 1, n do a[i] = (i - 1) * 0.5 end
local s = 0.0
for _ = 1, 10 do
  for i = 1, n do s = s + a[i] end
end
print(string.format("%.17g", s))
