-- help() entries for driving USI engines (shogi.engine) and child processes (core.spawn).
-- Each entry: name, args, summary, details, example.
return {
  {
    name = "shogi.engine",
    args = "(cmd | {cmd =, args =, cwd =, options =, name =, stderr =, timeout =, log =})",
    summary = "starts a USI engine and does the handshake: usi, its id and options, your options, isready",
    details = "cmd is a command line (split at spaces, '...' and \"...\" quote) or a list of words; args adds "
      .. "words; cwd is where it runs; options = {[name] = value} are set before the first isready (a "
      .. "multi-variant engine such as Fairy-Stockfish gets UCI_Variant = shogi when it offers it); name "
      .. "names it in messages (default: the program's file name); stderr = \"null\" (default) or \"inherit\"; "
      .. "timeout = seconds for usiok and readyok (30); log = function(dir, line) sees every line (dir \">\" "
      .. "sent, \"<\" read). A program without '/' not found in PATH is looked for in /usr/games (Debian). "
      .. "Returns the engine, or nil, msg, kind: whatever the engine does wrong (it crashes, stays silent past "
      .. "the limit, prints a malformed line) is reported as \"engine 'name': what it did\", kind \"crash\" | "
      .. "\"timeout\" | \"malformed\", and the process is killed. The process is also killed when the engine "
      .. "is garbage-collected or closed (local e <close> = ...).",
    example = 'e = assert(shogi.engine{cmd = "fairy-stockfish", options = {["Skill Level"] = 3}})\n'
      .. 'e:id().name      --> "Fairy-Stockfish 11.1 LB 64"',
  },
  {
    name = "e:go",
    args = "(pos_or_game [, {btime=, wtime=, byoyomi=, binc=, winc=, movetime=, depth=, nodes=, infinite=, "
      .. "ponder=, info=, timeout=, stop=}])",
    summary = "one search: position sfen <start> moves ..., go ...; returns the bestmove and the last info",
    details = "Times in milliseconds. A game is sent as its start and its moves; a position or an SFEN as "
      .. "itself. Returns {bestmove = usi | \"resign\" | \"win\", ponder =, score = cp, mate = plies | \"+\" | "
      .. "\"-\", bound = \"lower\"|\"upper\", pv = {...}, depth =, seldepth =, nodes =, nps =, time =, hashfull "
      .. "=, multipv = {[k] = info}, info = {every info}, seconds = wall time} (score and pv from multipv 1). "
      .. "info = function(i) is called with each parsed info line and may call e:stop(). The search is a hang "
      .. "past the side's clock + byoyomi + increment (or movetime) + 1 s, 60 s for depth or nodes alone, never "
      .. "for infinite and ponder; timeout = seconds overrides it; stop = seconds sends \"stop\" that long after "
      .. "go. Errors: nil, msg, kind as shogi.engine.",
    example = 'r = e:go(game, {byoyomi = 1000})\nr.bestmove, r.score, r.depth\n'
      .. 'e:go(game, {infinite = true, info = function(i) if (i.depth or 0) >= 12 then e:stop() end end})',
  },
  {
    name = "e:mate",
    args = "(pos_or_game [, ms])",
    summary = "go mate: {status = \"mate\"|\"nomate\"|\"timeout\"|\"notimplemented\", moves = {...}}",
    details = "Sends go mate ms (go mate infinite without ms); at ms the client sends stop and waits 1 s more. "
      .. "An engine that answers with bestmove (a UCI mate search, as Fairy-Stockfish does) gives status "
      .. "\"notimplemented\" with bestmove and info kept.",
    example = 'e:mate("3k5/9/3G5/9/9/9/9/9/9 b G2r2b2g4s4n4l18p 1", 1000)',
  },
  {
    name = "e:options",
    args = "()",
    summary = "the engine's options in its order: {name, type, default, min, max, vars}",
    example = 'for _, o in ipairs(e:options()) do print(o.name, o.type, o.default) end',
  },
  {
    name = "e:set",
    args = "(name, value)",
    summary = "setoption, checked against the option's type: true, or nil and why",
    details = "check takes true/false, spin an integer within min..max, combo one of its vars, button no value, "
      .. "string and filename a string. An unknown name lists the engine's options.",
    example = 'e:set("Skill Level", 5)\ne:set("USI_Hash", 256)',
  },
  {
    name = "e:newgame",
    args = "()",
    summary = "isready, then usinewgame; e:isready([seconds]) alone waits for readyok",
  },
  {
    name = "e:stop",
    args = "()",
    summary = "stop: ends an infinite or ponder search (call it from go's info callback)",
  },
  {
    name = "e:quit",
    args = "()",
    summary = "quit, then the exit status (\"exit\", 0); an engine still there after 1 s is killed",
    details = "Also e:gameover(\"win\"|\"lose\"|\"draw\"), e:alive(), e:restart() (a new process, the same "
      .. "command and options), e:id() -> {name, author}.",
  },
  {
    name = "core.spawn",
    args = "({prog, args...} [, {cwd =, stderr = \"inherit\"|\"null\"|\"stdout\"}])",
    summary = "starts a program with pipes both ways: a process, or nil and why",
    details = "p:write(s) -> true | nil, \"closed\"; p:read_line([seconds]) -> line | nil, \"timeout\"|\"eof\"|"
      .. "\"too-long\"|\"error\"; p:close_input(); p:wait([seconds]) -> \"exit\", code | \"signal\", n | nil; "
      .. "p:running(); p:signal(\"TERM\"|\"INT\"|\"KILL\"|\"STOP\"|\"CONT\"); p:kill(); p:pid(). "
      .. "core.wait_any({p1, p2, ...} [, seconds]) -> the index of one with a line to read, or nil; core.now() "
      .. "-> seconds on a monotonic clock. The program runs in a process group of its own (a kill reaches "
      .. "what it started; Ctrl-C does not); it is killed when the process value is collected or closed.",
    example = 'p = shogi.core.spawn({"sh", "-c", "read x; echo $x"})\np:write("hi\\n"); p:read_line(1)  --> "hi"',
  },
}
