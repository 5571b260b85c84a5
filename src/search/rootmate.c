/* The root's mate probe: see rootmate.h. */
#include <stdlib.h>
#include "rootmate.h"

/* does the line mate: every move legal, the side to move at its end in check without a move? */
static bool line_mates(const sg_pos *root, const sg_move *pv, int n)
{
    sg_pos p = *root;
    for (int i = 0; i < n; i++) {
        if (sg_is_legal(&p, pv[i]) != SG_LEGAL) return false;
        sg_undo u;
        sg_do_move(&p, pv[i], &u);
    }
    sg_move moves[SG_MAX_MOVES];
    return sg_in_check(&p) && sg_gen_legal(&p, moves) == 0;
}

bool sg_root_mate(sg_mate_table *tt, const sg_pos *root, const sg_limits *lim, sg_move *pv, int max, int *len,
                  uint64_t *nodes)
{
    *nodes = 0;
    sg_move checks[SG_MAX_MOVES];
    if (!tt || sg_in_check(root) || sg_gen_checks(root, checks) == 0) return false;
    sg_dfpn_result *r = malloc(sizeof *r);
    if (!r) return false;
    sg_mate_table_clear(tt);
    sg_dfpn_opts o;
    sg_dfpn_opts_default(&o);
    o.limits = *lim;
    o.limits.progress = NULL;
    o.futile = SG_FUTILE_ALL;
    o.shortest = false;
    o.strict = true;
    sg_dfpn_solve(tt, root, root->side, &o, r);
    *nodes = r->nodes;
    bool found = r->status == SG_DFPN_MATE && r->pv_len > 0 && r->pv_len % 2 == 1 && r->pv_len <= max
                 && line_mates(root, r->pv, r->pv_len);
    if (found) {
        *len = r->pv_len;
        for (int i = 0; i < *len; i++) pv[i] = r->pv[i];
    }
    free(r);
    return found;
}
