-- Tables and helpers shared by the record readers and writers (shogi.record.*):
-- piece names in every notation, squares, SFEN assembly, kanji numbers, times,
-- and the record end markers.  Pure data and pure functions.
local string, table, tonumber, tostring, ipairs, pairs, math, utf8 =
    string, table, tonumber, tostring, ipairs, pairs, math, utf8
local floor = math.floor

local M = {}

-- ---- pieces ----------------------------------------------------------------
-- USI piece (uppercase, "+" for promoted) <-> CSA two-letter names
M.csa_of = {P = "FU", L = "KY", N = "KE", S = "GI", G = "KI", B = "KA", R = "HI", K = "OU",
            ["+P"] = "TO", ["+L"] = "NY", ["+N"] = "NK", ["+S"] = "NG", ["+B"] = "UM", ["+R"] = "RY"}
M.usi_of_csa = {}
for k, v in pairs(M.csa_of) do M.usi_of_csa[v] = k end

-- kanji in moves (KIF/KI2) and in BOD diagrams (one character)
M.kanji_of = {P = "歩", L = "香", N = "桂", S = "銀", G = "金", B = "角", R = "飛", K = "玉",
              ["+P"] = "と", ["+L"] = "成香", ["+N"] = "成桂", ["+S"] = "成銀", ["+B"] = "馬", ["+R"] = "龍"}
M.bod_of = {P = "歩", L = "香", N = "桂", S = "銀", G = "金", B = "角", R = "飛", K = "玉",
            ["+P"] = "と", ["+L"] = "杏", ["+N"] = "圭", ["+S"] = "全", ["+B"] = "馬", ["+R"] = "龍"}
-- accepted spellings when reading
M.usi_of_kanji = {["歩"] = "P", ["香"] = "L", ["桂"] = "N", ["銀"] = "S", ["金"] = "G", ["角"] = "B",
                  ["飛"] = "R", ["玉"] = "K", ["王"] = "K", ["と"] = "+P", ["成香"] = "+L", ["杏"] = "+L",
                  ["成桂"] = "+N", ["圭"] = "+N", ["成銀"] = "+S", ["全"] = "+S", ["馬"] = "+B",
                  ["龍"] = "+R", ["竜"] = "+R"}
M.hand_order = {"R", "B", "G", "S", "N", "L", "P"}
M.promotable = {P = true, L = true, N = true, S = true, B = true, R = true}

-- ---- numbers -----------------------------------------------------------------
M.kanji_digit = {"一", "二", "三", "四", "五", "六", "七", "八", "九"}
M.wide_digit = {"１", "２", "３", "４", "５", "６", "７", "８", "９"}
local digit_value = {}
for i = 1, 9 do
    digit_value[M.kanji_digit[i]] = i
    digit_value[M.wide_digit[i]] = i
    digit_value[tostring(i)] = i
end
digit_value["〇"] = 0; digit_value["０"] = 0; digit_value["0"] = 0
M.digit_value = digit_value

-- "十二" -> 12, "三" -> 3, "" -> 1 (hand counts: "桂" alone means one)
function M.kanji_count(s)
    if s == "" then return 1 end
    local n, ten = 0, false
    for _, c in utf8.codes(s) do
        local ch = utf8.char(c)
        if ch == "十" then
            n = (n == 0 and 1 or n) * 10; ten = true
        elseif digit_value[ch] then
            n = ten and n + digit_value[ch] or n * 10 + digit_value[ch]
        else
            return nil
        end
    end
    return n
end

function M.kanji_number(n)
    if n <= 9 then return M.kanji_digit[n] end
    local tens, ones = floor(n / 10), n % 10
    return (tens > 1 and M.kanji_digit[tens] or "") .. "十" .. (ones > 0 and M.kanji_digit[ones] or "")
end

-- ---- squares -------------------------------------------------------------------
local rank_letter = "abcdefghi"
function M.square(file, rank)
    file, rank = floor(file), floor(rank)
    return string.format("%d", file) .. rank_letter:sub(rank, rank)
end
function M.file_rank(sq)
    return tonumber(sq:sub(1, 1)), rank_letter:find(sq:sub(2, 2), 1, true)
end

-- a USI move -> from square (or nil), to square, promote flag, dropped piece
--- could this board move (legal or not) promote?  The core answers: a promotion
-- it refuses for any reason but "cannot-promote" was possible.
function M.could_promote(pos, m)
    local ok, _, id = pos:is_legal(m .. "+")
    return ok or id == "leaves-king-in-check"
end

function M.split_usi(m)
    local piece, to = m:match("^(%u)%*(%d%l)$")
    if piece then return nil, to, false, piece end
    local from, to2, plus = m:match("^(%d%l)(%d%l)(%+?)$")
    return from, to2, plus == "+", nil
end

-- ---- SFEN from a board -------------------------------------------------------------
-- board[rank][file] = USI piece letters ("P", "+p", ...); hands[side][letter] = n
function M.sfen(board, hands, side, ply)
    local rows = {}
    for rank = 1, 9 do
        local row, empty = {}, 0
        for file = 9, 1, -1 do
            local pc = board[rank] and board[rank][file]
            if pc then
                if empty > 0 then row[#row + 1] = string.format("%d", empty); empty = 0 end
                row[#row + 1] = pc
            else
                empty = empty + 1
            end
        end
        if empty > 0 then row[#row + 1] = string.format("%d", empty) end
        rows[#rows + 1] = table.concat(row)
    end
    local hand = {}
    for _, s in ipairs({"b", "w"}) do
        for _, l in ipairs(M.hand_order) do
            local n = hands[s] and hands[s][l] or 0
            if n > 0 then
                hand[#hand + 1] = (n > 1 and string.format("%d", n) or "") .. (s == "b" and l or l:lower())
            end
        end
    end
    return table.concat(rows, "/") .. " " .. side .. " " ..
        (#hand > 0 and table.concat(hand) or "-") .. " " .. string.format("%d", ply or 1)
end

-- the piece set, for "the rest of the pieces" (CSA 00AL, tsume hands)
M.full_set = {K = 2, R = 2, B = 2, G = 4, S = 4, N = 4, L = 4, P = 18}

-- board and hands of a position: board[rank][file] = letters, hands as pos:hand
function M.board_of(pos)
    local board = {}
    for r = 1, 9 do board[r] = {} end
    for sq, pc in pairs(pos:pieces()) do
        local f, r = M.file_rank(sq)
        board[r][f] = pc
    end
    return board, {b = pos:hand("b"), w = pos:hand("w")}
end

-- ---- text -------------------------------------------------------------------------
-- display width: East Asian wide characters count two columns
function M.width(s)
    local w = 0
    for _, c in utf8.codes(s) do w = w + (c >= 0x1100 and 2 or 1) end
    return w
end

function M.pad(s, width)
    local n = width - M.width(s)
    return s .. string.rep(" ", n > 0 and n or 0)
end

-- ---- times -------------------------------------------------------------------------
-- seconds -> "m:ss" and "hh:mm:ss"
function M.mmss(t)
    t = floor(t)
    return string.format("%2d:%02d", floor(t / 60), t % 60)
end
function M.hhmmss(t)
    t = floor(t)
    return string.format("%02d:%02d:%02d", floor(t / 3600), floor(t / 60) % 60, t % 60)
end

-- ---- record end markers ------------------------------------------------------------
-- Canonical names are the CSA ones without '%'.  KIF words per name, for the side
-- to move: the KIF word and whether it needs the side (反則勝ち/反則負け).
M.ending_of_kif = {
    ["投了"] = "TORYO", ["中断"] = "CHUDAN", ["千日手"] = "SENNICHITE", ["切れ負け"] = "TIME_UP",
    ["時間切れ"] = "TIME_UP", ["持将棋"] = "JISHOGI", ["入玉勝ち"] = "KACHI", ["詰み"] = "TSUMI",
    ["詰"] = "TSUMI", ["不詰"] = "FUZUMI", ["引き分け"] = "HIKIWAKE", ["待った"] = "MATTA",
    ["エラー"] = "ERROR", ["封じ手"] = "FUUJITE",
}
M.kif_of_ending = {
    TORYO = "投了", CHUDAN = "中断", SENNICHITE = "千日手", TIME_UP = "切れ負け", JISHOGI = "持将棋",
    KACHI = "入玉勝ち", TSUMI = "詰み", FUZUMI = "不詰", HIKIWAKE = "引き分け", MATTA = "待った",
    ERROR = "エラー", MAX_MOVES = "持将棋", OUTE_SENNICHITE = "反則負け", ILLEGAL_MOVE = "反則負け",
    FUUJITE = "封じ手",
}
M.csa_endings = {TORYO = true, CHUDAN = true, SENNICHITE = true, OUTE_SENNICHITE = true,
                 TIME_UP = true, ILLEGAL_MOVE = true, ["+ILLEGAL_ACTION"] = true,
                 ["-ILLEGAL_ACTION"] = true, JISHOGI = true, KACHI = true, HIKIWAKE = true,
                 MAX_MOVES = true, TSUMI = true, FUZUMI = true, ERROR = true, MATTA = true}

-- the winner an end marker implies, with side the side to move: "b", "w", "draw" or nil
function M.ending_winner(name, side)
    local other = side == "b" and "w" or "b"
    if name == "TORYO" or name == "TIME_UP" or name == "ILLEGAL_MOVE" or name == "TSUMI"
        or name == "OUTE_SENNICHITE" then
        return other
    elseif name == "KACHI" then
        return side
    elseif name == "+ILLEGAL_ACTION" then
        return "w"
    elseif name == "-ILLEGAL_ACTION" then
        return "b"
    elseif name == "SENNICHITE" or name == "JISHOGI" or name == "HIKIWAKE" or name == "MAX_MOVES" then
        return "draw"
    end
    return nil
end

-- a verdict (g:result()) -> canonical end marker
function M.ending_of_verdict(v)
    if not v then return nil end
    local r = v.reason
    if r == "resignation" then return "TORYO"
    elseif r == "checkmate" or r == "no-legal-move" then return "TSUMI"
    elseif r == "sennichite" then return "SENNICHITE"
    elseif r == "perpetual-check" then return "OUTE_SENNICHITE"
    elseif r == "declaration" then return "KACHI"
    elseif r == "max-moves" then return "MAX_MOVES"
    elseif r == "impasse-24" then return "JISHOGI"
    elseif r == "agreement" then return "HIKIWAKE"
    end
    if v.winner then
        return v.winner == "b" and "-ILLEGAL_ACTION" or "+ILLEGAL_ACTION"
    end
    return "CHUDAN"
end

-- Reads "sente"/"gote" words used in まで lines and headers
M.side_of_word = {["先手"] = "b", ["下手"] = "b", ["後手"] = "w", ["上手"] = "w"}

return M
