/* Editing a position (edit.h): the changes applied to a copy, then checked. */
#include <stdio.h>
#include <stdarg.h>
#include <string.h>
#include "edit.h"
#include "pieces.h"

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

/* the cached fields (bitboards, kings, keys, checkers) from board, hands and side */
static void rebuild(sg_pos *p)
{
    memset(p->by_color, 0, sizeof p->by_color);
    memset(p->by_type, 0, sizeof p->by_type);
    p->king[0] = p->king[1] = SG_SQ_NONE;
    for (sg_square s = 0; s < SG_SQ_NB; s++) {
        sg_piece pc = p->board[s];
        if (!pc) continue;
        p->by_color[sg_piece_color(pc)] |= sg_bb_sq(s);
        p->by_type[sg_piece_type(pc)] |= sg_bb_sq(s);
        if (sg_piece_type(pc) == SG_KING) p->king[sg_piece_color(pc)] = s;
    }
    sg_pos_compute_keys(p, &p->board_key, &p->hand_key);
    p->checkers = sg_pos_royal_attackers(p, p->side);
}

static const char *side_name(sg_color c) { return c == SG_WHITE ? "white" : "black"; }

/* a diagram rule's sentence (sg_problem_text) as the edit's refusal */
static bool refuse(sg_error *err, int col, sg_problem pr)
{
    char text[sizeof err->msg];
    sg_problem_text(&pr, text, sizeof text);
    return fail(err, col, "%s", text);
}

static bool put(sg_pos *p, const sg_edit *e, bool strict, int col, sg_error *err)
{
    sg_ptype t = sg_piece_type(e->piece);
    sg_color c = sg_piece_color(e->piece);
    const sg_piece_info *pi = sg_piece_info_of(t);
    char sq[3];
    if (e->sq < 0 || e->sq >= SG_SQ_NB) return fail(err, col, "square %d is off the board", e->sq);
    sg_square_name(e->sq, sq);
    if (!pi || (e->piece & ~(SG_WHITE_BIT | 31)) || !sg_variant_has(p->variant, t))
        return fail(err, col, "%s has no such piece (put on %s)", sg_variant_get(p->variant)->name, sq);
    if (strict && sg_piece_is_dead(e->piece, e->sq))
        return refuse(err, col, (sg_problem){SG_PROBLEM_DEAD_PIECE, e->sq, c, t, 0, 0});
    if (t == SG_KING)
        for (sg_square s = 0; s < SG_SQ_NB; s++)
            if (s != e->sq && p->board[s] == e->piece) {
                char other[3];
                sg_square_name(s, other);
                return fail(err, col, "%s has a king on %s already (remove it first)", side_name(c), other);
            }
    p->board[e->sq] = e->piece;
    return true;
}

/* can a piece of type t be held in hand?  The hand order lists exactly those */
static bool handed(sg_ptype t)
{
    const sg_ptype *order = sg_hand_order();
    for (int i = 0; i < SG_HAND_ORDER_NB; i++)
        if (order[i] == t) return true;
    return false;
}

/* the letters of the hand order for a message: "R B G S N L P" */
static void hand_letters(char out[2 * SG_HAND_ORDER_NB])
{
    const sg_ptype *order = sg_hand_order();
    for (int i = 0; i < SG_HAND_ORDER_NB; i++) {
        out[2 * i] = sg_piece_info_of(order[i])->usi[0];
        out[2 * i + 1] = i + 1 < SG_HAND_ORDER_NB ? ' ' : 0;
    }
}

static void hand_rest(sg_pos *p, sg_color c)
{
    int count[SG_PT_NB];
    memset(p->hand[c], 0, sizeof p->hand[c]);
    sg_pos_set_count(p, count);
    const sg_ptype *order = sg_hand_order();
    for (int i = 0; i < SG_HAND_ORDER_NB; i++) {
        sg_ptype t = order[i];
        int set = sg_variant_set(p->variant, t);
        if (count[t] < set) p->hand[c][t] = (uint8_t)(set - count[t]);
    }
}

static void mirror(sg_pos *p)
{
    sg_piece b[SG_SQ_NB];
    for (sg_square s = 0; s < SG_SQ_NB; s++) b[sg_sq(10 - sg_sq_file(s), sg_sq_rank(s))] = p->board[s];
    memcpy(p->board, b, sizeof b);
}

static void swap(sg_pos *p)
{
    sg_piece b[SG_SQ_NB];
    for (sg_square s = 0; s < SG_SQ_NB; s++) {
        sg_piece pc = p->board[s];
        b[SG_SQ_NB - 1 - s] = pc ? sg_make_piece(sg_opp(sg_piece_color(pc)), sg_piece_type(pc)) : SG_NO_PIECE;
    }
    memcpy(p->board, b, sizeof b);
    uint8_t h[SG_HAND_NB];
    memcpy(h, p->hand[0], sizeof h);
    memcpy(p->hand[0], p->hand[1], sizeof h);
    memcpy(p->hand[1], h, sizeof h);
    p->side = sg_opp(p->side);
}

bool sg_pos_edit(const sg_pos *from, const sg_edit *edits, int n, bool strict, sg_pos *out, sg_error *err)
{
    sg_init();
    sg_pos p = *from;
    const sg_variant_info *vi = sg_variant_get(p.variant);
    /* 1. each edit in turn, refusing what the piece facts forbid outright */
    for (int i = 0; i < n; i++) {
        const sg_edit *e = &edits[i];
        int col = i + 1;
        switch (e->kind) {
        case SG_EDIT_PUT:
            if (!put(&p, e, strict, col, err)) return false;
            break;
        case SG_EDIT_REMOVE:
            if (e->sq < 0 || e->sq >= SG_SQ_NB) return fail(err, col, "square %d is off the board", e->sq);
            p.board[e->sq] = SG_NO_PIECE;
            break;
        case SG_EDIT_HAND:
        case SG_EDIT_HAND_REST:
            if (!vi->drops) return fail(err, col, "%s has no pieces in hand", vi->name);
            if (e->kind == SG_EDIT_HAND_REST) { hand_rest(&p, e->color); break; }
            for (sg_ptype t = 1; t < SG_HAND_NB; t++)
                if (e->hand[t] && (!handed(t) || !sg_variant_has(p.variant, t)))
                    return fail(err, col, "a %s cannot be in hand", sg_piece_info_of(t)->english);
            memcpy(p.hand[e->color], e->hand, sizeof p.hand[e->color]);
            p.hand[e->color][0] = 0;
            break;
        case SG_EDIT_CLEAR:
            memset(p.board, 0, sizeof p.board);
            memset(p.hand, 0, sizeof p.hand);
            break;
        case SG_EDIT_SIDE: p.side = e->color == SG_WHITE ? SG_WHITE : SG_BLACK; break;
        case SG_EDIT_MIRROR: mirror(&p); break;
        case SG_EDIT_SWAP: swap(&p); break;
        default: return fail(err, col, "unknown edit %d", (int)e->kind);
        }
    }
    /* 2. the set: no more pieces of a kind than it has, unless the position
     * before had as many already (a lenient diagram's extra pieces stay) */
    int before[SG_PT_NB], after[SG_PT_NB];
    sg_pos_set_count(from, before);
    if (strict && sg_pos_set_count(&p, after))
        for (sg_ptype t = 1; t < SG_PT_NB; t++)
            if (after[t] > vi->set[t] && after[t] > before[t])
                return refuse(err, 0, (sg_problem){SG_PROBLEM_TOO_MANY, SG_SQ_NONE, SG_BLACK, t, after[t], vi->set[t]});
    rebuild(&p);
    *out = p;
    return true;
}

bool sg_hand_read(const char *text, sg_variant v, uint8_t hand[SG_HAND_NB], sg_error *err)
{
    uint8_t h[SG_HAND_NB] = {0};
    bool seen[SG_HAND_NB] = {false};
    const char *s = text;
    while (*s == ' ') s++;
    if (*s == '-' && s[1 + strspn(s + 1, " ")] == 0) s += strlen(s);
    while (*s) {
        const char *start = s;
        int k = 1;
        if (*s >= '0' && *s <= '9') {
            k = 0;
            while (*s >= '0' && *s <= '9' && k <= 99) k = k * 10 + (*s++ - '0');
            if (k == 0 || k > 99) return fail(err, (int)(start - text) + 1, "bad count in hand");
        }
        if (*s == 0) return fail(err, (int)(s - text) + 1, "count without a piece letter in hand");
        sg_ptype t = sg_ptype_from_usi(s, 1, v, NULL);
        if (t == SG_NO_PT || !handed(t)) {
            char letters[2 * SG_HAND_ORDER_NB];
            hand_letters(letters);
            if ((unsigned char)*s < 0x80 && *s > ' ')
                return fail(err, (int)(s - text) + 1, "'%c' cannot be in hand (%s)", *s, letters);
            return fail(err, (int)(s - text) + 1, "expected a piece letter (%s)", letters);
        }
        if (seen[t])
            return fail(err, (int)(start - text) + 1, "%s listed twice in hand", sg_piece_info_of(t)->english);
        seen[t] = true;
        h[t] = (uint8_t)k;
        s++;
        while (*s == ' ') s++;
    }
    memcpy(hand, h, sizeof h);
    return true;
}
