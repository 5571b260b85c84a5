/* Attack tables, filled once. */
#include "bitboard.h"

sg_tables sg_T;
const sg_bb SG_BB_ALL = (((sg_bb)1 << 81) - 1);

static bool on_board(int f, int r) { return f >= 1 && f <= 9 && r >= 0 && r <= 8; }

/* step directions for black as (file delta, rank delta); rank delta -1 is forward */
typedef struct { int n; int d[8][2]; } steps;
static const steps STEP_PAWN = {1, {{0, -1}}};
static const steps STEP_KNIGHT = {2, {{1, -2}, {-1, -2}}};
static const steps STEP_SILVER = {5, {{0, -1}, {1, -1}, {-1, -1}, {1, 1}, {-1, 1}}};
static const steps STEP_GOLD = {6, {{0, -1}, {1, -1}, {-1, -1}, {1, 0}, {-1, 0}, {0, 1}}};
static const steps STEP_KING = {8, {{0, -1}, {1, -1}, {-1, -1}, {1, 0}, {-1, 0}, {0, 1}, {1, 1}, {-1, 1}}};
static const steps STEP_ELEPHANT = {7, {{0, -1}, {1, -1}, {-1, -1}, {1, 0}, {-1, 0}, {1, 1}, {-1, 1}}};
static const steps STEP_NONE = {0, {{0, 0}}};

static const steps *steps_of(sg_ptype t)
{
    switch (t) {
    case SG_PAWN: return &STEP_PAWN;
    case SG_KNIGHT: return &STEP_KNIGHT;
    case SG_SILVER: return &STEP_SILVER;
    case SG_GOLD: case SG_PRO_PAWN: case SG_PRO_LANCE: case SG_PRO_KNIGHT: case SG_PRO_SILVER: return &STEP_GOLD;
    case SG_KING: case SG_PRINCE: case SG_HORSE: case SG_DRAGON: return &STEP_KING;
    case SG_ELEPHANT: return &STEP_ELEPHANT;
    default: return &STEP_NONE;
    }
}

/* the four lines as one direction each (the other is its negation) */
static const int LINE_DIR[4][2] = {{0, 1}, {1, 0}, {1, 1}, {1, -1}};

static sg_bb ray(int f, int r, int df, int dr, sg_bb occ)
{
    sg_bb b = 0;
    for (f += df, r += dr; on_board(f, r); f += df, r += dr) {
        b |= sg_bb_sq(sg_sq(f, r));
        if (sg_bb_test(occ, sg_sq(f, r))) break;
    }
    return b;
}

static sg_bb deposit(unsigned idx, sg_bb mask)
{
    sg_bb b = 0;
    while (mask) {
        sg_square s = sg_bb_pop(&mask);
        if (idx & 1) b |= sg_bb_sq(s);
        idx >>= 1;
    }
    return b;
}

static void init_lines(void)
{
    for (sg_square s = 0; s < SG_SQ_NB; s++) {
        int f = sg_sq_file(s), r = sg_sq_rank(s);
        for (int l = 0; l < 4; l++) {
            int df = LINE_DIR[l][0], dr = LINE_DIR[l][1];
            /* inner squares of the line: every square on it but s and the two ends */
            sg_bb mask = 0;
            for (int sign = -1; sign <= 1; sign += 2) {
                int ff = f + sign * df, rr = r + sign * dr;
                while (on_board(ff + sign * df, rr + sign * dr)) {
                    mask |= sg_bb_sq(sg_sq(ff, rr));
                    ff += sign * df; rr += sign * dr;
                }
            }
            if (l == 0) mask = (sg_bb)127 << ((f - 1) * 9 + 1); /* file: ranks b..h, s included */
            sg_T.line_occ_mask[l][s] = mask;
            for (unsigned idx = 0; idx < 128; idx++) {
                sg_bb occ = deposit(idx, mask);
                sg_T.line_attack[l][s * 128 + idx] = ray(f, r, df, dr, occ) | ray(f, r, -df, -dr, occ);
            }
        }
    }
}

static void init_steps(void)
{
    for (int c = 0; c < 2; c++)
        for (sg_ptype t = 1; t < SG_PT_NB; t++)
            for (sg_square s = 0; s < SG_SQ_NB; s++) {
                const steps *st = steps_of(t);
                sg_bb b = 0;
                for (int i = 0; i < st->n; i++) {
                    int f = sg_sq_file(s) + st->d[i][0];
                    int r = sg_sq_rank(s) + (c == SG_BLACK ? st->d[i][1] : -st->d[i][1]);
                    if (on_board(f, r)) b |= sg_bb_sq(sg_sq(f, r));
                }
                sg_T.step[c][t][s] = b;
            }
    for (sg_square s = 0; s < SG_SQ_NB; s++) {
        sg_T.forward_ray[SG_BLACK][s] = ray(sg_sq_file(s), sg_sq_rank(s), 0, -1, 0);
        sg_T.forward_ray[SG_WHITE][s] = ray(sg_sq_file(s), sg_sq_rank(s), 0, 1, 0);
    }
}

static void init_masks(void)
{
    for (int f = 1; f <= 9; f++)
        for (int r = 0; r < 9; r++) {
            sg_T.file_mask[f] |= sg_bb_sq(sg_sq(f, r));
            sg_T.rank_mask[r] |= sg_bb_sq(sg_sq(f, r));
        }
    sg_T.zone[SG_BLACK] = sg_T.rank_mask[0] | sg_T.rank_mask[1] | sg_T.rank_mask[2];
    sg_T.zone[SG_WHITE] = sg_T.rank_mask[6] | sg_T.rank_mask[7] | sg_T.rank_mask[8];
    for (sg_square a = 0; a < SG_SQ_NB; a++)
        for (int d = 0; d < 8; d++) {
            static const int DIRS[8][2] = {{0, 1}, {0, -1}, {1, 0}, {-1, 0}, {1, 1}, {-1, -1}, {1, -1}, {-1, 1}};
            int df = DIRS[d][0], dr = DIRS[d][1];
            sg_bb full = ray(sg_sq_file(a), sg_sq_rank(a), df, dr, 0)
                       | ray(sg_sq_file(a), sg_sq_rank(a), -df, -dr, 0) | sg_bb_sq(a);
            sg_bb btw = 0;
            for (int f = sg_sq_file(a) + df, r = sg_sq_rank(a) + dr; on_board(f, r); f += df, r += dr) {
                sg_square b = sg_sq(f, r);
                sg_T.between[a][b] = btw;
                sg_T.line[a][b] = full;
                btw |= sg_bb_sq(b);
            }
        }
}

void sg_bitboard_init(void)
{
    for (int s = 0; s < 128; s++) sg_T.square[s] = SG_BB_ONE << s;
    init_steps();
    init_lines();
    init_masks();
    for (sg_square s = 0; s < SG_SQ_NB; s++) {
        sg_T.rook_empty[s] = sg_rook_attack(s, 0);
        sg_T.bishop_empty[s] = sg_bishop_attack(s, 0);
        for (int c = 0; c < SG_COLOR_NB; c++)
            sg_T.promotion_to[c][s] = sg_bb_test(sg_T.zone[c], s) ? SG_BB_ALL : sg_T.zone[c];
        sg_bb one = sg_T.step[SG_BLACK][SG_KING][s], two = one;
        for (sg_bb k = one; k;) two |= sg_T.step[SG_BLACK][SG_KING][sg_bb_pop(&k)];
        sg_T.within_two[s] = two & ~sg_bb_sq(s);
    }
}
