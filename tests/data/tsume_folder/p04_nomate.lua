-- planted: c0103 without the bishop in hand: no mate
return {
  position = "ln7/1k1+P5/1pp1S4/p8/9/2P6/9/9/9 b GN2r2b3g3s2n3l13p 1",
}
