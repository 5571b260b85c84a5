/* The game-tree search: iterative-deepening principal-variation search with
 * aspiration windows over the core's legal move generator.
 *
 * Per node: the transposition table (search_table.h), a check for repetition and the
 * declaration, reverse futility and null-move pruning, the table move before
 * the others are generated, then the moves in the order of movepick.h with
 * late-move reductions, and move-count, futility and static-exchange pruning
 * near the leaves (none of these in check, with a mate score in the window,
 * or for checks; the design is in docs/DESIGN.md, the figures in docs/BENCHMARKS.md).  At depth 0
 * a quiescence search plays captures and promotions (all evasions when in
 * check), after a look for a contact drop that mates.  The evaluation is a callback (eval.h): the built-in one, a
 * Lua function, or a C module's.
 *
 * Scores are centipawns from the side to move's view.  A mate is
 * SG_SCORE_MATE - plies (the side to move mates) or its negation; a shogi
 * position without a legal move is lost, in check or not.
 *
 * Repetition (the rules' sennichite): a position that occurred before on the
 * path or in the game's history (same board, hands and side) is scored at
 * once: a draw (0), unless one side (and not both) gave check with every move
 * of the cycle and the rule set has the perpetual-check rule: that side loses
 * (scored like a mate at that ply).  Engines
 * score the first repetition so; the rules end the game at the fourth, which a
 * side can always steer toward from the first.
 *
 * Declaration: when the rule set has the 27-point declaration and the side to
 * move can declare, the node is a win (and at the root the result says so). */
#ifndef SG_SEARCH_H
#define SG_SEARCH_H

#include "../core/rules.h"
#include "limits.h"
#include "eval.h"
#include "search_table.h"

#define SG_SCORE_INF 32001
#define SG_SCORE_MATE 32000
#define SG_MAX_PLY 128
#define SG_SCORE_MATE_MIN (SG_SCORE_MATE - SG_MAX_PLY * 2)  /* |score| >= this: a mate */
#define SG_MAX_MULTIPV 16

static inline bool sg_score_is_mate(int s) { return s >= SG_SCORE_MATE_MIN || s <= -SG_SCORE_MATE_MIN; }
/* plies to the mate, positive when the side to move mates; 0 for no mate */
static inline int sg_score_mate_plies(int s)
{ return s >= SG_SCORE_MATE_MIN ? SG_SCORE_MATE - s : s <= -SG_SCORE_MATE_MIN ? -(SG_SCORE_MATE + s) : 0; }

/* A hook on a move m of p (legal, a quiet move: no capture or promotion):
 * for ordering, a bonus added to its history score; for pruning, non-zero to
 * skip it.  ud is the caller's. */
typedef int (*sg_move_hook_fn)(void *ud, const sg_pos *p, sg_move m);

typedef struct {
    int depth;                 /* 1..SG_MAX_PLY-8; 0: as deep as the limits allow */
    int multipv;               /* lines to find (1..SG_MAX_MULTIPV) */
    sg_eval_fn eval;           /* NULL: sg_eval_builtin */
    void *eval_ud;
    const sg_rules *rules;     /* repetition and declaration rules; NULL: JSA */
    /* the game before the root: keys and in-check flags of the positions
     * reached, oldest first, the root's own position last (may be NULL) */
    const uint64_t *history_keys;
    const bool *history_check;
    int history_len;
    double soft_seconds;       /* time manager: start no new iteration after this; 0: none */
    /* optional hooks: order is asked at nodes of depth >= 3, prune at non-PV
     * nodes of depth <= 3 not in check, for every quiet move but the first */
    sg_move_hook_fn order, prune;
    void *order_ud, *prune_ud;
    bool null_move, lmr;       /* on by default (sg_search_opts_default) */
    /* the df-pn solver at the root (rootmate.h): nodes for it, 0: not asked;
     * and at most this many seconds (0: a tenth of the time limit, if any) */
    uint64_t mate_nodes;
    double mate_seconds;
    /* moves the root may choose from (a USI "go searchmoves"); 0: all */
    int root_moves_len;
    const sg_move *root_moves;
} sg_search_opts;
void sg_search_opts_default(sg_search_opts *o);

#define SG_SEARCH_MAX_PV 64
typedef struct {
    sg_move move;
    int score;
    int bound;                 /* SG_BOUND_EXACT, or LOWER/UPPER after an aspiration failure */
    int pv_len;
    sg_move pv[SG_SEARCH_MAX_PV];
} sg_search_line;

/* The report of each finished iteration (limits.progress), and the result. */
typedef struct {
    int depth, seldepth;
    int lines;                 /* multipv lines filled */
    sg_search_line line[SG_MAX_MULTIPV];
    uint64_t nodes;
    double seconds;
    uint64_t nps;
    int hashfull;              /* permille */
    /* result only: */
    sg_move best;              /* SG_MOVE_NONE when the side to move has no legal move */
    int score;
    bool declare;              /* the side to move wins by declaring (best is NONE) */
    bool stopped;              /* a limit or a stop flag ended the search */
    bool eval_failed;          /* the evaluation asked to stop (a Lua error) */
} sg_search_report;

/* The search's tunable constants (margins in centipawns; the rest as named).
 * Process-wide, written only between searches: komadai --usi offers them as
 * Search_* spin options beside the evaluation's, from the one table of the
 * built-in's parameters (eval_params.c: names, ranges; search.c: the defaults). */
typedef struct {
    int razor_base, razor_depth2;      /* razoring below alpha - base - depth2 * depth^2 */
    int rfp_depth, rfp_margin;         /* reverse futility to this depth, margin a ply */
    int null_base, null_div, null_eval_div;   /* R = base + depth/div + min(3, (eval-beta)/eval_div) */
    int probcut_margin;
    int lmp_base;                      /* late-move pruning: base + depth^2 moves (halved when not improving) */
    int fut_base, fut_depth;           /* futility of a quiet move: base + depth * lmr depth */
    int see_quiet, see_capture;        /* SEE limits: -quiet * d^2 for quiet moves, -capture * d for captures */
    int hist_refute;                   /* continuation history under -this * depth: refuted */
    int lmr_base, lmr_div;             /* reduction = base/100 + ln d ln n / (div/100) */
    int lmr_hist;                      /* one ply less reduction per this much history */
    int aspiration;                    /* the first aspiration half-window */
    int singular_margin;               /* per ply of depth under the table's score */
    int qs_delta;                      /* delta pruning's margin in the quiescence search */
} sg_search_weights;
extern sg_search_weights sg_search_W;

typedef struct sg_search sg_search;
/* A searcher with its own table of tt_mb MiB (kept between searches, so a game
 * reuses it).  NULL when memory is short. */
sg_search *sg_search_new(size_t tt_mb);
void sg_search_free(sg_search *s);
/* a new game: clears the table and the history of move ordering */
void sg_search_clear(sg_search *s);
size_t sg_search_tt_mb(const sg_search *s);

/* Searches root.  limits may be NULL.  Fills *out (best move, score, lines).
 * The evaluation may call sg_search_abort from inside to stop (it must still
 * return a score). */
void sg_search_run(sg_search *s, const sg_pos *root, const sg_search_opts *o,
                   const sg_limits *limits, sg_search_report *out);
void sg_search_abort(sg_search *s);
/* The quiet score of root under o's evaluation: the quiescence search alone
 * (captures, promotions, evasions, and the first ply's checks), or with
 * stand_only the evaluation alone (-SG_SCORE_INF in check: no static score).
 * A position without a legal move scores -SG_SCORE_MATE.  Fills out->score,
 * nodes, seconds, stopped and eval_failed. */
void sg_search_quiet(sg_search *s, const sg_pos *root, const sg_search_opts *o, const sg_limits *limits,
                     bool stand_only, sg_search_report *out);
/* during a search, from inside a callback that runs long (a Lua evaluation's
 * count hook): the limits looked at now, not at the next 2048th node (the
 * host's poll at most every millisecond, the stop flags, the time limit);
 * true when the search is to stop (it is then marked stopped) */
bool sg_search_check_now(sg_search *s);
/* the same without blaming the evaluation (a host's interrupt seen inside it) */
void sg_search_stop(sg_search *s);
/* during a search: the ply of the node being evaluated (0 at the root) and the
 * material counter (black minus white, sg_eval_material) kept incrementally */
int sg_search_ply(const sg_search *s);
int sg_search_material(const sg_search *s);

#endif
