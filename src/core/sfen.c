/* SFEN reading and writing, exactly as USI does, with errors that name the column. */
#include <stdio.h>
#include <string.h>
#include <stdarg.h>
#include "position.h"
#include "zobrist.h"
#include "pieces.h"
#include "quote.h"

/* the character at s quoted for a message (sg_quote) */
static const char *quote_char(const char *s, char *out, size_t size)
{
    size_t n = 1;
    while (n < 4 && ((unsigned char)s[n] & 0xc0) == 0x80) n++;
    return sg_quote(s, n, out, size);
}

static bool fail(sg_error *err, int col, const char *fmt, ...)
{
    if (!err) return false;
    err->line = 1;
    err->col = col;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err->msg, sizeof err->msg, fmt, ap);
    va_end(ap);
    return false;
}

/* the column of each piece read (board squares and hand entries), so the
 * strict reader can point at the piece a diagram rule refuses */
typedef struct {
    int sq_col[SG_SQ_NB];
    int n_hand;
    struct { sg_color c; sg_ptype t; int n, col; } hand[2 * SG_HAND_NB];
} columns;

/* the column of the piece that first goes past the set's count of type t */
static int col_too_many(const sg_pos *p, const columns *cols, sg_ptype t, int limit)
{
    int seen = 0;
    /* reading order: the board rank by rank from file 9, then the hands */
    for (int r = 0; r < 9; r++)
        for (int f = 9; f >= 1; f--) {
            sg_piece pc = p->board[sg_sq(f, r)];
            if (pc && sg_pt_unpromote(sg_piece_type(pc)) == t && ++seen > limit) return cols->sq_col[sg_sq(f, r)];
        }
    for (int i = 0; i < cols->n_hand; i++)
        if (cols->hand[i].t == t && (seen += cols->hand[i].n) > limit) return cols->hand[i].col;
    return 1;
}

static int problem_col(const sg_pos *p, const columns *cols, const sg_problem *pr, int side_col)
{
    switch (pr->kind) {
    case SG_PROBLEM_TOO_MANY: return col_too_many(p, cols, pr->type, pr->limit);
    case SG_PROBLEM_OPPONENT_IN_CHECK: return side_col;
    default: return cols->sq_col[pr->sq];
    }
}

bool sg_pos_from_sfen(sg_pos *out, const char *text, sg_variant v, sg_error *err)
{
    return sg_pos_read_sfen(out, text, v, true, err);
}

/* Reads the normalised text (single spaces, none at the ends); col[i] is the
 * column in the caller's text of character i (and col[len] of its end). */
static bool read_sfen(sg_pos *out, const char *text, const int *col, sg_variant v, bool strict, sg_error *err)
{
    const sg_variant_info *vi = sg_variant_get(v);
    sg_pos p;
    memset(&p, 0, sizeof p);
    p.variant = v;
    p.king[0] = p.king[1] = SG_SQ_NONE;
    columns cols;
    memset(&cols, 0, sizeof cols);
    const char *s = text;
    char q[24];   /* a character quoted for a message */
#define COL(ptr) (col[(ptr) - text])
    if (!*s) return fail(err, COL(s), "empty SFEN");

    /* board: ranks a..i separated by '/', files 9..1 in each */
    int rank = 0, file = 9;
    for (;; s++) {
        char ch = *s;
        if (ch == ' ' || ch == 0) {
            if (file != 0) return fail(err, COL(s), "rank %c has %d squares, expected 9", 'a' + rank, 9 - file);
            if (rank != 8) return fail(err, COL(s), "board has %d ranks, expected 9", rank + 1);
            break;
        }
        if (ch == '/') {
            if (file != 0) return fail(err, COL(s), "rank %c has %d squares, expected 9", 'a' + rank, 9 - file);
            if (++rank > 8) return fail(err, COL(s), "board has more than 9 ranks");
            file = 9;
            continue;
        }
        if (ch >= '1' && ch <= '9') {
            if (ch - '0' > file) return fail(err, COL(s), "rank %c has more than 9 squares", 'a' + rank);
            file -= ch - '0';
            continue;
        }
        const char *start = s;
        bool promoted = false, white = false;
        if (ch == '+') { promoted = true; ch = *++s; }
        sg_ptype t = sg_ptype_from_usi(s, 1, v, &white);
        if (t == SG_NO_PT) {
            if (ch == 0 || ch == ' ') return fail(err, COL(s), "'+' must be followed by a piece letter");
            return fail(err, COL(s), "unknown piece letter '%s'%s", quote_char(s, q, sizeof q),
                        (ch | 32) == 'e' ? " (the drunken elephant is Sho shogi's: read the SFEN as variant sho)" : "");
        }
        if (file == 0) return fail(err, COL(start), "rank %c has more than 9 squares", 'a' + rank);
        if (promoted && !sg_pt_can_promote(t))
            return fail(err, COL(start), "a %s cannot be promoted", sg_piece_info_of(t)->english);
        sg_color c = white ? SG_WHITE : SG_BLACK;
        sg_square sq = sg_sq(file, rank);
        if (t == SG_KING) {
            if (p.king[c] != SG_SQ_NONE) return fail(err, COL(start), "two %s kings", c ? "white" : "black");
            p.king[c] = sq;
        }
        cols.sq_col[sq] = COL(start);
        sg_piece pc = sg_make_piece(c, promoted ? sg_pt_promote(t) : t);
        p.board[sq] = pc;
        p.by_color[c] |= sg_bb_sq(sq);
        p.by_type[sg_piece_type(pc)] |= sg_bb_sq(sq);
        file--;
    }

    /* side to move */
    if (*s != ' ') return fail(err, COL(s), "expected a space and the side to move");
    s++;
    const char *side_at = s;
    if ((*s != 'b' && *s != 'w') || (s[1] != ' ' && s[1] != 0))
        return fail(err, COL(s), "side to move must be 'b' or 'w'");
    p.side = *s == 'b' ? SG_BLACK : SG_WHITE;
    s++;

    /* hands: '-' or counts and letters in any order */
    if (*s == 0) return fail(err, COL(s), "expected a space and the pieces in hand ('-' for none)");
    s++;
    if (*s == '-') {
        s++;
    } else if (*s == 0 || *s == ' ') {
        return fail(err, COL(s), "expected the pieces in hand ('-' for none)");
    } else {
        bool seen[2][SG_HAND_NB] = {{false}};
        while (*s && *s != ' ') {
            const char *start = s;
            int n = 1;
            if (*s >= '0' && *s <= '9') {
                n = 0;
                while (*s >= '0' && *s <= '9') { n = n * 10 + (*s - '0'); if (n > 99) break; s++; }
                if (n == 0 || n > 99) return fail(err, COL(start), "bad count in hand");
            }
            if (*s == '+') return fail(err, COL(s), "pieces in hand are never promoted");
            bool white = false;
            sg_ptype t = *s ? sg_ptype_from_usi(s, 1, v, &white) : SG_NO_PT;
            if (t == SG_NO_PT || t >= SG_HAND_NB || t == SG_ELEPHANT) {
                if (*s == 0 || *s == ' ') return fail(err, COL(s), "count without a piece letter in hand");
                return fail(err, COL(s), "'%s' cannot be in hand", quote_char(s, q, sizeof q));
            }
            if (!vi->drops) return fail(err, COL(start), "%s has no pieces in hand", vi->name);
            sg_color c = white ? SG_WHITE : SG_BLACK;
            if (seen[c][t])
                return fail(err, COL(start), "%s %s listed twice in hand", c ? "white" : "black",
                            sg_piece_info_of(t)->english);
            seen[c][t] = true;
            cols.hand[cols.n_hand].c = c;
            cols.hand[cols.n_hand].t = t;
            cols.hand[cols.n_hand].n = n;
            cols.hand[cols.n_hand++].col = COL(start);
            p.hand[c][t] = (uint8_t)n;
            s++;
        }
    }

    /* optional move number */
    p.ply = 1;
    if (*s == ' ') {
        s++;
        const char *start = s;
        long n = 0;
        if (!(*s >= '0' && *s <= '9')) return fail(err, COL(s), "move number must be a positive integer");
        while (*s >= '0' && *s <= '9') { n = n * 10 + (*s - '0'); if (n > 1000000000L) break; s++; }
        if (n < 1 || n > 1000000000L) return fail(err, COL(start), "move number must be a positive integer");
        p.ply = (int)n;
    }
    if (*s) return fail(err, COL(s), "unexpected text after the SFEN");

    sg_pos_compute_keys(&p, &p.board_key, &p.hand_key);
    if (strict) {
        /* the diagram rules live in sg_pos_problems: report the first one in reading order */
        sg_problem probs[SG_PROBLEMS_MAX];
        int n = sg_pos_problems(&p, probs, SG_PROBLEMS_MAX);
        if (n > SG_PROBLEMS_MAX) n = SG_PROBLEMS_MAX;
        int best = -1, best_col = 0;
        for (int i = 0; i < n; i++) {
            int c = problem_col(&p, &cols, &probs[i], COL(side_at));
            if (best < 0 || c < best_col) { best = i; best_col = c; }
        }
        if (best >= 0) {
            char msg[sizeof err->msg];
            sg_problem_text(&probs[best], msg, (int)sizeof msg);
            return fail(err, best_col, "%s", msg);
        }
    }
    p.checkers = sg_pos_royal_attackers(&p, p.side);
#undef COL
    *out = p;
    return true;
}

#define SFEN_TEXT_MAX 1024

static bool is_space(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

bool sg_pos_read_sfen(sg_pos *out, const char *text, sg_variant v, bool strict, sg_error *err)
{
    sg_init();
    /* white space at the ends and runs of it between the fields are one separator */
    char norm[SFEN_TEXT_MAX + 1];
    int col[SFEN_TEXT_MAX + 1];
    int n = 0, i = 0;
    while (is_space(text[i])) i++;
    for (; text[i]; i++) {
        if (n >= SFEN_TEXT_MAX) return fail(err, i + 1, "the SFEN is too long (more than %d characters)", SFEN_TEXT_MAX);
        if (is_space(text[i])) {
            int j = i;
            while (is_space(text[j])) j++;
            if (!text[j]) break;
            col[n] = i + 1;
            norm[n++] = ' ';
            i = j - 1;
        } else {
            col[n] = i + 1;
            norm[n++] = text[i];
        }
    }
    col[n] = i + 1;
    norm[n] = 0;
    const char *start = norm;
    const int *cols = col;
    if (strcmp(norm, "startpos") == 0) {
        /* the start position's own text, with its own columns */
        start = sg_variant_get(v)->start_sfen;
        int k = 0;
        for (; start[k]; k++) col[k] = k + 1;
        col[k] = k + 1;
    } else if (strncmp(norm, "sfen ", 5) == 0) {
        start += 5;
        cols += 5;
    }
    return read_sfen(out, start, cols, v, strict, err);
}

int sg_pos_to_sfen(const sg_pos *p, char *buf, int size)
{
    char tmp[SG_SFEN_MAX];
    int n = 0;
    for (int r = 0; r < 9; r++) {
        int empty = 0;
        for (int f = 9; f >= 1; f--) {
            sg_piece pc = p->board[sg_sq(f, r)];
            if (!pc) { empty++; continue; }
            if (empty) { tmp[n++] = (char)('0' + empty); empty = 0; }
            n += sg_piece_letters(pc, tmp + n);
        }
        if (empty) tmp[n++] = (char)('0' + empty);
        if (r < 8) tmp[n++] = '/';
    }
    tmp[n++] = ' ';
    tmp[n++] = p->side == SG_BLACK ? 'b' : 'w';
    tmp[n++] = ' ';
    const sg_ptype *ORDER = sg_hand_order();
    int before = n;
    for (int c = 0; c < 2; c++)
        for (int i = 0; i < SG_HAND_ORDER_NB; i++) {
            int k = p->hand[c][ORDER[i]];
            if (!k) continue;
            if (k > 1) n += snprintf(tmp + n, sizeof tmp - (size_t)n, "%d", k);
            char l[3];
            sg_piece_letters(sg_make_piece((sg_color)c, ORDER[i]), l);
            tmp[n++] = l[0];
        }
    if (n == before) tmp[n++] = '-';
    n += snprintf(tmp + n, sizeof tmp - (size_t)n, " %d", p->ply);
    tmp[n] = 0;
    if (size > 0) snprintf(buf, (size_t)size, "%s", tmp);
    return n;
}
