/* Rule sets and adjudication: how and when a game ends, with the evidence.
 * Sections: the rule set (options and presets); the verdict; point counts,
 * declaration and impasse; the end tests a game runs (see game.h).
 * Every end-of-game rule of komadai lives in rules.c and nowhere else. */
#ifndef SG_RULES_H
#define SG_RULES_H

#include "movegen.h"

/* ---- the rule set ----------------------------------------------------------------
 * A plain struct: every option is visible and settable.  The presets fill it;
 * sg_rules_check says whether a filled struct makes sense. */
typedef struct {
    char name[32];               /* "jsa", "computer", or a custom name */
    sg_variant variant;          /* the board rules the set is made for */
    bool sennichite;             /* 4th occurrence of a position ends the game */
    bool perpetual_check;        /* ... and the side that checked every move of the cycle loses */
    bool impasse24;              /* the JSA 24-point count on request (both kings entered) */
    int impasse_points;          /* 24: under this a side loses the count */
    bool declaration;            /* the 27-point entering-king declaration */
    int declaration_points[SG_COLOR_NB]; /* 28 for black (sente), 27 for white (gote) */
    int declaration_pieces;      /* 10 pieces besides the king in the camp */
    bool declaration_loses;      /* a wrong declaration loses instead of being refused */
    int max_moves;               /* plies of this game after which it is drawn; 0 = no cap */
} sg_rules;

/* The Japan Shogi Association rules: sennichite with the perpetual-check
 * exception, the 24-point impasse count, no declaration, no cap.  For Sho:
 * the same repetition rules and no impasse rule. */
void sg_rules_jsa(sg_rules *r, sg_variant v);
/* Computer shogi (CSA servers): repetition as JSA, the 27-point declaration
 * (a wrong declaration loses), no 24-point count, a 500-move cap. */
void sg_rules_computer(sg_rules *r, sg_variant v);
/* by preset name ("jsa", "computer"); false for an unknown name */
bool sg_rules_preset(sg_rules *r, const char *name, sg_variant v);
/* NULL when the set is usable, else a sentence saying what is wrong */
const char *sg_rules_check(const sg_rules *r);

/* ---- the verdict --------------------------------------------------------------------- */
typedef enum { SG_OUTCOME_NONE = 0, SG_OUTCOME_WIN, SG_OUTCOME_DRAW } sg_outcome;
typedef enum {
    SG_END_NONE = 0,
    SG_END_CHECKMATE,          /* the side to move is in check with no legal move */
    SG_END_NO_LEGAL_MOVE,      /* the side to move has no legal move, not in check */
    SG_END_ROYALS_LOST,        /* Sho: the side to move has neither king nor prince */
    SG_END_BARE_ROYAL,         /* Sho: the side to move has a royal and nothing else */
    SG_END_SENNICHITE,         /* 4th occurrence: draw */
    SG_END_PERPETUAL_CHECK,    /* 4th occurrence, one side checked throughout: it loses */
    SG_END_IMPASSE_24,         /* the 24-point count */
    SG_END_DECLARATION,        /* a correct declaration */
    SG_END_WRONG_DECLARATION,  /* a wrong declaration under declaration_loses */
    SG_END_MAX_MOVES,          /* the move cap */
    SG_END_RESIGNATION,
    SG_END_AGREEMENT,
    SG_END_CUSTOM,             /* a test supplied by the user (its id in custom_id) */
    SG_END_TIME_UP,            /* stated: a side ran out of time (a record, a server's clock) */
    SG_END_ILLEGAL_MOVE,       /* stated: a side made an illegal move or action (a record, an arbiter) */
    SG_END_NB
} sg_end;

/* Why a declaration or an impasse count is not valid. */
typedef enum {
    SG_CLAIM_OK = 0,
    SG_CLAIM_NOT_IN_RULES,     /* the rule set has no such rule */
    SG_CLAIM_KING_NOT_IN_CAMP, /* a king (loser_side's) is not in its enemy camp */
    SG_CLAIM_TOO_FEW_PIECES,   /* fewer than declaration_pieces pieces in the camp */
    SG_CLAIM_IN_CHECK,         /* the declaring side is in check */
    SG_CLAIM_TOO_FEW_POINTS,   /* fewer points than needed */
    SG_CLAIM_NB
} sg_claim;

typedef struct {
    sg_outcome outcome;        /* SG_OUTCOME_NONE while the game goes on */
    int winner;                /* SG_BLACK, SG_WHITE, or -1 (draw, or none yet) */
    sg_end reason;
    int ply;                   /* moves played in the game when it ended */
    int loser_side;            /* the side the reason is about (who lost, resigned, whose
                                  claim failed, whose king is outside the camp); -1 if none */
    /* repetition: plies (game moves played) of the four occurrences */
    int occurrences[4];
    int checking_side;         /* perpetual check: the side that checked every move; else -1 */
    /* declaration and impasse: both sides' counts */
    int points[SG_COLOR_NB];
    int camp_pieces[SG_COLOR_NB];   /* own pieces but the king in the enemy camp */
    bool king_in_camp[SG_COLOR_NB];
    int needed;                /* points (or pieces) the claim needed */
    sg_claim fault;            /* wrong declaration: what was missing */
    int max_moves;             /* the cap, for SG_END_MAX_MOVES */
    char custom_id[32];        /* SG_END_CUSTOM: the verdict's id ("took-gold"); see sg_custom_id_check */
} sg_verdict;

void sg_verdict_clear(sg_verdict *v);
/* stable ids: "checkmate", "no-legal-move", ... as in docs/API.md */
const char *sg_end_id(sg_end e);
/* the end of an id, SG_END_NONE for an unknown one */
sg_end sg_end_from_id(const char *id);
/* the verdict's id: sg_end_id, or the custom id of a custom verdict */
const char *sg_verdict_id(const sg_verdict *v);
/* NULL when id can name a custom verdict: 1 to 31 bytes, no control
 * characters and no '=' (records write "komadai verdict: ID winner=b"), and
 * not the id of a built-in end; else a sentence saying why not */
const char *sg_custom_id_check(const char *id);
/* the stable id of a claim fault: "ok", "not-in-rules", "king-not-in-camp", ... */
const char *sg_claim_id(sg_claim c);
/* One English sentence saying what happened and why; returns its length.
 * 256 bytes always suffice.  SG_END_CUSTOM gives a generic sentence. */
#define SG_VERDICT_TEXT_MAX 256
int sg_verdict_text(const sg_verdict *v, sg_variant variant, char *buf, int size);
/* the reason a claim is refused, as a sentence about side c ("Black's king ...") */
int sg_claim_text(sg_claim f, sg_color c, const sg_verdict *evidence, char *buf, int size);

/* ---- points ---------------------------------------------------------------------------
 * Rook and bishop (promoted or not) 5, every other piece but the king (and the
 * Sho crown prince) 1; pieces in hand count. */
int sg_piece_points(sg_ptype t);
/* colour c's points: all its pieces on the board (camp_only: only those in its
 * enemy camp) and in hand; *pieces (if not NULL) gets the board pieces counted */
int sg_count_points(const sg_pos *p, sg_color c, bool camp_only, int *pieces);
static inline bool sg_king_in_camp(const sg_pos *p, sg_color c)
{ return p->king[c] != SG_SQ_NONE && sg_in_zone(c, p->king[c]); }

/* Declaration by the side to move: SG_CLAIM_OK and a winning verdict (ply
 * left 0 for the game to fill), or the fault with the evidence filled. */
sg_claim sg_rules_declaration(const sg_rules *r, const sg_pos *p, sg_verdict *v);
/* The 24-point count: SG_CLAIM_OK and the verdict (win or draw), or the fault. */
sg_claim sg_rules_impasse(const sg_rules *r, const sg_pos *p, sg_verdict *v);

/* ---- the end tests of a game (game.h) ----------------------------------------------------
 * What they read of a game: its rules, its current position and its
 * history.  Entry i of the history is the position after i moves. */
typedef struct {
    sg_move move;            /* the move that led here (SG_MOVE_NONE for entry 0) */
    sg_undo undo;            /* what undoing that move needs */
    uint64_t key;            /* sg_pos_key: board, both hands, side to move */
    bool in_check;           /* the side to move is in check here */
} sg_game_entry;
typedef struct {
    const sg_rules *rules;
    const sg_pos *pos;             /* the position after ply moves */
    const sg_game_entry *hist;     /* hist[0..ply] */
    int ply;
} sg_history;
/* After each move, cheap: Sho's lost or bare royals, sennichite and perpetual
 * check, the move cap.  No move generation except once at the cap. */
bool sg_rules_after_move(const sg_history *h, sg_verdict *v);
/* The position itself: checkmate or no legal move (generates moves; lazy). */
bool sg_rules_no_moves(const sg_history *h, sg_verdict *v);

#endif
