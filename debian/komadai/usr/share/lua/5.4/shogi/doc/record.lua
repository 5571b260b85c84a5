-- help() entries for game records (shogi.record, shogi.read, g:write, scripts/convert).
return {
  {
    name = "shogi.read",
    args = "(path_or_text [, format [, opts]])",
    summary = "reads a game record (KIF, KI2, CSA, JKF, USI/SFEN, BOD) -> game | nil, msg, partial",
    details = "The same as shogi.record.read. path_or_text is a file name or the record's text. "
      .. "format (\"kif\", \"ki2\", \"csa\", \"jkf\", \"usi\", \"sfen\", \"bod\") comes from the extension "
      .. "(.kif .kifu .ki2 .ki2u .csa .jkf .json .usi .sfen .bod) or is sniffed from the text. "
      .. "Encodings are sniffed: UTF-8 (a BOM tolerated), Shift_JIS (read as CP932), EUC-JP; "
      .. "opts.encoding forces one. Every move's text is read by the core (pos:parse_move): a bad or "
      .. "illegal move stops reading with \"file:line: move N: <the core's reason>\" (\"move N (text):\" "
      .. "when the reason does not quote the text), and the "
      .. "game up to there comes back as a third value. A record whose own end says the last move "
      .. "was a foul (KIF 反則勝ち after it, CSA %ILLEGAL_MOVE / %±ILLEGAL_ACTION) reads without it, "
      .. "the move kept in info().ending.illegal. End markers become verdicts: 投了/%TORYO resigns "
      .. "for the side to move, 入玉勝ち/%KACHI declares (the declaration rule switched on unless "
      .. "opts.game is given; a refused declaration is an error), 千日手/%SENNICHITE must agree with "
      .. "the game's own sennichite or perpetual check, 詰み/%TSUMI is kept as stated (tsume records "
      .. "end 詰み where only a futile interposition is left). "
      .. "Sho shogi: USI \"variant sho\" before the position, KIF/KI2/BOD/JKF header 種類：小将棋, CSA "
      .. "'variant sho (SZ/TS pieces also say it); a bare Sho SFEN needs opts.variant = \"sho\". "
      .. "A comment \"komadai verdict: <reason> winner=<b|w|draw>\" at the end gives the game that "
      .. "verdict (a custom one, or the 24-point count); stated fouls and time losses (%TIME_UP, "
      .. "%ILLEGAL_MOVE, 切れ負け, 反則勝ち, ...) become verdicts; a start that breaks a diagram rule "
      .. "is read leniently, with g:info().warnings. "
      .. "opts: {encoding =, name = (source name in messages), game = (options for shogi.game), "
      .. "variant = \"sho\"}.",
    example = 'g = shogi.read "game.kif"\n'
      .. 'g, err, partial = shogi.read("position startpos moves 7g7f 3c3d")\n'
      .. 'print(g:info().headers["先手"], g:info().ending.name)',
  },
  {
    name = "shogi.record.read",
    args = "(path_or_text [, format [, opts]])",
    summary = "the record reader behind shogi.read",
    details = "See shogi.read. Everything besides the moves goes into g:info(): headers (KIF names: "
      .. "先手 後手 棋戦 開始日時 ...; CSA $EVENT is 棋戦, $START_TIME 開始日時, N+ 先手, other $KEYs "
      .. "keep \"$KEY\"), header_order, comments[ply] (0 = before the first move; lines joined "
      .. "by \"\\n\"; a CSA \"'*\" line is a comment, other \"'\" lines go to notes[ply]), "
      .. "times[ply] = {used =, total =} in seconds, bookmarks[ply] (KIF &), branches (variations: "
      .. "{ply = N, moves = {usi...}, comments, times, ending, branches}, each an alternative to "
      .. "move N of the line it hangs from), ending = {name = \"TORYO\"|\"CHUDAN\"|\"SENNICHITE\"|"
      .. "\"TIME_UP\"|\"ILLEGAL_MOVE\"|\"+ILLEGAL_ACTION\"|\"-ILLEGAL_ACTION\"|\"JISHOGI\"|\"KACHI\"|"
      .. "\"TSUMI\"|\"FUZUMI\"|..., winner, text, summary, time, illegal}, format, source.",
    example = 'local record = require "shogi.record"\n'
      .. 'g = record.read("tests/data/records/jkf__henka.kif")\n'
      .. 'for _, b in ipairs(g:info().branches) do print(b.ply, table.concat(b.moves, " ")) end',
  },
  {
    name = "shogi.record.write",
    args = "(game, format [, opts])",
    summary = "a game as record text: kif, ki2, csa, jkf, usi, sfen or bod",
    details = "g:write(format [, opts]) calls this. KIF and KI2 are written in UTF-8 with a "
      .. "\"#KIF version=2.0 encoding=UTF-8\" line; opts.encoding = \"cp932\" gives Shift_JIS bytes "
      .. "(nil, msg when a character has no Shift_JIS code). CSA is V2.2, or V3.0 with "
      .. "opts.version = \"3.0\" (a game read from V3.0 keeps it). usi is \"position startpos moves "
      .. "...\" (or \"position sfen ...\"); sfen is the current position alone; bod is a diagram of the "
      .. "current position. Headers, comments, times, variations and the end are written where the "
      .. "format has them; the end is the record's stated one if it still fits the game, else "
      .. "the game's verdict: a custom verdict as 中断/%CHUDAN with a \"komadai verdict:\" comment "
      .. "(never a foul), perpetual check as the checking side's foul (%+ILLEGAL_ACTION / "
      .. "%-ILLEGAL_ACTION, or %ILLEGAL_MOVE when the checker is to move), never %SENNICHITE. "
      .. "A Sho game names its variant in every format. Reading what was "
      .. "written gives the same game.",
    example = 'print(g:write "kif")\nio.open("g.csa", "w"):write(g:write("csa", {version = "3.0"}))',
  },
  {
    name = "shogi.record.format_of",
    args = "(path)",
    summary = "the record format a file name's extension means, or nil",
    details = ".kif .kifu -> kif, .ki2 .ki2u -> ki2, .csa -> csa, .jkf .json -> jkf, .usi .sfen -> usi "
      .. "(reading), .bod -> bod.",
    example = 'require("shogi.record").format_of "a.kifu"  --> "kif"',
  },
  {
    name = "scripts/convert",
    args = " [--from=F] [--to=F] [--encoding=cp932|utf-8] [--csa=2.2|3.0] [--variant=sho] IN OUT",
    summary = "converts a record file between formats (chosen by the extensions)",
    details = "A shell command. .kif/.ki2 are written in Shift_JIS, .kifu/.ki2u in UTF-8, .sfen is the "
      .. "last position, .usi the position command, OUT \"-\" is stdout (with --to). Exit status 0, "
      .. "2 on bad input (the reader's file:line message on stderr), 1 when OUT cannot be written. "
      .. "--variant=sho reads a bare Sho SFEN.",
    example = "scripts/convert game.kif game.csa\nscripts/convert --to=sfen game.csa -",
  },
}
