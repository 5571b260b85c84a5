/* The search's move statistics: see history.h. */
#include "history.h"

int sg_history_bonus(int depth)
{
    int b = 250 * depth - 200;
    return b > 1600 ? 1600 : b < 50 ? 50 : b;
}

static void nudge(int16_t *v, int bonus)
{
    int a = bonus < 0 ? -bonus : bonus;
    *v = (int16_t)(*v + bonus - *v * a / SG_HIST_LIMIT);
}

void sg_history_update(sg_move_stats *h, const sg_cont_rows *cr, sg_color c, sg_move m, int bonus)
{
    nudge(&h->main[c][sg_move_piece_after(m)][sg_move_to(m)], bonus);
    int i = sg_hist_index(c, m);
    for (int k = 0; k < SG_CONT_N; k++)
        if (cr->row[k] != &h->none) nudge(&(*cr->row[k])[i], bonus);
}
