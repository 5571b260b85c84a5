-- zukou077: mate in 19, from tests/data/tsume_suite.tsv (tokoroten/edo_era_tsume_shogi:collections/edo/zukou/problems/077.json (CC0 record of public-domain work; Shogi Zuko (Ito Kanju 1755) #77))
return {
  title = "Shogi Zuko #77",
  author = "Ito Kanju 1755",
  position = "9/9/9/2+R6/3+p5/1+p1lb4/3rk1S2/2+B1g4/2P1gsS2 b 2GNs3n3l15p 1",
  solution = "N*6i 5i6i G*4h 5h4h 3i4h 5g5h G*6h 6g6h+ 7h6h 6i6h R*5g 5h6i G*5i 6h5i 5g5i 6i6h G*6i 6h6g 7d7h",
}
