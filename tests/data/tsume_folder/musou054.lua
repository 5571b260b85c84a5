-- musou054: mate in 19, from tests/data/tsume_suite.tsv (tokoroten/edo_era_tsume_shogi:collections/edo/musou/problems/054.json (CC0 record of public-domain work; Shogi Muso (Ito Sokan III 1734) #54))
return {
  title = "Shogi Muso #54",
  author = "Ito Sokan III 1734",
  position = "5p3/9/7+PL/8P/7+p1/5P2k/5b1np/6PG1/5+p3 b B3GNP2r4s2n3l9p 1",
  solution = "G*2f 1f2f 2h3g 2f1e 3g2f 1e1d 2f1e 1d1e P*1f 1e1f G*2f 2e2f G*1e 1f1e B*3c P*2d 3c2d+ 1e1f N*2h",
}
