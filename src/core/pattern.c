/* How each piece moves, read off the attack tables movegen uses, so pictures
 * of the moves (the web board's icons, diagrams) cannot disagree with the
 * rules: the piece stands on 5e of an empty board and every square it
 * attacks is sorted into a step, a range (attacked as far as the board
 * goes along a line) or a jump (not on one of the eight lines). */
#include <stdlib.h>
#include "bitboard.h"
#include "pieces.h"

int sg_piece_pattern(sg_ptype t, sg_move_pattern out[SG_PATTERN_MAX])
{
    if (!sg_piece_info_of(t)) return 0;
    const int file = 5, rank = 4;
    sg_bb att = sg_piece_attack(SG_BLACK, t, sg_sq(file, rank), 0);
    int n = 0;
    for (int dy = 2; dy >= -2; dy--) {
        for (int dx = -2; dx <= 2; dx++) {
            if (dx == 0 && dy == 0) continue;
            bool line = dx == 0 || dy == 0 || abs(dx) == abs(dy);
            bool near = abs(dx) <= 1 && abs(dy) <= 1;
            if (line && !near) continue; /* a line is told from its first square */
            /* sente's forward is towards rank a, its right towards file 1 */
            if (!sg_bb_test(att, sg_sq(file - dx, rank - dy))) continue;
            sg_move_kind kind = near ? SG_MOVE_STEP : SG_MOVE_JUMP;
            if (near && sg_bb_test(att, sg_sq(file - 2 * dx, rank - 2 * dy))) kind = SG_MOVE_RANGE;
            out[n++] = (sg_move_pattern){(signed char)dx, (signed char)dy, kind};
        }
    }
    return n;
}
