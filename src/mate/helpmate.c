/* ばか詰 (helpmate) by exhaustive search: see helpmate.h. */
#include <string.h>
#include "helpmate.h"

typedef struct {
    int length;
    sg_move *lines;
    int max_lines;
    uint64_t max_nodes;
    sg_helpmate_result *r;
    sg_move path[SG_HELPMATE_MAX_LENGTH];
} hm_search;

static void hm_found(hm_search *s)
{
    if (s->r->stored < s->max_lines) {
        memcpy(s->lines + (size_t)s->r->stored * (size_t)s->length, s->path, sizeof(sg_move) * (size_t)s->length);
        s->r->stored++;
    }
    s->r->count++;
}

/* ply: moves played so far; the attacker moves at even plies */
static void hm_dfs(hm_search *s, sg_pos *p, int ply)
{
    if (s->max_nodes && s->r->nodes >= s->max_nodes) { s->r->complete = false; return; }
    s->r->nodes++;
    sg_move moves[SG_MAX_MOVES];
    bool attacker = (ply & 1) == 0;
    int n = attacker ? sg_gen_checks(p, moves) : sg_gen_legal(p, moves);
    for (int i = 0; i < n; i++) {
        sg_undo u;
        s->path[ply] = moves[i];
        sg_do_move(p, moves[i], &u);
        if (ply + 1 == s->length) {
            s->r->nodes++;
            if (sg_is_mate(p)) hm_found(s);
        } else {
            hm_dfs(s, p, ply + 1);
        }
        sg_undo_move(p, moves[i], &u);
        if (!s->r->complete) return;
    }
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
    sg_pos q = *p;
    hm_dfs(&s, &q, 0);
    return true;
}
