-- A futile interposition (無駄合).  The rook comes up to 6a; the defender,
-- holding only pawns, can drop one on 4a (5a, 3a and 2a are nifu).  That pawn
-- stands away from the rook, nothing of the defender's protects it, and the
-- rook simply takes it with mate: under the "jsa" convention it is no defence
-- and the problem is a mate in 1.  Counting every interposition
-- (futile = "all") makes it 6i6a+ P*4a 6a4a, three moves.
-- The promotion is optional, so 6i6a is a dual of the last (only) move.
-- Composed for komadai's examples.
return {
  title = "The futile pawn",
  author = "komadai examples",
  position = "8k/7pp/L3p1p2/RBB6/GGG6/GSS6/SSN6/NNN6/LLLR5 b 14p 1",
  solution = "6i6a+",
  notes = "scripts/tsume solve '8k/7pp/L3p1p2/RBB6/GGG6/GSS6/SSN6/NNN6/LLLR5 b 14p 1' --futile all",
}
