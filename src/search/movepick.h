/* Move ordering for the game-tree search: scores a list of legal moves, then
 * hands them out best first (a selection among those scored above 0, the
 * rest in generation order).
 * Order: the table's move; captures by most valuable victim, least valuable
 * attacker (promotions count as a gain); the two killers of the ply; the other
 * quiet moves by their history score. */
#ifndef SG_MOVEPICK_H
#define SG_MOVEPICK_H

#include "../core/position.h"

/* the history of quiet moves: [colour][moved type after the move][to square] */
typedef int sg_butterfly[SG_COLOR_NB][SG_PT_NB][SG_SQ_NB];

/* is m a capture or a promotion (what the quiescence search plays)? */
static inline bool sg_move_is_tactical(const sg_pos *p, sg_move m)
{ return sg_move_is_promotion(m) || (!sg_move_is_drop(m) && p->board[sg_move_to(m)] != SG_NO_PIECE); }

/* the gain ordering captures by (victim value, then cheaper attacker first) */
int sg_movepick_mvv_lva(const sg_pos *p, sg_move m);

/* h is only read */
void sg_movepick_score(const sg_pos *p, const sg_move *moves, int *scores, int n, sg_move tt_move,
                       const sg_move killers[2], sg_butterfly *h);
/* puts the moves scored above 0 first, the others after them in their
 * order (their scores then read 0); call it after scoring, before picking */
void sg_movepick_partition(sg_move *moves, int *scores, int n);
/* the best remaining move at index *i (swapped into place); false when done.
 * Call it with *i counting up from 0 over the same partitioned arrays: the
 * moves scored above 0 come best first, the others in their order. */
bool sg_movepick_next(sg_move *moves, int *scores, int n, int *i, sg_move *out);

/* history after a quiet move caused a cutoff at depth (and the quiet moves
 * tried before it, which did not) */
void sg_history_reward(sg_butterfly *h, sg_color c, sg_move m, int depth);
void sg_history_penalty(sg_butterfly *h, sg_color c, sg_move m, int depth);

#endif
