-- A play exercise against a real USI engine (Debian's fairy-stockfish):
-- enter a tenth piece into the camp and declare.
return {
  title = "Declare against Fairy-Stockfish",
  exercises = {
    {
      position = "G8/1+B2K2+R1/P1SG1GS1P/1P7/9/9/9/4k4/9 b RB2P 1",
      goal = "play", opponent = "fairy-stockfish", moves = 4,
      rules = {base = "computer", name = "declaration-drill", declaration_loses = false},
    },
  },
}
