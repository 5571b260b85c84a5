-- musou038: mate in 15, from tests/data/tsume_suite.tsv (tokoroten/edo_era_tsume_shogi:collections/edo/musou/problems/038.json (CC0 record of public-domain work; Shogi Muso (Ito Sokan III 1734) #38))
return {
  title = "Shogi Muso #38",
  author = "Ito Sokan III 1734",
  position = "2B3l2/5lg2/5p1n1/6k1g/5P2+B/5Sg1N/6N+l1/9/9 b SN2rg2sl16p 1",
  solution = "S*2e 1d2e 4f3e 3f3e N*4f 3e4f 7a3e+ 2c3e 1e2e 3d2c 2e3d 2c1c G*1b 1c1d 3d2d",
}
