-- help() entries for the komadai program and its REPL
return {
  {
    name = "help", args = "([topic])",
    summary = "Lists the documented areas and names, or shows one.",
    details = "help() lists every area and its names; help \"position\" lists an area with one line per\n"
      .. "function; help \"pos:sfen\" (or \"sfen\", or any part of a name) shows one entry in full;\n"
      .. "help(shogi.position) finds the entry of a function.",
    example = 'help()\nhelp "pos:legal_moves"\nhelp "tsume"',
  },
  {
    name = "komadai", args = " [options] [script [args]]",
    summary = "The program: a REPL, or a script runner with the options of lua5.4.",
    details = "komadai            the REPL (prompts on a terminal; silent from a pipe or a file)\n"
      .. "komadai f.lua a b  runs f.lua with arg = {[0]=\"f.lua\", \"a\", \"b\"} (and ... = \"a\", \"b\")\n"
      .. "-e CODE  run CODE        -l MOD  MOD = require \"MOD\" (-l g=MOD: global g)\n"
      .. "-i       REPL afterwards -       the script is stdin     --  end of options\n"
      .. "-v       version         -h      usage\n"
      .. "Exit status 1 after an uncaught error; from a pipe, after any error in the REPL.\n"
      .. "The globals it adds: shogi (require \"shogi\"), help, and in the REPL game.",
    example = "komadai -e 'print(shogi.position(\"startpos\"):perft(3))'\nkomadai -i setup.lua\necho '7g7f' | komadai",
  },
  {
    name = "repl", args = "",
    summary = "How the REPL reads lines: expressions, statements, moves, commands.",
    details = "A line is first tried as `return <line>`, so expressions print their values (positions and\n"
      .. "games as a board, tables as a dump); else it runs as statements, with more lines (prompt >>)\n"
      .. "while Lua says the chunk is incomplete.  A line that is not Lua but is a move of `game` is\n"
      .. "played and the board shown; an illegal move says why.  Several moves on a line play in\n"
      .. "turn (all or none); 同 may be typed as 同銀, 同 銀 or 同　銀.  A position pasted on a line\n"
      .. "of its own (an SFEN, sfen ..., position startpos moves ..., startpos, sho or a handicap\n"
      .. "name) becomes the new game; game = EXPR keeps the old game when EXPR fails.  Tab completes\n"
      .. "globals, fields (shogi.po<TAB>), methods (game:le<TAB>), :commands, help topics and the\n"
      .. "legal moves of `game` (7<TAB>).  Ctrl-C stops a long computation (Lua or\n"
      .. "perft) and keeps the session; at the prompt it clears the line.  History is kept in\n"
      .. "~/.komadai_history (KOMADAI_HISTORY names another file; empty: none).  Errors go to stderr\n"
      .. "with a short traceback.  Commands: undo, :style, :color, :moves, :line (help \":line\"),\n"
      .. ":diagram (help \":diagram\"), :first :prev :next :last :goto N (help \":goto\"), :flip\n"
      .. "(gote's view; again to turn back), :drill FILE (help \":drill\"), the editor's :put :remove :hand\n"
      .. ":clear :side :mirror :swap (help \":put\"), :help (the commands, one line each).\n"
      .. "The caption's ply is game:ply(), the moves played.",
    example = "> 1 + 1\n2\n> for i = 1, 2 do\n>> print(i) end\n> 7g7f",
  },
  {
    name = "game", args = "",
    summary = "The REPL's current game: moves typed as lines are played on it.",
    details = "The REPL starts with game = shogi.game() (the start position).  Assign another game to\n"
      .. "play on it instead: game = shogi.game(\"sho\").  Typing `game` shows its board with the last\n"
      .. "move marked.  After a move that ends the game the verdict is printed.",
    example = "> 7g7f\n> 3c3d\n> game:moves()\n> game = shogi.game(\"2-piece\")",
  },
  {
    name = ":goto", args = " N",
    summary = "A cursor through `game`: :first, :prev, :next, :last and :goto N.",
    details = ":goto N shows the position after N moves; the moves taken back stay ahead of the cursor\n"
      .. "(:next, :last, game:redo()) until another move is played there.  In Lua: game:go_to(n)\n"
      .. "(goto is a reserved word), game:redo(), game:moves_ahead().",
    example = "> 7g7f 3c3d 2g2f\n> :first\n> :next\n> :goto 3",
  },
  {
    name = "undo", args = "",
    summary = "Typed alone in the REPL: takes back the last move (or edit) of `game` and shows the board.",
    details = "The same as game:undo() followed by showing game.  Only while no global named undo exists.\n"
      .. "Right after an editor command (:put :remove :hand :clear :side :mirror :swap) it brings\n"
      .. "back the game before the edit, moves and all.",
    example = "> 7g7f\n> undo",
  },
  {
    name = ":help", args = " [TOPIC]",
    summary = "REPL command: lists the REPL's commands, one line each; :help TOPIC is help \"TOPIC\".",
    details = "The list comes from these help entries: undo and every :command (the editor's\n"
      .. ":put :remove :hand :clear :side :mirror :swap among them).",
    example = ":help\n:help :hand",
  },
  {
    name = ":put", args = " SQUARE PIECE ...",
    summary = "REPL editor: puts pieces on squares of `game`'s position (USI letters, gote's lower case).",
    details = ":put 5e +B puts a promoted bishop for sente on 5e, :put 5a k gote's king\n"
      .. "on 5a; several pairs on one line (:put 5a k 5c G).  A piece replaces\n"
      .. "what stood there.  Refused, changing nothing: a square off the board,\n"
      .. "a letter that is no piece, a second king of one colour, a piece that\n"
      .. "could never move (a pawn or lance on its last rank, a knight on its last\n"
      .. "two) and a piece past the set (hands and promoted pieces counted).\n"
      .. ":put! is the lenient edit: it lets the last two through, and the notes\n"
      .. "after the board name them.  Every editor command (:put :remove :hand\n"
      .. ":clear :side :mirror :swap) makes a new game from the changed position\n"
      .. "(pos:edit) and shows it, then `note: ...` for each diagram rule it\n"
      .. "breaks and `as a tsume: ...` for what a tsume start still lacks (a\n"
      .. "defender's king, ...); `undo` right after an edit brings the game before\n"
      .. "it back, one edit at a time.",
    example = ":clear\n:put 5a k 5c G\n:hand b G\n:hand w rest\nundo",
  },
  {
    name = ":remove", args = " SQUARE ...",
    summary = "REPL editor: empties squares of `game`'s position (:remove 5e, :remove 1a 9a).",
    details = "An empty square stays empty; a square off the board is refused.  undo\n"
      .. "takes it back (help \":put\").",
    example = ":remove 1a 9a",
  },
  {
    name = ":hand", args = " b|w PIECES|-|rest",
    summary = "REPL editor: sets a side's hand (:hand b R2P, :hand w rest, :hand b - for none).",
    details = "Letters with counts, case ignored (the side is the first word).  rest\n"
      .. "gives that side every piece of the set not on the board or in the other\n"
      .. "hand (the usual gote hand of a tsume).  A hand past the set is refused;\n"
      .. ":hand! lets it through (the lenient edit).  undo takes it back.",
    example = ":hand b R2P\n:hand w rest",
  },
  {
    name = ":clear", args = "",
    summary = "REPL editor: empties the board and both hands; the side to move stays.",
    example = ":clear",
  },
  {
    name = ":side", args = " b|w",
    summary = "REPL editor: sets the side to move (b sente, w gote).",
    example = ":side w",
  },
  {
    name = ":mirror", args = "",
    summary = "REPL editor: exchanges left and right (file f goes to file 10 - f).",
    example = ":mirror",
  },
  {
    name = ":swap", args = "",
    summary = "REPL editor: exchanges the colours: a mate for sente becomes the same mate for gote.",
    details = "Every piece changes colour and the board turns half a turn; the hands\n"
      .. "and the side to move change over.",
    example = ":swap",
  },
  {
    name = ":flip", args = " [on|off]",
    summary = "REPL command: draws the boards from gote's side (again, or off, to turn back).",
    example = ":flip\n:flip off",
  },
  {
    name = ":style", args = " kanji|letters",
    summary = "REPL command: draw boards with kanji (KIF style) or USI letters (the default).",
    details = "letters: USI letters, gote in lowercase, ranks a-i; kanji: gote marked v, ranks 一..九.\n"
      .. "Sho shogi draws the drunken elephant 酔/E and the crown prince 太/+E.  :style alone shows\n"
      .. "the current one.  It sets the defaults of shogi.render too.",
    example = ":style kanji\n:style letters",
  },
  {
    name = ":color", args = " on|off",
    summary = "REPL command: colour in board diagrams (on by default only when stdout is a terminal).",
    details = "Gote's pieces in red, the last move's square in reverse video.",
    example = ":color off",
  },
  {
    name = ":moves", args = " [usi|western|japanese|kif|csa]",
    summary = "REPL command: the moves of `game`, numbered, in a notation.",
    details = "Without a notation: USI, or Japanese when the style is kanji.  Notations other than USI\n"
      .. "use pos:move_name (the notation layer).",
    example = ":moves\n:moves western",
  },
  {
    name = ":line", args = " MOVES... | EXPRESSION",
    summary = "REPL command: shows a line of moves board by board from the position of `game`.",
    details = "The game itself does not change.  The argument is either moves separated by spaces or a\n"
      .. "Lua expression giving an array of moves, or a table with a pv field (such as the answer\n"
      .. "of shogi.solve), so a solution can be played through on the board.",
    example = ":line 7g7f 3c3d 8h2b+\nr = shogi.solve(game:position())\n:line r",
  },
  {
    name = ":diagram", args = " FILE.svg|FILE.png|FILE.pdf [{options}]",
    summary = "REPL command: writes the board of `game` as a diagram (shogi.diagram.save).",
    details = "The options are a Lua table, as for shogi.diagram: {flip = true, style = \"western\",\n"
      .. "marks = {\"5e\"}, arrows = {{\"7g\", \"7f\"}}, title = \"...\"}.  The last move is shaded.",
    example = ":diagram board.png\n:diagram board.svg {flip = true, title = \"第2図\"}",
  },
  {
    name = "shogi.render", args = "(pos_or_game [, opts])",
    summary = "A board diagram as a string: both hands, side to move, ply, the last move marked.",
    details = "opts.style = \"letters\" (default) or \"kanji\"; opts.color = true for ANSI colour;\n"
      .. "opts.last = a USI move to mark with '*' (a game marks its last move unless last = false).\n"
      .. "Defaults come from require(\"shogi.render\").defaults (the REPL's :style and :color).",
    example = 'print(shogi.render(shogi.position("startpos"), {style = "kanji"}))',
  },
}
