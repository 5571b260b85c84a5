-- zukou007: mate in 15, from tests/data/tsume_suite.tsv (tokoroten/edo_era_tsume_shogi:collections/edo/zukou/problems/007.json (CC0 record of public-domain work; Shogi Zuko (Ito Kanju 1755) #7))
return {
  title = "Shogi Zuko #7",
  author = "Ito Kanju 1755",
  position = "1nkg5/2s6/3rp4/1B7/r8/1PN6/9/9/9 b BG3SN2gn4l16p 1",
  solution = "S*8b 7a8b N*7d 8b8c S*9d 8c9d 8d9c+ 9d9c S*8b 9c8c B*9b 8c9b 8b9a+ 9b8c G*8d",
}
