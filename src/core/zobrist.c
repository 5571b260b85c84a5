#include "zobrist.h"

sg_zobrist sg_Z;

/* splitmix64: a fixed seed gives the same keys in every run and build */
static uint64_t next(uint64_t *s)
{
    uint64_t z = (*s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

void sg_zobrist_init(void)
{
    uint64_t seed = 0x6B6F6D61646169ull; /* "komadai" */
    for (int p = 0; p < SG_PIECE_NB; p++)
        for (int s = 0; s < SG_SQ_NB; s++) sg_Z.psq[p][s] = next(&seed);
    for (int c = 0; c < SG_COLOR_NB; c++)
        for (int t = 0; t < SG_HAND_NB; t++) sg_Z.hand[c][t] = next(&seed);
    sg_Z.side = next(&seed);
}
