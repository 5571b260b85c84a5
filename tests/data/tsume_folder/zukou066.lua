-- zukou066: mate in 17, from tests/data/tsume_suite.tsv (tokoroten/edo_era_tsume_shogi:collections/edo/zukou/problems/066.json (CC0 record of public-domain work; Shogi Zuko (Ito Kanju 1755) #66))
return {
  title = "Shogi Zuko #66",
  author = "Ito Kanju 1755",
  position = "1p3ls1+P/+B4+P1gg/7P1/6S1g/8n/7n1/4sS3/1r4+r1G/5+p1k1 b BLP2n2l12p 1",
  solution = "4g3h 2i1h P*1i 1h1g L*1h 2f1h+ 1i1h 1g1h R*1f P*1g 3h2i 1h1i 1f1g P*1h B*3g 8h2h+ 1g1h",
}
