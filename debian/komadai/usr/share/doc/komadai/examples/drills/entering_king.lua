-- The entering king: bring a tenth piece into the camp, then declare
-- (type `declare`).  A `play` exercise under a custom rule set: the 27-point
-- declaration of the computer rules, a wrong declaration refused, not lost.
return {
  title = "Entering king: declare (入玉宣言)",
  author = "komadai examples",
  level = "intermediate",
  exercises = {
    {
      position = "G8/1+B2K2+R1/P1SG1GS1P/1P7/9/9/9/4k4/9 b RB2P 1",
      goal = "play",
      rules = {base = "computer", name = "declaration-drill", declaration_loses = false},
      opponent = "builtin",
      moves = 4,
      prompt = "Sente to move: nine pieces in the camp and 29 points; get a tenth piece in, then type declare",
      hints = {"A pawn one step from the camp is the quickest tenth piece."},
      explain = "A declaration needs the king in the camp, ten other pieces there, no check and 28 points (sente).",
    },
  },
}
