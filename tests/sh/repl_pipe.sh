#!/bin/sh
# The REPL from a pipe: expressions, multi-line chunks, moves typed as lines,
# errors (to stderr, counted into the exit status), no prompt, no colour.
# Runs on build/komadai and, when it exists, build/asan/komadai
# (KOMADAI=path tests one binary).  Last line: "N passed, N failed".
. "$(dirname "$0")/../lib.sh"
export KOMADAI_HISTORY="$tmp/history"

if [ -n "$KOMADAI" ]; then bins=$KOMADAI; else
    bins=build/komadai
    [ -x build/asan/komadai ] && bins="$bins build/asan/komadai"
fi

bad()  { fail "[$bin] $1"; echo "  stdout: $(head -c 600 "$tmp/out")"; echo "  stderr: $(head -c 600 "$tmp/err")"; }
# feed TEXT to the REPL on stdin
feed() { printf '%s\n' "$1" | "$bin" >"$tmp/out" 2>"$tmp/err"; rc=$?; }
out_has() { grep -qF -- "$1" "$tmp/out"; }
err_has() { grep -qF -- "$1" "$tmp/err"; }
# a game to play on, even before shogi.game exists
SETUP='if game == nil then game = shogi.core.game(shogi.position("startpos")) end'

for bin in $bins; do
    [ -x "$bin" ] || { failed=$((failed + 1)); echo "FAIL $bin is missing"; continue; }

    feed '1 + 1'
    expect "an expression prints its value" 0 '[ "$(cat "$tmp/out")" = 2 ]' '[ ! -s "$tmp/err" ]'

    feed '1, "a", nil'
    expect "several values, tab separated" 0 '[ "$(cat "$tmp/out")" = "$(printf "1\ta\tnil")" ]'

    feed 'x = 5
x * 2'
    expect "a statement prints nothing, its effect stays" 0 '[ "$(cat "$tmp/out")" = 10 ]'

    feed '{1, 2, a = "x", [10] = true}'
    expect "a table prints as a dump" 0 '[ "$(cat "$tmp/out")" = "{1, 2, [10] = true, a = \"x\"}" ]'

    feed 'for i = 1, 3 do
  io.write(i)
end
print()
function f(a,
           b)
  return a + b
end
f(2, 3)'
    expect "multi-line chunks continue while incomplete" 0 '[ "$(cat "$tmp/out")" = "$(printf "123\n5")" ]'

    feed 'shogi.position("startpos")'
    expect "a position prints as a board" 0 'out_has "| l  n  s  g  k  g  s  n  l | a"' \
        'out_has "ply 0, sente (b) to move"' 'out_has "gote  hand: -"'

    feed 'print(type(game), game and #game:moves())'
    if out_has "nil"; then skip "the REPL starts with a game (shogi.game is not there yet)"
    else expect "the REPL starts with a game at the start" 0 '[ "$(cat "$tmp/out")" = "$(printf "userdata\t0")" ]'; fi

    feed "$SETUP
7g7f
game:moves()"
    expect "a move line is played and the board shown" 0 'out_has "| .  .  P* .  .  .  .  .  . | f"' \
        'out_has "last move 7g7f"' 'out_has "{\"7g7f\"}"' '[ ! -s "$tmp/err" ]'

    feed "$SETUP
7g7f
3c3d
undo
#game:moves()"
    expect "undo takes back the last move" 0 'out_has "ply 1, gote (w) to move, last move 7g7f"' \
        '[ "$(tail -n 1 "$tmp/out")" = 1 ]'

    feed "$SETUP
7g7e
#game:moves()"
    expect "an illegal move says why, on stderr, and counts" 1 'err_has "illegal move 7g7e: "' \
        '[ "$(cat "$tmp/out")" = 0 ]'

    feed "$SETUP
P*5e"
    expect "a drop with no piece in hand is refused" 1 'err_has "illegal move P*5e: "'

    feed 'game = shogi.core.game(shogi.position("sho"))
:style kanji
game'
    expect "assigning game replaces it; kanji style; Sho pieces" 0 'out_has "v酔"' 'out_has " 酔 "' \
        'out_has "手数＝0　先手番　小将棋"'

    feed "$SETUP
7g7f
3c3d
:moves
:line 8h2b+ 3a2b
#game:moves()"
    expect ":moves lists the moves, :line shows a line without playing it" 0 'out_has "1.7g7f  2.3c3d"' \
        'out_has "1. 8h2b+"' 'out_has "2. 3a2b"' 'out_has "gote  hand: B"' '[ "$(tail -n 1 "$tmp/out")" = 2 ]'

    feed "$SETUP
:line 7g7f 7g7f"
    expect ":line names the bad move" 1 'err_has ":line: move 2: illegal move 7g7f: "'

    feed ':style roman'
    expect "a bad command is an error" 1 'err_has ":style: unknown style '"'"'roman'"'"' (kanji or letters)"'

    feed 'game = shogi.core.game(shogi.position("4k4/9/4P4/9/9/9/9/9/4K4 b G 1"))
G*5b'
    if grep -q "result" "$tmp/err" || ! "$bin" -e 'local g = shogi.core.game(shogi.position("startpos")) assert(g.result)' 2>/dev/null; then
        skip "the verdict after a mating move (game:result is not there yet)"
    else
        expect "a move that ends the game prints the verdict" 0 'out_has "| .  .  .  .  G* .  .  .  . | b"' \
            '[ -n "$(tail -n 1 "$tmp/out" | grep -i mate)" ]'
    fi

    feed 'print("a")
error("boom")
print("b")'
    expect "an error goes to stderr, the session goes on, the status counts it" 1 \
        '[ "$(cat "$tmp/out")" = "$(printf "a\nb")" ]' 'err_has "stdin:2: boom"' 'err_has "stack traceback:"' \
        '! err_has "[C]: in ?"'

    # what a new user tried in the first hour (issue 17)
    feed '7g7f 3c3d 2g2f
game:ply()'
    expect "several moves on one line play in turn" 0 'out_has "3"' 'out_has "last move 2g2f"'
    feed '7g7f 3c3d 7g7e
game:ply()'
    expect "a bad move on a line plays none of them" 1 'err_has "move 3 (7g7e): illegal move 7g7e"' \
        'err_has "no move was played"' '[ "$(tail -n 1 "$tmp/out")" = 0 ]'
    feed '7g7f 3c3d 8h2b+
同 銀
game:moves()[4]'
    expect "同 with a space" 0 '[ "$(tail -n 1 "$tmp/out")" = 3a2b ]'
    feed '7g7f 3c3d 8h2b+
同　銀
game:ply()'
    expect "同 with a full-width space" 0 '[ "$(tail -n 1 "$tmp/out")" = 4 ]'
    feed 'lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1
game:side()'
    expect "a pasted SFEN is the new game" 0 'out_has "new game:"' '[ "$(tail -n 1 "$tmp/out")" = w ]'
    feed 'position startpos moves 7g7f 3c3d
game:ply()'
    expect "a pasted position command is the new game" 0 '[ "$(tail -n 1 "$tmp/out")" = 2 ]'
    feed '2-piece
game:side()'
    expect "a handicap name is the new game, gote to move" 0 '[ "$(tail -n 1 "$tmp/out")" = w ]'
    feed '7g7f
game = shogi.game("xyz")
game:ply()'
    expect "a failed shogi.game keeps the old game and says why" 1 \
        'err_has "the game is unchanged: sfen:1:1: not an SFEN"' '[ "$(tail -n 1 "$tmp/out")" = 1 ]'
    feed 'shogi.game("startpos", 5)
game:play("P-7e")'
    expect "errors point at the user's line and say it once" 2 \
        "err_has \"stdin:1: bad argument #2 to 'game' (options table expected, got number)\"" \
        "err_has \"stdin:2: no legal move matches 'P-7e'\""
    feed '3c3d'
    expect "a move of the side not to move says whose turn it is" 1 "err_has \"it is Black's (sente's) turn\""
    feed 'P-3d'
    expect "a Western move of the other side says so" 1 "err_has \"'P-3d' is a move of White (gote), but it is Black's turn\""
    feed '7g'
    expect "text that is neither Lua nor a move says so in one sentence" 1 \
        "err_has \"'7g' is neither Lua nor a move of \\\`game\\\`\"" '! err_has "malformed number"'
    feed '7g7f 3c3d 2g2f
:first
:next
:goto 3
:prev
game:ply()
:last
game:ply()
:goto 9'
    expect "a cursor through the game" 1 'err_has ":goto: no move 9 (the game has moves 0 to 3)"' \
        '[ "$(grep -c "^[0-9]$" "$tmp/out")" -eq 2 ]'
    feed ':flip'
    expect ":flip turns the board" 0 'out_has "  1  2  3  4  5  6  7  8  9"' \
        '[ "$(head -n 1 "$tmp/out")" = "sente hand: -" ]'
    feed '7g7f
resign()
game:resign()
undo
game:ply()'
    expect "undo after a resignation takes back the resignation only" 1 '[ "$(tail -n 1 "$tmp/out")" = 1 ]'

    feed 'error("one")
error("two")
error("three")'
    expect "the exit status is the number of errors" 3 'err_has "stdin:3: three"'
    feed "$(for i in $(seq 1 200); do echo 'error("e")'; done)"
    expect "the exit status counts at most 125 errors" 125 true

    feed 'x = = 1'
    expect "a syntax error" 1 'err_has "stdin:1: unexpected symbol near '"'"'='"'"'"'

    feed 'for i = 1, 2 do'
    expect "input ending inside a chunk" 1 "err_has \"'end' expected near <eof>\""

    feed 'x = 1
local t = nil return t.x'
    expect "a runtime error names the line" 1 'err_has "stdin:2: attempt to index a nil value (local '"'"'t'"'"')"'

    feed 'help()
help "undo"'
    expect "help" 0 'out_has "komadai help: "' 'out_has "Typed alone in the REPL"'

    feed 'game = shogi.core.game(shogi.position("startpos"))
7g7f
game'
    expect "no prompt and no colour into a pipe" 0 '! out_has "> "' '! grep -q "$(printf "\033")" "$tmp/out"'

    feed 'hello world'
    expect "text that is neither Lua nor a move is a syntax error" 1 "err_has \"stdin:1: syntax error near 'world'\""


    printf 'print(1)\n' >"$tmp/script.txt"
    "$bin" <"$tmp/script.txt" >"$tmp/out" 2>"$tmp/err"; rc=$?
    expect "from a file as from a pipe" 0 '[ "$(cat "$tmp/out")" = 1 ]'

    feed '   

print("after blanks")'
    expect "blank lines are skipped" 0 '[ "$(cat "$tmp/out")" = "after blanks" ]'

    feed ':clear
:put 5a k 5c G
:hand b G
:hand w rest
undo
print(game:sfen())'
    expect "the editor: :clear :put :hand, undone by undo" 0 'out_has "4k4/9/4G4/9/9/9/9/9/9 b G 1"' \
        'out_has "gote  hand: 2R 2B 2G 4S 4N 4L 18P"' 'out_has "as a tsume: the defender has 0 kings"' '[ ! -s "$tmp/err" ]'

    feed ':put 1a P
print(game:sfen())'
    expect "the editor refuses a dead piece, to stderr" 1 'err_has ":put: black pawn on 1a can never move"' \
        'out_has "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"'

    feed ':clear
:put 5a k 5e +B 1a p
:remove 1a
:side w
:mirror
:swap
print(game:sfen())
undo
undo
undo
print(game:sfen())'
    expect "the editor: :remove :side :mirror :swap, each undone by undo" 0 \
        'out_has "9/9/9/9/4+b4/9/9/9/4K4 b - 1"' 'out_has "4k4/9/9/9/4+B4/9/9/9/9 b - 1"' \
        'out_has "ply 0, gote (w) to move"' '[ ! -s "$tmp/err" ]'

    feed ':put 5e
:hand x P
:remove 5j
:hand b 2R
:side x
:mirror now
print(game:sfen())'
    expect "the editor's errors say what is wrong, to stderr, and change nothing (one count each)" 6 \
        'err_has ":put: expected a square and a piece"' 'err_has ":hand: expected a side and pieces"' \
        'err_has ":remove: '"'"'5j'"'"' is not a square (1a to 9i)"' \
        'err_has ":hand: too many rooks: 4 (the set has 2)"' 'err_has ":side: expected b or w"' \
        'err_has ":mirror: takes nothing"' \
        'out_has "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"' \
        '[ "$(grep -c "^+---" "$tmp/out")" -eq 0 ]'

    feed ':put! 1a P
print(game:sfen())
:style! kanji'
    expect ":put! is the lenient edit, its notes follow the board" 1 \
        'out_has "note: black pawn on 1a can never move"' \
        'out_has "lnsgkgsnP/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"' \
        'err_has ":style: takes no '"'"'!'"'"'"'

    feed ':help'
    expect ":help lists the commands, the editor's included" 0 'out_has ":put SQUARE PIECE ..."' \
        'out_has ":hand b|w PIECES|-|rest"' 'out_has ":swap "' 'out_has ":mirror "' 'out_has ":remove SQUARE"' \
        'out_has ":clear "' 'out_has ":side b|w"' 'out_has "undo "'

    feed 'os.exit(3)'
    expect "os.exit sets the status" 3 true
done

end_suite
