/* libFuzzer target: SFEN reading (sg_pos_from_sfen).  Byte 0 picks the variant,
 * the rest is the text.  Findings: a crash or sanitizer report, an accepted
 * position that fails sg_pos_is_ok, a SFEN that does not read back as itself,
 * the fast move generator disagreeing with play-and-test, an error column
 * outside the text. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "../../src/core/movegen.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define MAX_TEXT 4096

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1 || size > MAX_TEXT) return 0;
    sg_init();
    sg_variant v = (data[0] & 1) ? SG_SHO : SG_STANDARD;
    char text[MAX_TEXT + 1];
    memcpy(text, data + 1, size - 1);
    text[size - 1] = 0;
    sg_pos p;
    sg_error err;
    if (!sg_pos_from_sfen(&p, text, v, &err)) {
        if (err.col < 1 || (size_t)err.col > strlen(text) + 1 || !err.msg[0]) abort();
        return 0;
    }
    const char *why;
    if (!sg_pos_is_ok(&p, &why)) abort();
    char out[SG_SFEN_MAX], again[SG_SFEN_MAX];
    int n = sg_pos_to_sfen(&p, out, sizeof out);
    if (n <= 0 || n >= (int)sizeof out) abort();
    sg_pos q;
    if (!sg_pos_from_sfen(&q, out, v, &err)) abort();
    sg_pos_to_sfen(&q, again, sizeof again);
    if (strcmp(out, again) != 0) abort();
    sg_move fast[SG_MAX_MOVES], slow[SG_MAX_MOVES];
    int nf = sg_gen_legal(&p, fast), ns = sg_gen_legal_by_play(&p, slow);
    if (nf != ns || nf != sg_count_legal(&p)) abort();
    return 0;
}
