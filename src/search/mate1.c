/* The search's mate-in-one test: see mate1.h.
 * Cheap first: a check next to the king is only played out when the square
 * is guarded and every square the king could flee to (empty or ours) is
 * covered, by the checker or by another of ours; the squares are asked one
 * at a time and the first open one ends the candidate. */
#include "mate1.h"
#include "../core/movegen.h"

static bool mates(sg_pos *p, sg_move m)
{
    if (sg_is_legal(p, m) != SG_LEGAL) return false;
    sg_undo u;
    sg_do_move(p, m, &u);
    bool mated = !sg_has_legal_move(p);
    sg_undo_move(p, m, &u);
    return mated;
}

/* squares next to the king asked "attacked by us?" so far, and the answers */
typedef struct { sg_bb asked, yes; } memo;

static bool attacked(const sg_pos *p, memo *mo, sg_square sq, sg_color us, sg_bb occ)
{
    sg_bb b = sg_bb_sq(sq);
    if (!(mo->asked & b)) {
        mo->asked |= b;
        if (sg_square_attacked(p, sq, us, occ)) mo->yes |= b;
    }
    return (mo->yes & b) != 0;
}

/* the squares a piece of type t on sq next to the king does not cover (its
 * lines taken through the king, which cannot step back along them) */
static sg_bb uncovered(sg_color us, sg_ptype t, sg_square sq, sg_square ek, sg_bb occ, sg_bb flee)
{
    return flee & ~sg_bb_sq(sq) & ~sg_piece_attack(us, t, sq, occ & ~sg_bb_sq(ek));
}

bool sg_mate_in_one(sg_pos *p, sg_move *out)
{
    sg_color us = p->side, them = sg_opp(us);
    sg_square ek = p->king[them];
    if (p->variant != SG_STANDARD || ek == SG_SQ_NONE || p->checkers) return false;
    sg_bb occ = sg_pos_occupied(p), near = sg_tab->step[them][SG_KING][ek];
    sg_bb flee = near & ~p->by_color[them];   /* where the king could step, attacks aside */
    memo mo = {0, 0};
    /* drops: next to the king on a square we guard, or a knight's */
    const uint8_t *hand = p->hand[us];
    for (sg_ptype t = SG_LANCE; t < SG_HAND_NB; t++) {
        if (!hand[t]) continue;
        sg_bb to = sg_piece_attack(them, t, ek, occ) & ~occ;
        if (t != SG_KNIGHT) to &= near;
        while (to) {
            sg_square sq = sg_bb_pop(&to);
            if (t != SG_KNIGHT && !attacked(p, &mo, sq, us, occ)) continue;
            sg_bb open = t == SG_KNIGHT ? flee : uncovered(us, t, sq, ek, occ, flee);
            bool escape = false;
            while (open && !escape) escape = !attacked(p, &mo, sg_bb_pop(&open), us, occ);
            if (escape) continue;
            sg_move m = sg_move_make_drop(t, sq);
            if (mates(p, m)) { *out = m; return true; }
        }
    }
    /* board moves next to the king, and knights' checks: only with one of ours
     * within two squares of the king (a mover next to it needs a guard, and
     * sliders from afar rarely bring both) */
    if (!(sg_tab->within_two[ek] & p->by_color[us])) return false;
    sg_bb targets = near & ~p->by_color[us];
    if (p->by_color[us] & p->by_type[SG_KNIGHT]) targets |= sg_tab->step[them][SG_KNIGHT][ek] & ~p->by_color[us];
    while (targets) {
        sg_square sq = sg_bb_pop(&targets);
        bool contact = (near & sg_bb_sq(sq)) != 0;
        if (contact && !attacked(p, &mo, sq, us, occ)) continue;
        sg_bb movers = sg_attackers_to(p, sq, us, occ) & ~p->by_type[SG_KING];
        /* a lone mover next to the king needs a guard behind it */
        if (contact && !(movers & (movers - 1)) && !(sg_attackers_to(p, sq, us, occ & ~movers) & ~movers)) continue;
        while (movers) {
            sg_square from = sg_bb_pop(&movers);
            sg_ptype t = sg_piece_type(p->board[from]);
            /* the king's squares asked with the mover gone: it may uncover a line onto one
             * (the mover still counts on its old square, which only lets more through) */
            sg_bb after = (occ & ~sg_bb_sq(from)) | sg_bb_sq(sq);
            bool may_promote = sg_pt_can_promote(t) && (sg_tab->promotion_to[us][from] & sg_bb_sq(sq));
            for (int promote = may_promote; promote >= 0; promote--) {
                sg_ptype pt = promote ? sg_pt_promote(t) : t;
                if (!(sg_piece_attack(us, pt, sq, occ) & sg_bb_sq(ek))) continue;
                sg_bb open = contact ? uncovered(us, pt, sq, ek, occ, flee) : flee;
                bool escape = false;
                while (open && !escape) escape = !sg_square_attacked(p, sg_bb_pop(&open), us, after);
                if (escape) continue;
                sg_move m = sg_move_make(from, sq, t, promote);
                if (mates(p, m)) { *out = m; return true; }
            }
        }
    }
    return false;
}
