/* 自玉詰 (selfmate): the attacker (the side to move) checks on every move and
 * forces the defender to mate the attacker's king within N plies (N even: the
 * defender's mating move is the last).  The defender answers each check with
 * any legal move and avoids mating while it can: a line succeeds only when
 * every defence either mates the attacker or leaves a selfmate in what is
 * left, so at the last ply every legal defence mates.  A defender left with
 * no legal move (mated by the attacker) is a failure.  A pawn drop that mates
 * is illegal for both sides, so never the defender's mate.  Every
 * interposition is a defence (the defender chooses: no futile rule).  A
 * depth-first AND/OR search, iteratively deepened, over a table of the
 * lengths proven and disproven per position. */
#ifndef SG_SELFMATE_H
#define SG_SELFMATE_H

#include "../core/movegen.h"
#include "../search/limits.h"

#define SG_SELFMATE_MAX_LENGTH 30

typedef enum { SG_SELFMATE_FOUND = 0, SG_SELFMATE_NONE, SG_SELFMATE_UNKNOWN } sg_selfmate_status;

typedef struct {
    sg_selfmate_status status;
    int length;                          /* FOUND: plies of the shortest selfmate */
    int nkeys;                           /* every first move that works in `length` (duals) */
    sg_move keys[SG_MAX_MOVES];
    int pv_len;                          /* the main line: the shortest forcing, the longest defence */
    sg_move pv[SG_SELFMATE_MAX_LENGTH];
    uint64_t nodes;
    double seconds;
    bool interrupted;
} sg_selfmate_result;

/* The shortest selfmate from root: exactly `length` plies (even), or 2, 4, ... up
 * to max_length when length is 0.  table_mb: the size of the search's table (>= 1). */
void sg_selfmate_solve(const sg_pos *root, int length, int max_length, const sg_limits *limits, int table_mb,
                       sg_selfmate_result *r);

/* Within `plies` (even, >= 2), does the attacker's legal check m from p force a selfmate?
 * 1 yes, 0 no, -1 the limits stopped it.  *refutation: a defence that escapes (when 0),
 * or the attacker's next move along the line. */
int sg_selfmate_move(const sg_pos *p, sg_move m, int plies, const sg_limits *limits, int table_mb,
                     sg_move *refutation);

#endif
