/* Basic types of the komadai core: colours, piece types, squares, moves.
 * Shared by every rule set (standard shogi and Sho shogi): a variant changes
 * which pieces exist and how the game ends, never how a type is encoded. */
#ifndef SG_TYPES_H
#define SG_TYPES_H

#include <stdint.h>
#include <stdbool.h>

/* for the hot helpers whose callers count on them being inlined with
 * constant arguments (a piece type, say): compilers' size limits otherwise
 * keep a few of them out of line, which costs a switch per call */
#if defined(__GNUC__)
#define SG_INLINE static inline __attribute__((always_inline))
#else
#define SG_INLINE static inline
#endif

/* ---- colours ------------------------------------------------------------ */
typedef enum { SG_BLACK = 0, SG_WHITE = 1 } sg_color; /* sente, gote */
#define SG_COLOR_NB 2
static inline sg_color sg_opp(sg_color c) { return (sg_color)(c ^ 1); }

/* ---- piece types ---------------------------------------------------------
 * 1..7 can promote; adding SG_PROMOTED (8) gives the promoted type.  Gold (8)
 * is the one value of the promoted range that is not a promoted piece, and the
 * king sits apart at 16.  The drunken elephant (Sho shogi) and its promotion,
 * the crown prince, are ordinary types: a rule set decides whether they exist. */
enum {
    SG_NO_PT = 0,
    SG_PAWN = 1, SG_LANCE, SG_KNIGHT, SG_SILVER, SG_BISHOP, SG_ROOK, SG_ELEPHANT,
    SG_GOLD = 8,
    SG_PRO_PAWN = 9, SG_PRO_LANCE, SG_PRO_KNIGHT, SG_PRO_SILVER, SG_HORSE, SG_DRAGON,
    SG_PRINCE = 15,
    SG_KING = 16,
    SG_PT_NB = 17
};
#define SG_PROMOTED 8
typedef int sg_ptype;

static inline bool sg_pt_can_promote(sg_ptype t) { return t >= SG_PAWN && t <= SG_ELEPHANT; }
static inline bool sg_pt_is_promoted(sg_ptype t) { return t > SG_GOLD && t < SG_KING; }
static inline sg_ptype sg_pt_promote(sg_ptype t) { return t | SG_PROMOTED; }
/* the type a piece reverts to when captured (or its unpromoted face) */
static inline sg_ptype sg_pt_unpromote(sg_ptype t) { return sg_pt_is_promoted(t) ? t & 7 : t; }

/* Pieces in hand are indexed by their type, pawn..gold (1..8; 7 unused). */
#define SG_HAND_NB 9

/* ---- pieces on the board: type plus colour bit --------------------------- */
typedef uint8_t sg_piece;
#define SG_NO_PIECE 0
#define SG_WHITE_BIT 32
static inline sg_piece sg_make_piece(sg_color c, sg_ptype t) { return (sg_piece)(t | (c ? SG_WHITE_BIT : 0)); }
static inline sg_ptype sg_piece_type(sg_piece p) { return p & 31; }
static inline sg_color sg_piece_color(sg_piece p) { return (p & SG_WHITE_BIT) ? SG_WHITE : SG_BLACK; }
#define SG_PIECE_NB 64

/* ---- squares ---------------------------------------------------------------
 * sq = (file - 1) * 9 + rank, file 1..9, rank 0..8 for a..i.  So 1a = 0,
 * 1i = 8, 2a = 9, 9i = 80.  Files are contiguous runs of 9 bits in a
 * bitboard, which makes lance and rook file attacks a shift and a mask. */
typedef int sg_square;
#define SG_SQ_NB 81
#define SG_SQ_NONE 81
static inline sg_square sg_sq(int file, int rank) { return (file - 1) * 9 + rank; }
/* (unsigned: squares are never negative, and the compiler then drops the sign
 * fix-up of the division, which every rank and zone test paid) */
static inline int sg_sq_file(sg_square s) { return (int)((unsigned)s / 9u) + 1; }   /* 1..9 */
static inline int sg_sq_rank(sg_square s) { return (int)((unsigned)s % 9u); }       /* 0..8 = a..i */
/* rank counted from the colour's own side: 0 is the far (enemy) rank */
static inline int sg_rel_rank(sg_color c, sg_square s) { return c == SG_BLACK ? sg_sq_rank(s) : 8 - sg_sq_rank(s); }
static inline bool sg_in_zone(sg_color c, sg_square s) { return sg_rel_rank(c, s) < 3; }

/* ---- moves -----------------------------------------------------------------
 * A move is a 32-bit word:
 *   bits  0- 6  to square (0..80)
 *   bits  7-13  from square (0..80); for a drop, the dropped piece type (1..8)
 *   bit  14     promotion
 *   bit  15     drop
 *   bits 16-20  type of the moving piece before the move (for a drop: dropped type)
 *   bits 21-31  zero
 * 0 is "no move".  The moving type makes do/undo and notation cheap and lets
 * is_legal catch a move made for another position. */
typedef uint32_t sg_move;
#define SG_MOVE_NONE 0u
#define SG_MOVE_PROMOTE (1u << 14)
#define SG_MOVE_DROP (1u << 15)
static inline sg_move sg_move_make(sg_square from, sg_square to, sg_ptype moved, bool promote)
{ return (sg_move)to | ((sg_move)from << 7) | (promote ? SG_MOVE_PROMOTE : 0u) | ((sg_move)moved << 16); }
static inline sg_move sg_move_make_drop(sg_ptype t, sg_square to)
{ return (sg_move)to | ((sg_move)t << 7) | SG_MOVE_DROP | ((sg_move)t << 16); }
static inline sg_square sg_move_to(sg_move m) { return (sg_square)(m & 127); }
static inline sg_square sg_move_from(sg_move m) { return (sg_square)((m >> 7) & 127); }
static inline bool sg_move_is_drop(sg_move m) { return (m & SG_MOVE_DROP) != 0; }
static inline bool sg_move_is_promotion(sg_move m) { return (m & SG_MOVE_PROMOTE) != 0; }
static inline sg_ptype sg_move_dropped(sg_move m) { return (sg_ptype)((m >> 7) & 127); }
static inline sg_ptype sg_move_piece(sg_move m) { return (sg_ptype)((m >> 16) & 31); }
/* the type that stands on the destination after the move */
static inline sg_ptype sg_move_piece_after(sg_move m)
{ return sg_move_is_promotion(m) ? sg_pt_promote(sg_move_piece(m)) : sg_move_piece(m); }

/* The most legal moves any shogi position has is 593; buffers hold 600. */
#define SG_MAX_MOVES 600

#endif
