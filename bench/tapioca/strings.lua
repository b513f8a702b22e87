-- string building (strings.tasm): N strings of 100 appends of "xy"
local n = tonumber(arg[1]) or 3000
local total = 0
for _ = 1, n do
  local s = ""
  for _ = 1, 100 do s = s .. "xy" end
  total = total + #s
end
print(total)
