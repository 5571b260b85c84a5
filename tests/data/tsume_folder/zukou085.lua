-- zukou085: mate in 15, from tests/data/tsume_suite.tsv (tokoroten/edo_era_tsume_shogi:collections/edo/zukou/problems/085.json (CC0 record of public-domain work; Shogi Zuko (Ito Kanju 1755) #85))
return {
  title = "Shogi Zuko #85",
  author = "Ito Kanju 1755",
  position = "4nS3/3g1n3/3pk1p+b1/5R3/3bN1S2/4N4/9/9/9 b R3P3g2s4l13p 1",
  solution = "P*5d 6e5d 5e4c+ 5d4c P*5d 4c5d 4d4c+ 5c4c R*5c 6b5c P*4d 5c4d 3e4d 4c3d G*3e",
}
