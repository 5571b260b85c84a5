-- help() entries for board diagrams (shogi.diagram) and problem sheets
return {
  {
    name = "diagram", args = "",
    summary = "Board diagrams as SVG, PNG or PDF, in the look of a printed tsume diagram; problem sheets.",
    details = "shogi.diagram(pos_or_game, opts) returns SVG text; shogi.diagram.save writes .svg, .png or\n"
      .. ".pdf (PNG and PDF through rsvg-convert, with the Noto Serif CJK JP font the Makefile\n"
      .. "installs).  From the shell: scripts/diagram IN OUT [options], and\n"
      .. "scripts/diagram --sheet FILES... --out sheet.pdf [--per-page 6] [--solutions].\n"
      .. "In the REPL: :diagram FILE.png [{options}].",
    example = 'shogi.diagram.save(game, "board.png", {title = "第1図"})',
  },
  {
    name = "shogi.diagram", args = "(pos_or_game [, opts])",
    summary = "SVG text of the board: pieces as text (gote's turned), hands with counts, coordinates.",
    details = "opts: style = \"kanji\" (one-character pieces: と 杏 圭 全 馬 龍, Sho 酔 太) or \"western\"\n"
      .. "(letters); flip = true (gote's view); coords = \"japanese\" (１-９ and 一-九), \"western\"\n"
      .. "(1-9, a-i) or false; last_move = a USI move to shade (a game: its last move; false: none);\n"
      .. "marks = {\"5e\", ...} (rings); arrows = {{\"7g\", \"7f\"}, {\"G\", \"5b\"}, \"P*5e\"} (a piece\n"
      .. "letter: from the hand); hands = false hides them; title, caption; size = width in pixels\n"
      .. "(480).  Sente's hand is at the right ending at the bottom, gote's at the left from the top;\n"
      .. "gote holding every other piece reads 残り全部.  An unknown option is refused with the\n"
      .. "list of known ones.  g:diagram(opts) is the same for a game.",
    example = 'print(shogi.diagram(shogi.position("startpos"), {flip = true}))\n'
      .. 'game:diagram({marks = {"5e"}, arrows = {{"7g", "7f"}}})',
  },
  {
    name = "shogi.diagram.save", args = "(pos_or_game, file [, opts])",
    summary = "Writes the diagram as .svg, .png or .pdf; true, or nil and a message.",
    details = "The format comes from the file name.  PNG and PDF are drawn by rsvg-convert (Debian's\n"
      .. "librsvg2-bin).",
    example = 'shogi.diagram.save(game, "board.svg", {caption = "▲７六歩まで"})',
  },
  {
    name = "shogi.diagram.save_sheet", args = "(problems, file [, opts])",
    summary = "A printable problem sheet: numbered diagrams on A4 pages, solutions on the last.",
    details = "problems: a list of {position =, title =, author =, length =, solution = {usi...}}\n"
      .. "(shogi.diagram.load_all(file) reads problem files, position lists and records); a problem\n"
      .. "without a solution is solved (opts.nodes, 2 000 000).  opts: per_page (6), solutions,\n"
      .. "title (the page heading), style.  A .pdf gets every page; .svg or .png a file a page.\n"
      .. "shogi.diagram.sheet(problems, opts) returns the pages as SVG texts.",
    example = 'local ps = shogi.diagram.load_all("examples/tsume/musou077.lua")\n'
      .. 'shogi.diagram.save_sheet(ps, "sheet.pdf", {solutions = true})',
  },
  {
    name = "shogi.diagram.load", args = "(spec)",
    summary = "What scripts/diagram draws: an SFEN, a record (game.kif:45), a problem file, a list.",
    details = "Returns {position =, game =, title =, author =, solution =, length =} or nil, msg.\n"
      .. "\"game.kif:45\" is the position after 45 moves (its game, so the last move is shaded); a\n"
      .. "whole record is its end.  Position lists (.tsv, .sfen): one SFEN a line, or a TSV whose\n"
      .. "header names the columns sfen, id or title, mate_length, solution.  load_all(spec) gives\n"
      .. "every item, and reads a whole record as a problem (its start; its moves the solution).",
    example = 'local item = shogi.diagram.load("tests/data/records/jkf__fork.kif:2")',
  },
}
