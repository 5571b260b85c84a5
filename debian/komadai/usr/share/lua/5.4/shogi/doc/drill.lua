-- help() entries for teaching drills (lua/shogi/drill.lua, lua/shogi/drill/*).
-- Each entry: name, args, summary, details, example.
return {
  {
    name = "drill",
    summary = "teaching drills: exercises in a Lua file, played at the prompt, checked by the solver and the search",
    details = "A drill file returns {title =, author =, level =, exercises = {...}}; it is loaded by shogi.sandbox "
      .. "in this state (functions allowed). An exercise: position = SFEN | handicap name | \"record.kif:45\" "
      .. "(after 45 moves; relative to the drill file), prompt =, goal = \"move\" | \"mate\" | \"sequence\" | "
      .. "\"play\" | function, answers = {moves} or \"moves ...\" (any notation), hints = {texts}, explain =, "
      .. "opponent = \"builtin\" | \"BOT.lua\" | engine command, rules = \"computer\" | a rule set | a table for "
      .. "shogi.rules.custom (end_tests), margin = centipawns, length = plies (mate), moves = N (play: the "
      .. "student's moves allowed), depth = the search's depth, side = \"b\"|\"w\" (the student's side; the "
      .. "drill moves first in a sequence or a play), variant = \"sho\", title =.\n"
      .. "move: one of the answers, or with margin any move the search rates within it of the best. mate: the "
      .. "student attacks; each check must still mate in the plies left (duals accepted and named); the drill "
      .. "answers with the solver's longest defence. sequence: the line in answers; the drill plays the other "
      .. "side. play: against the opponent until the rules' end tests decide (type declare to declare). "
      .. "function: goal(game_after_the_move, usi, exercise) -> true | false, msg | nil, msg, reply.\n"
      .. "Hints: the teacher's, then the piece, then the square. Score: 100 an exercise, 25 off for each wrong "
      .. "move or hint (10 at least when solved), 0 when missed. Progress: $KOMADAI_HOME/drill/STUDENT.tsv "
      .. "(help \"drill progress\").",
    example = "d = shogi.drill.load(\"examples/drills/tsume.lua\")\ns = d:session()\ns:exercise().prompt\n"
      .. "s:answer(\"G*5b\").correct   --> true",
  },
  {
    name = "shogi.drill.load",
    args = "(path)",
    summary = "reads a drill file: a drill, or nil and a message",
    details = "The file's shape is checked (unknown fields, goals, hints, margin: nil and \"file: exercise 3: "
      .. "unknown field 'anwsers'\"); what needs the rules (the position, each answer) is kept in "
      .. "d.exercises[i].faults, which d:check() reports and a session skips. d:session(opts), d:check(opts).",
    example = "d, err = shogi.drill.load(\"examples/drills/tesuji.lua\")\n#d.exercises   --> 2",
  },
  {
    name = "d:session",
    args = "([opts])",
    summary = "plays a drill: s:exercise(), s:answer(move), s:hint(), s:reveal(), s:skip(), s:retry(), s:next(), s:score()",
    details = "s:answer(move) -> {correct =, done =, message =, reply = the drill's USI move, refutation = {USI "
      .. "moves} for a wrong move, position = the board after the refutation, points = when done, dual = the "
      .. "main line's move when a dual was played, illegal = true when the text is no legal move (not "
      .. "counted)}. A wrong move is taken back: the student tries again from the same position. s:reveal() -> "
      .. "the answer's text and moves (the exercise counts as missed). s:game() -> a copy of the exercise's "
      .. "game. opts: only = {exercise numbers}, progress = false (keep none), home =, student =, now = (seconds, "
      .. "for the schedule), depth = the search's depth (4).",
    example = "s = d:session{progress = false}\nr = s:answer(\"P*9b\")\nr.correct, r.refutation[1]\n"
      .. "s:hint()   --> \"the piece: drop a knight from the hand\"\ns:score().text",
  },
  {
    name = "d:check",
    args = "([opts])",
    summary = "the teacher's checker (scripts/drill check): names each faulty exercise",
    details = "Every position and answer legal; mate: the solver's length is the stated one exactly, the line a "
      .. "mate line, the duals listed; move: each answer the search's best or within the margin, other moves "
      .. "within the margin flagged; play: won against its opponent in a few search games. Returns {faulty = "
      .. "{numbers}, exercises = {{n, goal, faults, notes}}, text}. opts: depth (5), games (2).",
    example = "r = d:check()\nr.faulty   --> {}\nprint(r.text)",
  },
  {
    name = "drill progress",
    summary = "spaced repetition: missed exercises come back the next day, clean ones later",
    details = "One file per student: $KOMADAI_HOME/drill/STUDENT.tsv (KOMADAI_HOME defaults to ~/.komadai, \"-\" "
      .. "keeps nothing; STUDENT is $KOMADAI_STUDENT, else $USER). Leitner boxes: a new exercise is due now and "
      .. "starts in box 1; solved with no wrong move and no hint it moves up a box; with help it stays; missed "
      .. "it goes back to box 1. It comes back after 1, 3, 7, 14, 30 or 60 days by its box, so a first clean "
      .. "solve returns in 3 days and a missed one the next day. KOMADAI_NOW (epoch seconds) stands in for the "
      .. "clock. scripts/drill review [FILES] plays the exercises due (every drill played when none is named).",
    example = "scripts/drill review examples/drills/tsume.lua",
  },
  {
    name = ":drill",
    args = " FILE...",
    summary = "plays drills at the prompt; komadai --drill FILE... does the same from the shell",
    details = "Shows the board and the exercise's prompt; a move typed (any notation, or declare) is an answer. "
      .. "While a drill runs: :hint, :answer (show it; counted as missed), :skip, :retry, :next, :quit (the "
      .. "session's score); other lines are Lua as usual, and `game` is the exercise's board. A wrong move's "
      .. "refutation is shown on a board, then the position comes back. Each exercise's points, then the "
      .. "session's score.",
    example = ":drill examples/drills/tsume.lua\nG*5b\n:next\n:hint",
  },
  {
    name = "scripts/drill",
    summary = "drills from the shell: check, play, review, from-tsume, from-record",
    details = "scripts/drill check FILE... [--depth N] [--games N] (exit 1 when an exercise is faulty); play "
      .. "FILE...; review [FILE...]; from-tsume FILES... [--title T] (problem files or a TSV with sfen and "
      .. "mate_length columns: a drill on stdout); from-record GAME.kif [--engine CMD] [--threshold CP] [--depth "
      .. "N]: \"find the better move\" exercises where a move lost CP (300) or more by the evaluation (the "
      .. "built-in search, or a USI engine through shogi.engine when that is in the build).",
    example = "scripts/drill check examples/drills/tesuji.lua\nscripts/drill from-tsume problems/*.lua > drill.lua",
  },
}
