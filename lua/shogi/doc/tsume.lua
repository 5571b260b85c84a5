-- help() entries for the tsume solver and the composer's checker.
-- Each entry: name, args, summary, details, example.
return {
  {
    name = "shogi.solve",
    args = "(pos [, opts])",
    summary = "solves a tsume: the shortest mate against the longest defence, no mate, or unknown",
    details = "pos is a position, a game (its current position) or an SFEN. The side to move attacks and must "
      .. "check on every move; the defender holds every piece not on the board or in the attacker's hand "
      .. "(list them in the SFEN, or pass fill_hand = true); the attacker may have no king; a pawn-drop mate "
      .. "is illegal; a repetition is no mate. Returns {status = \"mate\"|\"nomate\"|\"unknown\", length = "
      .. "plies, pv = {usi moves} (the main line), exact = the length is proven shortest, nodes =, seconds =, "
      .. "position = the SFEN}. opts: nodes = node limit, time = seconds, tt_mb = table size in MB (64), "
      .. "futile = \"jsa\" (default: futile interpositions are no defence), \"composer\" (the composers' "
      .. "rule: also a drop next to the king or the checker, or one the defender protects, when the checker "
      .. "takes it with mate at once) or \"all\" (every interposition counts), max_length = only mates within so many plies, attacker = \"b\"|\"w\" (default: the side to "
      .. "move; if the other side is to move the search starts at its reply), fill_hand, shortest = false "
      .. "(stop at the first mate found), pv = false. Main line: among defences of equal length, one that "
      .. "leaves the attacker nothing in hand, then a board piece interposed over a drop. Futile (\"jsa\"): a "
      .. "piece dropped between a far slider and the king is no defence when it is not next to the checker, "
      .. "no defender piece (king included) protects it, and the slider taking it (the piece given back to "
      .. "the defender) mates at once. Ctrl-C stops the search (\"interrupted!\"). An SFEN that does not "
      .. "parse returns nil and a message; bad options raise. type = \"helpmate\" (ばか詰: both sides "
      .. "cooperate to mate the defender in exactly N plies, the attacker checking every move) takes "
      .. "max_length (9), length, max_solutions (100) and nodes, and returns {status, length, count, "
      .. "solutions = {{usi...}}, pv = the first, complete, nodes, seconds} (docs/RULES.md). type = "
      .. "\"hisshi\" (必至: a check or 詰めろ after which every defence allows a tsume) takes length, "
      .. "max_length (3), nodes, time, sub_nodes, futile, defences = false and returns {status = "
      .. "\"hisshi\"|\"tsume\"|\"nohisshi\"|\"unknown\", length, keys, defences = {{move, kind, length, line}}, "
      .. "nodes, solves, seconds}; type = \"selfmate\" (自玉詰: the attacker checks and forces the defender "
      .. "to mate it) takes length, max_length (8), nodes, time and returns {status = \"selfmate\"|"
      .. "\"noselfmate\"|\"unknown\", length, keys, pv, nodes, seconds} (docs/TSUME.md).",
    example = 'r = shogi.solve("4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1")\n'
      .. 'r.status, r.length, r.pv[1]   --> "mate", 1, "G*5b"\n'
      .. 'shogi.solve(pos, {nodes = 1e6, time = 10, futile = "all"})',
  },
  {
    name = "shogi.tsume.check",
    args = "(problem [, opts])",
    summary = "the composer's report on a problem: length, duals, leftovers, variations, unneeded pieces",
    details = "problem: a table {position = SFEN, solution = {usi...} or \"usi usi ...\", title =, author =, "
      .. "notes =, attacker =, fill_hand =}, or the name of a Lua file returning one. The report: valid and "
      .. "faults (is the diagram a tsume start: attacker to move, defender not in check, one defender king, "
      .. "piece counts, no nifu, no dead pieces); status and length (the solver); intended_length and "
      .. "solution_faults (the intended line checked: legal, checks, ends in mate, shortest against the "
      .. "longest defence); main_line; leftover (pieces in the attacker's hand at the end, 駒余り); duals "
      .. "(余詰: {ply, move, length, line, final}: another attacker move that also mates within what is "
      .. "left); variations ({ply, move, kind, length, line}: kind \"same\" = as long and nothing left over "
      .. "(変同), \"longer\" (変長), \"escape\" = no mate); unneeded ({square, piece}: the mate is as long "
      .. "without it); nodes, seconds; text (the readable report). opts: nodes (root search, 5e6), sub_nodes "
      .. "(each question, 3e5), futile, duals = false, variations = false, pieces = false, rules = false (no "
      .. "second solve comparing the jsa and composers' futile rules: rule_lengths, and the line \"the rules "
      .. "disagree: 51 moves under the jsa rule, 49 under the composers' rule\") to skip parts. A "
      .. "file or SFEN that does not read returns nil and a message.",
    example = 'rep = shogi.tsume.check("examples/tsume/dual.lua")\nprint(rep.text)\n'
      .. 'shogi.tsume.check{position = "4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1", solution = "G*5b"}',
  },
  {
    name = "shogi.tsume.format",
    args = "(report)",
    summary = "the readable text of a composer's report (the same as report.text)",
    details = "One line per finding: diagram validity and faults, the solver's result, the intended length "
      .. "and what is wrong with it, the main line, leftovers, each dual and each notable variation with its "
      .. "line, the unneeded pieces, the work done.",
    example = 'print(shogi.tsume.format(shogi.tsume.check("examples/tsume/futile.lua")))',
  },
  {
    name = "shogi.tsume.show",
    args = "(result_or_report [, line])",
    summary = "the main line (or any line) move by move, each position drawn on the board",
    details = "Takes what shogi.solve or shogi.tsume.check returned and plays its main line (or the given "
      .. "list of USI moves, such as a dual's line) from its position, drawing the board after each move "
      .. "with shogi.render (the SFEN when the renderer is not there).",
    example = 'r = shogi.solve(pos)\nprint(shogi.tsume.show(r))\n'
      .. 'rep = shogi.tsume.check(problem)\nprint(shogi.tsume.show(rep, rep.duals[1].line))',
  },
  {
    name = "shogi.tsume.record",
    args = "(report [, format])",
    summary = "the checked line as a KIF (or \"ki2\") record, its variations as branches",
    details = "The intended line (else the solver's main line) from the problem's start, with 表題 and 作者 "
      .. "from the title and author, every dual and variation of the report as a branch (変化：N手) and the "
      .. "report's text as the opening comment. A report without a line returns nil and a message.",
    example = 'rep = shogi.tsume.check("examples/tsume/dual.lua")\nio.write(shogi.tsume.record(rep))',
  },
  {
    name = "shogi.tsume.load",
    args = "(problem)",
    summary = "reads a problem (a table or a Lua file returning one) and checks its fields",
    details = "Returns {position, title, author, notes, solution = {moves}, attacker, fill_hand, file}. A file "
      .. "runs in an empty environment (it can only return data). A missing file, a Lua error in it, an "
      .. "unknown field or a missing position returns nil and \"file:line:col: message\".",
    example = 'p = shogi.tsume.load("examples/tsume/atama_kin.lua")',
  },
  {
    name = "shogi.tsume.read",
    args = "(problem)",
    summary = "reads a problem of any format as shogi.tsume.check does, without checking it",
    details = "problem: a problem file (.lua), a record with a 詰将棋 diagram (.kif .ki2 .csa .jkf .bod: its "
      .. "start, its moves the solution, the stipulation and genre from its headers), a .usi or .sfen position "
      .. "line, a loaded problem, Lua text or a game. Returns the problem as shogi.tsume.load does, or nil and "
      .. "a message naming the file and line (the problem pages of komadai --serve list and show files so).",
    example = 'p = shogi.tsume.read("examples/tsume/hisshi3.lua")\np.type, #p.solution   --> "hisshi", 3',
  },
  {
    name = "shogi.tsume.stipulation",
    args = "(type, length)",
    summary = "a problem's stipulation in the words composers print: 3手詰, 3手必至, ばか詰5手, 自玉詰4手",
    details = "type: \"tsume\" (or nil), \"hisshi\", \"helpmate\" or \"selfmate\"; length: the moves, or nil for "
      .. "the genre's name alone (詰将棋, 必至, ばか詰, 自玉詰). Another type raises.",
    example = 'shogi.tsume.stipulation("helpmate", 5)   --> "ばか詰5手"',
  },
}
