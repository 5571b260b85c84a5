/* What the search learns about quiet moves while it runs: a butterfly table
 * (by side, moved piece and destination) and continuation tables (by the move
 * one, two or four plies back, then the moved piece and destination).  Every
 * entry moves toward a bound by "gravity" (v += b - v*|b|/LIMIT), so old
 * lessons fade and no entry overflows its 16 bits. */
#ifndef SG_HISTORY_H
#define SG_HISTORY_H

#include <stdint.h>
#include "../core/position.h"

#define SG_HIST_LIMIT 16384
/* a coloured piece on a square: the continuation tables' index */
#define SG_HIST_IDX (SG_COLOR_NB * SG_PT_NB * SG_SQ_NB)
#define SG_CONT_N 3                    /* the moves 1, 2 and 4 plies back */

typedef int16_t sg_hist_row[SG_HIST_IDX];

typedef struct {
    int16_t main[SG_COLOR_NB][SG_PT_NB][SG_SQ_NB];
    sg_hist_row none;                  /* the row of "no move there" (the root's past, a null move): kept 0 */
    sg_hist_row cont[SG_HIST_IDX];
} sg_move_stats;

static inline int sg_hist_index(sg_color c, sg_move m)
{ return ((int)c * SG_PT_NB + (int)sg_move_piece_after(m)) * SG_SQ_NB + (int)sg_move_to(m); }

/* the continuation rows a node reads and updates */
typedef struct { sg_hist_row *row[SG_CONT_N]; } sg_cont_rows;

/* the ordering score of quiet move m by the side c */
static inline int sg_history_score(const sg_move_stats *h, const sg_cont_rows *cr, sg_color c, sg_move m)
{
    int i = sg_hist_index(c, m);
    return 2 * h->main[c][sg_move_piece_after(m)][sg_move_to(m)] + (*cr->row[0])[i] + (*cr->row[1])[i]
         + (*cr->row[2])[i];
}

/* the continuation part alone (the pruning asks it) */
static inline int sg_history_cont(const sg_cont_rows *cr, sg_color c, sg_move m)
{
    int i = sg_hist_index(c, m);
    return (*cr->row[0])[i] + (*cr->row[1])[i];
}

/* the bonus for a cutoff at depth (a malus is its negation) */
int sg_history_bonus(int depth);
/* v moves by bonus (negative: a malus) in each table of quiet move m */
void sg_history_update(sg_move_stats *h, const sg_cont_rows *cr, sg_color c, sg_move m, int bonus);

#endif
