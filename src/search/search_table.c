/* The search's transposition table: see search_table.h. */
#include <stdlib.h>
#include <string.h>
#include "search_table.h"

#define BUCKET 4
struct sg_search_table {
    sg_search_table_entry *e;
    size_t buckets;      /* a power of two */
    size_t mb;
    uint8_t gen;         /* 0..63 */
};

sg_search_table *sg_search_table_new(size_t mb)
{
    if (mb < 1) mb = 1;
    sg_search_table *t = malloc(sizeof *t);
    if (!t) return NULL;
    size_t want = mb * 1024 * 1024 / (sizeof(sg_search_table_entry) * BUCKET), n = 1;
    while (n * 2 <= want) n *= 2;
    t->e = calloc(n * BUCKET, sizeof *t->e);
    if (!t->e) { free(t); return NULL; }
    t->buckets = n;
    t->mb = mb;
    t->gen = 0;
    return t;
}

void sg_search_table_free(sg_search_table *t)
{
    if (!t) return;
    free(t->e);
    free(t);
}

void sg_search_table_clear(sg_search_table *t)
{
    memset(t->e, 0, t->buckets * BUCKET * sizeof *t->e);
    t->gen = 0;
}

size_t sg_search_table_mb(const sg_search_table *t) { return t->mb; }

void sg_search_table_new_search(sg_search_table *t) { t->gen = (uint8_t)((t->gen + 1) & 63); }

static sg_search_table_entry *bucket(const sg_search_table *t, uint64_t key)
{
    return t->e + (size_t)(key & (t->buckets - 1)) * BUCKET;
}

const sg_search_table_entry *sg_search_table_probe(const sg_search_table *t, uint64_t key)
{
    sg_search_table_entry *b = bucket(t, key);
    for (int i = 0; i < BUCKET; i++)
        if (b[i].key == key && (b[i].gen_bound & 3) != SG_BOUND_NONE) return &b[i];
    return NULL;
}

void sg_search_table_store(sg_search_table *t, uint64_t key, sg_move m, int score, int depth, int bound)
{
    sg_search_table_entry *b = bucket(t, key), *victim = &b[0];
    int worst = 1 << 30;
    for (int i = 0; i < BUCKET; i++) {
        if (b[i].key == key || (b[i].gen_bound & 3) == SG_BOUND_NONE) { victim = &b[i]; break; }
        /* older generations and shallower entries go first */
        int age = (t->gen - (b[i].gen_bound >> 2)) & 63;
        int worth = b[i].depth - 8 * age;
        if (worth < worst) { worst = worth; victim = &b[i]; }
    }
    if (victim->key == key) {
        /* a much shallower bound (a quiescence one) does not replace a deep result */
        if (bound != SG_BOUND_EXACT && depth + 2 < victim->depth
            && (victim->gen_bound >> 2) == t->gen) {
            if (victim->move == SG_MOVE_NONE) victim->move = m;
            return;
        }
        /* keep the move of a same-position entry when this store has none */
        if (m == SG_MOVE_NONE) m = victim->move;
    }
    if (depth < 0) depth = 0;
    if (depth > 255) depth = 255;
    victim->key = key;
    victim->move = m;
    victim->score = (int16_t)score;
    victim->depth = (uint8_t)depth;
    victim->gen_bound = (uint8_t)(t->gen << 2 | (bound & 3));
}

int sg_search_table_hashfull(const sg_search_table *t)
{
    size_t n = t->buckets * BUCKET < 1000 ? t->buckets * BUCKET : 1000;
    int used = 0;
    for (size_t i = 0; i < n; i++)
        if ((t->e[i].gen_bound & 3) != SG_BOUND_NONE && (t->e[i].gen_bound >> 2) == t->gen) used++;
    return (int)(used * 1000 / n);
}
