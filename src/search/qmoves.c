/* Captures and promotions: see qmoves.h. */
#include "qmoves.h"
#include "movepick.h"

static int filtered(const sg_pos *p, sg_move *moves)
{
    int n = sg_gen_legal(p, moves), k = 0;
    for (int i = 0; i < n; i++)
        if (sg_move_is_tactical(p, moves[i])) moves[k++] = moves[i];
    return k;
}

/* may a piece of type t stop on square to without promoting? */
static bool can_stay(sg_color c, sg_ptype t, sg_square to)
{
    int rr = sg_rel_rank(c, to);
    if (t == SG_PAWN || t == SG_LANCE) return rr > 0;
    if (t == SG_KNIGHT) return rr > 1;
    return true;
}

/* what the pieces of one side share while their captures are listed */
typedef struct {
    sg_color us, them;
    sg_bb own, enemy, occ, zone, pinned;
    sg_square ksq;
} tactical_ctx;

/* the captures and promotions of the pieces pcs, all of type t: inlined with
 * t a constant, so each type gets its own loop with no switch */
SG_INLINE int tactical_type(const sg_pos *p, const tactical_ctx *c, sg_move *moves, int n, sg_ptype t, sg_bb pcs)
{
    bool promotes = sg_pt_can_promote(t);
    while (pcs) {
        sg_square from = sg_bb_pop(&pcs);
        sg_bb att = sg_piece_attack(c->us, t, from, c->occ) & ~c->own;
        bool from_zone = sg_bb_test(c->zone, from);
        sg_bb targets = att & c->enemy;
        if (promotes) targets |= from_zone ? att : att & c->zone;
        if (sg_bb_test(c->pinned, from)) targets &= sg_tab->line[c->ksq][from];
        while (targets) {
            sg_square to = sg_bb_pop(&targets);
            if (t == SG_KING && sg_square_attacked(p, to, c->them, c->occ ^ sg_bb_sq(from))) continue;
            bool capture = sg_bb_test(c->enemy, to);
            if (promotes && (from_zone || sg_bb_test(c->zone, to))) {
                moves[n++] = sg_move_make(from, to, t, true);
                if (capture && can_stay(c->us, t, to)) moves[n++] = sg_move_make(from, to, t, false);
            } else if (capture) {
                moves[n++] = sg_move_make(from, to, t, false);
            }
        }
    }
    return n;
}

/* the same for the pawns, all at once: each steps one bit down (black) or up
 * (white), so the destinations come out in the order of their pawns; a pawn
 * that promotes (or captures) only ever moves into the zone or onto a piece */
static inline int tactical_pawns(const tactical_ctx *c, sg_move *moves, int n, sg_bb pawns)
{
    bool black = c->us == SG_BLACK;
    int back = black ? 1 : -1;
    sg_bb to = (black ? (pawns >> 1) & ~sg_tab->rank_mask[8] : (pawns << 1) & ~sg_tab->rank_mask[0])
             & ~c->own & (c->enemy | c->zone);
    /* a pinned pawn keeps to its line */
    for (sg_bb pins = pawns & c->pinned; pins;) {
        sg_square from = sg_bb_pop(&pins), s = from - back;
        if (!sg_bb_test(sg_tab->line[c->ksq][from], s)) to &= ~sg_bb_sq(s);
    }
    while (to) {
        sg_square s = sg_bb_pop(&to), from = s + back;
        bool capture = sg_bb_test(c->enemy, s);
        if (sg_bb_test(c->zone, from) || sg_bb_test(c->zone, s)) {
            moves[n++] = sg_move_make(from, s, SG_PAWN, true);
            if (capture && can_stay(c->us, SG_PAWN, s)) moves[n++] = sg_move_make(from, s, SG_PAWN, false);
        } else {
            moves[n++] = sg_move_make(from, s, SG_PAWN, false);
        }
    }
    return n;
}

int sg_gen_tactical(const sg_pos *p, sg_move *moves)
{
    if (p->variant != SG_STANDARD || sg_in_check(p) || p->king[p->side] == SG_SQ_NONE) return filtered(p, moves);
    tactical_ctx c;
    c.us = p->side;
    c.them = sg_opp(c.us);
    c.own = p->by_color[c.us];
    c.enemy = p->by_color[c.them];
    c.occ = c.own | c.enemy;
    c.ksq = p->king[c.us];
    c.pinned = sg_pos_blockers(p, c.us) & c.own;
    c.zone = sg_tab->zone[c.us];
    const sg_bb *T = p->by_type;
    sg_bb own = c.own;
    int n = 0;
    n = tactical_pawns(&c, moves, n, own & T[SG_PAWN]);
    n = tactical_type(p, &c, moves, n, SG_LANCE, own & T[SG_LANCE]);
    n = tactical_type(p, &c, moves, n, SG_KNIGHT, own & T[SG_KNIGHT]);
    n = tactical_type(p, &c, moves, n, SG_SILVER, own & T[SG_SILVER]);
    for (sg_ptype t = SG_GOLD; t <= SG_PRO_SILVER; t++) n = tactical_type(p, &c, moves, n, t, own & T[t]);
    n = tactical_type(p, &c, moves, n, SG_BISHOP, own & T[SG_BISHOP]);
    n = tactical_type(p, &c, moves, n, SG_ROOK, own & T[SG_ROOK]);
    n = tactical_type(p, &c, moves, n, SG_HORSE, own & T[SG_HORSE]);
    n = tactical_type(p, &c, moves, n, SG_DRAGON, own & T[SG_DRAGON]);
    return tactical_type(p, &c, moves, n, SG_KING, own & T[SG_KING]);
}
