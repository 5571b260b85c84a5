-- A play exercise against a Lua bot (issue 35 item 7: shogi.bot.load once shogi.drill is loaded).
return {
  title = "against a bot",
  exercises = {
    {position = "4k4/9/9/9/9/9/9/9/4K4 b RG 1", goal = "play", side = "b", opponent = "../../../examples/bots/pst.lua",
      prompt = "Sente to move: play it out against the bot"},
  },
}
