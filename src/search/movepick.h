/* Move ordering for the game-tree search: scores a node's legal moves and
 * hands them out best first (sg_picker).
 * Order: the table's move; captures by most valuable victim, least valuable
 * attacker (promotions count as a gain); the two killers of the ply; the other
 * quiet moves by their history scores (history.h).  sg_movepick_score scores
 * a whole list at once (the root's first order). */
#ifndef SG_MOVEPICK_H
#define SG_MOVEPICK_H

#include "../core/movegen.h"
#include "history.h"

/* the gain ordering captures by (victim value, then cheaper attacker first) */
int sg_movepick_mvv_lva(const sg_pos *p, sg_move m);

/* quiet moves are scored by the history (h and cr only read; h NULL: 0) */
void sg_movepick_score(const sg_pos *p, const sg_move *moves, int *scores, int n, sg_move tt_move,
                       const sg_move killers[2], const sg_move_stats *h, const sg_cont_rows *cr);
/* Hands out one node's moves best first, in stages: the table move, captures
 * and promotions, the killers (scored and picked by selection); then the
 * quiet moves, scored by their history only when the first stage is spent
 * (most cuts come before) and ordered once.  The search may hand it the
 * first stage alone and append the quiet moves once it is spent (raising
 * n): those are generated only then. */
typedef struct {
    const sg_pos *p;
    sg_move *moves;
    int *scores;
    int n, i, good_end;       /* moves [0, good_end) are the first stage */
    bool quiets_scored;
    const sg_move_stats *h;
    const sg_cont_rows *cr;
    /* optional: a bonus added to each quiet move's history score (a bot's ordering hook) */
    int (*bonus)(void *ud, const sg_pos *p, sg_move m);
    void *bonus_ud;
} sg_picker;

/* moves and scores are the caller's arrays (n moves, reordered in place);
 * h NULL: quiet moves score 0 */
void sg_picker_init(sg_picker *pk, const sg_pos *p, sg_move *moves, int *scores, int n, sg_move tt_move,
                    const sg_move killers[2], const sg_move_stats *h, const sg_cont_rows *cr);
bool sg_picker_next(sg_picker *pk, sg_move *out);
/* the score of the move last handed out: 0 or below for a quiet move nobody
 * vouches for (no history, not a killer) */
static inline int sg_picker_last_score(const sg_picker *pk) { return pk->scores[pk->i - 1]; }

#endif
