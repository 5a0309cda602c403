local n, caught = 0, 0
local function deep(k) if k == 0 then error("boom " .. n) end return deep(k - 1) + 1 end
for i = 1, 20000 do
  local ok, err = pcall(deep, i % 17)
  if not ok then caught = caught + 1 end
  n = n + 1
end
local co = coroutine.wrap(function() for i = 1, 1000 do coroutine.yield(i) end end)
local s = 0
for i = 1, 1000 do s = s + co() end
local t = {}
for i = 1, 5000 do t[#t + 1] = string.rep("x", i % 50) .. tostring(i) end
table.sort(t)
local ok2 = 0
for i = 1, 3000 do
  local ok = xpcall(function() local x = nil; return x.y end, function(m) return m end)
  if not ok then ok2 = ok2 + 1 end
end
print(n, caught, s, #t, t[1], t[#t], ok2, collectgarbage("count") > 0)
