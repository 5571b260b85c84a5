-- musou077: mate in 11, from tests/data/tsume_suite.tsv (tokoroten/edo_era_tsume_shogi:collections/edo/musou/problems/077.json (CC0 record of public-domain work; Shogi Muso (Ito Sokan III 1734) #77))
return {
  title = "Shogi Muso #77",
  author = "Ito Sokan III 1734",
  position = "9/9/9/1+P1+B5/1p2S4/+pn7/1k2G4/s8/+l1L+p1+B3 b 3G2r2s3n2l14p 1",
  solution = "G*7h 8f7h+ G*7g 7h7g 4i7f 8g8h 7f7g 8h7i G*7h 7i8i 7g8h",
}
