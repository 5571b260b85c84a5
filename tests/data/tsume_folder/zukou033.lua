-- zukou033: mate in 19, from tests/data/tsume_suite.tsv (tokoroten/edo_era_tsume_shogi:collections/edo/zukou/problems/033.json (CC0 record of public-domain work; Shogi Zuko (Ito Kanju 1755) #33))
return {
  title = "Shogi Zuko #33",
  author = "Ito Kanju 1755",
  position = "l8/1n7/np3B3/SR1+P5/k1N6/9/1Ps6/1N7/5+B3 b r4g2s3l15p 1",
  solution = "8d8e 9e9d 8e8c P*8e P*9e 9d9e 4i8e 9c8e 8c9c 9a9c P*9f 9e8d 8h7f 8d9d 4c6a+ P*7b 6a7b P*8c 7b8c",
}
