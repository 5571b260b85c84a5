/* 必至 (hisshi): the attacker plays a move after which every defence allows a
 * tsume.  The conventions (docs/RULES.md, "Problem genres"):
 *   - W(p, n), the attacker to move in p, "won within n plies" (n odd, or -1):
 *     p is a tsume (df-pn proves a mate by checks, any length), or n >= 1 and
 *     some attacker move m makes an n-ply hisshi;
 *   - m makes an n-ply hisshi from p: m is a check or a 詰めろ (after m, were the
 *     defender to pass, the attacker would have a tsume), and after every
 *     defence d of p·m, W(p·m·d, n - 2) holds;
 *   - the defences: in check, the evasions without the drops the futile rule
 *     calls futile (as in tsume); else every legal move, checks against the
 *     attacker's king included.  After a check the attacker must answer it,
 *     and with a check, since what follows is a tsume (unless opts.escapes
 *     lets it answer up to that many checks after the hisshi move with any
 *     move after which the hisshi stands again); a defender with no legal
 *     move has lost.
 * So a 1手必至 is a 詰めろ after which every defence allows a tsume; a 3手必至
 * is a check or 詰めろ, then for every defence a mate or a 1手必至.  The
 * attacker's king may be absent or present.  Every tsume is one df-pn solve
 * (dfpn.c) under a node limit; a result the limits leave open makes the answer
 * undecided, never proven. */
#ifndef SG_HISSHI_H
#define SG_HISSHI_H

#include "dfpn.h"

#define SG_HISSHI_MAX_LENGTH 7

typedef enum { SG_HISSHI_PROVEN = 0, SG_HISSHI_DISPROVEN, SG_HISSHI_UNDECIDED } sg_hisshi_value;

typedef struct {
    sg_limits limits;        /* the whole search: nodes summed over every tsume solve, seconds, flags */
    uint64_t sub_nodes;      /* nodes for each tsume solve (0: 100 000) */
    sg_futile_rule futile;   /* the defender's interpositions, in the defences and the tsume */
    int escapes;             /* checks against the attacker after the hisshi move it may answer with any
                                move, the hisshi standing again after each (0: every check is answered
                                within the tsume, with a check; see docs/RULES.md) */
} sg_hisshi_opts;
void sg_hisshi_opts_default(sg_hisshi_opts *o);

/* One search's state: the table, the counters, the answers already known.
 * Allocated by sg_hisshi_new (the answer cache is 1 MiB), freed by sg_hisshi_free. */
typedef struct sg_hisshi sg_hisshi;
/* attacker: the side the mates are for; NULL when memory is short */
sg_hisshi *sg_hisshi_new(sg_mate_table *tt, sg_color attacker, const sg_hisshi_opts *o);
void sg_hisshi_free(sg_hisshi *h);
uint64_t sg_hisshi_nodes(const sg_hisshi *h);
long sg_hisshi_solves(const sg_hisshi *h);    /* tsume solves run (answers from the cache not counted) */
bool sg_hisshi_stopped(const sg_hisshi *h);   /* a limit or a flag ended the search */
bool sg_hisshi_interrupted(const sg_hisshi *h);

/* the defender's replies that count (see above) */
int sg_hisshi_defences(const sg_pos *p, sg_futile_rule rule, sg_move *moves);

/* Is p (the attacker to move) a tsume? */
sg_hisshi_value sg_hisshi_tsume(sg_hisshi *h, const sg_pos *p);
/* Is p (the defender to move, not in check) a 詰めろ: a tsume were the defender to pass? */
sg_hisshi_value sg_hisshi_threat(sg_hisshi *h, const sg_pos *p);
/* Does the attacker's legal move m make a `length`-ply hisshi from p (length odd, 1 to
 * SG_HISSHI_MAX_LENGTH)?  *refutation (may be NULL): the defence that escapes (DISPROVEN),
 * the first left undecided (UNDECIDED), SG_MOVE_NONE when m is neither a check nor a 詰めろ
 * or when it holds. */
sg_hisshi_value sg_hisshi_move(sg_hisshi *h, const sg_pos *p, sg_move m, int length, sg_move *refutation);
/* W(p, length): a tsume, or a move making a `length`-ply hisshi (which every shorter
 * hisshi is too); length -1: a tsume only. */
sg_hisshi_value sg_hisshi_within(sg_hisshi *h, const sg_pos *p, int length);

/* ---- the problem ------------------------------------------------------------------ */
typedef enum { SG_HISSHI_FOUND = 0, SG_HISSHI_IS_TSUME, SG_HISSHI_NONE, SG_HISSHI_UNKNOWN } sg_hisshi_status;

typedef struct {
    sg_hisshi_status status;
    int length;                      /* FOUND: the plies of the hisshi (the first with a key) */
    int nkeys;                       /* every move making it: the key and its duals, in generator order */
    sg_move keys[SG_MAX_MOVES];
    int nundecided;                  /* moves of that length (or of the length that stopped) left open */
    sg_move undecided[SG_MAX_MOVES];
    bool tsume_undecided;            /* the start's own tsume was left open (asked with 10 x sub_nodes, >= 1 M) */
    uint64_t nodes;
    long solves;
    double seconds;
    bool interrupted;
} sg_hisshi_result;

/* The shortest hisshi from root for its side to move: lengths `length` alone (odd),
 * or 1, 3, ... up to max_length when length is 0.  A start that is already a tsume
 * is reported as such (IS_TSUME) and not searched further. */
void sg_hisshi_solve(sg_mate_table *tt, const sg_pos *root, const sg_hisshi_opts *o, int length, int max_length,
                     sg_hisshi_result *r);

#endif
