-- A 2-piece handicap line to reproduce (二枚落ち, 二歩突っ切り): gote, the
-- handicap giver, moves first and the drill plays gote; the student plays
-- sente.  The line is written in Japanese notation: any notation is read.
return {
  title = "2-piece handicap: two pawns through (二歩突っ切り)",
  author = "komadai examples",
  level = "beginner",
  exercises = {
    {
      position = "2-piece",
      goal = "sequence",
      side = "b",
      answers = {"△６二銀", "▲７六歩", "△５四歩", "▲２六歩", "△５三銀", "▲２五歩", "△４四歩", "▲２四歩",
        "△同歩", "▲同飛"},
      prompt = "Sente (the receiver) to move: push the rook pawn through where gote has no bishop",
      explain = "With gote's rook and bishop gone, sente's rook breaks through on the 2-file: 2f, 2e, 2d, and Rx2d.",
    },
  },
}
