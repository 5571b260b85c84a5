-- The dragon takes the gold with check; the knight interposed next to the
-- king counts as a defence under the jsa rule (the king protects it), the
-- dragon takes it and mates.  Mate in 3 with a gold and a knight left in
-- hand (駒余り).  The composers' rule (futile = "composer") calls the knight
-- futile, taken for nothing (the silver guards 2b), and the problem a mate
-- in 1: the report says the rules disagree.
-- Position from the tests of antma/tsumeshogi-check (tests/tsume1.rs), as
-- tests/data/tsume_suite.tsv row c0046.
return {
  title = "Leftovers",
  author = "solver test position",
  position = "6Snl/5+Rg1k/6ppp/9/9/9/9/9/9 b r2b3g3s3n3l15p 1",
  solution = "4b3b N*2b 3b2b",
}
