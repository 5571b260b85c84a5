-- zukou069: mate in 19, from tests/data/tsume_suite.tsv (tokoroten/edo_era_tsume_shogi:collections/edo/zukou/problems/069.json (CC0 record of public-domain work; Shogi Zuko (Ito Kanju 1755) #69))
return {
  title = "Shogi Zuko #69",
  author = "Ito Kanju 1755",
  position = "9/9/9/9/5l3/p2+rb4/1pG3+R2/S3S4/1+bk6 b 3GSs4n3l16p 1",
  solution = "G*7h 5f7h+ 7g7h 8i7h G*8i 7i6h 8i7h 6h5h B*6g 6f6g 3g6g 5h4i R*5i 4i5i 6g6h 5i4i B*3h 4i3i G*2i",
}
