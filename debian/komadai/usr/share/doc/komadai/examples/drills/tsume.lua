-- Tsume in 1, 3 and 5: the student attacks, the drill defends with the
-- longest defence the solver finds; any mate of the right length counts.
return {
  title = "Tsume: 1, 3 and 5 moves",
  author = "komadai examples",
  level = "beginner",
  exercises = {
    {
      position = "4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1",
      goal = "mate", length = 1, answers = {"G*5b"},
      prompt = "Mate in 1: the gold on the king's head",
      hints = {"The pawn on 5c supports a piece dropped in front of the king."},
      explain = "頭金 (head gold): the pawn guards 5b, so the king cannot take.",
    },
    {
      position = "7+P1/5R1s1/6ks1/9/5L1p1/9/9/9/9 b R2b4g2s4n3l16p 1",
      goal = "mate", length = 3,
      prompt = "Mate in 3",
      explain = "The rook sacrifice pulls the king up to 3d, where the lance and the other rook finish it.",
    },
    {
      position = "l2k5/9/3S2S2/9/9/9/9/9/9 b B2N2rb4g2s2n3l18p 1",
      goal = "mate", length = 5,
      answers = "B*8c 6a5a N*4c 5a4a N*5c",
      prompt = "Mate in 5: a bishop and two knights",
      explain = "The bishop drives the king right; the knights, dropped one behind the other, close the net.",
    },
  },
}
