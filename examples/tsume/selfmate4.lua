-- 自玉詰 (a selfmate in four plies): the attacker checks twice and the defender,
-- every reply counted, must mate the attacker's king on 1c.  The bishop's last
-- check works promoted or not (成生非限定, a note).  Constructed for komadai's
-- tests (tests/data/selfmate_suite.tsv row s2).
return {
  type = "selfmate",
  title = "自玉詰 4手",
  author = "komadai test position",
  position = "7gk/7pb/8K/5B3/4p2g1/9/9/9/9 b N2r2g4s3n4l16p 1",
  solution = "N*2c 1b2c 4d2b+ 2a2b",
}
