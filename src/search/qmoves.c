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

int sg_gen_tactical(const sg_pos *p, sg_move *moves)
{
    if (p->variant != SG_STANDARD || sg_in_check(p) || p->king[p->side] == SG_SQ_NONE) return filtered(p, moves);
    sg_color us = p->side, them = sg_opp(us);
    sg_bb own = p->by_color[us], enemy = p->by_color[them], occ = own | enemy;
    sg_square ksq = p->king[us];
    sg_bb pinned = sg_pos_blockers(p, us) & own;
    sg_bb zone = sg_tab->zone[us];
    int n = 0;
    sg_bb pieces = own;
    while (pieces) {
        sg_square from = sg_bb_pop(&pieces);
        sg_ptype t = sg_piece_type(p->board[from]);
        sg_bb att = sg_piece_attack(us, t, from, occ) & ~own;
        bool promotes = sg_pt_can_promote(t);
        sg_bb targets = att & enemy;
        if (promotes) targets |= sg_bb_test(zone, from) ? att : att & zone;
        if (sg_bb_test(pinned, from)) targets &= sg_tab->line[ksq][from];
        while (targets) {
            sg_square to = sg_bb_pop(&targets);
            if (t == SG_KING) {
                if (sg_square_attacked(p, to, them, occ ^ sg_bb_sq(from))) continue;
            }
            bool capture = sg_bb_test(enemy, to);
            if (promotes && (sg_bb_test(zone, from) || sg_bb_test(zone, to))) {
                moves[n++] = sg_move_make(from, to, t, true);
                if (capture && can_stay(us, t, to)) moves[n++] = sg_move_make(from, to, t, false);
            } else if (capture) {
                moves[n++] = sg_move_make(from, to, t, false);
            }
        }
    }
    return n;
}
