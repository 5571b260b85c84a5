-- help() entries for board diagrams (shogi.diagram) and problem sheets
return {
  {
    name = "diagram", args = "",
    summary = "Board diagrams as SVG, PNG or PDF, in the look of a printed tsume diagram; problem sheets.",
    details = "shogi.diagram(pos_or_game, opts) returns SVG text; shogi.diagram.save writes\n"
      .. ".svg, .png or .pdf (PNG and PDF through rsvg-convert, with the Noto Serif\n"
      .. "CJK JP font the Makefile installs). From the shell: scripts/diagram IN OUT\n"
      .. "[options], and scripts/diagram --sheet FILES... --out sheet.pdf [--per-page\n"
      .. "6] [--solutions]. In the REPL: :diagram FILE.png [{options}].",
    example = "shogi.diagram.save(game, \"board.png\", {title = \"第1図\"})",
  },
  {
    name = "shogi.diagram", args = "(pos_or_game [, opts])",
    summary = "SVG text of the board: pieces as text (gote's turned), hands with counts, coordinates.",
    details = "opts: style = \"kanji\" (one-character pieces: と 杏 圭 全 馬 龍, Sho\n"
      .. "酔 太) or \"western\" (letters in piece outlines); flip = true (gote's\n"
      .. "view); coords = \"japanese\" (１-９ and 一-九), \"western\" (1-9, a-i) or\n"
      .. "false; last_move = a USI move to shade (a game: its last move; false: none);\n"
      .. "marks = {\"5e\", ...} (rings); arrows = {{\"7g\", \"7f\"}, {\"G\", \"5b\"}, \"P*5e\"} (a\n"
      .. "piece letter: from the hand); hands = false hides them; title, caption; size\n"
      .. "= width in pixels (480).\n"
      .. "Sente's hand is at the right ending at the bottom, gote's at the left from\n"
      .. "the top; gote holding every other piece reads 残り全部. An unknown\n"
      .. "option is refused with the list of known ones. g:diagram(opts) is the same\n"
      .. "for a game.",
    example = "print(shogi.diagram(shogi.position(\"startpos\"), {flip = true}))\n"
      .. "game:diagram({marks = {\"5e\"}, arrows = {{\"7g\", \"7f\"}}})",
  },
  {
    name = "shogi.diagram.save", args = "(pos_or_game, file [, opts])",
    summary = "Writes the diagram as .svg, .png or .pdf; true, or nil and a message.",
    details = "The format comes from the file name. PNG and PDF are drawn by rsvg-convert\n"
      .. "(Debian's librsvg2-bin).",
    example = "shogi.diagram.save(game, \"board.svg\", {caption = \"▲７六歩まで\"})",
  },
  {
    name = "shogi.diagram.save_sheet", args = "(problems, file [, opts])",
    summary = "A printable problem sheet: numbered diagrams on A4 pages, solutions on the last.",
    details = "problems: a list of {position =, title =, author =, length =, solution =\n"
      .. "{usi...}} (shogi.diagram.load_all(file) reads problem files, position lists\n"
      .. "and records); a problem without a solution is solved (opts.nodes, 2 000\n"
      .. "000). opts: per_page (6), solutions, title (the page heading), style. A .pdf\n"
      .. "gets every page; .svg or .png a file a page. shogi.diagram.sheet(problems,\n"
      .. "opts) returns the pages as SVG texts.",
    example = "local ps = shogi.diagram.load_all(\"examples/tsume/musou077.lua\")\n"
      .. "shogi.diagram.save_sheet(ps, \"sheet.pdf\", {solutions = true})",
  },
  {
    name = "shogi.diagram.load", args = "(spec)",
    summary = "What scripts/diagram draws: an SFEN, a record (game.kif:45), a problem file, a list.",
    details = "Returns {position =, game =, title =, author =, solution =, length =} or\n"
      .. "nil, msg. \"game.kif:45\" is the position after 45 moves (with its game, so\n"
      .. "the last move is shaded); a whole record is its end. Position lists (.tsv,\n"
      .. ".sfen): one SFEN a line, or a TSV whose header names the columns sfen, id or\n"
      .. "title, mate_length, solution. load_all(spec) gives every item, and reads a\n"
      .. "whole record that ends in mate as a problem (its start; its moves the\n"
      .. "solution).",
    example = "local item = shogi.diagram.load(\"tests/data/records/jkf__fork.kif:2\")",
  },
}
