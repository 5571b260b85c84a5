-- help() entries for games, rule sets, verdicts and handicaps.
-- Each entry: name, args, summary, details, example.
return {
  {
    name = "shogi.game",
    args = "([start [, options]])",
    summary = "a new game (mutable: play, undo, result) from a start position and a rule set",
    details = "start is anything shogi.position accepts: an SFEN, \"startpos\" (the default), \"sho\", a "
      .. "handicap name (\"2-piece\", \"二枚落ち\"; the handicap giver is gote and moves first), a position "
      .. "or a game. options: rules = \"jsa\" (default) | \"computer\" | a rule set from shogi.rules, any "
      .. "rule option (max_moves = 256, declaration_loses = false, end_tests = {...}; see shogi.rules), "
      .. "variant = \"sho\". Bad start text returns nil and a message; bad options raise. Every position "
      .. "method (sfen, side, at, hand, legal_moves, is_legal, in_check, checkers, gives_check, is_mate, key, "
      .. "perft, move_name, parse_move, ...) also works on a game, for its current position.",
    example = 'g = shogi.game()\ng = shogi.game("2-piece", {rules = "computer", max_moves = 256})\n'
      .. 'g = shogi.game("sho")',
  },
  {
    name = "game:play",
    args = "(move)",
    summary = "plays a move (USI, or any notation pos:parse_move reads); returns the game",
    details = "An illegal move raises \"illegal move 7g7e: the piece cannot move that way\" (the core's "
      .. "reason); a move after the end raises \"game over: <the verdict's sentence>\". Either way the game "
      .. "does not change. After the move the game's end tests run (Sho royals, sennichite, perpetual check, "
      .. "the move cap, then the rule set's custom end_tests); an error in a custom test takes the move "
      .. "back and raises with the test's traceback.",
    example = 'g:play("7g7f"):play("3c3d")\ng:play("8h2b+")',
  },
  {
    name = "game:undo",
    args = "()",
    summary = "takes back the last move (and any verdict); returns that move in USI",
    details = "Raises \"nothing to undo: the game is at its start\" at the start. After a "
      .. "resignation, agreement, declaration, impasse count or a stated end (g:end_by) it takes back "
      .. "that end only and returns its id (\"resignation\"). The move stays ahead of the cursor "
      .. "(g:redo, g:go_to) until another move is played there.",
    example = 'g:play("7g7f"); g:undo()  --> "7g7f"',
  },
  {
    name = "game:go_to",
    args = "(n)",
    summary = "moves the cursor to the position after n moves (goto is a reserved word in Lua)",
    details = "Undoes moves, or plays again the moves kept ahead (g:moves_ahead()); g:redo() plays "
      .. "the next one and returns it (nil when none). A move other than the next one drops the moves ahead.",
    example = 'g:play("7g7f"):play("3c3d"); g:go_to(0); g:redo()  --> "7g7f"',
  },
  {
    name = "game:end_by",
    args = "(reason [, loser])",
    summary = "an end stated by a record, a clock or an arbiter",
    details = "\"resignation\", \"time-up\" or \"illegal-move\" with the loser (\"b\" or \"w\"); "
      .. "\"agreement\" or \"impasse-24\" as a draw. g:end_custom{reason =, winner =, text =} sets a "
      .. "custom verdict (as a record's \"komadai verdict\" comment does).",
    example = 'g:end_by("time-up", "w").text  --> "Black wins: White ran out of time."',
  },
  {
    name = "game:position",
    args = "()",
    summary = "a copy of the current position (an immutable shogi.position)",
    details = "Position methods can be called on the game directly; position() gives a value to keep.",
    example = "p = g:position()",
  },
  {
    name = "game:start",
    args = "()",
    summary = "a copy of the start position",
    details = "With game:moves() it describes the whole game.",
    example = "g:start():sfen()",
  },
  {
    name = "game:moves",
    args = "()",
    summary = "the moves played, as a list of USI strings",
    details = "Always USI, whatever notation was given to play.",
    example = 'g:moves()  --> {"7g7f", "3c3d"}',
  },
  {
    name = "game:ply",
    args = "()",
    summary = "the number of moves played in this game",
    details = "Not the SFEN move number (that is g:position():ply()). The move cap counts these.",
    example = "g:ply()  --> 2",
  },
  {
    name = "game:result",
    args = "()",
    summary = "nil while the game goes on, else the verdict table",
    details = "Verdict: outcome \"win\"|\"draw\", winner \"b\"|\"w\"|nil, loser, reason (\"checkmate\", "
      .. "\"no-legal-move\", \"royals-lost\", \"bare-royal\", \"sennichite\", \"perpetual-check\", "
      .. "\"impasse-24\", \"declaration\", \"wrong-declaration\", \"max-moves\", \"resignation\", "
      .. "\"agreement\", or a custom test's reason), ply, text (one English sentence saying what happened "
      .. "and why), and evidence: cycle = {start, length, plies = {four plies}} and checking_side for "
      .. "repetitions; points = {b, w}, camp_pieces = {b, w}, needed (and fault) for the declaration and "
      .. "the impasse count; max_moves for the cap. Also runs the custom end tests once more on request.",
    example = 'r = g:result()\nif r then print(r.text) end',
  },
  {
    name = "game:resign",
    args = "([side])",
    summary = "the side to move (or side, \"b\"|\"w\") resigns; returns the verdict",
    details = "Raises \"game over: ...\" if the game has ended.",
    example = 'g:resign()\ng:resign("w")',
  },
  {
    name = "game:agree_draw",
    args = "()",
    summary = "ends the game drawn by agreement; returns the verdict",
    details = "Raises \"game over: ...\" if the game has ended.",
    example = "g:agree_draw().text  --> \"Draw by agreement.\"",
  },
  {
    name = "game:impasse",
    args = "()",
    summary = "asks for the JSA 24-point impasse count (either side may); returns the verdict",
    details = "Needs both kings in their enemy camps and a rule set with impasse24 (jsa). Rook and bishop "
      .. "count 5, promoted or not, every other piece but the king 1, pieces in hand too, all over the board. "
      .. "A side under 24 (impasse_points) loses, otherwise a draw. Refused with the reason: \"impasse count "
      .. "refused: White's king is not in the enemy camp\".",
    example = "g:impasse().text",
  },
  {
    name = "game:declare",
    args = "()",
    summary = "the side to move declares a win by the 27-point rule; returns the verdict",
    details = "Needs the declaration option (computer rules): the king in the enemy camp, at least 10 other "
      .. "pieces there, not in check, and 28 points for black (sente) or 27 for white (gote), counting the "
      .. "pieces in the camp and in hand (rook, bishop 5, others 1). A wrong declaration is refused with the "
      .. "reason (\"declaration refused: Black counts only 27 points (28 needed)\"), or loses when "
      .. "declaration_loses is set (the computer preset, as on CSA servers).",
    example = "g:declare()",
  },
  {
    name = "game:rules",
    args = "()",
    summary = "the game's rule set as a table (a copy): every option and the end tests",
    details = "Fields: name, base, variant, sennichite, perpetual_check, impasse24, impasse_points, "
      .. "declaration, declaration_points_b, declaration_points_w, declaration_pieces, declaration_loses, "
      .. "max_moves, end_tests = {{name =, test =}, ...}.",
    example = "g:rules().max_moves",
  },
  {
    name = "game:points",
    args = "(side [, camp_only])",
    summary = "the impasse/declaration count of side (\"b\"|\"w\") and the board pieces counted",
    details = "Rook and bishop (promoted or not) 5, other pieces but the king 1, hand included. camp_only "
      .. "counts only the board pieces in side's enemy camp (the declaration count).",
    example = 'g:points("b")  --> 27, 19',
  },
  {
    name = "game:info",
    args = "()",
    summary = "a Lua table kept with the game, for headers, comments and branches of records",
    details = "The same table each call; shogi.record reads and fills it.",
    example = 'g:info().headers = {Event = "club match"}',
  },
  {
    name = "game:write",
    args = "(format [, opts])",
    summary = "the game as a record in format (see shogi.record)",
    details = "Delegates to require(\"shogi.record\").write(game, format, opts).",
    example = 'print(g:write("kif"))',
  },
  {
    name = "game:copy",
    args = "()",
    summary = "an independent copy of the game: moves, verdict, rules, end tests and info",
    details = "The info table is copied one level deep.",
    example = "h = g:copy(); h:undo()",
  },
  {
    name = "shogi.rules",
    args = "",
    summary = "rule sets as values: rules.jsa, rules.computer, rules.custom{...}",
    details = "jsa (the default): sennichite (4th occurrence of board, hands and side to move: a draw, "
      .. "unless one side checked with every move between the first and the fourth occurrence: it loses), "
      .. "the 24-point impasse count, no declaration, no move cap. computer: the same repetition rules, the "
      .. "27-point declaration (a wrong one loses), no 24-point count, a 500-move cap (a side in check at the "
      .. "cap plays on until it is not; a mate is still a mate). Sho shogi games use the same presets "
      .. "without the impasse and declaration rules. Rule sets cannot change; make new ones with "
      .. "rules.custom. See docs/RULES.md.",
    example = "shogi.rules.computer.max_moves  --> 500",
  },
  {
    name = "shogi.rules.custom",
    args = "{base = ..., name = ..., <option> = ..., end_tests = {...}}",
    summary = "a new rule set from a base (\"jsa\", \"computer\" or a rule set) with options changed",
    details = "Options: sennichite, perpetual_check, impasse24, impasse_points, declaration, "
      .. "declaration_points_b, declaration_points_w, declaration_pieces, declaration_loses, max_moves "
      .. "(0 = none). end_tests: functions (or {name =, test =}) called with the game after each move and by "
      .. "game:result(); one may return a verdict {winner = \"b\"|\"w\"|nil, outcome = \"win\"|\"draw\", "
      .. "reason = \"...\", text = \"...\"} that ends the game. A test must not change the game.",
    example = 'check_shogi = shogi.rules.custom{name = "check shogi", end_tests = {function(g)\n'
      .. '  if g:in_check() then return {winner = g:side() == "b" and "w" or "b", reason = "check"} end\n'
      .. 'end}}\ng = shogi.game("startpos", {rules = check_shogi})',
  },
  {
    name = "shogi.rules.get",
    args = "(name)",
    summary = "the preset named \"jsa\" or \"computer\"",
    details = "Raises for another name.",
    example = 'shogi.rules.get("computer")',
  },
  {
    name = "shogi.rules.is",
    args = "(x)",
    summary = "true when x is a rule set made by shogi.rules",
    details = "Plain tables are accepted by shogi.game too but are not rule-set values.",
    example = "shogi.rules.is(shogi.rules.jsa)  --> true",
  },
  {
    name = "shogi.rules.options",
    args = "(ruleset)",
    summary = "the plain options table of a rule set: its base and the options it changes",
    details = "What shogi.game passes to shogi.core.game, so a preset fits both variants.",
    example = "shogi.rules.options(shogi.rules.computer)  --> {base = \"computer\", end_tests = {}}",
  },
  {
    name = "shogi.handicaps",
    args = "()",
    summary = "the list of standard handicaps: {name =, japanese =, kif =, sfen =, removed =}",
    details = "lance, right-lance, bishop, rook, rook-lance, 2-piece, 3-piece (the lance on 9a, as KIF "
      .. "programs do), 4-piece, 5-piece, left-5-piece, 6-piece, left-7-piece, right-7-piece, 8-piece, "
      .. "9-piece, 10-piece, both-lances, three-pawns (歩三兵), naked-king (裸玉), dragonfly (トンボ). "
      .. "The giver is gote (white) and moves first. shogi.position and shogi.game accept each name, "
      .. "English, Japanese or KIF; require(\"shogi.handicaps\").find(name) looks one up (\"even\"/\"平手\" too).",
    example = 'for _, h in ipairs(shogi.handicaps()) do print(h.name, h.japanese) end\n'
      .. 'g = shogi.game("飛香落ち")',
  },
  {
    name = "shogi.core.game",
    args = "(pos [, options])",
    summary = "the low-level game constructor: a position (or game) and the options of shogi.game",
    details = "Options: rules (name or table), variant (must match the position), and the rule options. "
      .. "Unknown options raise.",
    example = 'g = shogi.core.game(shogi.core.position("startpos"), {max_moves = 100})',
  },
  {
    name = "shogi.core.rules",
    args = "(name_or_table [, variant])",
    summary = "the complete rule-set table for a preset name or an options table (checked by the core)",
    details = "Raises on an unknown option, a wrong type or a set the core refuses.",
    example = 'shogi.core.rules("computer").max_moves  --> 500',
  },
  {
    name = "shogi.core.game_methods",
    args = "",
    summary = "the methods table shared by all games, where Lua modules may add methods",
    details = "Position methods are copied in when a game is made, so methods added to positions later "
      .. "reach games made after that.",
    example = "shogi.core.game_methods.last = function(g) return g:moves()[g:ply()] end",
  },
}
