/* Move ordering: see movepick.h. */
#include "movepick.h"
#include "eval.h"

enum {
    TT_SCORE = 1 << 30,
    CAPTURE_BASE = 1 << 28,
    KILLER1 = 1 << 27,
    KILLER2 = KILLER1 - 1,
    HISTORY_MAX = 1 << 20
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

void sg_movepick_score(const sg_pos *p, const sg_move *moves, int *scores, int n, sg_move tt_move,
                       const sg_move killers[2], sg_butterfly *h)
{
    for (int i = 0; i < n; i++) {
        sg_move m = moves[i];
        int s;
        if (m == tt_move) s = TT_SCORE;
        else if (sg_move_is_tactical(p, m)) s = CAPTURE_BASE + sg_movepick_mvv_lva(p, m);
        else if (killers && m == killers[0]) s = KILLER1;
        else if (killers && m == killers[1]) s = KILLER2;
        else s = h ? (*h)[p->side][sg_move_piece_after(m)][sg_move_to(m)] : 0;
        scores[i] = s;
    }
}

void sg_movepick_partition(sg_move *moves, int *scores, int n)
{
    /* stable: the rest keep their generation order */
    sg_move rest[SG_MAX_MOVES];
    int g = 0, r = 0;
    for (int i = 0; i < n; i++) {
        if (scores[i] > 0) {
            moves[g] = moves[i];
            scores[g++] = scores[i];
        } else {
            rest[r++] = moves[i];
        }
    }
    for (int k = 0; k < r; k++) {
        moves[g + k] = rest[k];
        scores[g + k] = 0;
    }
}

/* The moves scored above 0 (the table move, captures, killers, quiet moves
 * with a good history) are put first by sg_movepick_partition; they are
 * handed out best first by selection among themselves, the others then in
 * generation order: most quiet moves have no history, and ordering them all
 * cost more than the order gained (measured: selecting among the good ones
 * only is cheaper than sorting them once after the first picks). */
bool sg_movepick_next(sg_move *moves, int *scores, int n, int *i, sg_move *out)
{
    if (*i >= n) return false;
    int best = *i;
    if (scores[best] > 0)
        for (int j = *i + 1; j < n && scores[j] > 0; j++)
            if (scores[j] > scores[best]) best = j;
    sg_move m = moves[best];
    int sc = scores[best];
    moves[best] = moves[*i];
    scores[best] = scores[*i];
    moves[*i] = m;
    scores[*i] = sc;
    (*i)++;
    *out = m;
    return true;
}

static void age_if_full(sg_butterfly *h, int v)
{
    if (v < HISTORY_MAX && v > -HISTORY_MAX) return;
    for (int c = 0; c < SG_COLOR_NB; c++)
        for (int t = 0; t < SG_PT_NB; t++)
            for (int s = 0; s < SG_SQ_NB; s++) (*h)[c][t][s] /= 2;
}

void sg_history_reward(sg_butterfly *h, sg_color c, sg_move m, int depth)
{
    int *v = &(*h)[c][sg_move_piece_after(m)][sg_move_to(m)];
    *v += depth * depth;
    age_if_full(h, *v);
}

void sg_history_penalty(sg_butterfly *h, sg_color c, sg_move m, int depth)
{
    int *v = &(*h)[c][sg_move_piece_after(m)][sg_move_to(m)];
    *v -= depth * depth;
    age_if_full(h, *v);
}
