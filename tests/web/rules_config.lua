-- the config of the second server of tests/sh/browser.sh: figures the rules page must show (tests/web/rules.mjs)
-- and a bot file, the analysis board's second engine there (tests/web/analysis.mjs)
return {max_moves = 300, deadlines = {172800, 120, 3600}, session_idle = 604800,
  bots = {material = "../../examples/bots/material.lua"}}
