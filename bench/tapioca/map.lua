-- map (map.tasm): N inserts of key i*7, then N lookups
local n = tonumber(arg[1]) or 20000
local m = {}
for i = 1, n do m[i * 7] = i end
local s = 0
for i = 1, n do s = s + m[i * 7] end
print(s)
