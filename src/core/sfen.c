/* SFEN reading and writing, exactly as USI does, with errors that name the column. */
#include <stdio.h>
#include <string.h>
#include <stdarg.h>
#include "position.h"
#include "zobrist.h"

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

static sg_ptype type_of_letter(char ch, sg_variant v)
{
    switch (ch | 32) {
    case 'p': return SG_PAWN;
    case 'l': return SG_LANCE;
    case 'n': return SG_KNIGHT;
    case 's': return SG_SILVER;
    case 'g': return SG_GOLD;
    case 'b': return SG_BISHOP;
    case 'r': return SG_ROOK;
    case 'k': return SG_KING;
    case 'e': return v == SG_SHO ? SG_ELEPHANT : SG_NO_PT;
    default: return SG_NO_PT;
    }
}

static const char *const TYPE_NAME[SG_PT_NB] = {
    [SG_PAWN] = "pawn", [SG_LANCE] = "lance", [SG_KNIGHT] = "knight", [SG_SILVER] = "silver",
    [SG_BISHOP] = "bishop", [SG_ROOK] = "rook", [SG_ELEPHANT] = "drunken elephant",
    [SG_GOLD] = "gold", [SG_KING] = "king"};

static const char *plural(sg_ptype t) { return t == SG_KING ? "kings" : t == SG_ELEPHANT ? "drunken elephants" : NULL; }

/* counts a piece against the set; the column names the first piece too many */
static bool count_piece(int counts[SG_PT_NB], sg_ptype base, int n, const sg_variant_info *vi, int col, sg_error *err)
{
    counts[base] += n;
    /* Only where captured pieces come back as drops does the set bound what a
     * position may hold; Sho shogi test and study positions use extra pieces. */
    if (vi->drops && counts[base] > vi->set[base]) {
        const char *pl = plural(base);
        char buf[40];
        if (!pl) { snprintf(buf, sizeof buf, "%ss", TYPE_NAME[base]); pl = buf; }
        return fail(err, col, "too many %s: %d (the set has %d)", pl, counts[base], vi->set[base]);
    }
    return true;
}

static bool is_dead_square(sg_color c, sg_ptype t, sg_square s)
{
    int rr = sg_rel_rank(c, s);
    return ((t == SG_PAWN || t == SG_LANCE) && rr == 0) || (t == SG_KNIGHT && rr <= 1);
}

bool sg_pos_from_sfen(sg_pos *out, const char *text, sg_variant v, sg_error *err)
{
    sg_init();
    const sg_variant_info *vi = sg_variant_get(v);
    if (strcmp(text, "startpos") == 0) text = vi->start_sfen;
    int off = 0; /* column offset for a "sfen " prefix */
    if (strncmp(text, "sfen ", 5) == 0) { text += 5; off = 5; }
    sg_pos p;
    memset(&p, 0, sizeof p);
    p.variant = v;
    p.king[0] = p.king[1] = SG_SQ_NONE;
    int counts[SG_PT_NB] = {0};
    int pawn_col[2][10]; /* column of the unpromoted pawn seen on each file */
    memset(pawn_col, 0, sizeof pawn_col);
    const char *s = text;
#define COL(ptr) ((int)((ptr) - text) + 1 + off)
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
        bool promoted = false;
        if (ch == '+') { promoted = true; ch = *++s; }
        sg_ptype t = type_of_letter(ch, v);
        if (t == SG_NO_PT) {
            if (ch == 0 || ch == ' ') return fail(err, COL(s), "'+' must be followed by a piece letter");
            return fail(err, COL(s), "unknown piece letter '%c'", ch);
        }
        if (file == 0) return fail(err, COL(start), "rank %c has more than 9 squares", 'a' + rank);
        if (promoted && !sg_pt_can_promote(t)) return fail(err, COL(start), "a %s cannot be promoted", TYPE_NAME[t]);
        sg_color c = (ch >= 'a') ? SG_WHITE : SG_BLACK;
        sg_square sq = sg_sq(file, rank);
        if (!promoted && is_dead_square(c, t, sq))
            return fail(err, COL(start), "%s %s on %c%c can never move", c ? "white" : "black", TYPE_NAME[t], '0' + file, 'a' + rank);
        if (t == SG_KING) {
            if (p.king[c] != SG_SQ_NONE) return fail(err, COL(start), "two %s kings", c ? "white" : "black");
            p.king[c] = sq;
        }
        if (!count_piece(counts, t, 1, vi, COL(start), err)) return false;
        if (t == SG_PAWN && !promoted) {
            if (pawn_col[c][file])
                return fail(err, COL(start), "two unpromoted %s pawns on file %d (nifu)", c ? "white" : "black", file);
            pawn_col[c][file] = COL(start);
        }
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
            sg_ptype t = type_of_letter(*s, v);
            if (t == SG_NO_PT || t == SG_KING || t == SG_ELEPHANT) {
                if (*s == 0 || *s == ' ') return fail(err, COL(s), "count without a piece letter in hand");
                return fail(err, COL(s), "'%c' cannot be in hand", *s);
            }
            if (!vi->drops) return fail(err, COL(start), "%s has no pieces in hand", vi->name);
            sg_color c = (*s >= 'a') ? SG_WHITE : SG_BLACK;
            if (seen[c][t]) return fail(err, COL(start), "%s %s listed twice in hand", c ? "white" : "black", TYPE_NAME[t]);
            seen[c][t] = true;
            if (!count_piece(counts, t, n, vi, COL(start), err)) return false;
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
    if (sg_pos_royal_exposed(&p, sg_opp(p.side)))
        return fail(err, COL(side_at), "the side not to move (%s) is in check", p.side ? "black" : "white");
    p.checkers = sg_pos_royal_attackers(&p, p.side);
#undef COL
    *out = p;
    return true;
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
    static const sg_ptype ORDER[7] = {SG_ROOK, SG_BISHOP, SG_GOLD, SG_SILVER, SG_KNIGHT, SG_LANCE, SG_PAWN};
    int before = n;
    for (int c = 0; c < 2; c++)
        for (int i = 0; i < 7; i++) {
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
