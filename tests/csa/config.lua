-- The config the server tests run with: every hook, and games set up by name.
local seen = 0
return {
  event = "hooks",
  login_timeout = 1,
  max_connections_per_address = 40,
  pair = function(a, b)
    return not (a.name:find("^loner") and b.name:find("^loner"))
  end,
  game = function(info)
    if info.name:find("^perp") then return {position = "4k4/9/9/9/9/9/9/9/K4R3 b - 1"} end
    if info.name:find("^cap") then return {max_moves = 4} end
    if info.name:find("^kachi") then
      return {position = "+R+B+S+S+N+N+L+LK/9/PPPPPPPPP/9/9/9/9/9/4k4 b RB4G9p 1"}
    end
    if info.name:find("^sho") then return {variant = "sho"} end
    if info.name:find("^broken") then return {position = "not a position"} end
    return nil
  end,
  end_test = function(g)
    if g.name:find("^custom") and g.ply == 2 then return {reason = "two-moves", winner = "w"} end
    if g.name:find("^badtest") then error("end test broke") end
    return nil
  end,
  on_move = function(m) seen = seen + 1; print("on_move " .. m.id .. " " .. m.move .. " " .. m.ply) end,
  on_end = function(r) print("on_end " .. r.id .. " " .. r.result .. " " .. tostring(r.winner)) end,
  log = function(line) print("log " .. line) end,
}
