-- zukou030: mate in 17, from tests/data/tsume_suite.tsv (tokoroten/edo_era_tsume_shogi:collections/edo/zukou/problems/030.json (CC0 record of public-domain work; Shogi Zuko (Ito Kanju 1755) #30))
return {
  title = "Shogi Zuko #30",
  author = "Ito Kanju 1755",
  position = "4+LgB2/3+P1+R1R1/4+bl1g1/8k/5p1p1/7+p1/9/9/9 b 2G4s4n2l14p 1",
  solution = "2b2c+ 1d2c 3a1c+ 2c3d G*3e 5c3e G*4d 3e4d 4b3c 3d3c G*2c 3c4b 1c3a 4b3a 5a4a 3a2a G*1b",
}
