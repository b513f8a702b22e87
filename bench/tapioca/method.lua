-- 5x10^6 calls through a map field (method.tasm)
local obj = {inc = function(x) return x + 1 end}
local x = 0
for _ = 1, 5000000 do x = obj.inc(x) end
print(x)
