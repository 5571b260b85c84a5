/* The quiescence search's moves: the legal captures and promotions of a
 * position whose side to move is not in check (standard shogi), generated
 * directly instead of filtered out of every legal move.  For another variant
 * or in check it falls back to filtering sg_gen_legal.  The tests compare it
 * with that filter over many positions. */
#ifndef SG_QMOVES_H
#define SG_QMOVES_H

#include "../core/movegen.h"

int sg_gen_tactical(const sg_pos *p, sg_move *moves);

#endif
