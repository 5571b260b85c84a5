-- An exercise gote plays: shown from gote's side (issue 35 item 2).
return {
  title = "Gote mates",
  exercises = {
    {position = "9/9/9/9/9/9/4p4/9/4K4 w g 1", goal = "mate", length = 1, answers = {"G*5h"}},
  },
}
