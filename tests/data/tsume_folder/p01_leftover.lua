-- planted: the head-gold mate with a pawn added to the attacker's hand, which the line never uses (駒余り)
return {
  title = "頭金 with a pawn to spare",
  position = "4k4/9/4P4/9/9/9/9/9/9 b GP2r2b3g4s4n4l16p 1",
  solution = "G*5b",
}
