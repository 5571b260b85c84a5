-- zukou075: mate in 19, from tests/data/tsume_suite.tsv (tokoroten/edo_era_tsume_shogi:collections/edo/zukou/problems/075.json (CC0 record of public-domain work; Shogi Zuko (Ito Kanju 1755) #75))
return {
  title = "Shogi Zuko #75",
  author = "Ito Kanju 1755",
  position = "4l4/9/4n4/9/2Ss1n+p+B1/1p7/4lG+b2/2p1k4/2+p2L3 b 2RG2g2s2nl14p 1",
  solution = "4g5g 5h4i R*1i G*2i 2e5h 4i3h R*1h S*2h L*3i 2i3i 1h2h 3g2h 5h4g 3h2g S*1f 2g2f G*2g 2h2g 1f1e",
}
