-- Tesuji: the knight fork and the pawn drop that blocks.  `move` exercises:
-- the answer, or any move the search rates within `margin` centipawns of it.
return {
  title = "Tesuji: fork and block",
  author = "komadai examples",
  level = "beginner",
  exercises = {
    {
      title = "knight fork",
      position = "5k1r1/9/p1p1p3p/9/9/9/2P1P1P1P/9/4K4 b NP 1",
      goal = "move",
      answers = {"N*3c"},
      prompt = "Sente to move: win material with the piece in hand",
      hints = {"A knight attacks two squares at once."},
      explain = "桂の両取り: N*3c checks the king on 4a and attacks the rook on 2a; after the king moves, Nx2a+.",
    },
    {
      title = "a pawn drop that blocks",
      position = "4k4/9/ppppppppp/9/4b4/9/P8/L8/KN7 b P 1",
      goal = "move",
      answers = {"P*8h"},
      margin = 30,
      depth = 5,
      prompt = "Sente is in check from the bishop: block it",
      explain = "Block next to the king: the king guards the pawn on 8h, so the bishop cannot take it with check.",
    },
  },
}
