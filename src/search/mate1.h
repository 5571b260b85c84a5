/* A mate in one, looked for among the checks most mates are made of: a piece
 * dropped or moved next to the enemy king onto a square another of our
 * pieces guards (otherwise the king takes it), and a knight's check; board
 * moves only when one of ours stands within two squares of the king.  Far
 * checks and discovered checks are not tried, so "no" means only "none of
 * these"; "yes" is exact (the move is legal and leaves no legal reply, and a
 * pawn drop is never tried: uchifuzume).  Standard shogi only. */
#ifndef SG_MATE1_H
#define SG_MATE1_H

#include "../core/position.h"

/* p is restored before return; the mating move in *out */
bool sg_mate_in_one(sg_pos *p, sg_move *out);

/* worth asking? (the search's gate: a piece in hand that is not a pawn, or one
 * of ours within two squares of the enemy king; mates by a slider from afar
 * onto a bare king are left to the search) */
static inline bool sg_mate_in_one_worth(const sg_pos *p)
{
    sg_color us = p->side;
    const uint8_t *h = p->hand[us];
    sg_square ek = p->king[sg_opp(us)];
    if (ek == SG_SQ_NONE) return false;
    return h[SG_LANCE] | h[SG_KNIGHT] | h[SG_SILVER] | h[SG_GOLD] | h[SG_BISHOP] | h[SG_ROOK]
        || (sg_tab->within_two[ek] & p->by_color[us]);
}

#endif
