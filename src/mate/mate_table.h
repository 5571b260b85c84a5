/* Internal to the solver: the df-pn transposition table (mate_table.c) and packed hands.
 * The public handle sg_mate_table and its constructor are declared in dfpn.h. */
#ifndef SG_MATE_TABLE_H
#define SG_MATE_TABLE_H

#include "dfpn.h"

#define SG_PN_INF 0x3FFFFFFFu      /* proof or disproof number of a solved node */
#define SG_PN_MAX (SG_PN_INF - 1)  /* sums saturate here */
#define SG_DEPTH_INF 60000         /* "any length" */
#define SG_MATE_TABLE_NO_LEN 0xFFFF

/* A hand packed 8 bits per type (P L N S B R G), so a >= b type by type is one
 * subtraction: a field that borrows sets its top bit. */
static inline uint64_t sg_hand_pack(const uint8_t *h)
{
    return (uint64_t)h[SG_PAWN] | (uint64_t)h[SG_LANCE] << 8 | (uint64_t)h[SG_KNIGHT] << 16
         | (uint64_t)h[SG_SILVER] << 24 | (uint64_t)h[SG_BISHOP] << 32 | (uint64_t)h[SG_ROOK] << 40
         | (uint64_t)h[SG_GOLD] << 48;
}
static inline bool sg_hand_ge(uint64_t a, uint64_t b) { return ((a - b) & 0x0080808080808080ull) == 0; }
static inline int sg_hand_shift(sg_ptype t) { return 8 * (t == SG_GOLD ? 6 : t - 1); }
static inline int sg_hand_get(uint64_t h, sg_ptype t) { return (int)((h >> sg_hand_shift(t)) & 0xFF); }
static inline uint64_t sg_hand_set(uint64_t h, sg_ptype t, int v)
{ return (h & ~(0xFFull << sg_hand_shift(t))) | ((uint64_t)v << sg_hand_shift(t)); }
/* the most of each type a hand can hold: P 18, L N S 4, B R 2, G 4 */
#define SG_HAND_MAX 0x0004020204040412ull
static inline uint64_t sg_hand_min(uint64_t a, uint64_t b)
{
    uint64_t r = 0;
    for (int i = 0; i < 56; i += 8) { uint64_t x = (a >> i) & 0xFF, y = (b >> i) & 0xFF; r |= (x < y ? x : y) << i; }
    return r;
}
static inline uint64_t sg_hand_max(uint64_t a, uint64_t b)
{
    uint64_t r = 0;
    for (int i = 0; i < 56; i += 8) { uint64_t x = (a >> i) & 0xFF, y = (b >> i) & 0xFF; r |= (x > y ? x : y) << i; }
    return r;
}

/* 32 bytes, four to a cluster of two cache lines; the hand word's top byte
 * holds the generation.  Every hand of one board shares a cluster, which is
 * what hand superiority needs: two entries to a cluster (one line) were too
 * few for the hands of one board. */
typedef struct {
    uint64_t key;        /* 0: empty */
    uint64_t hand;       /* bits 0-55: the attacker's hand; bits 56-63: the generation */
    uint32_t pn, dn;     /* while unsolved: the numbers of the last search, the estimate at
                            every depth; a path-dependent no-mate: dn 0, pn the hash of the
                            path and the depth it holds for (sg_mate_table_rep_tag) */
    uint16_t mate_len;   /* mate within this many plies for hands >= hand; SG_MATE_TABLE_NO_LEN */
    uint16_t nomate;     /* no mate within nomate-1 plies for hands <= hand; 0 unknown */
    uint16_t work;       /* nodes spent under this entry, a 16-bit float (mate_table.c) */
    uint16_t best;       /* best move found: sg_mate_table_move_bits */
} sg_mate_table_entry;
#define SG_MATE_TABLE_HAND_MASK 0x00FFFFFFFFFFFFFFull
/* a move's part the table keeps: enough to tell it among one position's moves */
static inline uint32_t sg_mate_table_move_bits(sg_move m) { return m & 0xFFFFu; }
#define SG_MATE_TABLE_CLUSTER 4

typedef struct {
    bool found, rep;
    uint32_t pn, dn;
    int len;
    int dd;              /* disproven: no mate within dd plies */
    uint32_t best;       /* sg_mate_table_move_bits of the best move */
    uint64_t hand;       /* solved: the proof or disproof hand of the entry used */
} sg_mate_table_probe_result;

typedef struct {
    uint32_t pn, dn;
    int len;
    bool rep;
    uint32_t path;
    sg_move best;
    uint64_t work;
    int dd;              /* disproven (not rep): no mate within dd plies, dd >= depth */
} sg_mate_table_store_args;

sg_mate_table_entry *sg_mate_table_cluster(sg_mate_table *tt, uint64_t key);
void sg_mate_table_prefetch(sg_mate_table *tt, uint64_t key);
void sg_mate_table_probe(sg_mate_table *tt, uint64_t key, uint64_t hand, int depth, uint32_t path,
                         sg_mate_table_probe_result *r);
void sg_mate_table_store(sg_mate_table *tt, uint64_t key, uint64_t hand, int depth, const sg_mate_table_store_args *a);

#endif
