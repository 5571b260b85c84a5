/* A shogi position: board, hands, side to move, ply, Zobrist keys.
 * Sections: the variant; the struct; input/output (SFEN); checking; doing and
 * undoing moves.  Rule sets other than the board rules (repetition, impasse,
 * move caps) live in rules.h. */
#ifndef SG_POSITION_H
#define SG_POSITION_H

#include "bitboard.h"

/* ---- variants --------------------------------------------------------------- */
typedef enum { SG_STANDARD = 0, SG_SHO = 1, SG_VARIANT_NB } sg_variant;
typedef struct {
    const char *name;          /* "standard", "sho" */
    const char *start_sfen;
    bool drops;                /* captured pieces go to the hand and can be dropped */
    bool two_royals;           /* king and crown prince both royal (Sho) */
    uint8_t set[SG_PT_NB];     /* pieces of each unpromoted type in the set, both sides */
} sg_variant_info;
/* the table (variant.c); read through sg_variant_get, inline as do_move asks it per move */
extern const sg_variant_info sg_variants[SG_VARIANT_NB];
static inline const sg_variant_info *sg_variant_get(sg_variant v) { return &sg_variants[v]; }
/* by name ("standard", "sho"); returns false for an unknown name */
bool sg_variant_from_name(const char *name, sg_variant *out);

/* ---- the position ------------------------------------------------------------ */
typedef struct {
    sg_piece board[SG_SQ_NB];
    sg_bb by_color[SG_COLOR_NB];
    sg_bb by_type[SG_PT_NB];           /* both colours */
    uint8_t hand[SG_COLOR_NB][SG_HAND_NB];
    sg_color side;
    int ply;                           /* SFEN move number, 1 at the start */
    sg_variant variant;
    sg_square king[SG_COLOR_NB];       /* SG_SQ_NONE when a side has no king */
    uint64_t board_key;                /* board and side to move */
    uint64_t hand_key;                 /* both hands (additive, so hands update cheaply) */
    sg_bb checkers;                    /* pieces attacking the side to move's royals */
} sg_pos;

/* What do_move saves so undo_move restores everything exactly. */
typedef struct {
    sg_piece captured;
    sg_bb checkers;
    uint64_t board_key, hand_key;
} sg_undo;

/* An error in outside input: where (1-based line and column) and what. */
typedef struct {
    int line, col;
    char msg[160];
} sg_error;

/* Fill the tables once; every entry point calls it, it is cheap after the first. */
void sg_init(void);

/* ---- input/output ------------------------------------------------------------- */
/* Reads "startpos", a SFEN ("sfen " prefix allowed; ply optional) for variant v.
 * On failure returns false, fills err, and leaves *p untouched. */
bool sg_pos_from_sfen(sg_pos *p, const char *text, sg_variant v, sg_error *err);
/* The same, strict or lenient: a lenient read accepts a position that breaks
 * the diagram rules below (sg_pos_problems), as records and composers'
 * diagrams sometimes do; syntax errors and two kings of one colour are still
 * refused.  (Moves from such a position are what the generator finds.) */
bool sg_pos_read_sfen(sg_pos *p, const char *text, sg_variant v, bool strict, sg_error *err);
/* Writes the SFEN (with ply) into buf; returns its length. 128 bytes suffice. */
int sg_pos_to_sfen(const sg_pos *p, char *buf, int size);
#define SG_SFEN_MAX 128
/* "7g" style square names; returns SG_SQ_NONE for a bad name */
sg_square sg_square_parse(const char *s);
void sg_square_name(sg_square s, char out[3]);
/* USI piece letters: 'P','+P', lowercase for white.  Returns the length written. */
int sg_piece_letters(sg_piece pc, char out[3]);

/* ---- diagram rules -------------------------------------------------------------
 * What a position may not hold: more pieces of a kind than the set (where
 * drops exist: Sho study positions use extra pieces), a piece that could never
 * move (pawn or lance on the far rank, knight on the far two), two unpromoted
 * pawns of one side on a file (nifu), the side not to move in check.  The
 * strict SFEN reader refuses the first of these in reading order. */
typedef enum {
    SG_PROBLEM_TOO_MANY = 0,      /* type, count, limit */
    SG_PROBLEM_DEAD_PIECE,        /* sq, color, type */
    SG_PROBLEM_NIFU,              /* sq (the second pawn in reading order), color */
    SG_PROBLEM_OPPONENT_IN_CHECK, /* color: the side not to move */
    SG_PROBLEM_NB
} sg_problem_kind;
typedef struct {
    sg_problem_kind kind;
    sg_square sq;                 /* SG_SQ_NONE when the problem has no square */
    sg_color color;
    sg_ptype type;
    int count, limit;
} sg_problem;
#define SG_PROBLEMS_MAX 96
/* The set's count, the one the diagram rules hold against the variant's set:
 * the pieces of each unpromoted type (promoted ones under their unpromoted
 * type) on the board and in both hands, into count[] (every entry set).
 * Returns whether the variant bounds a position by its set: only where
 * drops exist. */
bool sg_pos_set_count(const sg_pos *p, int count[SG_PT_NB]);
/* Fills up to max problems of p; returns how many there are. */
int sg_pos_problems(const sg_pos *p, sg_problem *out, int max);
/* "too-many-pieces", "dead-piece", "nifu", "opponent-in-check" */
const char *sg_problem_id(sg_problem_kind k);
/* one sentence ("two unpromoted black pawns on file 5 (nifu)"); returns its length */
int sg_problem_text(const sg_problem *pr, char *buf, int size);

/* ---- keys --------------------------------------------------------------------- */
static inline uint64_t sg_pos_key(const sg_pos *p) { return p->board_key ^ p->hand_key; }
/* recomputes the keys from scratch (for checks and tests) */
void sg_pos_compute_keys(const sg_pos *p, uint64_t *board_key, uint64_t *hand_key);
/* true when every cached field agrees with the board; names the first fault */
bool sg_pos_is_ok(const sg_pos *p, const char **why);

/* ---- checking ------------------------------------------------------------------ */
static inline sg_bb sg_pos_occupied(const sg_pos *p) { return p->by_color[0] | p->by_color[1]; }
static inline sg_bb sg_pos_pieces(const sg_pos *p, sg_color c, sg_ptype t) { return p->by_color[c] & p->by_type[t]; }
static inline sg_bb sg_pos_royals(const sg_pos *p, sg_color c)
{ return p->by_color[c] & (p->by_type[SG_KING] | p->by_type[SG_PRINCE]); }
/* pieces of colour c attacking square s, with the given occupancy */
sg_bb sg_attackers_to(const sg_pos *p, sg_square s, sg_color c, sg_bb occ);
/* is square s attacked by colour c (with the given occupancy)?  Stops at the
 * first attacker found: cheaper than sg_attackers_to when only yes/no matters */
bool sg_square_attacked(const sg_pos *p, sg_square s, sg_color c, sg_bb occ);
/* attackers of colour opp(c) on c's royal pieces (the "checkers" if c is to move) */
sg_bb sg_pos_royal_attackers(const sg_pos *p, sg_color c);
static inline bool sg_in_check(const sg_pos *p) { return p->checkers != 0; }
/* pieces (of either colour) that alone stand between the king of colour kc and
 * a slider of colour opp(kc): the pinned pieces and the discovered-check candidates */
sg_bb sg_pos_blockers(const sg_pos *p, sg_color kc);
static inline sg_bb sg_pos_pinned(const sg_pos *p, sg_color c) { return sg_pos_blockers(p, c) & p->by_color[c]; }
/* true when colour c's royals stand as the rules forbid after c has moved:
 * standard shogi, its king attacked; Sho shogi, its only royal attacked
 * (a side with both king and crown prince may leave either attacked). */
bool sg_pos_royal_exposed(const sg_pos *p, sg_color c);
/* Sho shogi: the side to move has lost (no royal left, or a bare royal).
 * Such a position has no legal moves.  Always false in standard shogi. */
bool sg_pos_is_finished(const sg_pos *p);

/* ---- doing and undoing moves --------------------------------------------------- */
/* The move must be legal (or at least pseudo-legal with a real piece); see movegen.h. */
void sg_do_move(sg_pos *p, sg_move m, sg_undo *u);
void sg_undo_move(sg_pos *p, sg_move m, const sg_undo *u);

#endif
