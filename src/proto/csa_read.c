/* A CSA record read whole (csa_read.h): the statements of lua/shogi/record/csa.lua's
 * loop, in its order of tests, for the records it reads without a complaint.  Any
 * statement the loop would refuse, or reads in a way kept to Lua (Sho shogi, 00AL,
 * 'variant), returns false: the record is then read by that loop, which words the
 * error. */
#include <limits.h>
#include <string.h>
#include "csa_read.h"
#include "text_lines.h"
#include "../core/endings.h"
#include "../core/pieces.h"

#define STATEMENTS_MAX 64
#define YEAR 31622400L        /* a move's time is at most a year (366 days) */
#define HAND_MAX 200          /* more of a piece in hand than this: left to Lua (sg_pos counts in bytes) */

typedef enum { TIME_NONE, TIME_MOVE, TIME_ENDING } time_target;

typedef struct {
    const sg_csa_sink *sink;
    sg_csa_record *out;
    sg_piece board[SG_SQ_NB];
    int hand[SG_COLOR_NB][SG_HAND_NB];
    bool have_board, rows_seen[10];
    int side;                  /* -1 until a "+" or "-" line */
    bool in_moves;
    int moves;
    time_target last_time;
} reader;

/* Lua's %s, %d, %u, %w */
static bool space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r'; }
static bool digit(char c) { return c >= '0' && c <= '9'; }
static bool upper(char c) { return c >= 'A' && c <= 'Z'; }
static bool alnum(char c) { return digit(c) || upper(c) || (c >= 'a' && c <= 'z'); }

static bool starts(sg_span s, const char *prefix)
{
    size_t n = strlen(prefix);
    return (size_t)s.len >= n && memcmp(s.s, prefix, n) == 0;
}

static bool item(reader *r, sg_csa_item kind, int ply, sg_span a, sg_span b, int line)
{
    return r->sink->item(r->sink->ud, kind, ply, a, b, line);
}

static sg_span after(sg_span s, int n) { return (sg_span){s.s + n, s.len - n}; }

/* the standard shogi type of a CSA name (two capitals), SG_NO_PT for another
 * (Sho shogi's are left to Lua) */
static sg_ptype csa_type(const char *name)
{
    for (sg_ptype t = 1; t < SG_PT_NB; t++) {
        const sg_piece_info *pi = sg_piece_info_of(t);
        if (pi && sg_variant_has(SG_STANDARD, t) && pi->csa[0] == name[0] && pi->csa[1] == name[1] && !pi->csa[2])
            return t;
    }
    return SG_NO_PT;
}

static bool in_hand_order(sg_ptype t)
{
    const sg_ptype *order = sg_hand_order();
    for (int i = 0; i < SG_HAND_ORDER_NB; i++)
        if (order[i] == t) return true;
    return false;
}

/* squares and pieces "ffrrPP..." (PI, P+, P-): exactly whole groups of two digits
 * and two capitals, as the Lua reader's gmatch reads them when nothing is between */
static bool groups_ok(sg_span rest)
{
    if (rest.len % 4 != 0) return false;
    for (int i = 0; i < rest.len; i += 4)
        if (!digit(rest.s[i]) || !digit(rest.s[i + 1]) || !upper(rest.s[i + 2]) || !upper(rest.s[i + 3])) return false;
    return true;
}

/* "T" digits ["." digits], at most a year */
static bool time_ok(sg_span s)
{
    int i = 1, d = 0;
    long whole = 0;
    while (i < s.len && digit(s.s[i])) {
        if (++d > 9) return false;
        whole = whole * 10 + (s.s[i++] - '0');
    }
    if (d == 0) return false;
    if (i < s.len && s.s[i] == '.') i++;
    bool fraction = false;
    while (i < s.len && digit(s.s[i])) fraction |= s.s[i++] != '0';
    return i == s.len && (whole < YEAR || (whole == YEAR && !fraction));
}

static bool version_ok(sg_span s)
{
    if (s.len == 2) return s.s[1] == '2';
    return s.len == 4 && (s.s[1] == '2' || s.s[1] == '3') && s.s[2] == '.' && digit(s.s[3]);
}

/* "PI" and the pieces taken off the even start */
static bool even_start(reader *r, sg_span rest)
{
    if (r->in_moves || r->have_board || !groups_ok(rest)) return false;
    sg_pos even;
    sg_error err;
    if (!sg_pos_from_sfen(&even, "startpos", SG_STANDARD, &err)) return false;
    memcpy(r->board, even.board, sizeof r->board);
    r->have_board = true;
    for (int i = 0; i < rest.len; i += 4) {
        int f = rest.s[i] - '0', rank = rest.s[i + 1] - '0';
        sg_ptype t = csa_type(rest.s + i + 2);
        if (f == 0 || rank == 0 || t == SG_NO_PT) return false;
        sg_square sq = sg_sq(f, rank - 1);
        if (!r->board[sq] || sg_piece_type(r->board[sq]) != t) return false;
        r->board[sq] = SG_NO_PIECE;
    }
    return true;
}

/* "P1" .. "P9": a rank of nine 3-character squares (" * " empty, "+FU"), short rows
 * padded with blanks */
static bool board_rank(reader *r, sg_span s)
{
    int rank = s.s[1] - '0';
    if (r->in_moves || rank == 0 || r->rows_seen[rank] || s.len - 2 > 27) return false;
    r->have_board = r->rows_seen[rank] = true;
    for (int f = 1; f <= 9; f++) r->board[sg_sq(f, rank - 1)] = SG_NO_PIECE;
    for (int k = 0; k < 9; k++) {
        char c[3];
        for (int j = 0; j < 3; j++) {
            int at = 2 + 3 * k + j;
            c[j] = at < s.len ? s.s[at] : ' ';
        }
        int stars = (c[0] == '*') + (c[1] == '*') + (c[2] == '*'), blanks = space(c[0]) + space(c[1]) + space(c[2]);
        if ((stars == 1 && blanks == 2) || (c[0] == ' ' && c[1] == ' ' && c[2] == ' ')) continue;
        sg_ptype t = (c[0] == '+' || c[0] == '-') && upper(c[1]) && upper(c[2]) ? csa_type(c + 1) : SG_NO_PT;
        if (t == SG_NO_PT) return false;
        r->board[sg_sq(9 - k, rank - 1)] = sg_make_piece(c[0] == '+' ? SG_BLACK : SG_WHITE, t);
    }
    return true;
}

/* "P+" / "P-": pieces put on squares, "00KI" in hand (00AL left to Lua) */
static bool piece_line(reader *r, sg_span s)
{
    sg_span rest = after(s, 2);
    if (r->in_moves || !groups_ok(rest)) return false;
    sg_color who = s.s[1] == '+' ? SG_BLACK : SG_WHITE;
    r->have_board = true;
    for (int i = 0; i < rest.len; i += 4) {
        int f = rest.s[i] - '0', rank = rest.s[i + 1] - '0';
        sg_ptype t = csa_type(rest.s + i + 2);
        if (t == SG_NO_PT) return false;
        if (f == 0 && rank == 0) {
            if (!in_hand_order(t) || ++r->hand[who][t] > HAND_MAX) return false;
        } else {
            if (f == 0 || rank == 0) return false;
            r->board[sg_sq(f, rank - 1)] = sg_make_piece(who, t);
        }
    }
    return true;
}

/* "%TORYO" and the other end markers the core knows */
static bool end_marker(reader *r, sg_span s, int line)
{
    char word[64];
    if (r->side < 0 || s.len - 1 >= (int)sizeof word) return false;
    memcpy(word, s.s + 1, (size_t)s.len - 1);
    word[s.len - 1] = 0;
    sg_ending_meaning m;
    if (!sg_ending_parse(word, SG_REC_CSA, (sg_color)r->side, &m)) return false;
    r->out->ended = true;
    r->out->end_text = s;
    r->out->end_line = line;
    r->last_time = TIME_ENDING;
    r->in_moves = true;
    return true;
}

/* "'*comment", the encoding directive, "'note" */
static bool comment(reader *r, sg_span s)
{
    sg_span body = after(s, 1);
    if (starts(body, "*"))
        return r->out->ended ? item(r, SG_CSA_ITEM_END_COMMENT, r->moves, after(body, 1), body, 0)
                             : item(r, SG_CSA_ITEM_COMMENT, r->moves, after(body, 1), body, 0);
    if (starts(body, "CSA encoding=") || starts(body, "encoding=")) return true;
    if (starts(body, "variant") && body.len > 7 && space(body.s[7]) && !r->in_moves) return false;
    return item(r, SG_CSA_ITEM_NOTE, r->moves, body, body, 0);
}

static bool statement(reader *r, sg_span s, int line)
{
    sg_csa_record *out = r->out;
    if (s.len == 0) return true;
    char c1 = s.s[0];
    if (c1 == '\'') return comment(r, s);
    if (out->ended && s.len == out->end_text.len && memcmp(s.s, out->end_text.s, (size_t)s.len) == 0) {
        r->last_time = TIME_NONE;   /* a server repeating the end marker it was sent */
        return true;
    }
    if (out->ended && c1 != 'T') return false;
    if ((c1 == '+' || c1 == '-') && s.len >= 2 && digit(s.s[1])) {
        if (r->side < 0 || !r->have_board) return false;
        r->in_moves = true;
        r->last_time = TIME_MOVE;
        return item(r, SG_CSA_ITEM_MOVE, ++r->moves, s, s, line);
    }
    if (c1 == 'T') {
        if (!time_ok(s)) return false;
        if (r->last_time == TIME_MOVE && !out->ended) return item(r, SG_CSA_ITEM_TIME, r->moves, after(s, 1), s, line);
        if (r->last_time == TIME_ENDING) { out->end_time = after(s, 1); return true; }
        return r->last_time == TIME_NONE && out->ended;   /* (a time after a repeated end marker is dropped) */
    }
    if (c1 == 'V' && s.len >= 2 && digit(s.s[1])) {
        if (!version_ok(s)) return false;
        out->version = after(s, 1);
        return true;
    }
    if (c1 == 'N' && s.len >= 2 && (s.s[1] == '+' || s.s[1] == '-'))
        return item(r, s.s[1] == '+' ? SG_CSA_ITEM_NAME_BLACK : SG_CSA_ITEM_NAME_WHITE, 0, after(s, 2), s, line);
    if (c1 == '$') {
        int k = 1;
        while (k < s.len && (alnum(s.s[k]) || s.s[k] == '_')) k++;
        if (k == 1 || k >= s.len || s.s[k] != ':') return false;
        int a = k + 1, b = s.len;
        while (a < b && space(s.s[a])) a++;
        while (b > a && space(s.s[b - 1])) b--;
        return item(r, SG_CSA_ITEM_HEADER, 0, (sg_span){s.s + 1, k - 1}, (sg_span){s.s + a, b - a}, line);
    }
    if (c1 == 'P' && s.len >= 2 && s.s[1] == 'I') return even_start(r, after(s, 2));
    if (c1 == 'P' && s.len >= 2 && digit(s.s[1])) return board_rank(r, s);
    if (c1 == 'P' && s.len >= 2 && (s.s[1] == '+' || s.s[1] == '-')) return piece_line(r, s);
    if (s.len == 1 && (c1 == '+' || c1 == '-')) {
        if (r->in_moves) return false;
        r->side = c1 == '+' ? SG_BLACK : SG_WHITE;
        return true;
    }
    if (c1 == '%') return end_marker(r, s, line);
    return false;
}

/* the start's SFEN, as the Lua reader's common.sfen writes it (sg_pos_to_sfen's
 * own layout: ranks, side, hands in the hand order, move 1), if it fits */
static bool start_sfen(reader *r)
{
    sg_pos p;
    memset(&p, 0, sizeof p);
    int n = 8 + 3 + 2;   /* the slashes, " b ", " 1" */
    int hands = 0;
    for (int rank = 0; rank < 9; rank++) {
        bool run = false;
        for (int f = 9; f >= 1; f--) {
            sg_piece pc = r->board[sg_sq(f, rank)];
            p.board[sg_sq(f, rank)] = pc;
            if (pc) n += sg_pt_is_promoted(sg_piece_type(pc)) ? 2 : 1;
            else if (!run) n++;
            run = !pc;
        }
    }
    for (int c = 0; c < SG_COLOR_NB; c++)
        for (int t = 0; t < SG_HAND_NB; t++) {
            p.hand[c][t] = (uint8_t)r->hand[c][t];
            if (r->hand[c][t]) { hands++; n += 1 + (r->hand[c][t] > 1) + (r->hand[c][t] > 9) + (r->hand[c][t] > 99); }
        }
    n += hands ? 0 : 1;
    if (n >= SG_SFEN_MAX) return false;
    p.side = (sg_color)r->side;
    p.ply = 1;
    sg_pos_to_sfen(&p, r->out->start, SG_SFEN_MAX);
    return true;
}

bool sg_csa_read(const char *text, size_t len, const sg_csa_sink *sink, sg_csa_record *out)
{
    memset(out, 0, sizeof *out);
    if (memchr(text, 0, len)) return false;
    reader r = {.sink = sink, .out = out, .side = -1};
    size_t pos = 0, start = 0, end;
    bool stopped = false;   /* after a "/" line (the end of a record in a file of several) */
    int line = 0;
    for (bool first = true; sg_text_line(text, len, &pos, &end, first); first = false, start = pos) {
        if (line == INT_MAX) return false;
        line++;
        if (stopped) continue;
        size_t n = end - start;
        if (n == 1 && text[start] == '/') { stopped = true; continue; }
        if (n > INT_MAX) return false;
        sg_span st[STATEMENTS_MAX];
        int k = sg_csa_statements(text + start, (int)n, st, STATEMENTS_MAX);
        if (k > STATEMENTS_MAX) return false;
        for (int j = 0; j < k; j++)
            if (!statement(&r, st[j], line)) return false;
    }
    out->lines = line;
    if (!r.have_board || r.side < 0) return false;
    return start_sfen(&r);
}
