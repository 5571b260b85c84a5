/* Static exchange evaluation: what a capture (or a promotion) wins for the
 * side to move when both sides go on capturing on its square with their
 * least valuable attacker, each free to stop.  In the built-in evaluation's
 * board values (eval.h).  The quiescence search skips moves that lose. */
#ifndef SG_SEE_H
#define SG_SEE_H

#include "../core/position.h"

/* m must be legal in p; a drop scores as a move to an empty square */
int sg_see(const sg_pos *p, sg_move m);

#endif
