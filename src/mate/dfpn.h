/* Tsume solving: depth-first proof-number search (df-pn) over the core's check
 * and evasion generators.
 *
 * OR nodes: the attacker to move, children are the checking moves.  AND nodes:
 * the defender to move (in check), children are the evasions.  In the search
 * without a length bound (the first), a position repeating on the current path
 * counts as no mate (the attacker may not win by perpetual check); such a "no
 * mate" depends on the path and is stored in the table with the path's hash
 * only, never as a plain disproof.  A search under a length bound (the
 * re-searches for a shorter mate, max_length) does not look for repetitions:
 * a mate within the bound that repeats a position has a shorter one inside it
 * (play on from the repetition's first occurrence), so the answer is the same,
 * every result belongs to the position alone, and the table shares it between
 * paths.
 *
 * Choosing a child: an OR node the least proof number, an AND node the least
 * disproof number; of equal ones, the child whose other number is larger
 * (the check harder to refute, the defence harder to break).
 *
 * The table is keyed by the board (with side to move) and the attacker's hand;
 * the defender's hand is whatever is left (tsume convention), so positions are
 * compared by the attacker's hand alone: a proof with hand H proves every hand
 * >= H, a disproof with H disproves every hand <= H.
 *
 * Lengths are in plies.  The main line is the shortest mate against the longest
 * defence (then the defence that leaves the attacker nothing in hand, then a
 * board move over a drop; of equally short checks, the first in the move
 * generator's order, checks the table does not know being tried with a
 * 20 000-node search each, 2 M nodes for the whole line): the solver first proves a mate, then searches again for
 * a mate within two plies fewer until that is disproved.  Every result carries how
 * far it holds, so the searches share the table: a mate of n plies serves every
 * bound >= n, and a disproof records the longest bound it covers (an OR node:
 * one more than its least-covered check; an AND node: one more than its
 * refuting evasion's), which serves every bound up to that; unsolved proof and
 * disproof numbers carry over from another bound as starting estimates.
 *
 * Delayed interpositions: at an AND node the drops on one square are taken
 * one at a time, in the generator's order: only the first not yet proven
 * counts in the node's proof number and may be searched; the next waits
 * until it is proven.  They are mostly proven alike (the attacker takes the
 * piece), and summing them all overstated the node's proof number.
 *
 * Futile interpositions (無駄合).  When a far slider checks, a piece dropped
 * on a square between it and the king may be no defence: left out of the
 * evasions, neither searched nor counted in the length.  A board piece moved
 * in between is always a defence.  Three rules (sg_futile_rule):
 *   - "jsa" (the default): the drop is futile when all of these hold:
 *       - the square is not next to the checker;
 *       - no defender piece (the king included) protects the dropped piece;
 *       - the slider taking it, with the piece given back to the defender's
 *         hand (as if the drop had not been made), mates at once, counting
 *         further futile drops of that kind as no defence.
 *     (This reproduces the lengths of tests/data/tsume_suite.tsv, made by
 *     KomoringHeights.)
 *   - "composer": the composers' definition, that an interposition is futile
 *     when it is taken for nothing and the mate goes on as if it had not been
 *     made, without the captured piece: the drop is futile when the checking
 *     slider taking it, with the piece given back to the defender's hand,
 *     mates at once (further futile drops not counted), wherever the square
 *     is (next to the king or the checker too) and whether or not the
 *     defender protects it (a protected drop is taken for nothing when the
 *     recapture is impossible, which "mates at once" already says).  A drop
 *     taken by another piece than the checker is a defence (the composers'
 *     "indirect double check" is disputed), and so is one whose capture
 *     needs more moves to mate.  This gives 49 for the February 1967
 *     problem (tests/data/records/jkf__kobayashi_kinsho196702.ki2), where
 *     "jsa" and KomoringHeights count the last drop, P*8b next to the king
 *     and the checker, and give 51.
 *   - "all": every interposition is a defence. */
#ifndef SG_DFPN_H
#define SG_DFPN_H

#include <stddef.h>
#include "../core/movegen.h"
#include "../search/limits.h"

/* ---- the transposition table --------------------------------------------------
 * Allocated once with the size the caller asks for; never grows. */
typedef struct sg_mate_table sg_mate_table;
/* NULL when bytes is too small (< 4 KiB) or memory is short */
sg_mate_table *sg_mate_table_new(size_t bytes);
void sg_mate_table_free(sg_mate_table *tt);
void sg_mate_table_clear(sg_mate_table *tt);
size_t sg_mate_table_bytes(const sg_mate_table *tt);

/* ---- solving ------------------------------------------------------------------- */
typedef enum { SG_DFPN_MATE = 0, SG_DFPN_NOMATE, SG_DFPN_UNKNOWN } sg_dfpn_status;

typedef enum { SG_FUTILE_JSA = 0, SG_FUTILE_ALL, SG_FUTILE_COMPOSER } sg_futile_rule;

typedef struct {
    sg_limits limits;       /* nodes, seconds, this search's stop flag, the host's flag, poll */
    int max_length;         /* < 0: any length; else only mates within this many plies */
    sg_futile_rule futile;  /* which interpositions are no defence (default jsa) */
    bool shortest;          /* re-search until the length is the shortest (default true) */
    bool pv;                /* extract the main line (default true) */
    bool strict;            /* the main line within the limits too (default false: it gets 2M nodes and
                               1.25 times the time plus 1 s more, so a proof found near the limit has its line) */
} sg_dfpn_opts;
void sg_dfpn_opts_default(sg_dfpn_opts *o);

#define SG_DFPN_MAX_PV 1024
typedef struct {
    sg_dfpn_status status;
    int length;             /* plies of the mate (status MATE) */
    bool exact;             /* the length is proven the shortest */
    bool interrupted;       /* a stop or interrupt flag was seen */
    int pv_len;
    sg_move pv[SG_DFPN_MAX_PV];
    uint64_t nodes;
    uint64_t nodes_first, nodes_shortest;  /* nodes to the first proof, then to the shortest */
    double seconds;
} sg_dfpn_result;

/* Solves for `attacker`.  If the root's side to move is the attacker it is an OR
 * node; otherwise the defender is to move (and must be in check, else no mate). */
void sg_dfpn_solve(sg_mate_table *tt, const sg_pos *root, sg_color attacker, const sg_dfpn_opts *o, sg_dfpn_result *r);

/* The defender's evasions with the drops the rule calls futile left out. */
int sg_tsume_evasions(const sg_pos *p, sg_futile_rule rule, sg_move *moves);

/* ---- tsume helpers (tsume.c) -------------------------------------------------- */
/* Gives the defender every piece of the set not on the board or in the
 * attacker's hand (keys updated). */
void sg_tsume_fill_hand(sg_pos *p, sg_color attacker);
/* Removes the piece on sq (not a king) into the defender's hand. false if none. */
bool sg_tsume_remove_piece(sg_pos *p, sg_square sq, sg_color attacker);
/* Checks a diagram as a tsume start.  Writes up to max faults (short English
 * sentences, 96 bytes each) and returns how many there are. */
#define SG_TSUME_FAULT_LEN 96
int sg_tsume_validate(const sg_pos *p, sg_color attacker, char (*faults)[SG_TSUME_FAULT_LEN], int max);

#endif
