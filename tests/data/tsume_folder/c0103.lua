-- c0103: mate in 9, from tests/data/tsume_suite.tsv (antma+tsumeshogi-check@1fbe2da604a5:tests/tsume9.rs:7 | defender-hand-completed)
return {
  position = "ln7/1k1+P5/1pp1S4/p8/9/2P6/9/9/9 b BGN2rb3g3s2n3l13p 1",
  solution = "6b7b 8b9c N*8e 9c8d B*7e 8d8e G*8f 8e7d 5c6d+",
}
