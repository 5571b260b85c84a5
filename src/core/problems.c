/* The diagram rules of a position (position.h): the one place they are decided. */
#include <stdio.h>
#include "pieces.h"

static void add(sg_problem *out, int max, int *n, sg_problem pr)
{
    if (*n < max) out[*n] = pr;
    (*n)++;
}

bool sg_pos_set_count(const sg_pos *p, int count[SG_PT_NB])
{
    for (int t = 0; t < SG_PT_NB; t++) count[t] = 0;
    for (sg_square sq = 0; sq < SG_SQ_NB; sq++)
        if (p->board[sq]) count[sg_pt_unpromote(sg_piece_type(p->board[sq]))]++;
    for (int c = 0; c < SG_COLOR_NB; c++)
        for (int t = 1; t < SG_HAND_NB; t++) count[t] += p->hand[c][t];
    /* the set bounds a position only where captured pieces come back as drops */
    return sg_variant_get(p->variant)->drops;
}

int sg_pos_problems(const sg_pos *p, sg_problem *out, int max)
{
    int n = 0;
    const sg_variant_info *vi = sg_variant_get(p->variant);
    /* pieces that could never move, and nifu, in reading order */
    bool pawn_on_file[2][10] = {{false}};
    for (int r = 0; r < 9; r++)
        for (int f = 9; f >= 1; f--) {
            sg_square sq = sg_sq(f, r);
            sg_piece pc = p->board[sq];
            if (!pc) continue;
            sg_color c = sg_piece_color(pc);
            sg_ptype t = sg_piece_type(pc);
            if (sg_piece_is_dead(pc, sq)) add(out, max, &n, (sg_problem){SG_PROBLEM_DEAD_PIECE, sq, c, t, 0, 0});
            if (t == SG_PAWN) {
                if (pawn_on_file[c][f]) add(out, max, &n, (sg_problem){SG_PROBLEM_NIFU, sq, c, t, 0, 0});
                pawn_on_file[c][f] = true;
            }
        }
    int counts[SG_PT_NB];
    if (sg_pos_set_count(p, counts))
        for (sg_ptype t = 1; t < SG_PT_NB; t++)
            if (counts[t] > vi->set[t])
                add(out, max, &n, (sg_problem){SG_PROBLEM_TOO_MANY, SG_SQ_NONE, SG_BLACK, t, counts[t], vi->set[t]});
    if (sg_pos_royal_exposed(p, sg_opp(p->side)))
        add(out, max, &n, (sg_problem){SG_PROBLEM_OPPONENT_IN_CHECK, SG_SQ_NONE, sg_opp(p->side), SG_NO_PT, 0, 0});
    return n;
}

static const char *const PROBLEM_ID[SG_PROBLEM_NB] = {"too-many-pieces", "dead-piece", "nifu", "opponent-in-check"};

const char *sg_problem_id(sg_problem_kind k) { return (unsigned)k < SG_PROBLEM_NB ? PROBLEM_ID[k] : "unknown"; }

int sg_problem_text(const sg_problem *pr, char *buf, int size)
{
    const char *side = pr->color == SG_WHITE ? "white" : "black";
    const sg_piece_info *pi = sg_piece_info_of(pr->type);
    size_t n = (size_t)size;
    char sq[3] = "";
    if (pr->sq != SG_SQ_NONE) sg_square_name(pr->sq, sq);
    switch (pr->kind) {
    case SG_PROBLEM_TOO_MANY:
        return snprintf(buf, n, "too many %ss: %d (the set has %d)", pi->english, pr->count, pr->limit);
    case SG_PROBLEM_DEAD_PIECE: return snprintf(buf, n, "%s %s on %s can never move", side, pi->english, sq);
    case SG_PROBLEM_NIFU:
        return snprintf(buf, n, "two unpromoted %s pawns on file %d (nifu)", side, sg_sq_file(pr->sq));
    case SG_PROBLEM_OPPONENT_IN_CHECK: return snprintf(buf, n, "the side not to move (%s) is in check", side);
    default: return snprintf(buf, n, "unknown problem");
    }
}
