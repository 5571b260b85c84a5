/* Piece facts: the one table every name, parser, writer and diagram reads.
 * One row per piece type (standard shogi and Sho shogi share the types; a
 * variant says which exist).  Nothing else in komadai lists piece names, the
 * hand order, the promotion map, set counts or dead ranks. */
#ifndef SG_PIECES_H
#define SG_PIECES_H

#include "position.h"

typedef struct {
    sg_ptype type;
    const char *usi;        /* "P", "+P", "K", "E", "+E" (black's letters; white's are lower case) */
    const char *csa;        /* "FU" ... "OU"; Sho: "SZ" elephant, "TS" prince */
    const char *kanji;      /* as moves write it: 歩 ... 成香 成桂 成銀 馬 龍 玉 酔象 太子 */
    const char *kanji1;     /* one character, as diagrams print it: 杏 圭 全 酔 太 */
    const char *western;    /* "P", "+P", "E", "+E" */
    const char *aliases;    /* other spellings readers accept, space separated ("王", "竜", "成歩") */
    const char *english;    /* "pawn", "promoted lance", "drunken elephant", "crown prince" */
    sg_ptype promoted;      /* the type it promotes to, SG_NO_PT if none */
    sg_ptype unpromoted;    /* the type it reverts to when captured (itself if unpromoted) */
    int dead_ranks;         /* far ranks it can never move from: pawn and lance 1, knight 2 */
    int points;             /* impasse and declaration points: rook and bishop 5, king and prince 0 */
} sg_piece_info;

/* the row of type t, NULL for SG_NO_PT or a value that is no type */
const sg_piece_info *sg_piece_info_of(sg_ptype t);

/* Could piece pc never move from sq (its dead ranks: a pawn or lance on the
 * owner's far rank, a knight on the far two)? */
bool sg_piece_is_dead(sg_piece pc, sg_square sq);

/* does variant v have pieces of type t? */
bool sg_variant_has(sg_variant v, sg_ptype t);
/* pieces of unpromoted type t in a set of variant v, both sides (0: none) */
int sg_variant_set(sg_variant v, sg_ptype t);

/* The order hands are written in (SFEN, KIF, CSA, diagrams): rook, bishop,
 * gold, silver, knight, lance, pawn.  Returns the count (7). */
#define SG_HAND_ORDER_NB 7
const sg_ptype *sg_hand_order(void);

/* The type of the USI letters at s ("P", "+p": case ignored, so either colour),
 * exactly len bytes, in variant v; SG_NO_PT when none.  *white (may be NULL)
 * tells whether the letter was lower case. */
sg_ptype sg_ptype_from_usi(const char *s, int len, sg_variant v, bool *white);

/* How a piece of type t moves, seen by its owner: dx > 0 to the owner's
 * right, dy > 0 towards the opponent.  A step reaches the next square, a range
 * runs along that line until blocked, a jump leaps (the knight's).  Read off
 * the attack tables (pattern.c); fills out in the order forward rank first,
 * left to right, and returns the count (0 for no type). */
typedef enum { SG_MOVE_STEP, SG_MOVE_RANGE, SG_MOVE_JUMP } sg_move_kind;
typedef struct { signed char dx, dy; unsigned char kind; } sg_move_pattern;
#define SG_PATTERN_MAX 16
int sg_piece_pattern(sg_ptype t, sg_move_pattern out[SG_PATTERN_MAX]);

#endif
