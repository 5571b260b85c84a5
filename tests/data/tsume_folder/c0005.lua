-- c0005: mate in 3, from tests/data/tsume_suite.tsv (sugyan+tsumeshogi-solver@e3838eb79178:solver/src/lib.rs:25)
return {
  position = "lnsG5/4g4/prpp1p1pp/1p4p2/4+B3k/2P1P4/P+b1PSP1LP/4K2SL/2G2G1r1 b SP3nl3p 1",
  solution = "1g1f 1e1d S*1e",
}
