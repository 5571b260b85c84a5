#!/bin/sh
# scripts/diagram and the REPL's :diagram with the release build: PNGs compared
# with the reference images in tests/data/diagrams (tests/sh/png_diff.lua, at most
# 0.5% of the pixels off), SVG read by xmllint, an eight-problem sheet counted by
# pdfinfo, and every message of the command line.
# The references were drawn by rsvg-convert 2.54 with Noto Serif CJK JP (fonts-noto-cjk);
# redraw them with the commands below (and look at them) after a change to the drawing.
. "$(dirname "$0")/../lib.sh"
expect() { expect_eq "$@"; } # name, expected, actual
D=scripts/diagram
R=tests/data/diagrams

same_as() { # name, reference, image
    if out=$(lua5.4 tests/sh/png_diff.lua "$2" "$3"); then ok; else fail "$1: $out"; fi
}

# ---- PNGs against the references
$D examples/tsume/musou077.lua "$tmp/musou077.png" --size 320
expect "problem file to PNG" 0 $?
same_as "problem file PNG" $R/musou077.png "$tmp/musou077.png"
$D tests/data/records/jkf__fork.kif:3 "$tmp/fork3_flip.png" --flip --mark 2b --arrow 8h-2b --size 320
expect "record at move 3, flipped" 0 $?
same_as "flipped record PNG" $R/fork3_flip.png "$tmp/fork3_flip.png"
$D sho "$tmp/sho.png" --size 320 --caption 小将棋
expect "Sho start" 0 $?
same_as "Sho PNG" $R/sho.png "$tmp/sho.png"
# the comparison sees a difference: the flipped board is not the problem
if lua5.4 tests/sh/png_diff.lua $R/musou077.png "$tmp/fork3_flip.png" >/dev/null; then
    fail "png_diff took two different boards for one"; else ok; fi
$D examples/tsume/musou077.lua "$tmp/unflipped.png" --size 320 --flip
if lua5.4 tests/sh/png_diff.lua $R/musou077.png "$tmp/unflipped.png" >/dev/null; then
    fail "png_diff took the flipped problem for the problem"; else ok; fi

# ---- SVG and PDF
$D "3k5/9/3S5/9/9/9/9/9/9 b S2r2b4g2s4n4l18p 1" "$tmp/t.svg" --title "一手詰" --caption "<&>" --style western
expect "SFEN to SVG" 0 $?
if xmllint --noout "$tmp/t.svg" 2>"$tmp/err"; then ok; else fail "SVG is not XML: $(cat "$tmp/err")"; fi
expect "SVG title" "一手詰" "$(xmllint --xpath "string(//*[local-name()='text'][@class='title'])" "$tmp/t.svg")"
expect "SVG caption" "<&>" "$(xmllint --xpath "string(//*[local-name()='text'][@class='caption'])" "$tmp/t.svg")"
expect "SVG pieces" "K S" "$(xmllint --xpath "//*[local-name()='text'][contains(@class,'piece')]/text()" "$tmp/t.svg" |
    tr '\n' ' ' | sed 's/ $//' | tr ' ' '\n' | sort | tr '\n' ' ' | sed 's/ $//')"
# icons: every piece of the start drawn as its moves, the knight's two jumps, no names on the board
$D startpos "$tmp/i.svg" --style icons
expect "icons to SVG" 0 $?
if xmllint --noout "$tmp/i.svg" 2>"$tmp/err"; then ok; else fail "icons SVG is not XML: $(cat "$tmp/err")"; fi
expect "icon pieces" 40 "$(xmllint --xpath "count(//*[local-name()='g'][@class='moves'])" "$tmp/i.svg")"
expect "a knight's jumps" 2 "$(xmllint --xpath "count((//*[local-name()='g'][@class='moves'][@data-piece='N'])[1]/*[@class='jump'])" "$tmp/i.svg")"
expect "no piece names with icons" 0 "$(xmllint --xpath "count(//*[local-name()='text'][contains(@class,'piece')])" "$tmp/i.svg")"
$D startpos "$tmp/s.pdf"
expect "startpos to PDF" "1" "$(pdfinfo "$tmp/s.pdf" | sed -n 's/^Pages: *//p')"

# ---- a sheet of eight problems: two pages of six and a page of solutions
$D --sheet examples/tsume/musou077.lua examples/tsume/dual.lua examples/tsume/atama_kin.lua \
    examples/tsume/futile.lua examples/tsume/leftover.lua $R/three.tsv --out "$tmp/sheet.pdf" --solutions --title 詰将棋
expect "sheet exit status" 0 $?
expect "sheet pages" "3" "$(pdfinfo "$tmp/sheet.pdf" | sed -n 's/^Pages: *//p')"
expect "sheet paper" "A4" "$(pdfinfo "$tmp/sheet.pdf" | sed -n 's/^Page size:.*(\(.*\))/\1/p')"
if command -v pdftotext >/dev/null; then
    pdftotext "$tmp/sheet.pdf" "$tmp/sheet.txt"
    if grep -q "第8問" "$tmp/sheet.txt" && grep -q "解答" "$tmp/sheet.txt" && grep -q "11手詰" "$tmp/sheet.txt"; then
        ok; else fail "sheet text: $(head -c 300 "$tmp/sheet.txt")"; fi
fi
$D --sheet examples/tsume/*.lua $R/three.tsv --out "$tmp/sheet4.pdf" --per-page 4
# every problem of examples/tsume and the three of three.tsv, four a page
n=$(( $(ls examples/tsume/*.lua | wc -l) + 3 ))
expect "sheet of four a page" "$(( (n + 3) / 4 ))" "$(pdfinfo "$tmp/sheet4.pdf" | sed -n 's/^Pages: *//p')"
$D --sheet $R/mate3.usi --out "$tmp/rec.png" --solutions
expect "a record as a problem, PNG sheet" 0 $?
[ -f "$tmp/rec-1.png" ] && [ -f "$tmp/rec-2.png" ] && ok || fail "the PNG sheet pages were not written"

# ---- the REPL's :diagram
printf '7g7f\n:diagram %s {flip = true}\n' "$tmp/repl.png" | build/komadai >"$tmp/out" 2>"$tmp/err"
expect "REPL :diagram exit status" 0 $?
expect "REPL :diagram says" "wrote $tmp/repl.png" "$(tail -n 1 "$tmp/out")"
expect "REPL :diagram PNG" "PNG" "$(head -c 4 "$tmp/repl.png" | tail -c 3)"
printf ':diagram %s\n:diagram\n:diagram %s {sizes = 3}\n' "$tmp/x.gif" "$tmp/x.png" | build/komadai >/dev/null 2>"$tmp/err"
expect "REPL :diagram errors exit status (the number of errors)" 3 $?
expect "REPL :diagram errors" ":diagram: cannot tell the format of '$tmp/x.gif' (the name ends in .svg, .png or .pdf)
:diagram: no file given (:diagram board.png [{flip = true}])
:diagram: bad argument #2 to 'diagram' (unknown option 'sizes' (known: arrows, caption, coords, flip, hands, last_move, marks, size, style, title))" \
    "$(cat "$tmp/err")"

printf ':diagram %s {\n:diagram %s 3\n:diagram %s {size = nosuch.x}\ngame = nil\n:diagram %s\n' \
    "$tmp/x.png" "$tmp/x.png" "$tmp/x.png" "$tmp/x.png" | build/komadai >/dev/null 2>"$tmp/err"
expect "REPL :diagram bad options exit status (the number of errors)" 4 $?
expect "REPL :diagram bad options" ":diagram: bad options: unexpected symbol near <eof>
:diagram: the options must be a table, got a number
:diagram: attempt to index a nil value (global 'nosuch')
:diagram: there is no game in \`game\`" "$(cat "$tmp/err")"

# ---- messages of the command line
err() { # name, expected status, expected first line of stderr, args...
    name=$1; want_status=$2; want=$3; shift 3
    $D "$@" >/dev/null 2>"$tmp/err"
    status=$?
    expect "$name status" "$want_status" "$status"
    expect "$name message" "$want" "$(head -n 1 "$tmp/err")"
}
err "one argument" 2 "diagram: give one IN and one OUT" startpos
err "unknown option" 2 "diagram: unknown option --colour" startpos "$tmp/a.png" --colour red
err "missing value" 2 "diagram: option --size needs a value" startpos "$tmp/a.png" --size
err "bad number" 2 "diagram: option --size needs a whole number, got 'big'" startpos "$tmp/a.png" --size big
err "bad style" 2 "diagram: option --style takes kanji, western or icons, not 'letters'" startpos "$tmp/a.png" --style letters
err "bad coords" 2 "diagram: option --coords takes japanese, western or none, not 'x'" startpos "$tmp/a.png" --coords x
err "bad mark" 2 "diagram: marks[1]: bad square '5z' (like \"7g\": file 1-9, rank a-i)" startpos "$tmp/a.png" --mark 5z
err "bad arrow" 2 "diagram: arrows[1]: 'x' is not a USI move (like \"7g7f\" or \"G*5b\")" startpos "$tmp/a.png" --arrow x
err "bad last move" 2 "diagram: last_move: 'x' is not a USI move (like \"7g7f\" or \"P*5e\")" startpos "$tmp/a.png" --last-move x
err "bad format" 1 "diagram: cannot tell the format of '$tmp/a.gif' (the name ends in .svg, .png or .pdf)" startpos "$tmp/a.gif"
err "no such input" 1 "diagram: nofile.kif:1:1: no such file, and not an SFEN (sfen:1:1: not an SFEN, \"startpos\", \"sho\" or a handicap name: 'nofile.kif')" nofile.kif "$tmp/a.png"
err "bad SFEN" 1 "diagram: sfen:1:5: unknown piece letter 'x'" "lnsgx/9 b - 1" "$tmp/a.png"
err "record too short" 1 "diagram: tests/data/records/jkf__fork.kif: the record has 3 moves, not 9" tests/data/records/jkf__fork.kif:9 "$tmp/a.png"
$D startpos "$tmp/no/a.png" 2>"$tmp/err"
expect "unwritable status" 1 $?
expect "unwritable message" "diagram: rsvg-convert could not write '$tmp/no/a.png': " "$(head -n 1 "$tmp/err" | sed 's/\(a\.png.: \).*/\1/')"
err "sheet without files" 2 "diagram: --sheet needs problem files" --sheet --out "$tmp/s.pdf"
err "sheet without out" 2 "diagram: --sheet needs --out FILE.pdf" --sheet examples/tsume/dual.lua
err "sheet option" 2 "diagram: unknown option --flip" --sheet examples/tsume/dual.lua --out "$tmp/s.pdf" --flip
err "sheet per page" 2 "diagram: option --per-page needs a whole number, got '0'" --sheet examples/tsume/dual.lua --out "$tmp/s.pdf" --per-page 0
err "sheet per page range" 2 "diagram: per_page must be a whole number from 1 to 20, got '40'" --sheet examples/tsume/dual.lua --out "$tmp/s.pdf" --per-page 40
err "sheet bad file" 1 "diagram: nofile.lua:1:1: no such file, and not an SFEN (sfen:1:1: not an SFEN, \"startpos\", \"sho\" or a handicap name: 'nofile.lua')" --sheet nofile.lua --out "$tmp/s.pdf"
$D --help >"$tmp/out"; expect "help status" 0 $?
expect "help text" "usage:" "$(head -n 1 "$tmp/out")"

end_suite
