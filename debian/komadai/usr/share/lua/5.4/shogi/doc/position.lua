-- help() entries for positions (shogi.position, shogi.core.position and the
-- methods of a position).  Each entry: name, args, summary, details, example.
return {
  {
    name = "shogi.position",
    args = "(x [, opts])",
    summary = "a position from an SFEN, \"startpos\", \"sho\", a handicap name or another position",
    details = "x is an SFEN (with or without \"sfen \", the move number optional), \"startpos\", "
      .. "\"sho\" (the Sho shogi start), a handicap name as listed by shogi.handicaps() "
      .. "(\"2-piece\", \"二枚落ち\"), or a position or game (copied). opts: {variant = \"sho\"} "
      .. "reads the SFEN as Sho shogi. Returns the position, or nil and a message such as "
      .. "\"sfen:1:14: unknown piece letter 'x'\" (line and column in the text). "
      .. "Positions are values: no method changes them.",
    example = 'pos = shogi.position "startpos"\n'
      .. 'pos = shogi.position("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1")\n'
      .. 'sho = shogi.position "sho"',
  },
  {
    name = "shogi.core.position",
    args = "(text [, variant])",
    summary = "the low-level reader: SFEN or \"startpos\" -> position | nil, msg",
    details = "variant is \"standard\" (default), \"sho\", or an options table with a variant field. "
      .. "Also copies a position or game given instead of text. shogi.position adds names and handicaps.",
    example = 'pos, err = shogi.core.position("9/9 b - 1")  --> nil, "sfen:1:4: board has 2 ranks, expected 9"',
  },
  {
    name = "shogi.core.reasons",
    args = "",
    summary = "table: reason id -> English sentence, for every way a move can be illegal",
    details = "Ids: malformed, game-over, no-piece, not-your-piece, wrong-piece, not-in-hand, no-drops, "
      .. "cannot-reach, path-blocked, own-piece, occupied, nifu, uchifuzume, dead-square, must-promote, "
      .. "cannot-promote, leaves-king-in-check. pos:is_legal returns the id as its third value.",
    example = 'print(shogi.core.reasons.nifu)  --> nifu: a second unpromoted pawn on the file',
  },
  {
    name = "pos:sfen",
    args = "()",
    summary = "the SFEN of the position, with the move number; tostring(pos) gives the same",
    details = "Pieces in hand are written in the usual order R B G S N L P, black first.",
    example = 'shogi.position("startpos"):sfen()\n'
      .. '--> lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1',
  },
  {
    name = "pos:variant",
    args = "()",
    summary = "\"standard\" or \"sho\"",
    details = "Sho shogi has the drunken elephant (E, promoted +E, the crown prince) and no drops.",
    example = 'shogi.position("sho"):variant()  --> sho',
  },
  {
    name = "pos:side",
    args = "()",
    summary = "the side to move: \"b\" (black, sente) or \"w\" (white, gote)",
    details = "",
    example = 'pos:after("7g7f"):side()  --> w',
  },
  {
    name = "pos:ply",
    args = "()",
    summary = "the SFEN move number (1 at the start, one more after each move)",
    details = "Equality and keys ignore it.",
    example = 'shogi.position("startpos"):ply()  --> 1',
  },
  {
    name = "pos:at",
    args = "(square)",
    summary = "the piece on a square as USI letters (\"P\", \"+r\", ...) or nil when empty",
    details = "Squares are written file then rank: \"7g\" is file 7, rank g. Upper case is black, "
      .. "lower case white, \"+\" marks a promoted piece. A bad square name raises.",
    example = 'pos:at("7g")  --> P\npos:at("5e")  --> nil',
  },
  {
    name = "pos:hand",
    args = "([side])",
    summary = "the pieces in hand of side (default: the side to move) as {R=, B=, G=, S=, N=, L=, P=}",
    details = "Counts are integers, 0 when none.",
    example = 'pos:hand("b").P  --> 0',
  },
  {
    name = "pos:pieces",
    args = "([side])",
    summary = "the pieces on the board as a table square -> letters, of one side or both",
    details = "",
    example = 'for sq, pc in pairs(pos:pieces("w")) do print(sq, pc) end',
  },
  {
    name = "pos:legal_moves",
    args = "()",
    summary = "every legal move, as an array of USI strings (\"7g7f\", \"8h2b+\", \"P*5e\")",
    details = "In the order the core generates them. An empty array means the side to move is mated "
      .. "(or, in Sho shogi, has lost).",
    example = 'print(#shogi.position("startpos"):legal_moves())  --> 30',
  },
  {
    name = "pos:is_legal",
    args = "(move)",
    summary = "true, or false plus the reason as a sentence and an id",
    details = "move is a USI string (or a move number). Text that is no move at all raises "
      .. "\"bad move 'xyz': not a USI move (like 7g7f, 8h2b+ or P*5e)\". The ids are the keys "
      .. "of shogi.core.reasons.",
    example = 'pos:is_legal("7g7e")  --> false, "the piece cannot move that way", "cannot-reach"',
  },
  {
    name = "pos:after",
    args = "(move)",
    summary = "the new position after a legal move; the position itself does not change",
    details = "An illegal move raises \"illegal move 7g7e: the piece cannot move that way\".",
    example = 'p2 = pos:after("7g7f"):after("3c3d")',
  },
  {
    name = "pos:edit",
    args = "{clear =, remove =, put =, mirror =, swap =, hand =, side =, strict =}",
    summary = "a new position with the changes (the composer's editor) | nil, msg",
    details = "Applied in this order: clear = true (empty board and hands), remove = {\"1a\", ...} (or one "
      .. "square), put = {[\"5e\"] = \"+B\", [\"5a\"] = \"k\"} (USI letters, lower case for white), "
      .. "mirror = true (left-right), swap = true (colours exchanged, the board turned half a turn), "
      .. "hand = {b = \"R2P\", w = \"rest\"} (\"-\" none, \"rest\" the rest of the set), side = \"w\". "
      .. "Fails with nil, msg for a square off the board, a second king of one colour, a piece that could "
      .. "never move where it is put and a piece past the set (hands and promoted pieces counted); "
      .. "strict = false (the lenient edit) lets the last two through.  A wrong argument type raises.  "
      .. "What the result still lacks: q:problems() (the diagram rules: nifu, the side not to move in "
      .. "check, ...) and shogi.core.tsume_faults(q) (as a tsume start: no defender king, ...).",
    example = 'shogi.position("startpos"):edit{clear = true, put = {["5a"] = "k", ["5c"] = "G"}, '
      .. 'hand = {b = "G", w = "rest"}}',
  },
  {
    name = "pos:in_check",
    args = "()",
    summary = "true when the side to move is in check",
    details = "",
    example = 'pos:in_check()  --> false',
  },
  {
    name = "pos:checkers",
    args = "()",
    summary = "the squares of the pieces giving check, as an array",
    details = "",
    example = 'shogi.position("4k4/9/9/9/9/9/9/4r4/4K4 b - 1"):checkers()  --> {"5h"}',
  },
  {
    name = "pos:gives_check",
    args = "(move)",
    summary = "true when a legal move gives check",
    details = "An illegal move raises, as in pos:after.",
    example = 'shogi.position("4k4/9/9/9/9/9/9/9/4K4 b G 1"):gives_check("G*5b")  --> true',
  },
  {
    name = "pos:is_mate",
    args = "()",
    summary = "true when the side to move is checkmated",
    details = "",
    example = 'shogi.position("4k4/4G4/4P4/9/9/9/9/9/4K4 w - 1"):is_mate()  --> true',
  },
  {
    name = "pos:checks",
    args = "()",
    summary = "the legal moves that give check, as USI strings",
    details = "",
    example = 'shogi.position("4k4/9/9/9/9/9/9/9/4K4 b G 1"):checks()  --> G*4a G*4b G*5b G*6a G*6b',
  },
  {
    name = "pos:attackers",
    args = "(square [, side])",
    summary = "the squares of side's pieces (default: the side to move) that attack a square",
    details = "",
    example = 'shogi.position("startpos"):attackers("7f", "b")  --> {"7g"}',
  },
  {
    name = "pos:perft",
    args = "(depth [, {bulk = true, divide = false}])",
    summary = "counts the leaves of the legal-move tree to depth (a check of move generation)",
    details = "bulk counts the moves at the last level instead of playing them (faster, same result). "
      .. "divide returns a table move -> count for each legal move instead of the total. "
      .. "Ctrl-C in the REPL stops a long count with \"interrupted!\".",
    example = 'shogi.position("startpos"):perft(3)  --> 25470',
  },
  {
    name = "pos:key",
    args = "()",
    summary = "a 64-bit Zobrist hash of board, hands and side to move (an integer)",
    details = "Equal positions have equal keys; the move number does not count.",
    example = 'pos:key() == pos:copy():key()  --> true',
  },
  {
    name = "pos:board_key",
    args = "()",
    summary = "the Zobrist hash of the board and side to move only, hands left out",
    details = "",
    example = 'pos:board_key()',
  },
  {
    name = "pos:copy",
    args = "()",
    summary = "a copy of the position (positions never change, so this is rarely needed)",
    details = "",
    example = 'q = pos:copy()  -- q == pos',
  },
  {
    name = "pos1 == pos2",
    args = "",
    summary = "true when variant, board, hands and side to move agree (the move number is ignored)",
    details = "",
    example = 'shogi.position("startpos") == shogi.position("startpos"):after("5i5h"):after("5a5b")'
      .. ':after("5h5i"):after("5b5a")  --> true',
  },
}
