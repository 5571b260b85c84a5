/* Zobrist keys: random 64-bit words filled once by sg_init(). */
#ifndef SG_ZOBRIST_H
#define SG_ZOBRIST_H
#include "types.h"
typedef struct {
    uint64_t psq[SG_PIECE_NB][SG_SQ_NB];
    uint64_t hand[SG_COLOR_NB][SG_HAND_NB]; /* added once per piece held */
    uint64_t side;                         /* xored in when white is to move */
} sg_zobrist;
extern sg_zobrist sg_Z; /* written once by sg_init(), read-only after */
void sg_zobrist_init(void);
#endif
