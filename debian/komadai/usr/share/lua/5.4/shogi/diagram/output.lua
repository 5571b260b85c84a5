-- Writing diagrams to files: SVG as it is; PNG and PDF through rsvg-convert
-- (Debian's librsvg2-bin), which draws the text with the fonts fontconfig
-- finds (the Makefile installs fonts-noto-cjk).  Several pages go into one
-- PDF; as SVG or PNG they become NAME-1.png, NAME-2.png, ...
--   output.write({svg_text, ...}, "sheet.pdf") -> true | nil, msg
local io_open, os_execute, os_remove, os_tmpname = io.open, os.execute, os.remove, os.tmpname
local ipairs, tostring = ipairs, tostring
local concat = table.concat
local _ENV = nil -- luacheck: ignore 211

local M = {}

M.CONVERTER = "rsvg-convert"

local FORMATS = {svg = "svg", png = "png", pdf = "pdf"}

--- format_of(file) -> "svg" | "png" | "pdf" | nil, msg
function M.format_of(file)
  local ext = file:match("%.(%w+)$")
  local fmt = ext and FORMATS[ext:lower()]
  if not fmt then
    return nil, "diagram: cannot tell the format of '" .. file .. "' (the name ends in .svg, .png or .pdf)"
  end
  return fmt
end

local function quote(s) return "'" .. s:gsub("'", "'\\''") .. "'" end

local function write_file(name, text)
  local f, err = io_open(name, "wb")
  if not f then return nil, "diagram: cannot write " .. tostring(err) end
  local ok, werr = f:write(text)
  f:close()
  if not ok then return nil, "diagram: cannot write '" .. name .. "': " .. tostring(werr) end
  return true
end

local function read_all(name)
  local f = io_open(name, "rb")
  if not f then return "" end
  local s = f:read("a") or ""
  f:close()
  return s
end

-- runs rsvg-convert on SVG texts into out (one PNG, or one PDF of every page)
local function convert(pages, fmt, out)
  local inputs, quoted = {}, {}
  local function cleanup() for _, n in ipairs(inputs) do os_remove(n) end end
  for i, text in ipairs(pages) do
    inputs[i] = os_tmpname()
    local ok, err = write_file(inputs[i], text)
    if not ok then cleanup(); return nil, err end
    quoted[i] = quote(inputs[i])
  end
  local errfile = os_tmpname()
  inputs[#inputs + 1] = errfile
  local cmd = concat({M.CONVERTER, "-f", fmt, "-o", quote(out), concat(quoted, " "), "2>" .. quote(errfile)}, " ")
  local ok, _, code = os_execute(cmd)
  local errtext = read_all(errfile):gsub("%s+$", "")
  cleanup()
  if ok then return true end
  if code == 127 then
    return nil, "diagram: " .. M.CONVERTER .. " not found (Debian package librsvg2-bin; make installs it)"
  end
  os_remove(out)
  return nil, "diagram: " .. M.CONVERTER .. " could not write '" .. out .. "'" ..
    (errtext ~= "" and (": " .. errtext) or (" (exit " .. tostring(code) .. ")"))
end

-- NAME.png -> NAME-i.png
local function numbered(file, i)
  local stem, ext = file:match("^(.*)(%.%w+)$")
  return stem .. "-" .. i .. ext
end

--- write(pages, file) -> true, files | nil, msg
function M.write(pages, file)
  local fmt, err = M.format_of(file)
  if not fmt then return nil, err end
  if #pages == 0 then return nil, "diagram: nothing to write" end
  if fmt == "pdf" then
    local ok, cerr = convert(pages, "pdf", file)
    if not ok then return nil, cerr end
    return true, {file}
  end
  local files = {}
  for i, text in ipairs(pages) do
    local name = #pages == 1 and file or numbered(file, i)
    local ok, werr
    if fmt == "svg" then ok, werr = write_file(name, text)
    else ok, werr = convert({text}, "png", name) end
    if not ok then return nil, werr end
    files[i] = name
  end
  return true, files
end

return M
