/* Static exchange evaluation: see see.h. */
#include <stddef.h>
#include "see.h"
#include "eval.h"

#define KING_VALUE 100000

/* the least valuable of attackers (a non-empty set): its square and type */
static sg_square least_valuable(const sg_pos *p, sg_bb attackers, sg_ptype *type)
{
    static const sg_ptype ORDER[] = {SG_PAWN, SG_LANCE, SG_KNIGHT, SG_ELEPHANT, SG_SILVER, SG_PRO_PAWN,
                                     SG_PRO_LANCE, SG_PRO_KNIGHT, SG_PRO_SILVER, SG_GOLD, SG_PRINCE,
                                     SG_BISHOP, SG_ROOK, SG_HORSE, SG_DRAGON, SG_KING};
    for (size_t i = 0; i < sizeof ORDER / sizeof ORDER[0]; i++) {
        sg_bb b = attackers & p->by_type[ORDER[i]];
        if (b) { *type = ORDER[i]; return sg_bb_lsb(b); }
    }
    *type = SG_NO_PT;
    return SG_SQ_NONE;
}

static int value(sg_ptype t) { return t == SG_KING ? KING_VALUE : sg_eval_piece_value(t); }

int sg_see(const sg_pos *p, sg_move m)
{
    sg_square to = sg_move_to(m);
    sg_color side = p->side;
    sg_bb occ = sg_pos_occupied(p);
    int gain[40];
    int d = 0;
    sg_ptype on_square;  /* what stands on `to` after each capture */
    if (sg_move_is_drop(m)) {
        gain[0] = 0;
        on_square = sg_move_dropped(m);
    } else {
        sg_square from = sg_move_from(m);
        sg_piece victim = p->board[to];
        gain[0] = victim ? value(sg_piece_type(victim)) : 0;
        on_square = sg_move_piece_after(m);
        if (sg_move_is_promotion(m)) gain[0] += value(on_square) - value(sg_move_piece(m));
        occ ^= sg_bb_sq(from);
    }
    for (;;) {
        side = sg_opp(side);
        sg_bb att = sg_attackers_to(p, to, side, occ) & occ;
        if (!att || d + 1 >= (int)(sizeof gain / sizeof gain[0])) break;
        sg_ptype t;
        sg_square sq = least_valuable(p, att, &t);
        d++;
        gain[d] = value(on_square) - gain[d - 1];
        /* a king may only take when nothing takes it back */
        if (t == SG_KING && (sg_attackers_to(p, to, sg_opp(side), occ ^ sg_bb_sq(sq)) & occ & ~sg_bb_sq(sq))) {
            d--;
            break;
        }
        /* promoting on the square when it can: the usual choice */
        sg_ptype after = t;
        if (sg_pt_can_promote(t) && (sg_in_zone(side, to) || sg_in_zone(side, sq))) {
            after = sg_pt_promote(t);
            gain[d] += value(after) - value(t);
        }
        occ ^= sg_bb_sq(sq);
        on_square = after;
    }
    /* from the last capture back: each side captures only when it gains by it */
    while (d > 0) {
        int stop = -gain[d - 1];
        gain[d - 1] = -(stop > gain[d] ? stop : gain[d]);
        d--;
    }
    return gain[0];
}
