-- A teacher's five exercises; exercise 3 has a wrong answer (planted: the
-- knight fork's answer is a pawn drop), which scripts/drill check must name.
return {
  title = "Five for the class",
  author = "tests",
  exercises = {
    {position = "4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1", goal = "mate", length = 1, answers = {"G*5b"}},
    {position = "7+P1/5R1s1/6ks1/9/5L1p1/9/9/9/9 b R2b4g2s4n3l16p 1", goal = "mate", length = 3,
      hints = {"Sacrifice the rook in hand."}},
    {position = "5k1r1/9/p1p1p3p/9/9/9/2P1P1P1P/9/4K4 b NP 1", goal = "move", answers = {"P*8b"}},
    {position = "5k1r1/9/p1p1p3p/9/9/9/2P1P1P1P/9/4K4 b NP 1", goal = "move", answers = {"３三桂"},
      explain = "The fork."},
    {position = "2-piece", goal = "sequence", side = "b", answers = "7a6b 7g7f 5c5d 2g2f"},
  },
}
