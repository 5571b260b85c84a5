/* Static exchange evaluation: see see.h.
 *
 * The attackers of the square are found once for both sides: those that step
 * to it do not depend on the occupancy, so only the sliders are looked up again
 * after each capture (a capture may uncover one behind the piece that left).
 * At each turn the side's attackers are then exactly what
 * sg_attackers_to(p, to, side, occ) & occ would give. */
#include "see.h"
#include "eval.h"

#define KING_VALUE 100000

static inline int value(sg_ptype t) { return t == SG_KING ? KING_VALUE : sg_eval_piece_value(t); }

/* the order in which attackers take: the cheapest first */
static const unsigned char TAKE_ORDER[SG_PT_NB] = {
    [SG_PAWN] = 0, [SG_LANCE] = 1, [SG_KNIGHT] = 2, [SG_ELEPHANT] = 3, [SG_SILVER] = 4, [SG_PRO_PAWN] = 5,
    [SG_PRO_LANCE] = 6, [SG_PRO_KNIGHT] = 7, [SG_PRO_SILVER] = 8, [SG_GOLD] = 9, [SG_PRINCE] = 10,
    [SG_BISHOP] = 11, [SG_ROOK] = 12, [SG_HORSE] = 13, [SG_DRAGON] = 14, [SG_KING] = 15,
};

/* the least valuable of attackers (a non-empty set): its square and type;
 * of two of one type, the lower square */
static inline sg_square least_valuable(const sg_pos *p, sg_bb attackers, sg_ptype *type)
{
    sg_square best = sg_bb_pop(&attackers);
    sg_ptype bt = sg_piece_type(p->board[best]);
    while (attackers && bt != SG_PAWN) {
        sg_square sq = sg_bb_pop(&attackers);
        sg_ptype t = sg_piece_type(p->board[sq]);
        if (TAKE_ORDER[t] < TAKE_ORDER[bt]) { best = sq; bt = t; }
    }
    *type = bt;
    return best;
}

/* pieces of both colours that attack `to` by a step (knights included) */
static inline sg_bb step_attackers(const sg_pos *p, sg_square to, sg_bb occ)
{
    sg_bb a = 0;
    SG_BB_FOR_EACH(sg_T.step[SG_BLACK][SG_KING][to] & occ, f, {
        sg_piece pc = p->board[f];
        if (sg_bb_test(sg_T.step[sg_piece_color(pc)][sg_piece_type(pc)][f], to)) a |= sg_bb_sq(f);
    });
    sg_bb knights = p->by_type[SG_KNIGHT];
    a |= sg_T.step[SG_WHITE][SG_KNIGHT][to] & knights & p->by_color[SG_BLACK];
    a |= sg_T.step[SG_BLACK][SG_KNIGHT][to] & knights & p->by_color[SG_WHITE];
    return a;
}

/* the sliders on a line through `to` on an empty board, both colours */
typedef struct { sg_bb files, rooks, bishops; } slider_lines;

static inline slider_lines slider_candidates(const sg_pos *p, sg_square to)
{
    const sg_bb *T = p->by_type;
    slider_lines c;
    c.rooks = (T[SG_ROOK] | T[SG_DRAGON]) & sg_T.rook_empty[to];
    c.files = c.rooks | (T[SG_LANCE] & ((sg_T.forward_ray[SG_WHITE][to] & p->by_color[SG_BLACK])
                                        | (sg_T.forward_ray[SG_BLACK][to] & p->by_color[SG_WHITE])));
    c.bishops = (T[SG_BISHOP] | T[SG_HORSE]) & sg_T.bishop_empty[to];
    return c;
}

/* the candidates that reach `to` through occ */
static inline sg_bb slider_attackers(const slider_lines *c, sg_square to, sg_bb occ)
{
    sg_bb a = 0, files = c->files & occ, rooks = c->rooks & occ, bishops = c->bishops & occ;
    if (files) a |= sg_file_attack(to, occ) & files;
    if (rooks) a |= sg_line_attack(1, to, occ) & rooks;
    if (bishops) a |= sg_bishop_attack(to, occ) & bishops;
    return a;
}

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
    sg_bb steppers = step_attackers(p, to, occ);
    slider_lines lines = slider_candidates(p, to);
    sg_bb sliders = slider_attackers(&lines, to, occ);
    /* nobody answers: the usual case for a quiet move */
    if (!((steppers | sliders) & p->by_color[sg_opp(side)])) return gain[0];
    for (;;) {
        side = sg_opp(side);
        sg_bb att = (steppers | sliders) & p->by_color[side] & occ;
        if (!att || d + 1 >= (int)(sizeof gain / sizeof gain[0])) break;
        sg_ptype t;
        sg_square sq = least_valuable(p, att, &t);
        d++;
        gain[d] = value(on_square) - gain[d - 1];
        /* a king may only take when nothing takes it back */
        if (t == SG_KING) {
            sg_bb rest = occ ^ sg_bb_sq(sq);
            if ((steppers | slider_attackers(&lines, to, rest)) & p->by_color[sg_opp(side)] & rest) {
                d--;
                break;
            }
        }
        /* promoting on the square when it can: the usual choice */
        sg_ptype after = t;
        if (sg_pt_can_promote(t) && (sg_in_zone(side, to) || sg_in_zone(side, sq))) {
            after = sg_pt_promote(t);
            gain[d] += value(after) - value(t);
        }
        occ ^= sg_bb_sq(sq);
        sliders = slider_attackers(&lines, to, occ);
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
