/* ばか詰 (helpmate): both sides cooperate so that the defender is mated in
 * exactly `length` plies (odd), the attacker checking on every move.  The
 * moves are the core's legal ones (a pawn drop that mates is illegal, so it is
 * never a helpmate's last move); every interposition is a move (the defender
 * chooses, so no drop is futile).  An exhaustive depth-first search over the
 * check generator (attacker) and the legal moves (defender, in check): small
 * lengths only, which is what the genre's short problems need; a table counts each position
 * once per length, so transpositions and refuted positions cost a lookup. */
#ifndef SG_HELPMATE_H
#define SG_HELPMATE_H

#include <stdint.h>
#include "../core/movegen.h"

#define SG_HELPMATE_MAX_LENGTH 31

typedef struct {
    int length;          /* the plies searched */
    long count;          /* the solutions found (all of them when complete) */
    bool complete;       /* false: the node limit stopped the search */
    int stored;          /* lines written to the caller's buffer (<= max_lines) */
    uint64_t nodes;      /* positions visited */
} sg_helpmate_result;

/* The helpmates of exactly `length` plies from p (the attacker to move).  Up
 * to max_lines lines go into lines[i * length ...]; max_nodes 0: no limit.
 * Returns false for a bad length (even, < 1 or > SG_HELPMATE_MAX_LENGTH). */
bool sg_helpmate(const sg_pos *p, int length, sg_move *lines, int max_lines, uint64_t max_nodes,
                 sg_helpmate_result *out);

#endif
