-- zukou081: mate in 17, from tests/data/tsume_suite.tsv (tokoroten/edo_era_tsume_shogi:collections/edo/zukou/problems/081.json (CC0 record of public-domain work; Shogi Zuko (Ito Kanju 1755) #81))
return {
  title = "Shogi Zuko #81",
  author = "Ito Kanju 1755",
  position = "3n5/1lR2g3/2+Bl1G3/3P5/2G1k+b3/1+pLp1Pp2/4S4/9/4R4 b Pg3s3nl12p 1",
  solution = "7e6e 5e6e 7c8c 6e5d 8c6e 5d6e 5g5f 4e5f 7b7e+ 6e5d 7e4e 5d6d P*6e 5f6e 5i5d 6e5d 4e7e",
}
