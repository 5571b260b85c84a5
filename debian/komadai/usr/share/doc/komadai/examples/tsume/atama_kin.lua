-- The first mate every player learns: the gold on the king's head (頭金),
-- supported by a pawn.  Mate in 1.
return {
  title = "Head gold (頭金)",
  author = "traditional",
  position = "4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1",
  solution = "G*5b",
}
