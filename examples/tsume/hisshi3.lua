-- 3手必至 (a hisshi in three moves): the rook drop checks; after 1b1a the promoted
-- pawn's step to 2c is 必至 (no defence stops both mates), after 1b1c the rook
-- mates at once.  The report lists what follows every defence of both attacker
-- moves.  Constructed for komadai's tests (tests/data/hisshi_suite.tsv row h7).
return {
  type = "hisshi",
  title = "3手必至",
  author = "komadai test position",
  position = "9/8k/6+P2/6P2/9/9/9/9/9 b RPr2b4g4s4n4l15p 1",
  solution = "R*2b 1b1a 3c2c",
}
