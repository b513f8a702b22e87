-- N short-lived objects (churn.tasm)
local n = tonumber(arg[1]) or 100000000
local s = 0
for _ = 1, n do
  local t = {0, 0}
  s = s + #t
end
print(s)
