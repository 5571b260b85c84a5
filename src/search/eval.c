/* The built-in evaluation: material, hand values, piece-square terms and king
 * safety.  Values in centipawns.  The piece values and the positional weights
 * are parameters (eval_params.c names them for tuning); the piece-square
 * tables are static const. */
#include <string.h>
#include "eval.h"

/* board values by type (index SG_PT_NB); the king has none */
int sg_eval_piece_values[SG_PT_NB] = {
    [SG_PAWN] = 90, [SG_LANCE] = 315, [SG_KNIGHT] = 405, [SG_SILVER] = 495,
    [SG_BISHOP] = 855, [SG_ROOK] = 990, [SG_ELEPHANT] = 400, [SG_GOLD] = 540,
    [SG_PRO_PAWN] = 540, [SG_PRO_LANCE] = 540, [SG_PRO_KNIGHT] = 540, [SG_PRO_SILVER] = 540,
    [SG_HORSE] = 945, [SG_DRAGON] = 1395, [SG_PRINCE] = 600, [SG_KING] = 0,
};
/* a piece in hand is worth a little more than on the board (it can go anywhere) */
int sg_eval_hand_values[SG_HAND_NB] = {
    [SG_PAWN] = 100, [SG_LANCE] = 350, [SG_KNIGHT] = 450, [SG_SILVER] = 550,
    [SG_BISHOP] = 950, [SG_ROOK] = 1100, [SG_GOLD] = 600,
};

sg_eval_weights sg_eval_W = {
    .mobility = 3, .guard_near = 30, .guard_far = 14, .press_near = 28, .press_far = 12,
    .attack_sq = 8, .attack_hand = 6, .defend = 10, .tempo = 20,
};

int sg_eval_hand_value(sg_ptype t) { return t > 0 && t < SG_HAND_NB ? sg_eval_hand_values[t] : 0; }

int sg_eval_material(const sg_pos *p)
{
    int s = 0;
    for (int t = SG_PAWN; t < SG_KING; t++) {
        sg_bb b = p->by_type[t];
        if (!b) continue;
        s += sg_eval_piece_values[t] * (sg_bb_count(b & p->by_color[SG_BLACK]) - sg_bb_count(b & p->by_color[SG_WHITE]));
    }
    for (int t = 1; t < SG_HAND_NB; t++)
        s += sg_eval_hand_values[t] * (p->hand[SG_BLACK][t] - p->hand[SG_WHITE][t]);
    return s;
}

int sg_eval_material_delta(sg_move m, sg_piece captured, bool drops)
{
    if (sg_move_is_drop(m)) {
        sg_ptype t = sg_move_dropped(m);
        return sg_eval_piece_values[t] - sg_eval_hand_values[t];
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
        if (drops && back < SG_HAND_NB) d += sg_eval_hand_values[back];
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

/* the rank bonuses by type, zero for the types without one */
static const signed char *const PST_OF[SG_PT_NB] = {
    [SG_PAWN] = PST_PAWN, [SG_LANCE] = PST_LANCE, [SG_KNIGHT] = PST_KNIGHT, [SG_SILVER] = PST_SILVER,
};

/* sg_rel_rank by table: the move-by-move update asks it three times a move */
#define RANKS_B 0, 1, 2, 3, 4, 5, 6, 7, 8
#define RANKS_W 8, 7, 6, 5, 4, 3, 2, 1, 0
static const unsigned char REL_RANK[SG_COLOR_NB][SG_SQ_NB] = {
    {RANKS_B, RANKS_B, RANKS_B, RANKS_B, RANKS_B, RANKS_B, RANKS_B, RANKS_B, RANKS_B},
    {RANKS_W, RANKS_W, RANKS_W, RANKS_W, RANKS_W, RANKS_W, RANKS_W, RANKS_W, RANKS_W},
};

/* a piece's rank bonus from its own side's view (0 for types without one) */
static inline int psq_of(sg_color c, sg_ptype t, sg_square sq)
{
    const signed char *row = PST_OF[t];
    return row ? row[REL_RANK[c][sq]] : 0;
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

/* the mobility of colour c's sliders: so much a square they reach that holds none of
 * c's pieces (each type walked apart, its attack a constant choice) */
SG_INLINE int mobility(const sg_pos *p, sg_color c, sg_bb occ)
{
    const sg_bb *T = p->by_type;
    sg_bb mine = p->by_color[c], free = ~mine;
    int n = 0;
    SG_BB_FOR_EACH(mine & T[SG_ROOK], sq, n += sg_bb_count(sg_rook_attack(sq, occ) & free));
    SG_BB_FOR_EACH(mine & T[SG_BISHOP], sq, n += sg_bb_count(sg_bishop_attack(sq, occ) & free));
    SG_BB_FOR_EACH(mine & T[SG_DRAGON], sq,
                   n += sg_bb_count((sg_rook_attack(sq, occ) | sg_T.step[c][SG_KING][sq]) & free));
    SG_BB_FOR_EACH(mine & T[SG_HORSE], sq,
                   n += sg_bb_count((sg_bishop_attack(sq, occ) | sg_T.step[c][SG_KING][sq]) & free));
    return sg_eval_W.mobility * n;
}

/* how many kinds of piece colour c holds in hand (types 1..8): the bytes that
 * are not zero, counted eight at a time (a hand holds fewer than 128 of a kind) */
static inline int hand_kinds(const sg_pos *p, sg_color c)
{
    uint64_t h;
    memcpy(&h, &p->hand[c][1], sizeof h);
    const uint64_t low7 = 0x7f7f7f7f7f7f7f7fULL;
    return __builtin_popcountll((((h & low7) + low7) | h) & ~low7);
}

/* The positional part, black minus white: for each colour the mobility of
 * its sliders; around each king its placement, its golds and silvers guarding
 * it, the enemy's golds, promoted pieces, silvers and big pieces pressing it,
 * and its safety (enemy pieces, pawns aside, within two squares, made worse by
 * what the enemy holds in hand; own pieces next to it). */
SG_INLINE int positional(const sg_pos *p)
{
    const sg_bb *T = p->by_type;
    sg_bb occ = sg_pos_occupied(p);
    sg_bb guard_types = T[SG_GOLD] | T[SG_SILVER];
    sg_bb press_types = guard_types | T[SG_PRO_PAWN] | T[SG_PRO_LANCE] | T[SG_PRO_KNIGHT] | T[SG_PRO_SILVER]
                      | T[SG_HORSE] | T[SG_DRAGON];
    sg_bb big = ~(T[SG_PAWN] | T[SG_KING]);
    int side[SG_COLOR_NB] = {mobility(p, SG_BLACK, occ), mobility(p, SG_WHITE, occ)};
    for (int c = 0; c < SG_COLOR_NB; c++) {
        sg_square k = p->king[c];
        if (k == SG_SQ_NONE) continue;
        sg_color o = sg_opp((sg_color)c);
        sg_bb own = p->by_color[c], them = p->by_color[o];
        sg_bb one = sg_T.step[SG_BLACK][SG_KING][k], two = sg_T.within_two[k], outer = two & ~one;
        int v = KING_RANK[sg_rel_rank((sg_color)c, k)] + KING_FILE[sg_sq_file(k) - 1];
        sg_bb guards = own & guard_types;
        v += sg_eval_W.guard_near * sg_bb_count(guards & one) + sg_eval_W.guard_far * sg_bb_count(guards & outer);
        sg_bb press = them & press_types;
        side[o] += sg_eval_W.press_near * sg_bb_count(press & one) + sg_eval_W.press_far * sg_bb_count(press & outer);
        sg_bb enemy = them & big;
        int att = sg_bb_count(two & enemy) + sg_bb_count(one & enemy);
        int def = sg_bb_count(one & own);
        v -= att * att * sg_eval_W.attack_sq + att * hand_kinds(p, o) * sg_eval_W.attack_hand;
        v += def * sg_eval_W.defend;
        side[c] += v;
    }
    return side[SG_BLACK] - side[SG_WHITE];
}

int sg_eval_builtin(void *ud, const sg_pos *p)
{
    (void)ud;
    return sg_eval_builtin_with(p, sg_eval_material(p), sg_eval_psq(p));
}

int sg_eval_builtin_with(const sg_pos *p, int material, int psq)
{
    int s = material + psq + positional(p);
    s = p->side == SG_BLACK ? s : -s;
    return s + sg_eval_W.tempo; /* the side to move's tempo */
}
