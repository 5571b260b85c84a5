/* Move ordering: see movepick.h. */
#include "movepick.h"
#include <stddef.h>
#include "eval.h"

enum {
    TT_SCORE = 1 << 30,
    CAPTURE_BASE = 1 << 28,
    KILLER1 = 1 << 27,
    KILLER2 = KILLER1 - 1
};

int sg_movepick_mvv_lva(const sg_pos *p, sg_move m)
{
    int g = 0;
    if (!sg_move_is_drop(m)) {
        sg_piece victim = p->board[sg_move_to(m)];
        if (victim != SG_NO_PIECE) g += 16 * sg_eval_piece_value(sg_piece_type(victim));
        g -= sg_eval_piece_value(sg_move_piece(m)) / 8;
    }
    if (sg_move_is_promotion(m)) {
        sg_ptype t = sg_move_piece(m);
        g += 8 * (sg_eval_piece_value(sg_pt_promote(t)) - sg_eval_piece_value(t));
    }
    return g;
}

/* the first stage's score (the table move, a capture or promotion, a
 * killer), or 0 for a quiet move */
static inline int first_stage_score(const sg_pos *p, sg_move m, sg_move tt_move, const sg_move killers[2])
{
    if (m == tt_move) return TT_SCORE;
    if (sg_move_is_tactical(p, m)) return CAPTURE_BASE + sg_movepick_mvv_lva(p, m);
    if (killers && m == killers[0]) return KILLER1;
    if (killers && m == killers[1]) return KILLER2;
    return 0;
}

void sg_movepick_score(const sg_pos *p, const sg_move *moves, int *scores, int n, sg_move tt_move,
                       const sg_move killers[2], const sg_move_stats *h, const sg_cont_rows *cr)
{
    for (int i = 0; i < n; i++) {
        int s = first_stage_score(p, moves[i], tt_move, killers);
        scores[i] = s ? s : h ? sg_history_score(h, cr, p->side, moves[i]) : 0;
    }
}

void sg_picker_init(sg_picker *pk, const sg_pos *p, sg_move *moves, int *scores, int n, sg_move tt_move,
                    const sg_move killers[2], const sg_move_stats *h, const sg_cont_rows *cr)
{
    *pk = (sg_picker){p, moves, scores, n, 0, 0, false, h, cr, NULL, NULL};
    /* the first stage to the front, stable; the quiet moves after it in their order */
    sg_move quiet[SG_MAX_MOVES];
    int g = 0, q = 0;
    for (int k = 0; k < n; k++) {
        sg_move m = moves[k];
        int sc = first_stage_score(p, m, tt_move, killers);
        if (!sc) { quiet[q++] = m; continue; }
        moves[g] = m;
        scores[g++] = sc;
    }
    for (int k = 0; k < q; k++) moves[g + k] = quiet[k];
    pk->good_end = g;
}

/* The quiet moves are scored, then ordered once: those with a good history
 * best first, then those with none, then those with a bad one (these two in
 * generation order).  The search stops early among the quiet moves at
 * shallow depths, so a full order would mostly sort moves nobody plays. */
static void score_quiets(sg_picker *pk)
{
    if (pk->quiets_scored) return;
    pk->quiets_scored = true;
    sg_move *moves = pk->moves;
    int *scores = pk->scores, g = pk->good_end, n = pk->n;
    sg_move zero[SG_MAX_MOVES], bad[SG_MAX_MOVES];
    int bad_score[SG_MAX_MOVES];
    int top = g, nz = 0, nb = 0;
    for (int k = g; k < n; k++) {
        sg_move m = moves[k];
        int sc = pk->h ? sg_history_score(pk->h, pk->cr, pk->p->side, m) : 0;
        if (pk->bonus) sc += pk->bonus(pk->bonus_ud, pk->p, m);
        if (sc > 0) {
            /* insertion among the good ones, best first (stable) */
            int j = top++;
            while (j > g && scores[j - 1] < sc) {
                moves[j] = moves[j - 1];
                scores[j] = scores[j - 1];
                j--;
            }
            moves[j] = m;
            scores[j] = sc;
        } else if (sc == 0) {
            zero[nz++] = m;
        } else {
            bad_score[nb] = sc;
            bad[nb++] = m;
        }
    }
    for (int k = 0; k < nz; k++) {
        moves[top] = zero[k];
        scores[top++] = 0;
    }
    for (int k = 0; k < nb; k++) {
        moves[top] = bad[k];
        scores[top++] = bad_score[k];
    }
}

bool sg_picker_next(sg_picker *pk, sg_move *out)
{
    int i = pk->i;
    if (i >= pk->n) return false;
    if (i >= pk->good_end) {
        /* the quiet moves, in the order score_quiets gave them */
        score_quiets(pk);
        *out = pk->moves[i];
        pk->i = i + 1;
        return true;
    }
    sg_move *moves = pk->moves;
    int *scores = pk->scores, best = i;
    for (int j = i + 1; j < pk->good_end; j++)
        if (scores[j] > scores[best]) best = j;
    sg_move m = moves[best];
    int sc = scores[best];
    moves[best] = moves[i];
    scores[best] = scores[i];
    moves[i] = m;
    scores[i] = sc;
    pk->i = i + 1;
    *out = m;
    return true;
}
