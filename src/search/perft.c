#include "perft.h"

uint64_t sg_perft(sg_pos *p, int depth, const sg_perft_opts *o)
{
    if (depth <= 0) return 1;
    if (depth == 1 && o->bulk) return (uint64_t)sg_count_legal(p);
    if (sg_limits_stop_asked(o->limits)) return 0;
    sg_move moves[SG_MAX_MOVES];
    int n = sg_gen_legal(p, moves);
    if (depth == 1) {
        /* play every leaf: the slow way, which also exercises do/undo */
        for (int i = 0; i < n; i++) {
            sg_undo u;
            sg_do_move(p, moves[i], &u);
            sg_undo_move(p, moves[i], &u);
        }
        return (uint64_t)n;
    }
    uint64_t total = 0;
    for (int i = 0; i < n; i++) {
        sg_undo u;
        sg_do_move(p, moves[i], &u);
        total += sg_perft(p, depth - 1, o);
        sg_undo_move(p, moves[i], &u);
    }
    return total;
}

int sg_perft_divide(sg_pos *p, int depth, const sg_perft_opts *o, sg_move *moves, uint64_t *counts)
{
    int n = sg_gen_legal(p, moves);
    for (int i = 0; i < n; i++) {
        sg_undo u;
        sg_do_move(p, moves[i], &u);
        counts[i] = sg_perft(p, depth - 1, o);
        sg_undo_move(p, moves[i], &u);
    }
    return n;
}
