-- 3x10^6 closures made and called (closures.tasm)
local function make_adder(n) return function(x) return x + n end end
local s = 0
for i = 0, 3000000 - 1 do s = s + make_adder(i)(1) end
print(s)
