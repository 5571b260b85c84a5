-- The browser test's drill (tests/web/drills.mjs): two move exercises played with board moves (a drag, a
-- click): a hanging silver to take, then a knight to take where the silver is guarded (Rx2e loses the rook).
return {
  title = "Basics: take what hangs",
  author = "komadai tests",
  level = "beginner",
  exercises = {
    {
      title = "the hanging silver",
      position = "4k4/9/9/9/7s1/9/9/7R1/4K4 b - 1",
      answers = {"2h2e"},
      prompt = "Sente to move: take the piece nobody guards",
      hints = {"The rook looks up its file."},
    },
    {
      title = "the guarded silver",
      position = "4k4/9/9/7p1/3n1R1s1/9/9/9/4K4 b - 1",
      answers = {"4e6e"},
      prompt = "Sente to move: win material",
      hints = {"One of the two pieces is guarded."},
      explain = "The pawn on 2d guards the silver; the knight has no guard.",
    },
  },
}
