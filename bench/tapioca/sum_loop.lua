-- the sum of 1..10^8 in a loop (sum_loop.tasm)
local s = 0
for i = 1, 100000000 do s = s + i end
print(s)
