-- Planted errors, one kind per exercise; scripts/drill check must name
-- exercises 2, 3, 4, 6 and 7 and pass 1 and 5.
return {
  title = "Planted errors",
  exercises = {
    -- 1: fine
    {position = "4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1", goal = "mate", length = 1},
    -- 2: the mate is 1 move, not 3
    {position = "4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1", goal = "mate", length = 3},
    -- 3: an illegal answer (no silver in hand)
    {position = "4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1", goal = "move", answers = {"S*5b"}},
    -- 4: an answer far below the search's best
    {position = "5k1r1/9/p1p1p3p/9/9/9/2P1P1P1P/9/4K4 b NP 1", goal = "move", answers = {"P*9b"}, margin = 50},
    -- 5: fine, with a dual listed
    {position = "9/9/9/9/9/7np/8k/8B/7LR b rb4g4s3n3l17p 1", goal = "mate", length = 3},
    -- 6: an illegal position (two unpromoted pawns of sente on the 5-file)
    {position = "4k4/9/4P4/9/4P4/9/9/9/4K4 b G 1", goal = "mate"},
    -- 7: a play exercise that cannot be won: the king cannot reach 1a in one move
    {position = "4k4/9/9/9/9/9/9/9/4K4 b - 1", goal = "play", moves = 1,
      rules = {end_tests = {function(g)
        if g:at("1a") == "K" then return {outcome = "win", winner = "b", reason = "corner", text = "the king reached 1a"} end
      end}}},
  },
}
