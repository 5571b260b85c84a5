/* The df-pn transposition table: clusters of entries keyed by the board key
 * (board, side to move, material signature) and the attacker's packed hand.
 * Replacement: the entry of the cluster that cost the least work.  The
 * table holds as many whole clusters as fit in the bytes asked for. */
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include "tt.h"

struct sg_tt {
    sg_tt_entry *e;
    size_t clusters;
    size_t bytes;
    uint8_t gen;    /* entries of another generation are empty: clearing is O(1) */
};

sg_tt *sg_tt_new(size_t bytes)
{
    if (bytes < 4096) return NULL;
    /* as many clusters as fit: the index is a multiply-shift, so the count
     * need not be a power of two and all the memory asked for is used */
    size_t clusters = bytes / (SG_TT_CLUSTER * sizeof(sg_tt_entry));
    sg_tt *tt = malloc(sizeof *tt);
    if (!tt) return NULL;
    size_t total = clusters * SG_TT_CLUSTER * sizeof(sg_tt_entry);
    /* 2 MiB alignment lets the kernel back the table with huge pages: far
     * fewer TLB misses on the random probes that dominate the search */
    size_t align = total >= ((size_t)4 << 20) ? ((size_t)2 << 20) : 64;
    void *mem = NULL;
    if (posix_memalign(&mem, align, total) != 0) { free(tt); return NULL; }
#ifdef MADV_HUGEPAGE
    if (align > 64) madvise(mem, total, MADV_HUGEPAGE);
#endif
    memset(mem, 0, total);
    tt->e = mem;
    tt->clusters = clusters;
    tt->bytes = total;
    tt->gen = 1;
    return tt;
}

void sg_tt_free(sg_tt *tt)
{
    if (!tt) return;
    free(tt->e);
    free(tt);
}

void sg_tt_clear(sg_tt *tt)
{
    if (++tt->gen == 0) {
        memset(tt->e, 0, tt->bytes);
        tt->gen = 1;
    }
}
size_t sg_tt_bytes(const sg_tt *tt) { return tt->bytes; }

sg_tt_entry *sg_tt_cluster(sg_tt *tt, uint64_t key)
{
    /* the high bits of key * clusters: uniform over [0, clusters) */
    __extension__ typedef unsigned __int128 u128;
    size_t i = (size_t)(((u128)key * tt->clusters) >> 64);
    return tt->e + i * SG_TT_CLUSTER;
}

void sg_tt_prefetch(sg_tt *tt, uint64_t key)
{
    const char *c = (const char *)sg_tt_cluster(tt, key);
    for (size_t i = 0; i < SG_TT_CLUSTER * sizeof(sg_tt_entry); i += 64) __builtin_prefetch(c + i);
}

void sg_tt_probe(sg_tt *tt, uint64_t key, uint64_t hand, int depth, uint32_t path, sg_tt_probe_result *r)
{
    sg_tt_entry *c = sg_tt_cluster(tt, key);
    r->found = false;
    r->pn = 1; r->dn = 1; r->len = 0; r->dd = 0; r->rep = false; r->best = SG_MOVE_NONE;
    int mate = SG_TT_NO_LEN;
    sg_move mate_move = SG_MOVE_NONE;
    uint64_t mate_hand = 0;
    r->hand = hand;
    bool exact_found = false;
    for (int i = 0; i < SG_TT_CLUSTER; i++) {
        sg_tt_entry *e = c + i;
        if (e->key != key || e->gen != tt->gen) continue;
        if (e->mate_len != SG_TT_NO_LEN && e->mate_len <= depth && sg_hand_ge(hand, e->hand)) {
            if (e->mate_len < mate) { mate = e->mate_len; mate_move = e->best; mate_hand = e->hand; }
            continue;
        }
        if (e->nomate > depth && sg_hand_ge(e->hand, hand)) {
            if (!r->found || r->pn != SG_PN_INF || r->rep || e->nomate - 1 > r->dd) {
                r->found = true; r->pn = SG_PN_INF; r->dn = 0; r->rep = false; r->hand = e->hand;
                r->dd = e->nomate - 1;
            }
            continue;
        }
        if (e->hand == hand && !exact_found && !(r->found && r->dn == 0 && !r->rep)) {
            if (e->rep) {
                if (e->path == path && e->depth == depth) {
                    r->found = true; r->pn = SG_PN_INF; r->dn = 0; r->rep = true; exact_found = true;
                }
            } else if (e->pn && e->dn) {
                r->found = true; r->pn = e->pn; r->dn = e->dn; r->best = e->best; exact_found = true;
            }
        }
    }
    if (mate != SG_TT_NO_LEN) {
        r->found = true; r->pn = 0; r->dn = SG_PN_INF; r->len = mate; r->rep = false; r->best = mate_move;
        r->hand = mate_hand;
    }
}

void sg_tt_store(sg_tt *tt, uint64_t key, uint64_t hand, int depth, const sg_tt_store_args *a)
{
    sg_tt_entry *c = sg_tt_cluster(tt, key), *e = NULL, *victim = c;
    uint8_t gen = tt->gen;
    bool victim_free = victim->gen != gen;
    for (int i = 0; i < SG_TT_CLUSTER; i++) {
        bool is_free = c[i].gen != gen;
        if (!is_free && c[i].key == key && c[i].hand == hand) { e = c + i; break; }
        if (is_free) { if (!victim_free) { victim = c + i; victim_free = true; } }
        else if (!victim_free && c[i].work < victim->work) victim = c + i;
    }
    if (!e) {
        e = victim;
        memset(e, 0, sizeof *e);
        e->gen = gen;
        e->key = key;
        e->hand = hand;
        e->mate_len = SG_TT_NO_LEN;
        e->pn = 1; e->dn = 1;
        e->depth = (uint16_t)depth;
    }
    uint64_t w = (uint64_t)e->work + a->work;
    e->work = w > 0xFFFFFFFFu ? 0xFFFFFFFFu : (uint32_t)w;
    if (a->pn == 0) {
        if (a->len < e->mate_len) { e->mate_len = (uint16_t)a->len; e->best = a->best; }
    } else if (a->dn == 0) {
        if (!a->rep) {
            int nm = (a->dd > depth ? a->dd : depth) + 1;
            if (nm > SG_DEPTH_INF + 1) nm = SG_DEPTH_INF + 1;
            if (nm > e->nomate) e->nomate = (uint16_t)nm;
        } else {
            e->rep = 1; e->path = a->path; e->depth = (uint16_t)depth; e->pn = SG_PN_INF; e->dn = 0;
        }
    } else {
        e->rep = 0; e->pn = a->pn; e->dn = a->dn; e->depth = (uint16_t)depth;
        if (a->best) e->best = a->best;
    }
}
