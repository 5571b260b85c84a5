-- musou035: mate in 17, from tests/data/tsume_suite.tsv (tokoroten/edo_era_tsume_shogi:collections/edo/musou/problems/035.json (CC0 record of public-domain work; Shogi Muso (Ito Sokan III 1734) #35))
return {
  title = "Shogi Muso #35",
  author = "Ito Sokan III 1734",
  position = "4p4/n1s+B5/sR1n5/k8/3P5/2s+p5/sNP6/9/9 b RB4gn4l14p 1",
  solution = "B*8e 7f8e R*7d 8e7d 8c8e+ 7d8e 6b7b 9d8d S*7c 8d7d 7c6d+ 7d8d 7b7c 8d9d 7c9e 9d8c 6d7c",
}
