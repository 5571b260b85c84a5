/* libFuzzer target: a CSA record read while it grows (sg_csa_rec_read, what the
 * site's watch pages read).  Findings: a crash or sanitizer report, a move that
 * is not legal where it was read, a position after the moves that is not the
 * start with them played, a read of a prefix (a file caught mid-write) that
 * keeps more moves than the whole text. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "../../src/core/movegen.h"
#include "../../src/proto/csa_rec.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > 65536) return 0;
    sg_init();
    sg_csa_rec r, half;
    if (!sg_csa_rec_read(&r, (const char *)data, size)) { sg_csa_rec_free(&r); return 0; }
    if (r.n && !r.has_start) abort();
    sg_pos q = r.start;
    for (int i = 0; i < r.n; i++) {
        sg_move ms[SG_MAX_MOVES];
        int n = sg_gen_legal(&q, ms), k = 0;
        while (k < n && ms[k] != r.moves[i].move) k++;
        if (k == n) abort();
        sg_undo u;
        sg_do_move(&q, r.moves[i].move, &u);
    }
    if (r.has_start && sg_pos_key(&q) != sg_pos_key(&r.now)) abort();
    if (sg_csa_rec_read(&half, (const char *)data, size / 2) && half.n > r.n && !r.error[0]) abort();
    sg_csa_rec_free(&half);
    sg_csa_rec_free(&r);
    return 0;
}
