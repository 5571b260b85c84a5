-- help() entries for move notation (pos:move_name, pos:parse_move) and the
-- notation helpers of shogi.core (notations, piece and square names, iconv).
-- Each entry: name, args, summary, details, example.
return {
  {
    name = "notation",
    args = "",
    summary = "the move notations: usi, csa, western, japanese (ki2), kif",
    details = "usi: 7g7f 8h2b+ P*5e.\n"
      .. "csa: +7776FU -0045KA; the piece is the one on the destination after the move, promoted "
      .. "ones by their own names (TO NY NK NG UM RY); Sho shogi's drunken elephant is SZ and the "
      .. "crown prince TS.\n"
      .. "western (Hodges): P-7f Bx2b+ S*5e G6i-5h N-7c= +R-2b; '-' a move, 'x' a capture, '*' every "
      .. "drop, the origin square only when another piece of the same kind could also legally go "
      .. "there, '+' a promotion, '=' a promotion declined where it was possible.\n"
      .. "japanese (KI2 style): ▲７六歩 △同　歩 ▲５五角打 ▲２二角成 ▲２二銀不成 ▲５八金右, with the "
      .. "JSA words 右 左 直 上 引 寄 and 打 only when needed: first 上/引/寄 (the direction), "
      .. "else 直 (straight forward; never for dragons and horses), else 右/左 (from the mover's own "
      .. "view), else both (右上); 打 only when a board piece of that kind could also move there. "
      .. "Only legal moves count: a pinned twin needs no word.\n"
      .. "kif: ７六歩(77) 同　歩(76) ５五角打 ２二角成(88) ２二銀不成(31): no mark, the origin, 打 on every drop.\n"
      .. "Reading is strict: a move that could promote must say 成/不成 (or +/=), and an ambiguous "
      .. "or impossible text is refused with the reason or the candidates, never guessed. Accepted "
      .. "variants: full- and half-width digits, kanji or arabic ranks (７六 76 7六), 王/玉, 竜/龍, "
      .. "全/成銀, 圭/成桂, 杏/成香, 成歩/と, 酔/酔象, 太/太子, 生/不成, the marks ▲△☗☖▼▽ or none, 同 "
      .. "with or without a space, the KIF origin in any Japanese move, CSA without its sign, "
      .. "Western ranks as digits (P-76) and origins with or without '-'. A true word that is not "
      .. "needed is accepted (７六歩上).",
    example = 'pos = shogi.position "startpos"\n'
      .. 'for _, n in ipairs(shogi.core.notations) do print(n, pos:move_name("6i5h", n)) end\n'
      .. '--> usi 6i5h / csa +6958KI / western G6i-5h / japanese ▲５八金左 / kif ５八金(69)',
  },
  {
    name = "pos:move_name",
    args = "(m [, notation [, prev_move]])",
    summary = "the name of the legal move m in a notation (default \"usi\")",
    details = "notation: \"usi\", \"csa\", \"western\", \"japanese\" (or \"ki2\"), \"kif\" (see "
      .. "help \"notation\"). prev_move, the previous move as USI (\"7g7f\") or its destination "
      .. "square (\"7f\"), lets the Japanese styles write 同 when the move lands there. m is a USI "
      .. "string or any text pos:parse_move reads. Raises for an illegal move or an unknown "
      .. "notation. Games have the method too (on their current position).",
    example = 'pos:move_name("7g7f", "japanese")          --> ▲７六歩\n'
      .. 'pos:move_name("2b8h+", "kif", "8h")       --> 同　角成(22)  (white to move)\n'
      .. 'pos:move_name("8h2b+", "western")          --> Bx2b+',
  },
  {
    name = "pos:parse_move",
    args = "(text [, notation [, prev_move]])",
    summary = "reads a move in any notation -> usi, notation | nil, message, column",
    details = "Without notation the text's shape chooses: Japanese for any non-ASCII text, then "
      .. "USI, CSA, Western. prev_move (USI or a square) is the previous move's destination, for "
      .. "同. On failure returns nil, a message naming the reason or listing the candidates, and "
      .. "the column (in characters) where the problem starts. The moves a position or game "
      .. "method takes (play, after, is_legal, ...) may be written in any notation, since those "
      .. "methods ask parse_move for text that is not USI.",
    example = 'pos:parse_move "▲７六歩"    --> "7g7f", "japanese"\n'
      .. 'pos:parse_move "P-7f"       --> "7g7f", "western"\n'
      .. 'pos:parse_move "５八金"      --> nil, "ambiguous move \'５八金\': could be ５八金右 (4i5h) or '
      .. '５八金左 (6i5h)", 1',
  },
  {
    name = "shogi.core.notations",
    args = "",
    summary = "the list of notation names: usi, csa, western, japanese, kif",
    details = "pos:move_name also takes \"ki2\" for \"japanese\".",
    example = 'print(table.concat(shogi.core.notations, " "))',
  },
  {
    name = "shogi.core.piece_name",
    args = "(letters [, style])",
    summary = "the name of a piece given by its USI letters, in a style",
    details = "letters: \"P\", \"+S\", ... (case ignored). style: \"japanese\" (歩 成銀 龍 玉 酔象 太子; "
      .. "the default), \"kanji1\" (one character, as in diagrams: 全 圭 杏 酔 太), \"csa\" (FU NG RY "
      .. "OU SZ TS), \"western\" (P +S +R K E +E). Raises for bad letters.",
    example = 'shogi.core.piece_name("+S", "kanji1")  --> 全',
  },
  {
    name = "shogi.core.parse_piece",
    args = "(name)",
    summary = "USI letters of a piece name of any style -> \"P\", \"+S\" | nil, msg",
    details = "Reads every name piece_name writes and the variants 王 竜 成歩 (and one-letter "
      .. "Western names). The colour is not part of a name: the letters are upper case.",
    example = 'shogi.core.parse_piece "全"   --> "+S"\nshogi.core.parse_piece "UM"   --> "+B"',
  },
  {
    name = "shogi.core.square_name",
    args = "(square [, style])",
    summary = "a square's name: \"japanese\" (７六, the default), \"csa\" (76) or \"usi\" (7f)",
    details = "square is a USI square name such as \"7f\"; raises for a bad one.",
    example = 'shogi.core.square_name "7f"  --> ７六',
  },
  {
    name = "shogi.core.iconv",
    args = "(text, from, to)",
    summary = "converts text between encodings (glibc iconv) -> text | nil, msg",
    details = "Any encoding names glibc knows: \"UTF-8\", \"CP932\" (Shift_JIS as Windows writes it, "
      .. "what .kif files use), \"EUC-JP\", \"SHIFT_JIS\", ... On failure returns nil and a "
      .. "message naming the byte (1-based) that could not be converted.",
    example = 'utf8_text = shogi.core.iconv(bytes, "CP932", "UTF-8")',
  },
}
