/* The game-tree search's transposition table (the df-pn solver has its own in
 * tt.h): buckets of four 16-byte entries, allocated once at the size asked
 * for, never grown.  Mate scores are stored relative to the node (distance
 * from it), and converted back with the ply of the probing node. */
#ifndef SG_STT_H
#define SG_STT_H

#include <stddef.h>
#include <stdint.h>
#include "../core/types.h"

enum { SG_BOUND_NONE = 0, SG_BOUND_UPPER = 1, SG_BOUND_LOWER = 2, SG_BOUND_EXACT = 3 };

typedef struct {
    uint64_t key;
    uint32_t move;
    int16_t score;
    uint8_t depth;
    uint8_t gen_bound;   /* generation << 2 | bound */
} sg_stt_entry;

typedef struct sg_stt sg_stt;
/* NULL when memory is short; mb is clamped to at least 1 */
sg_stt *sg_stt_new(size_t mb);
void sg_stt_free(sg_stt *t);
void sg_stt_clear(sg_stt *t);
size_t sg_stt_mb(const sg_stt *t);
/* a new search: older entries become the first to be replaced */
void sg_stt_new_search(sg_stt *t);
/* the entry for key, or NULL */
const sg_stt_entry *sg_stt_probe(const sg_stt *t, uint64_t key);
void sg_stt_store(sg_stt *t, uint64_t key, sg_move m, int score, int depth, int bound);
/* permille of a sample of entries written in this search */
int sg_stt_hashfull(const sg_stt *t);

#endif
