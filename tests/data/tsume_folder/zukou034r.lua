-- zukou034r: Shogi Zuko #34 with the line of its source's later record (tokoroten/edo_era_tsume_shogi,
-- collections/edo/zukou/problems/034.json at commit 6b79494c: N*3h, 2b2c and G*1d, where the record
-- in tests/data/tsume_suite.tsv has N*1h, 1d2c and a line that ends with B P in hand). komadai's ruling
-- (docs/TSUME.md "Routes that meet the line"): N*1h is no cook of this line, for the knight reaches 2f
-- at move 15 either way: one solution with a free route (a 非限定 note).
return {
  title = "Shogi Zuko #34 (later record)",
  author = "Ito Kanju 1755",
  position = "9/7lS/7pb/5S1B1/5rgk1/8p/4+R2G1/9/9 b SN2gs3n3l16p 1",
  solution = "S*2f 3e2f 2g2f 2e2f N*3h 2f2e 5g2g 2e1d 1b2c 2b2c P*1e 4e1e 2g2e 1e2e 3h2f 1d2d G*1d",
}
