-- c0020: mate in 7, from tests/data/tsume_suite.tsv (sugyan+tsumeshogi-solver@e3838eb79178:solver/src/lib.rs:42)
return {
  position = "ln1g3+Rl/2sk1s+P2/2ppppb1p/p1b3p2/8P/P4P3/2PPP1P2/1+r2GS3/LN+p2KGNL w GN2Ps 1",
  solution = "8h5h 4i5h S*6i 5h6h 7i7h 6h5i G*5h",
}
