-- shogi.diagram.glyphs: the outlines of the kanji that name the pieces, {em =, glyphs = {[kanji] =
-- {advance =, d =}}}, which shogi.diagram.piece draws in place of text in a font.  None are kept in the
-- repository: the outlines are a font's (its own licence), so the web build makes its table from the font
-- installed on the machine (scripts/piece-glyphs, Debian's fonts-noto-cjk read by python3-fonttools) and
-- scripts/web-pieces draws the site's pieces with it (KOMADAI_GLYPHS).  With this empty table a piece's name
-- is text in a font, as the diagrams draw it.
return {em = 1000, glyphs = {}}
