#!/bin/sh
# scripts/convert: real records between formats (chosen by extension), the
# encodings of the output, and the exit statuses (2 on bad input, with the
# reader's file:line message on stderr).
# Last line: "N passed, N failed".
. "$(dirname "$0")/../lib.sh"
C=$PWD/scripts/convert
D=$PWD/tests/data/records
bad() { fail "$1"; echo "  stdout: $(head -c 400 "$tmp/out")"; echo "  stderr: $(head -c 400 "$tmp/err")"; }
cv() { "$C" "$@" >"$tmp/out" 2>"$tmp/err" </dev/null; rc=$?; }
out_is()  { [ "$(cat "$tmp/out")" = "$1" ]; }
out_has() { grep -qF -- "$1" "$tmp/out"; }
err_has() { grep -qF -- "$1" "$tmp/err"; }
file_has() { grep -qF -- "$2" "$1"; }
final() { # the SFEN column of MANIFEST.tsv for a file
    awk -F '\t' -v f="$1" '$2 == f { print $9 }' "$D/MANIFEST.tsv" | cut -d ' ' -f 1-3
}

# every real record to SFEN gives the final position the manifest lists
for f in pyshogi__habu-fujii-2006.kif jkf__shogidb2.kifu jkf__2005_YAMADA_GPS.csa skc__everyday_20211107.kif \
         ss__oute_sennichite.csa jkf__ryuou201409020101.jkf sh__v3-kifu-utf8.csa jkf__20091203.ki2; do
    cv "$D/$f" "$tmp/last.sfen"
    final_sfen=$(final "$f")
    expect "$f -> .sfen is the final position" 0 '[ "$(cut -d " " -f 1-3 "$tmp/last.sfen")" = "$final_sfen" ]' '[ ! -s "$tmp/err" ]'
done

# KIF (Shift_JIS) -> CSA -> KIFU (UTF-8) -> JKF -> KIF keeps the moves
cv "$D/pyshogi__habu-fujii-2006.kif" "$tmp/a.csa"
expect "kif -> csa" 0 'file_has "$tmp/a.csa" "V2.2"' 'file_has "$tmp/a.csa" "%TORYO"' 'file_has "$tmp/a.csa" "+7776FU"'
cv "$tmp/a.csa" "$tmp/b.kifu"
expect "csa -> kifu is UTF-8" 0 'file_has "$tmp/b.kifu" "#KIF version=2.0 encoding=UTF-8"' \
    'file_has "$tmp/b.kifu" "   1 ７六歩(77)"' 'file_has "$tmp/b.kifu" "まで181手で先手の勝ち"'
cv "$tmp/b.kifu" "$tmp/c.jkf"
expect "kifu -> jkf" 0 'file_has "$tmp/c.jkf" "\"preset\":\"HIRATE\""'
cv "$tmp/c.jkf" "$tmp/d.kif"
expect "jkf -> kif is Shift_JIS" 0 'file_has "$tmp/d.kif" "encoding=Shift_JIS"' \
    '! iconv -f utf-8 -t utf-8 "$tmp/d.kif" >/dev/null 2>&1'
cv "$tmp/d.kif" "$tmp/e.usi"
cv "$D/pyshogi__habu-fujii-2006.kif" "$tmp/f.usi"
expect "the moves survive the whole chain" 0 'cmp -s "$tmp/e.usi" "$tmp/f.usi"' 'file_has "$tmp/e.usi" "position startpos moves 7g7f"'

# variations and comments survive KIF -> KIF
cv "$D/jkf__henka.kif" "$tmp/h.kifu"
expect "variations kept" 0 'file_has "$tmp/h.kifu" "変化：3手"' 'file_has "$tmp/h.kifu" "*初手のコメント"' \
    '[ "$(grep -c "^変化" "$tmp/h.kifu")" -eq 5 ]'

# CSA V3.0 and KI2
cv --csa=3.0 "$D/jkf__8mai_hirate.csa" "$tmp/v3.csa"
expect "--csa=3.0" 0 'file_has "$tmp/v3.csa" "V3.0"' 'file_has "$tmp/v3.csa" "PI11KY21KE22KA31GI71GI81KE82HI91KY"'
cv "$D/jkf__8mai_hirate.csa" "$tmp/8.ki2u"
expect "csa -> ki2u" 0 'file_has "$tmp/8.ki2u" "手合割：八枚落ち"' 'file_has "$tmp/8.ki2u" "△７二金"'

# stdout with --to, bod
cv --to=usi "$D/sh__e2e27-record.csa" -
expect "--to=usi to stdout" 0 'out_is "position startpos moves 2g2f 8c8d 2f2e 8d8e 6i7h 3c3d"'
cv "$D/kfj__hashimoto-sos.kif" "$tmp/p.bod"
expect "bod of the last position" 0 'file_has "$tmp/p.bod" "後手番"' 'file_has "$tmp/p.bod" "+---------------------------+"'

# Sho shogi through every format and back (issue 11)
printf 'variant sho\nposition startpos moves 5h4h 5b6b 7g7f 3c3d 4h5h 6b5b 5h4h\n' >"$tmp/sho.usi"
cv "$tmp/sho.usi" "$tmp/sho.kif"
expect "sho usi -> kif (Shift_JIS)" 0 'iconv -f cp932 -t utf-8 "$tmp/sho.kif" | grep -qF "種類：小将棋"' \
    'iconv -f cp932 -t utf-8 "$tmp/sho.kif" | grep -qF "   1 ４八酔象(58)"'
cv "$tmp/sho.kif" "$tmp/sho.csa"
expect "sho kif -> csa" 0 'file_has "$tmp/sho.csa" "'"'"'variant sho"' 'file_has "$tmp/sho.csa" "+5848SZ"'
cv "$tmp/sho.csa" "$tmp/sho.jkf"
cv "$tmp/sho.jkf" "$tmp/sho.ki2u"
cv "$tmp/sho.ki2u" "$tmp/sho2.usi"
expect "sho csa -> jkf -> ki2u -> usi keeps the game" 0 'cmp -s "$tmp/sho.usi" "$tmp/sho2.usi"'
cv "$tmp/sho.usi" "$tmp/sho.sfen"
cv "$tmp/sho.sfen" "$tmp/sho3.usi"
expect "a bare Sho SFEN needs --variant" 2 'err_has "unknown piece letter '"'"'e'"'"'"'
cv --variant=sho "$tmp/sho.sfen" "$tmp/sho.bod"
expect "--variant=sho reads it" 0 'file_has "$tmp/sho.bod" "種類：小将棋"' 'file_has "$tmp/sho.bod" " 酔 "'
cv --variant=chu "$tmp/sho.sfen" "$tmp/x.bod"
expect "an unknown variant" 2 'err_has "unknown variant '"'"'chu'"'"' (sho or standard)"'

# a character Shift_JIS lacks: .kif fails, .kifu works
cv "$D/jkf__no_henka.kifu" "$tmp/n.kif"
expect "雞 cannot go to Shift_JIS" 2 'err_has "cannot encode in CP932"' 'err_has "(write .kifu for UTF-8)"'
cv "$D/jkf__no_henka.kifu" "$tmp/n.kifu"
expect "雞 goes to UTF-8" 0 'file_has "$tmp/n.kifu" "雞"'

# bad input: exit 2 and the reader's message
printf 'PI\n+\n+7775FU\n' >"$tmp/bad.csa"
cv "$tmp/bad.csa" "$tmp/x.kif"
expect "an illegal move" 2 'err_has "bad.csa:3: move 1: illegal move "' 'err_has "(7g7e): the piece cannot move that way"' '[ ! -e "$tmp/x.kif" ]'
printf '\377\376\375\n\201' >"$tmp/bad.kif"
cv "$tmp/bad.kif" "$tmp/x.csa"
expect "an unknown encoding" 2 'err_has "bad.kif:1: unknown encoding"'
printf 'V2.2\nPI\n' >"$tmp/short.csa"
cv "$tmp/short.csa" "$tmp/x.kif"
expect "a truncated file" 2 'err_has "short.csa:2: no side to move"'
cv "$tmp/missing.kif" "$tmp/x.csa"
expect "a missing file" 2 'err_has "missing.kif:0: cannot open the file"'
cv "$D/jkf__henka.kif" "$tmp/x.docx"
expect "an unknown output extension" 2 'err_has "cannot tell the output format"'
cv "$D/jkf__henka.kif"
expect "usage" 2 'err_has "usage: convert"'
cv --to=kif "$D/jkf__henka.kif" /nonexistent/dir/x.kif
expect "an output that cannot be written" 1 'err_has "convert: "'

end_suite
