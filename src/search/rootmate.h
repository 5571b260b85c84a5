/* The df-pn solver asked at the root of a game-tree search: when the side to
 * move has a check, a small solve (o->mate_nodes) may prove a mate the
 * alpha-beta search would need many plies for.  Every interposition counts as
 * a defence here (SG_FUTILE_ALL), so the length is the game's. */
#ifndef SG_ROOTMATE_H
#define SG_ROOTMATE_H

#include "../core/movegen.h"
#include "../mate/dfpn.h"

/* the table size a root probe wants (sg_mate_table_new) */
#define SG_ROOT_MATE_TABLE_BYTES (4u << 20)

/* true and the mating line (*len plies, at most max) when a mate is proven
 * within lim (its nodes, seconds, flags and poll: the main line's reading
 * included); tt is the caller's table, cleared here.  *nodes: the solver's
 * nodes, found or not. */
bool sg_root_mate(sg_mate_table *tt, const sg_pos *root, const sg_limits *lim, sg_move *pv, int max, int *len,
                  uint64_t *nodes);

#endif
