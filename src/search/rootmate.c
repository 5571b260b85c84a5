/* The root's mate probe: see rootmate.h. */
#include <stdlib.h>
#include "rootmate.h"
#include "../mate/dfpn.h"

#define TABLE_BYTES (4u << 20)

bool sg_root_mate(const sg_pos *root, uint64_t nodes, double seconds, volatile int *stop, sg_move *pv, int max,
                  int *len)
{
    sg_move checks[SG_MAX_MOVES];
    if (sg_in_check(root) || sg_gen_checks(root, checks) == 0) return false;
    sg_mate_table *tt = sg_mate_table_new(TABLE_BYTES);
    sg_dfpn_result *r = malloc(sizeof *r);
    bool found = false;
    if (tt && r) {
        sg_dfpn_opts o;
        sg_dfpn_opts_default(&o);
        o.limits.nodes = nodes;
        o.limits.seconds = seconds;
        o.limits.stop = stop;
        o.futile = SG_FUTILE_ALL;
        o.shortest = false;
        sg_dfpn_solve(tt, root, root->side, &o, r);
        if (r->status == SG_DFPN_MATE && r->pv_len > 0 && r->pv_len % 2 == 1) {
            found = true;
            *len = r->pv_len < max ? r->pv_len : max;
            for (int i = 0; i < *len; i++) pv[i] = r->pv[i];
        }
    }
    free(r);
    sg_mate_table_free(tt);
    return found;
}
