-- help() entries for the game-tree search and bot files.
-- Each entry: name, args, summary, details, example.
return {
  {
    name = "shogi.search",
    args = "(pos_or_game [, opts])",
    summary = "the best move by an alpha-beta search, with its score and main line",
    details = "Iterative-deepening principal-variation search in C (transposition table, quiescence, null "
      .. "move, late-move reductions). Returns {move = usi (nil when the side to move has no legal move), "
      .. "score = centipawns for the side to move, mate = plies (positive: the side to move mates; 0: no "
      .. "legal move), pv = {usi...}, lines = {{move, score, mate, pv}...} (multipv), depth, seldepth, nodes, "
      .. "nps, seconds, hashfull, stopped = a limit ended it, declare = true (the side to move wins by "
      .. "declaring), interrupted = true (Ctrl-C: the best move so far)}. opts: depth, nodes, time (seconds) "
      .. "(none given: depth 6); eval = function(view, eval_opts) -> centipawns | \"builtin\" (default) | "
      .. "\"material\"; eval_opts = the table handed to eval; multipv (1-16); tt_mb (16); rules = \"jsa\" "
      .. "(default) | \"computer\" | a rules table (repetition, perpetual check, declaration); info = "
      .. "function(report) called after each iteration; clear = true empties the table first; mate_nodes = N asks "
      .. "the df-pn solver first (a proven mate ends the search); order = function(view, move, eval_opts) -> "
      .. "a bonus for a quiet move's ordering (nodes of depth >= 3); prune = function(view, move, eval_opts) "
      .. "-> true to skip a quiet move (non-PV nodes of depth <= 3, not in check, not the first move). For a game, "
      .. "the positions played count for repetition and the game's rules are the default. Unknown options "
      .. "are refused with the list of known ones.",
    example = 'r = shogi.search(shogi.position "startpos", {depth = 6})\n'
      .. 'print(r.move, r.score, table.concat(r.pv, " "))\n'
      .. 'shogi.search(g, {time = 2, multipv = 3, info = function(i) print(i.depth, i.score) end})',
  },
  {
    name = "view",
    args = "(the evaluation's argument)",
    summary = "the position being evaluated, read without allocating: at, board, hand, count, material, ...",
    details = "An evaluation gets one reused view, valid only during the call: view:side() -> \"b\"|\"w\"; "
      .. "view:at(\"7g\") or view:at(file, rank) (rank 1-9 for a-i) -> letters or nil; view:board(t) fills "
      .. "t[1..81] (index (file - 1) * 9 + rank) with letters or false and returns t (the same t again is "
      .. "only updated where the board changed: do not write into it); view:hand(side, \"P\") -> count; "
      .. "view:count(side, \"+R\") -> pieces of a type on the board; view:material() -> material for the "
      .. "side to move (kept incrementally by the search); view:king(side) -> file, rank; view:in_check(); "
      .. "view:ply() (plies from the root); view:builtin() -> the built-in evaluation; view:sfen(), "
      .. "view:position() (a copy; both allocate). Scores are cached per search by position, so an "
      .. "evaluation must depend only on the position and its options.",
    example = 'shogi.search(pos, {eval = function(v) return v:material() + 10 * v:hand(v:side(), "P") end})',
  },
  {
    name = "shogi.bot.load",
    args = "(path)",
    summary = "loads a bot file: {name, author, options, eval}; bot:search(pos, opts), bot:set(name, value)",
    details = "A bot file returns {name =, author =, options = {{name =, type = \"spin\"|\"check\"|\"combo\"|"
      .. "\"string\", default =, min =, max =, vars = {...}}, ...}, eval = function(view, opts) ... end}, and "
      .. "optionally order and prune (as in shogi.search); opts "
      .. "holds the current option values. The file runs with only string, table, math, utf8, the safe base "
      .. "functions and shogi (no io, os, require, load): shogi.bot.load_bot(text, chunkname) is the hook "
      .. "the sandbox replaces. Returns the bot or nil and a message naming the file and the fault. "
      .. "bot:set(name, text) checks a USI setoption value (spin range, true/false, a combo var). "
      .. "eval may be a C evaluation instead (shogi.core.c_eval(\"material\"), a C module's handle); "
      .. "shogi.bot.load(\"NAME.so\") loads a C module (its luaopen_NAME returns the handle) as a bot. "
      .. "komadai --usi FILE plays it as a USI engine. Examples: examples/bots/material.lua, pst.lua, drill.lua.",
    example = 'b = assert(shogi.bot.load("examples/bots/pst.lua"))\nb:set("Advance", "150")\n'
      .. 'b:search(shogi.position "startpos", {depth = 5}).move',
  },
  {
    name = "komadai --usi",
    args = " [BOT.lua | NAME.so]",
    summary = "komadai as a USI engine for shogi GUIs and match runners: a bot file, a C evaluation module "
      .. "(examples/bots/c_eval/pawns.c), or the built-in evaluation without either",
    details = "Commands: usi (id, options USI_Hash, USI_Ponder, MultiPV, NetworkDelay and the bot's), isready, "
      .. "setoption, usinewgame, position startpos|sfen ... [moves ...], go (btime wtime byoyomi binc winc "
      .. "movetime depth nodes infinite ponder searchmoves), go mate MS|infinite (the df-pn solver: checkmate "
      .. "MOVES | nomate | timeout), stop, ponderhit, gameover, quit; read while it searches. bestmove resign "
      .. "when lost, bestmove win for a correct 27-point declaration. A bad command gets \"info string why\" "
      .. "and changes nothing. Time: a move is sent NetworkDelay (100 ms) before its byoyomi ends.",
    example = "komadai --usi examples/bots/pst.lua",
  },
}
