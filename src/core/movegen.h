/* Legal moves, checks, and the reasons a move is refused.
 * Generators write into a caller's buffer of SG_MAX_MOVES and return a count. */
#ifndef SG_MOVEGEN_H
#define SG_MOVEGEN_H

#include "position.h"

/* Why a move is refused; SG_LEGAL (0) when it is not. */
typedef enum {
    SG_LEGAL = 0,
    SG_ILLEGAL_MALFORMED,        /* not a move of any position (bad square, bad piece) */
    SG_ILLEGAL_GAME_OVER,        /* Sho: the side to move has already lost */
    SG_ILLEGAL_NO_PIECE,         /* nothing on the from square */
    SG_ILLEGAL_NOT_YOUR_PIECE,   /* the piece there belongs to the opponent */
    SG_ILLEGAL_WRONG_PIECE,      /* the move names another piece than the one there */
    SG_ILLEGAL_NOT_IN_HAND,      /* no such piece in hand */
    SG_ILLEGAL_NO_DROPS,         /* the variant has no drops */
    SG_ILLEGAL_CANNOT_REACH,     /* the piece does not move that way */
    SG_ILLEGAL_PATH_BLOCKED,     /* a slider's path is blocked */
    SG_ILLEGAL_OWN_PIECE,        /* own piece on the destination */
    SG_ILLEGAL_OCCUPIED,         /* drop on an occupied square */
    SG_ILLEGAL_NIFU,             /* second unpromoted pawn on a file */
    SG_ILLEGAL_UCHIFUZUME,       /* pawn drop that mates */
    SG_ILLEGAL_DEAD_SQUARE,      /* drop where the piece could never move */
    SG_ILLEGAL_MUST_PROMOTE,     /* non-promotion where the piece could never move again */
    SG_ILLEGAL_CANNOT_PROMOTE,   /* promotion of a piece that cannot, or outside the zone */
    SG_ILLEGAL_KING_IN_CHECK,    /* leaves (or puts) its king (only royal) in check */
    SG_REASON_NB
} sg_reason;
/* short stable id ("leaves-king-in-check") and an English sentence */
const char *sg_reason_id(sg_reason r);
const char *sg_reason_text(sg_reason r);

/* every legal move */
int sg_gen_legal(const sg_pos *p, sg_move *moves);
/* the same set, found by playing every pseudo-legal move and asking whether
 * the mover's royals are safe: any rule set; what Sho shogi uses, and the
 * independent check of the fast standard generator in the tests */
int sg_gen_legal_by_play(const sg_pos *p, sg_move *moves);
/* is m a capture or a promotion (what the quiescence search plays)?  The
 * other moves are quiet. */
static inline bool sg_move_is_tactical(const sg_pos *p, sg_move m)
{ return sg_move_is_promotion(m) || (!sg_move_is_drop(m) && p->board[sg_move_to(m)] != SG_NO_PIECE); }
/* the legal quiet moves: neither captures nor promotions (drops included);
 * generated directly when not in check, else filtered out of every legal
 * move.  The search's staged ordering asks for them after the captures. */
int sg_gen_quiets(const sg_pos *p, sg_move *moves);
/* number of legal moves (bulk counting at perft leaves) */
int sg_count_legal(const sg_pos *p);
/* legal moves that give check; the board ones only (no drops) */
int sg_gen_checks(const sg_pos *p, sg_move *moves);
int sg_gen_board_checks(const sg_pos *p, sg_move *moves);
bool sg_has_legal_move(const sg_pos *p);
/* a legal move that is not a drop (the solver asks this before listing evasions) */
bool sg_has_board_move(const sg_pos *p);
bool sg_is_mate(const sg_pos *p);

/* The rules, move by move: SG_LEGAL or the first reason it breaks. */
sg_reason sg_is_legal(const sg_pos *p, sg_move m);
/* m must be legal */
bool sg_gives_check(const sg_pos *p, sg_move m);
/* For asking sg_gives_check_with of many moves of one position: the squares
 * from which each piece type would attack the enemy king, and our pieces whose
 * move may uncover one of our sliders; computed once. */
typedef struct {
    sg_bb check_sq[SG_PT_NB];
    sg_bb discoverers;
    bool general;   /* rules or pieces the tables do not cover: sg_gives_check */
} sg_check_info;
void sg_check_info_init(const sg_pos *p, sg_check_info *ci);
bool sg_gives_check_with(const sg_pos *p, const sg_check_info *ci, sg_move m);

/* USI move text: "7g7f", "8h2b+", "P*5e".  Parsing fills the moving piece
 * from the board (none for an empty square, which sg_is_legal then refuses
 * as "no-piece"); only text that names no move at all fails. */
int sg_move_to_usi(sg_move m, char out[6]);
/* returns false (and a message) when the text is not USI for this board */
bool sg_move_from_usi(const sg_pos *p, const char *text, sg_move *m, const char **why);

#endif
