-- c0229: mate in 9, from tests/data/tsume_suite.tsv (TadaoYamaoka+DeepLearningShogi@4caf57c92f0d:test/test.cpp:1056)
return {
  position = "1+B5n1/5g1k1/4pp1p1/l5p2/2PR1P2P/1P1pP1P2/1S2s2PL/1K1+b5/g6N1 b RG2SN2L4Pgn2p 1",
  solution = "N*1d 2b3b R*3a 3b3a S*2b 3a4a 6e6a+ 4a3b G*3a",
}
