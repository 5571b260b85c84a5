-- scripts/match.lua: the match runner's entry (scripts/match starts it with build/komadai or lua5.4).
-- See lua/shogi/match/options.lua for the command line and README.md for examples.
local here = (arg and arg[0] or ""):match("^(.*)/[^/]*$") or "."
package.path = here .. "/../lua/?.lua;" .. here .. "/../lua/?/init.lua;" .. package.path
package.cpath = here .. "/../build/lib/?.so;" .. package.cpath

local options = require "shogi.match.options"
local runner = require "shogi.match.runner"

local args = {}
for i = 1, #arg do args[i] = arg[i] end
local cfg, msg = options.parse(args)
if not cfg then
  io.stderr:write(msg, "\n")
  os.exit(2)
end
if cfg.help then
  print(options.USAGE)
  os.exit(0)
end
local status
if cfg.merge then
  status = runner.merge(cfg)
elseif cfg.worker then
  status = runner.worker(cfg)
else
  -- how a worker is started: this interpreter, this script, the same arguments
  cfg.interpreter, cfg.script, cfg.argv = arg[-1], arg[0], args
  status = runner.run(cfg)
end
os.exit(status, true)
