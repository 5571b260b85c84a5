-- shogi.web_json: the JSON the site's Lua services answer (shogi.web_service, shogi.web_problems).
--   json.encode(value) -> text     json.list(t) -> t, or the marker of an empty list
--   json.null                      json.decode(text) -> value | nil, msg
-- Debian's lua-cjson (2.1.0) writes an empty table as {}: an empty list is a marker until encode() turns
-- it into [] (no value of ours is this string: moves, names and records never are).
local cjson = require "cjson"

local pcall = pcall
local _ENV = nil -- luacheck: ignore 211

local M = {}

local EMPTY = "\1komadai-empty-list\1"

M.null = cjson.null

function M.list(t) if #t == 0 then return EMPTY end return t end

function M.null_or(x) if x == nil then return cjson.null end return x end

function M.encode(v) return (cjson.encode(v):gsub('"\\u0001komadai%-empty%-list\\u0001"', "[]")) end

function M.decode(text)
  local ok, v = pcall(cjson.decode, text)
  if not ok then return nil, "malformed JSON" end
  return v
end

return M
