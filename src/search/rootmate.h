/* The df-pn solver asked at the root of a game-tree search: when the side to
 * move has a check, a small solve (o->mate_nodes) may prove a mate the
 * alpha-beta search would need many plies for.  Every interposition counts as
 * a defence here (SG_FUTILE_ALL), so the length is the game's. */
#ifndef SG_ROOTMATE_H
#define SG_ROOTMATE_H

#include "../core/movegen.h"

/* true and the mating line (*len plies, at most max) when a mate is proven
 * within nodes and seconds (0: no time limit); stop may be NULL */
bool sg_root_mate(const sg_pos *root, uint64_t nodes, double seconds, volatile int *stop, sg_move *pv, int max,
                  int *len);

#endif
