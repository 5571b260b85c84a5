-- A three-move position with many duals (余詰): the rook's first move works
-- from several squares, promoted or not, and the last move has alternatives.
-- The intended line also leaves a knight in hand, while the defender can
-- choose equally long replies that leave nothing over (変同), so the report's
-- main line differs from the intended one.
-- Position from the tests of antma/tsumeshogi-check (tests/tsume1.rs), as
-- tests/data/tsume_suite.tsv row c0065.
return {
  title = "Duals everywhere",
  author = "solver test position",
  position = "9/9/9/9/9/7np/8k/8B/7LR b rb4g4s3n3l17p 1",
  solution = "1h6c+ 2f1h+ 1i1h",
}
