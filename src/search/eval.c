/* The built-in evaluation: material, hand values, piece-square terms and king
 * safety.  Values in centipawns; the tables are static const. */
#include "eval.h"

/* board values by type (index SG_PT_NB); the king has none */
static const int PIECE_VALUE[SG_PT_NB] = {
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

int sg_eval_piece_value(sg_ptype t) { return t > 0 && t < SG_PT_NB ? PIECE_VALUE[t] : 0; }
int sg_eval_hand_value(sg_ptype t) { return t > 0 && t < SG_HAND_NB ? HAND_VALUE[t] : 0; }

int sg_eval_material(const sg_pos *p)
{
    int s = 0;
    for (sg_square sq = 0; sq < SG_SQ_NB; sq++) {
        sg_piece pc = p->board[sq];
        if (pc == SG_NO_PIECE) continue;
        int v = PIECE_VALUE[sg_piece_type(pc)];
        s += sg_piece_color(pc) == SG_BLACK ? v : -v;
    }
    for (int t = 1; t < SG_HAND_NB; t++)
        s += HAND_VALUE[t] * (p->hand[SG_BLACK][t] - p->hand[SG_WHITE][t]);
    return s;
}

int sg_eval_material_delta(sg_move m, sg_piece captured)
{
    if (sg_move_is_drop(m)) {
        sg_ptype t = sg_move_dropped(m);
        return PIECE_VALUE[t] - HAND_VALUE[t];
    }
    int d = 0;
    if (sg_move_is_promotion(m)) {
        sg_ptype t = sg_move_piece(m);
        d += PIECE_VALUE[sg_pt_promote(t)] - PIECE_VALUE[t];
    }
    if (captured != SG_NO_PIECE) {
        sg_ptype t = sg_piece_type(captured);
        d += PIECE_VALUE[t];
        sg_ptype back = sg_pt_unpromote(t);
        if (back < SG_HAND_NB) d += HAND_VALUE[back];
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

static int dist(sg_square a, sg_square b)
{
    int df = sg_sq_file(a) - sg_sq_file(b), dr = sg_sq_rank(a) - sg_sq_rank(b);
    if (df < 0) df = -df;
    if (dr < 0) dr = -dr;
    return df > dr ? df : dr;
}

/* the positional part for colour c (positive is good for c) */
static int side_terms(const sg_pos *p, sg_color c)
{
    int s = 0;
    sg_square own_k = p->king[c], their_k = p->king[sg_opp(c)];
    sg_bb occ = sg_pos_occupied(p);
    sg_bb mine = p->by_color[c];
    while (mine) {
        sg_square sq = sg_bb_pop(&mine);
        sg_ptype t = sg_piece_type(p->board[sq]);
        int rr = sg_rel_rank(c, sq);
        switch (t) {
        case SG_PAWN: s += PST_PAWN[rr]; break;
        case SG_SILVER: s += PST_SILVER[rr]; break;
        case SG_KNIGHT: s += PST_KNIGHT[rr]; break;
        case SG_LANCE: s += PST_LANCE[rr]; break;
        case SG_KING:
            s += KING_RANK[rr] + KING_FILE[sg_sq_file(sq) - 1];
            break;
        case SG_ROOK: case SG_DRAGON: case SG_BISHOP: case SG_HORSE:
            /* mobility of the sliders */
            s += 3 * sg_bb_count(sg_piece_attack(c, t, sq, occ) & ~p->by_color[c]);
            break;
        default: break;
        }
        /* golds and silvers guarding the own king; promoted pieces and golds
         * pressing the enemy king */
        if (own_k != SG_SQ_NONE && (t == SG_GOLD || t == SG_SILVER)) {
            int d = dist(sq, own_k);
            if (d <= 2) s += d == 1 ? 30 : 14;
        }
        if (their_k != SG_SQ_NONE && t != SG_KING && (t >= SG_GOLD || t == SG_SILVER)) {
            int d = dist(sq, their_k);
            if (d <= 2) s += d == 1 ? 28 : 12;
        }
    }
    /* attacks on the squares around the own king: the enemy's count against it */
    if (own_k != SG_SQ_NONE) {
        sg_bb ring = sg_tab->step[c][SG_KING][own_k];
        int att = 0, def = 0;
        while (ring) {
            sg_square sq = sg_bb_pop(&ring);
            if (sg_square_attacked(p, sq, sg_opp(c), occ)) att++;
            if (p->board[sq] != SG_NO_PIECE && sg_piece_color(p->board[sq]) == c) def++;
        }
        s -= att * att * 6;
        s += def * 8;
        /* pieces in the enemy's hand are threats to the own king */
        int threat = 0;
        for (int t = 1; t < SG_HAND_NB; t++) threat += p->hand[sg_opp(c)][t] ? 1 : 0;
        s -= att * threat * 6;
    }
    return s;
}

int sg_eval_builtin(void *ud, const sg_pos *p)
{
    (void)ud;
    int s = sg_eval_material(p);
    s += side_terms(p, SG_BLACK) - side_terms(p, SG_WHITE);
    s = p->side == SG_BLACK ? s : -s;
    return s + 20; /* the side to move's tempo */
}
