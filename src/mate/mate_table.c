/* The df-pn transposition table: clusters of entries keyed by the board key
 * (board, side to move, material signature) and the attacker's packed hand.
 * Replacement: the entry of the cluster that cost the least work.  The
 * table holds as many whole clusters as fit in the bytes asked for. */
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include "mate_table.h"

_Static_assert(sizeof(sg_mate_table_entry) == 32, "a table entry is 32 bytes, a cluster two cache lines");

struct sg_mate_table {
    sg_mate_table_entry *e;
    size_t clusters;
    size_t bytes;
    uint8_t gen;    /* entries of another generation are empty: clearing is O(1) */
};

sg_mate_table *sg_mate_table_new(size_t bytes)
{
    if (bytes < 4096) return NULL;
    /* as many clusters as fit: the index is a multiply-shift, so the count
     * need not be a power of two and all the memory asked for is used */
    size_t clusters = bytes / (SG_MATE_TABLE_CLUSTER * sizeof(sg_mate_table_entry));
    sg_mate_table *tt = malloc(sizeof *tt);
    if (!tt) return NULL;
    size_t total = clusters * SG_MATE_TABLE_CLUSTER * sizeof(sg_mate_table_entry);
    /* 2 MiB alignment lets the kernel back the table with huge pages: far
     * fewer TLB misses on the random probes that dominate the search */
    size_t align = total >= ((size_t)4 << 20) ? ((size_t)2 << 20) : SG_MATE_TABLE_CLUSTER * sizeof(sg_mate_table_entry);
    void *mem = NULL;
    if (posix_memalign(&mem, align, total) != 0) { free(tt); return NULL; }
#ifdef MADV_HUGEPAGE
    if (align >= ((size_t)2 << 20)) madvise(mem, total, MADV_HUGEPAGE);
#endif
    memset(mem, 0, total);
    tt->e = mem;
    tt->clusters = clusters;
    tt->bytes = total;
    tt->gen = 1;
    return tt;
}

void sg_mate_table_free(sg_mate_table *tt)
{
    if (!tt) return;
    free(tt->e);
    free(tt);
}

void sg_mate_table_clear(sg_mate_table *tt)
{
    if (++tt->gen == 0) {
        memset(tt->e, 0, tt->bytes);
        tt->gen = 1;
    }
}
size_t sg_mate_table_bytes(const sg_mate_table *tt) { return tt->bytes; }

sg_mate_table_entry *sg_mate_table_cluster(sg_mate_table *tt, uint64_t key)
{
    /* the high bits of key * clusters: uniform over [0, clusters) */
    __extension__ typedef unsigned __int128 u128;
    size_t i = (size_t)(((u128)key * tt->clusters) >> 64);
    return tt->e + i * SG_MATE_TABLE_CLUSTER;
}

void sg_mate_table_prefetch(sg_mate_table *tt, uint64_t key)
{
    const char *c = (const char *)sg_mate_table_cluster(tt, key);
    for (size_t i = 0; i < SG_MATE_TABLE_CLUSTER * sizeof(sg_mate_table_entry); i += 64) __builtin_prefetch(c + i);
}

static inline bool entry_live(const sg_mate_table_entry *e, uint8_t gen) { return (uint8_t)(e->hand >> 56) == gen; }
static inline uint64_t entry_hand(const sg_mate_table_entry *e) { return e->hand & SG_MATE_TABLE_HAND_MASK; }
/* a path-dependent no-mate holds for one path and one depth */
static inline uint32_t rep_tag(uint32_t path, int depth) { return path ^ ((uint32_t)depth * 0x9E3779B1u); }

/* work as a 16-bit float: 5 bits of exponent e, 11 of mantissa m; the value
 * is m when e is 0, else (2048 + m) << (e - 1) (up to 2^42, within 1/2048) */
static inline uint64_t work_get(uint16_t c)
{
    unsigned e = c >> 11, m = c & 0x7FF;
    return e == 0 ? m : (uint64_t)(2048 + m) << (e - 1);
}
static inline uint16_t work_put(uint64_t w)
{
    if (w < 2048) return (uint16_t)w;
    unsigned b = 63 - (unsigned)__builtin_clzll(w), e = b - 10;
    if (e > 31) return 0xFFFF;
    return (uint16_t)(e << 11 | (unsigned)((w >> (e - 1)) - 2048));
}

void sg_mate_table_probe(sg_mate_table *tt, uint64_t key, uint64_t hand, int depth, uint32_t path,
                         sg_mate_table_probe_result *r)
{
    sg_mate_table_entry *c = sg_mate_table_cluster(tt, key);
    r->found = false;
    r->pn = 1; r->dn = 1; r->len = 0; r->dd = 0; r->rep = false; r->best = 0;
    int mate = SG_MATE_TABLE_NO_LEN;
    uint32_t mate_move = 0;
    uint64_t mate_hand = 0;
    r->hand = hand;
    bool exact_found = false;
    for (int i = 0; i < SG_MATE_TABLE_CLUSTER; i++) {
        sg_mate_table_entry *e = c + i;
        if (e->key != key || !entry_live(e, tt->gen)) continue;
        uint64_t eh = entry_hand(e);
        if (e->mate_len != SG_MATE_TABLE_NO_LEN && e->mate_len <= depth && sg_hand_ge(hand, eh)) {
            if (e->mate_len < mate) { mate = e->mate_len; mate_move = e->best; mate_hand = eh; }
            continue;
        }
        if (e->nomate > depth && sg_hand_ge(eh, hand)) {
            if (!r->found || r->pn != SG_PN_INF || r->rep || e->nomate - 1 > r->dd) {
                r->found = true; r->pn = SG_PN_INF; r->dn = 0; r->rep = false; r->hand = eh;
                r->dd = e->nomate - 1;
            }
            continue;
        }
        if (eh == hand && !exact_found && !(r->found && r->dn == 0 && !r->rep)) {
            if (e->dn == 0) {
                if (e->pn == rep_tag(path, depth)) {
                    r->found = true; r->pn = SG_PN_INF; r->dn = 0; r->rep = true; exact_found = true;
                }
            } else {
                r->found = true; r->pn = e->pn; r->dn = e->dn; r->best = e->best; exact_found = true;
            }
        }
    }
    if (mate != SG_MATE_TABLE_NO_LEN) {
        r->found = true; r->pn = 0; r->dn = SG_PN_INF; r->len = mate; r->rep = false; r->best = mate_move;
        r->hand = mate_hand;
    }
}

void sg_mate_table_store(sg_mate_table *tt, uint64_t key, uint64_t hand, int depth, const sg_mate_table_store_args *a)
{
    sg_mate_table_entry *c = sg_mate_table_cluster(tt, key), *e = NULL, *victim = c;
    uint8_t gen = tt->gen;
    bool victim_free = !entry_live(victim, gen);
    for (int i = 0; i < SG_MATE_TABLE_CLUSTER; i++) {
        bool is_free = !entry_live(c + i, gen);
        if (!is_free && c[i].key == key && entry_hand(c + i) == hand) { e = c + i; break; }
        if (is_free) { if (!victim_free) { victim = c + i; victim_free = true; } }
        else if (!victim_free && c[i].work < victim->work) victim = c + i;
    }
    if (!e) {
        e = victim;
        e->key = key;
        e->hand = hand | (uint64_t)gen << 56;
        e->mate_len = SG_MATE_TABLE_NO_LEN;
        e->nomate = 0;
        e->best = 0;
        e->pn = 1; e->dn = 1;
        e->work = 0;
    }
    e->work = work_put(work_get(e->work) + a->work);
    if (a->pn == 0) {
        if (a->len < e->mate_len) {
            e->mate_len = (uint16_t)a->len;
            e->best = (uint16_t)sg_mate_table_move_bits(a->best);
        }
    } else if (a->dn == 0) {
        if (!a->rep) {
            int nm = (a->dd > depth ? a->dd : depth) + 1;
            if (nm > SG_DEPTH_INF + 1) nm = SG_DEPTH_INF + 1;
            if (nm > e->nomate) e->nomate = (uint16_t)nm;
        } else {
            e->pn = rep_tag(a->path, depth); e->dn = 0;
        }
    } else {
        e->pn = a->pn; e->dn = a->dn;
        if (a->best) e->best = (uint16_t)sg_mate_table_move_bits(a->best);
    }
}
