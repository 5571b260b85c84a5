-- Shogi Muso (将棋無双, Ito Sokan III, 1734), problem 77: mate in 11.
-- Diagram and solution from the CC0 record in tokoroten/edo_era_tsume_shogi
-- (collections/edo/musou/problems/077.json), as in tests/data/tsume_suite.tsv.
return {
  title = "Shogi Muso #77",
  author = "Ito Sokan III (1734)",
  position = "9/9/9/1+P1+B5/1p2S4/+pn7/1k2G4/s8/+l1L+p1+B3 b 3G2r2s3n2l14p 1",
  solution = "G*7h 8f7h+ G*7g 7h7g 4i7f 8g8h 7f7g 8h7i G*7h 7i8i 7g8h",
  notes = "The king runs into the corner; three gold drops and two horses.",
}
