/* Bitboards: one bit per square (bit index = square, see types.h), held in a
 * 128-bit integer.  Attack tables are filled once by sg_bitboard_init(). */
#ifndef SG_BITBOARD_H
#define SG_BITBOARD_H

#include "types.h"

__extension__ typedef unsigned __int128 sg_bb;

#define SG_BB_ONE ((sg_bb)1)
/* the half holding s, then a 64-bit shift: cheaper than shifting 128 bits */
static inline bool sg_bb_test(sg_bb b, sg_square s)
{ uint64_t half = s < 64 ? (uint64_t)b : (uint64_t)(b >> 64); return (half >> (s & 63)) & 1; }
static inline int sg_bb_count(sg_bb b)
{ return __builtin_popcountll((uint64_t)b) + __builtin_popcountll((uint64_t)(b >> 64)); }
/* lowest square of a non-empty bitboard */
static inline sg_square sg_bb_lsb(sg_bb b)
{ uint64_t lo = (uint64_t)b; return lo ? __builtin_ctzll(lo) : 64 + __builtin_ctzll((uint64_t)(b >> 64)); }
/* clears and returns the lowest square; one 64-bit half at a time, which
 * compilers turn into fewer instructions than b & (b - 1) on 128 bits */
SG_INLINE sg_square sg_bb_pop(sg_bb *b)
{
    uint64_t lo = (uint64_t)*b;
    if (lo) { *b ^= lo & -lo; return __builtin_ctzll(lo); }
    uint64_t hi = (uint64_t)(*b >> 64);
    *b = (sg_bb)(hi & (hi - 1)) << 64;
    return 64 + __builtin_ctzll(hi);
}
static inline bool sg_bb_more_than_one(sg_bb b) { return (b & (b - 1)) != 0; }
/* runs BODY for each square sq of b in ascending order, one 64-bit half at
 * a time (cheaper than popping the 128-bit value; `break` would leave only
 * the half) */
#define SG_BB_FOR_EACH(b, sq, BODY) do { \
        sg_bb each_##sq = (b); \
        for (uint64_t w_##sq = (uint64_t)each_##sq; w_##sq; w_##sq &= w_##sq - 1) { \
            sg_square sq = __builtin_ctzll(w_##sq); BODY; } \
        for (uint64_t w_##sq = (uint64_t)(each_##sq >> 64); w_##sq; w_##sq &= w_##sq - 1) { \
            sg_square sq = 64 + __builtin_ctzll(w_##sq); BODY; } \
    } while (0)

extern const sg_bb SG_BB_ALL;
/* tables, filled once */
typedef struct {
    sg_bb square[128];          /* one bit (128 entries: SG_SQ_NONE and past it too) */
    sg_bb step[SG_COLOR_NB][SG_PT_NB][SG_SQ_NB]; /* non-sliding part of each type */
    sg_bb file_mask[10];        /* index 1..9 */
    sg_bb rank_mask[9];
    sg_bb zone[SG_COLOR_NB];    /* the three far ranks */
    sg_bb between[SG_SQ_NB][SG_SQ_NB]; /* strictly between two aligned squares */
    sg_bb line[SG_SQ_NB][SG_SQ_NB];    /* the whole line through two aligned squares */
    sg_bb forward_ray[SG_COLOR_NB][SG_SQ_NB]; /* a lance's ray on an empty board */
    sg_bb rook_empty[SG_SQ_NB], bishop_empty[SG_SQ_NB]; /* their rays on an empty board */
    sg_bb promotion_to[SG_COLOR_NB][SG_SQ_NB]; /* where a move from a square may promote */
    sg_bb within_two[SG_SQ_NB];       /* squares one or two king steps away */
    /* slider tables: per line (0 file, 1 rank, 2 diagonal, 3 anti-diagonal),
     * per square, 128 entries indexed by the occupancy of the line's inner squares */
    sg_bb line_occ_mask[4][SG_SQ_NB];
    sg_bb line_attack[4][SG_SQ_NB * 128];
} sg_tables;
/* Written once by sg_bitboard_init() (called by sg_init()), read-only after. */
extern sg_tables sg_T;
#define sg_tab (&sg_T)

/* a square's bit: a load, cheaper than a 128-bit shift */
static inline sg_bb sg_bb_sq(sg_square s) { return sg_T.square[s]; }

void sg_bitboard_init(void);

/* attacks of a slider along one line given the occupancy */
static inline uint64_t sg_pext64(uint64_t x, uint64_t m)
{
#ifdef __BMI2__
    return __builtin_ia32_pext_di(x, m);
#else
    uint64_t r = 0, bit = 1;
    while (m) { if (x & m & -m) r |= bit; m &= m - 1; bit <<= 1; }
    return r;
#endif
}
static inline sg_bb sg_line_attack(int line, sg_square s, sg_bb occ)
{
    sg_bb m = sg_tab->line_occ_mask[line][s];
    uint64_t mlo = (uint64_t)m;
    unsigned idx = (unsigned)(sg_pext64((uint64_t)occ, mlo)
                   | (sg_pext64((uint64_t)(occ >> 64), (uint64_t)(m >> 64)) << __builtin_popcountll(mlo)));
    return sg_tab->line_attack[line][s * 128 + idx];
}
static inline sg_bb sg_file_attack(sg_square s, sg_bb occ)
{
    /* the file's seven inner squares are contiguous: a shift and a mask, in
     * one 64-bit half (files 1-7 lie in the low half, 8 and 9 in the high) */
    unsigned first = (unsigned)s / 9u * 9u + 1u;
    uint64_t half = first < 64 ? (uint64_t)occ : (uint64_t)(occ >> 64);
    unsigned idx = (unsigned)(half >> (first & 63)) & 127;
    return sg_tab->line_attack[0][s * 128 + idx];
}
static inline sg_bb sg_rook_attack(sg_square s, sg_bb occ) { return sg_file_attack(s, occ) | sg_line_attack(1, s, occ); }
static inline sg_bb sg_bishop_attack(sg_square s, sg_bb occ) { return sg_line_attack(2, s, occ) | sg_line_attack(3, s, occ); }
static inline sg_bb sg_lance_attack(sg_color c, sg_square s, sg_bb occ)
{ return sg_file_attack(s, occ) & sg_tab->forward_ray[c][s]; }

/* attacks of any piece of type t and colour c on s (inline: the move
 * generator calls it for every piece) */
SG_INLINE sg_bb sg_piece_attack(sg_color c, sg_ptype t, sg_square s, sg_bb occ)
{
    switch (t) {
    case SG_LANCE: return sg_lance_attack(c, s, occ);
    case SG_BISHOP: return sg_bishop_attack(s, occ);
    case SG_ROOK: return sg_rook_attack(s, occ);
    case SG_HORSE: return sg_bishop_attack(s, occ) | sg_T.step[c][SG_KING][s];
    case SG_DRAGON: return sg_rook_attack(s, occ) | sg_T.step[c][SG_KING][s];
    default: return sg_T.step[c][t][s];
    }
}

#endif
