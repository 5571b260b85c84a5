/* ばか詰 (helpmate) by exhaustive search: see helpmate.h.  Subtrees are
 * counted once: a table keeps, per position and plies left, how many
 * solutions it holds, so a transposition (two move orders to one position)
 * or a position already refuted costs one lookup.  Solutions are still
 * listed move by move until the caller's buffer is full; after that only
 * counts are needed and the table answers them. */
#include <stdlib.h>
#include <string.h>
#include "helpmate.h"

#define TABLE_BITS 20

typedef struct { uint64_t key; uint64_t count; } hm_entry;

typedef struct {
    int length;
    sg_move *lines;
    int max_lines;
    uint64_t max_nodes;
    sg_helpmate_result *r;
    hm_entry *table;          /* NULL: no memory, plain search */
    sg_move path[SG_HELPMATE_MAX_LENGTH];
} hm_search;

static uint64_t table_key(const sg_pos *p, int left)
{
    uint64_t k = sg_pos_key(p) ^ ((uint64_t)left * 0x9E3779B97F4A7C15ull);
    return k ? k : 1;
}

static void hm_found(hm_search *s)
{
    if (s->r->stored < s->max_lines) {
        memcpy(s->lines + (size_t)s->r->stored * (size_t)s->length, s->path, sizeof(sg_move) * (size_t)s->length);
        s->r->stored++;
    }
}

/* the solutions below p (ply moves played; the attacker moves at even plies) */
static uint64_t hm_dfs(hm_search *s, sg_pos *p, int ply)
{
    if (s->max_nodes && s->r->nodes >= s->max_nodes) { s->r->complete = false; return 0; }
    s->r->nodes++;
    int left = s->length - ply;
    uint64_t key = 0;
    hm_entry *e = NULL;
    if (s->table) {
        key = table_key(p, left);
        e = &s->table[key >> (64 - TABLE_BITS)];
        /* a known count serves when it lists nothing: none, or the buffer is full */
        if (e->key == key && (e->count == 0 || s->r->stored >= s->max_lines)) return e->count;
    }
    sg_move moves[SG_MAX_MOVES];
    bool attacker = (ply & 1) == 0;
    int n = attacker ? sg_gen_checks(p, moves) : sg_gen_legal(p, moves);
    uint64_t count = 0;
    for (int i = 0; i < n; i++) {
        sg_undo u;
        s->path[ply] = moves[i];
        sg_do_move(p, moves[i], &u);
        if (left == 1) {
            s->r->nodes++;
            if (sg_is_mate(p)) { hm_found(s); count++; }
        } else {
            count += hm_dfs(s, p, ply + 1);
        }
        sg_undo_move(p, moves[i], &u);
        if (!s->r->complete) return count;
    }
    if (e) { e->key = key; e->count = count; }
    return count;
}

bool sg_helpmate(const sg_pos *p, int length, sg_move *lines, int max_lines, uint64_t max_nodes,
                 sg_helpmate_result *out)
{
    memset(out, 0, sizeof *out);
    if (length < 1 || length > SG_HELPMATE_MAX_LENGTH || (length & 1) == 0) return false;
    hm_search s = {.length = length, .lines = lines, .max_lines = lines ? max_lines : 0,
                   .max_nodes = max_nodes, .r = out};
    out->length = length;
    out->complete = true;
    /* the table matters from a few plies on; short searches skip its 16 MiB */
    if (length >= 5) s.table = calloc((size_t)1 << TABLE_BITS, sizeof(hm_entry));
    sg_pos q = *p;
    out->count = (long)hm_dfs(&s, &q, 0);
    free(s.table);
    return true;
}
