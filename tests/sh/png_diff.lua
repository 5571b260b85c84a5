-- Compares two PNG images pixel by pixel (decoded by netpbm's pngtopnm, which
-- the Makefile installs) and prints "N of M pixels differ (P%)".
--   lua5.4 tests/sh/png_diff.lua a.png b.png [max_percent [channel_delta]]
-- A pixel differs when a channel differs by more than channel_delta (48).
-- Exit status 0 when at most max_percent (0.5) of the pixels differ, 1 when
-- more do or the sizes differ, 2 when an image cannot be read.
local a_name, b_name = arg[1], arg[2]
local max_percent = tonumber(arg[3] or "0.5")
local delta = tonumber(arg[4] or "48")

local function read_ppm(name)
  local p = io.popen("pngtopnm '" .. name:gsub("'", "'\\''") .. "' 2>/dev/null")
  local data = p and p:read("a") or ""
  if p then p:close() end
  local magic, w, h, maxval, at = data:match("^(P[36])%s+(%d+)%s+(%d+)%s+(%d+)%s()")
  if not magic then
    io.stderr:write("png_diff: cannot read ", name, " as a PNG (is netpbm installed?)\n")
    os.exit(2)
  end
  return {w = tonumber(w), h = tonumber(h), channels = magic == "P6" and 3 or 1, data = data, at = at,
    wide = tonumber(maxval) > 255}
end

local a, b = read_ppm(a_name), read_ppm(b_name)
if a.w ~= b.w or a.h ~= b.h or a.channels ~= b.channels or a.wide or b.wide then
  print(("sizes differ: %dx%d and %dx%d"):format(a.w, a.h, b.w, b.h))
  os.exit(1)
end
local n, differ = a.w * a.h, 0
local c = a.channels
local ad, bd, ai, bi = a.data, b.data, a.at, b.at
for i = 0, n - 1 do
  local o = i * c
  for k = 0, c - 1 do
    local x, y = ad:byte(ai + o + k), bd:byte(bi + o + k)
    if x - y > delta or y - x > delta then differ = differ + 1; break end
  end
end
local percent = 100 * differ / n
print(("%d of %d pixels differ (%.3f%%)"):format(differ, n, percent))
os.exit(percent <= max_percent and 0 or 1)
