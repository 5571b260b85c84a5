/* Perft: count the leaves of the legal-move tree, to check move generation. */
#ifndef SG_PERFT_H
#define SG_PERFT_H
#include "../core/movegen.h"
#include "limits.h"

/* The limits' stop and interrupt flags abandon a count (the result is then
 * meaningless; see sg_limits_stop_asked); nodes and time are not used. */
typedef struct {
    bool bulk;                  /* count the moves at depth 1 instead of playing them */
    const sg_limits *limits;    /* may be NULL */
} sg_perft_opts;

uint64_t sg_perft(sg_pos *p, int depth, const sg_perft_opts *o);
/* counts under each root move; returns the number of root moves */
int sg_perft_divide(sg_pos *p, int depth, const sg_perft_opts *o, sg_move *moves, uint64_t *counts);
#endif
