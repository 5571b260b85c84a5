-- 頭金 (the gold on the king's head) with a lance on 1i that the mate does not
-- need: the composer's report names it (不要駒, an unneeded piece).  The web
-- editor's test (tests/web/problems.mjs) sets this position up by clicks.
return {
  title = "An unneeded lance",
  author = "komadai examples",
  position = "4k4/9/4P4/9/9/9/9/9/8L b G 1",
  solution = "G*5b",
}
