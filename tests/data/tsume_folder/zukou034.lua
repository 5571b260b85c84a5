-- zukou034: mate in 17, from tests/data/tsume_suite.tsv (tokoroten/edo_era_tsume_shogi:collections/edo/zukou/problems/034.json (CC0 record of public-domain work; Shogi Zuko (Ito Kanju 1755) #34))
return {
  title = "Shogi Zuko #34",
  author = "Ito Kanju 1755",
  position = "9/7lS/7pb/5S1B1/5rgk1/8p/4+R2G1/9/9 b SN2gs3n3l16p 1",
  solution = "S*2f 3e2f 2g2f 2e2f N*1h 2f2e 5g2g 2e1d 1b2c 1d2c 4d3c+ 2c1b 2d1c+ 1b1c G*2c 1c1d 2g2d",
}
