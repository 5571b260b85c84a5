/* libFuzzer target: every move notation's parser (sg_move_parse for USI, CSA,
 * Western, Japanese and KIF, and sg_move_parse_any).  Byte 0 picks one of a
 * few positions, byte 1 the notation (5: any) and whether a previous
 * destination is set, the rest is the move text.  Findings: a crash or
 * sanitizer report, a parsed move that is not legal, a legal move whose name
 * (sg_move_format) does not parse back to it, an error column outside the text. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "../../src/core/notation.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define MAX_TEXT 512

static const char *const SFENS[] = {
    "startpos",
    "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2",
    "ln1g5/1ks4+R1/pppp5/4p4/9/2P6/PP1PPPP1P/1BK1G2s1/LNSG4L b BG2N2Pr3p 37",
    "4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1",
    "8k/7pp/L3p1p2/RBB6/GGG6/GSS6/SSN6/NNN6/LLLR5 b 14p 1",
    "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1",
};
#define NSFENS (sizeof SFENS / sizeof SFENS[0])

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 2 || size > MAX_TEXT) return 0;
    sg_init();
    sg_pos p;
    sg_error err;
    if (!sg_pos_from_sfen(&p, SFENS[data[0] % NSFENS], SG_STANDARD, &err)) abort();
    int which = (data[1] & 0x7f) % 6;
    sg_square prev = (data[1] & 0x80) ? sg_square_parse("7f") : SG_SQ_NONE;
    if (prev == SG_SQ_NONE && (data[1] & 0x80)) abort();
    char text[MAX_TEXT + 1];
    memcpy(text, data + 2, size - 2);
    text[size - 2] = 0;
    sg_move m;
    sg_notation n = (sg_notation)(which < 5 ? which : 0);
    bool ok = which < 5 ? sg_move_parse(&p, text, n, prev, &m, &err)
                        : sg_move_parse_any(&p, text, prev, &m, &n, &err);
    if (!ok) {
        if (err.col < 1 || (size_t)err.col > strlen(text) + 1 || !err.msg[0]) abort();
        return 0;
    }
    if (sg_is_legal(&p, m) != SG_LEGAL) abort();
    char name[SG_MOVE_TEXT_MAX];
    for (int k = 0; k < SG_NOTATION_NB; k++) {
        if (sg_move_format(&p, m, (sg_notation)k, prev, 0, name, sizeof name) <= 0) abort();
        sg_move back;
        if (!sg_move_parse(&p, name, (sg_notation)k, prev, &back, &err) || back != m) abort();
    }
    return 0;
}
