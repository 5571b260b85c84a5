/* The built-in evaluation: material, hand values, piece-square terms and king
 * safety.  Values in centipawns; the tables are static const. */
#include "eval.h"

/* board values by type (index SG_PT_NB); the king has none */
const int sg_eval_piece_values[SG_PT_NB] = {
    [SG_PAWN] = 90, [SG_LANCE] = 315, [SG_KNIGHT] = 405, [SG_SILVER] = 495,
    [SG_BISHOP] = 855, [SG_ROOK] = 990, [SG_ELEPHANT] = 400, [SG_GOLD] = 540,
    [SG_PRO_PAWN] = 540, [SG_PRO_LANCE] = 540, [SG_PRO_KNIGHT] = 540, [SG_PRO_SILVER] = 540,
    [SG_HORSE] = 945, [SG_DRAGON] = 1395, [SG_PRINCE] = 600, [SG_KING] = 0,
};
/* a piece in hand is worth a little more than on the board (it can go anywhere) */
static const int HAND_VALUE[SG_HAND_NB] = {
    [SG_PAWN] = 100, [SG_LANCE] = 350, [SG_KNIGHT] = 450, [SG_SILVER] = 550,
    [SG_BISHOP] = 950, [SG_ROOK] = 1100, [SG_GOLD] = 600,
};

int sg_eval_hand_value(sg_ptype t) { return t > 0 && t < SG_HAND_NB ? HAND_VALUE[t] : 0; }

int sg_eval_material(const sg_pos *p)
{
    int s = 0;
    for (int t = SG_PAWN; t < SG_KING; t++) {
        sg_bb b = p->by_type[t];
        if (!b) continue;
        s += sg_eval_piece_values[t] * (sg_bb_count(b & p->by_color[SG_BLACK]) - sg_bb_count(b & p->by_color[SG_WHITE]));
    }
    for (int t = 1; t < SG_HAND_NB; t++)
        s += HAND_VALUE[t] * (p->hand[SG_BLACK][t] - p->hand[SG_WHITE][t]);
    return s;
}

int sg_eval_material_delta(sg_move m, sg_piece captured, bool drops)
{
    if (sg_move_is_drop(m)) {
        sg_ptype t = sg_move_dropped(m);
        return sg_eval_piece_values[t] - HAND_VALUE[t];
    }
    int d = 0;
    if (sg_move_is_promotion(m)) {
        sg_ptype t = sg_move_piece(m);
        d += sg_eval_piece_values[sg_pt_promote(t)] - sg_eval_piece_values[t];
    }
    if (captured != SG_NO_PIECE) {
        sg_ptype t = sg_piece_type(captured);
        d += sg_eval_piece_values[t];
        sg_ptype back = sg_pt_unpromote(t);
        if (drops && back < SG_HAND_NB) d += HAND_VALUE[back];
    }
    return d;
}

int sg_eval_material_only(void *ud, const sg_pos *p)
{
    (void)ud;
    int s = sg_eval_material(p);
    return p->side == SG_BLACK ? s : -s;
}

/* ---- piece-square terms (black's view; rank 0 is the far rank) --------------
 * Small bonuses: pawns and silvers forward, golds and silvers near their own
 * king, knights and lances not stranded. Indexed [relative rank][file - 1]. */
static const signed char PST_PAWN[9] = {0, 30, 24, 18, 12, 6, 0, 0, 0};
static const signed char PST_SILVER[9] = {10, 18, 24, 22, 18, 12, 6, 0, 0};
static const signed char PST_KNIGHT[9] = {-30, -20, 10, 18, 14, 8, 0, 0, -6};
static const signed char PST_LANCE[9] = {0, 4, 6, 6, 4, 2, 2, 2, 6};
/* the king is safest low and off the centre files */
static const signed char KING_RANK[9] = {-60, -50, -40, -30, -20, -10, 0, 10, 14};
static const signed char KING_FILE[9] = {8, 12, 10, 2, -10, 2, 10, 12, 8};

/* a piece's rank bonus from its own side's view (0 for types without one) */
static int psq_of(sg_color c, sg_ptype t, sg_square sq)
{
    int rr = sg_rel_rank(c, sq);
    switch (t) {
    case SG_PAWN: return PST_PAWN[rr];
    case SG_SILVER: return PST_SILVER[rr];
    case SG_KNIGHT: return PST_KNIGHT[rr];
    case SG_LANCE: return PST_LANCE[rr];
    default: return 0;
    }
}

int sg_eval_psq(const sg_pos *p)
{
    int s = 0;
    sg_bb rankers = p->by_type[SG_PAWN] | p->by_type[SG_SILVER] | p->by_type[SG_KNIGHT] | p->by_type[SG_LANCE];
    while (rankers) {
        sg_square sq = sg_bb_pop(&rankers);
        sg_piece pc = p->board[sq];
        sg_color c = sg_piece_color(pc);
        int v = psq_of(c, sg_piece_type(pc), sq);
        s += c == SG_BLACK ? v : -v;
    }
    return s;
}

int sg_eval_psq_delta(const sg_pos *p, sg_move m)
{
    sg_color us = p->side;
    sg_square to = sg_move_to(m);
    int d;
    if (sg_move_is_drop(m)) {
        d = psq_of(us, sg_move_dropped(m), to);
    } else {
        d = psq_of(us, sg_move_piece_after(m), to) - psq_of(us, sg_move_piece(m), sg_move_from(m));
        sg_piece victim = p->board[to];
        if (victim != SG_NO_PIECE) d += psq_of(sg_opp(us), sg_piece_type(victim), to);
    }
    return us == SG_BLACK ? d : -d;
}

/* the positional part for colour c (positive is good for c) */
typedef struct { sg_bb one[SG_COLOR_NB], two[SG_COLOR_NB]; } king_rings;

static int side_terms(const sg_pos *p, sg_color c, const king_rings *kr)
{
    int s = 0;
    sg_square own_k = p->king[c], their_k = p->king[sg_opp(c)];
    sg_bb occ = sg_pos_occupied(p);
    sg_bb mine = p->by_color[c];
    /* mobility of the sliders */
    sg_bb sliders = mine & (p->by_type[SG_ROOK] | p->by_type[SG_DRAGON] | p->by_type[SG_BISHOP] | p->by_type[SG_HORSE]);
    while (sliders) {
        sg_square sq = sg_bb_pop(&sliders);
        s += 3 * sg_bb_count(sg_piece_attack(c, sg_piece_type(p->board[sq]), sq, occ) & ~mine);
    }
    sg_bb golds = p->by_type[SG_GOLD] | p->by_type[SG_PRO_PAWN] | p->by_type[SG_PRO_LANCE]
                | p->by_type[SG_PRO_KNIGHT] | p->by_type[SG_PRO_SILVER];
    /* golds and silvers guarding the own king */
    if (own_k != SG_SQ_NONE) {
        s += KING_RANK[sg_rel_rank(c, own_k)] + KING_FILE[sg_sq_file(own_k) - 1];
        sg_bb one = kr->one[c], two = kr->two[c];
        sg_bb guards = mine & (p->by_type[SG_GOLD] | p->by_type[SG_SILVER]);
        s += 30 * sg_bb_count(guards & one) + 14 * sg_bb_count(guards & two & ~one);
    }
    /* golds, promoted pieces, silvers and the big pieces pressing the enemy king */
    if (their_k != SG_SQ_NONE) {
        sg_bb one = kr->one[sg_opp(c)], two = kr->two[sg_opp(c)];
        sg_bb press = mine & (golds | p->by_type[SG_SILVER] | p->by_type[SG_HORSE] | p->by_type[SG_DRAGON]);
        s += 28 * sg_bb_count(press & one) + 12 * sg_bb_count(press & two & ~one);
    }
    /* king safety: enemy pieces (pawns aside) within two squares of the own
     * king, made worse by what the enemy holds in hand; own pieces next to it */
    if (own_k != SG_SQ_NONE) {
        sg_bb ring = kr->one[c], near = kr->two[c];
        sg_bb enemy = p->by_color[sg_opp(c)] & ~p->by_type[SG_PAWN] & ~p->by_type[SG_KING];
        int att = sg_bb_count(near & enemy) + sg_bb_count(ring & enemy);
        int def = sg_bb_count(ring & p->by_color[c]);
        int kinds = 0;
        for (int t = 1; t < SG_HAND_NB; t++) kinds += p->hand[sg_opp(c)][t] ? 1 : 0;
        s -= att * att * 8 + att * kinds * 6;
        s += def * 10;
    }
    return s;
}

int sg_eval_builtin(void *ud, const sg_pos *p)
{
    (void)ud;
    return sg_eval_builtin_with(p, sg_eval_material(p), sg_eval_psq(p));
}

int sg_eval_builtin_with(const sg_pos *p, int material, int psq)
{
    int s = material + psq;
    king_rings kr = {{0, 0}, {0, 0}};
    for (int c = 0; c < SG_COLOR_NB; c++)
        if (p->king[c] != SG_SQ_NONE) {
            kr.one[c] = sg_tab->step[SG_BLACK][SG_KING][p->king[c]];
            kr.two[c] = sg_tab->within_two[p->king[c]];
        }
    s += side_terms(p, SG_BLACK, &kr) - side_terms(p, SG_WHITE, &kr);
    s = p->side == SG_BLACK ? s : -s;
    return s + 20; /* the side to move's tempo */
}
