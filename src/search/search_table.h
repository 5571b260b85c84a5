/* The game-tree search's transposition table (the df-pn solver has its own in
 * mate_table.h): buckets of four 16-byte entries, allocated once at the size asked
 * for, never grown.  Mate scores are stored relative to the node (distance
 * from it), and converted back with the ply of the probing node. */
#ifndef SG_SEARCH_TABLE_H
#define SG_SEARCH_TABLE_H

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
} sg_search_table_entry;

typedef struct sg_search_table sg_search_table;
/* NULL when memory is short; mb is clamped to at least 1 */
sg_search_table *sg_search_table_new(size_t mb);
void sg_search_table_free(sg_search_table *t);
void sg_search_table_clear(sg_search_table *t);
size_t sg_search_table_mb(const sg_search_table *t);
/* a new search: older entries become the first to be replaced */
void sg_search_table_new_search(sg_search_table *t);
/* the entry for key, or NULL */
const sg_search_table_entry *sg_search_table_probe(const sg_search_table *t, uint64_t key);
void sg_search_table_store(sg_search_table *t, uint64_t key, sg_move m, int score, int depth, int bound);
/* permille of a sample of entries written in this search */
int sg_search_table_hashfull(const sg_search_table *t);

#endif
