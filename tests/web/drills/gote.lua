-- The browser test's exercise for gote (tests/web/drills.mjs): the board is shown from gote's side.
return {
  title = "Gote to move",
  author = "komadai tests",
  level = "beginner",
  exercises = {
    {
      title = "the rook takes",
      position = "4k4/7r1/9/9/7S1/9/9/9/4K4 w - 1",
      answers = {"2b2e"},
      prompt = "Gote to move: take the silver",
    },
  },
}
