-- Sho shogi (no drops; a side left with one royal and nothing else has
-- lost): take the last piece beside gote's king.
return {
  title = "Sho shogi: bare the king",
  author = "komadai examples",
  level = "beginner",
  exercises = {
    {
      position = "4k4/5g3/9/9/9/9/9/4ER3/4K4 b - 1",
      variant = "sho",
      goal = "move",
      answers = {"4h4b+", "4h4b"},
      prompt = "Sente to move (Sho shogi): win at once",
      explain = "Once gote has only its king, it has lost (bare royal), even though the king could take the rook.",
    },
  },
}
