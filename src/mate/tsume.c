/* Tsume helpers: the defender's hand by convention, removing a piece, and the
 * checks that a diagram is a valid tsume start. */
#include <stdio.h>
#include <string.h>
#include "dfpn.h"
#include "../core/pieces.h"

static void count_pieces(const sg_pos *p, int count[SG_HAND_NB])
{
    memset(count, 0, sizeof(int) * SG_HAND_NB);
    for (int sq = 0; sq < SG_SQ_NB; sq++) {
        sg_ptype t = sg_piece_type(p->board[sq]);
        if (t && t != SG_KING) {
            sg_ptype b = sg_pt_unpromote(t);
            if (b < SG_HAND_NB) count[b]++;
        }
    }
    for (int c = 0; c < SG_COLOR_NB; c++)
        for (int t = 1; t < SG_HAND_NB; t++) count[t] += p->hand[c][t];
}

static void refresh(sg_pos *p)
{
    uint64_t bk, hk;
    sg_pos_compute_keys(p, &bk, &hk);
    p->board_key = bk;
    p->hand_key = hk;
    p->checkers = sg_pos_royal_attackers(p, p->side);
}

void sg_tsume_fill_hand(sg_pos *p, sg_color attacker)
{
    int count[SG_HAND_NB];
    count_pieces(p, count);
    sg_color d = sg_opp(attacker);
    for (sg_ptype t = 1; t < SG_HAND_NB; t++) {
        int set = sg_variant_set(SG_STANDARD, t);
        if (count[t] < set) p->hand[d][t] = (uint8_t)(p->hand[d][t] + set - count[t]);
    }
    refresh(p);
}

bool sg_tsume_remove_piece(sg_pos *p, sg_square sq, sg_color attacker)
{
    if (sq < 0 || sq >= SG_SQ_NB) return false;
    sg_piece pc = p->board[sq];
    sg_ptype t = sg_piece_type(pc);
    if (!pc || t == SG_KING || sg_pt_unpromote(t) >= SG_HAND_NB || sg_pt_unpromote(t) == SG_ELEPHANT) return false;
    sg_color c = sg_piece_color(pc);
    p->board[sq] = SG_NO_PIECE;
    p->by_color[c] &= ~sg_bb_sq(sq);
    p->by_type[t] &= ~sg_bb_sq(sq);
    p->hand[sg_opp(attacker)][sg_pt_unpromote(t)]++;
    refresh(p);
    return true;
}

static int add(char (*f)[SG_TSUME_FAULT_LEN], int n, int max, const char *text)
{
    if (n < max) snprintf(f[n], SG_TSUME_FAULT_LEN, "%s", text);
    return n + 1;
}

int sg_tsume_validate(const sg_pos *p, sg_color attacker, char (*f)[SG_TSUME_FAULT_LEN], int max)
{
    int n = 0;
    char buf[SG_TSUME_FAULT_LEN];
    sg_color d = sg_opp(attacker);
    if (p->side != attacker) n = add(f, n, max, "the attacker is not to move");
    int kings = sg_bb_count(sg_pos_pieces(p, d, SG_KING));
    if (kings != 1) {
        snprintf(buf, sizeof buf, "the defender has %d kings, a tsume needs one", kings);
        n = add(f, n, max, buf);
    }
    if (sg_bb_count(sg_pos_pieces(p, attacker, SG_KING)) > 1) n = add(f, n, max, "the attacker has more than one king");
    if (kings == 1 && sg_pos_royal_attackers(p, d)) n = add(f, n, max, "the defender is already in check");
    if (p->side == attacker && sg_in_check(p)) n = add(f, n, max, "the attacker is in check");
    if (p->by_type[SG_ELEPHANT] || p->by_type[SG_PRINCE]) n = add(f, n, max, "a piece that standard shogi does not have");
    /* the diagram rules (too many pieces, nifu, pieces that can never move) are the position's */
    sg_problem probs[SG_PROBLEMS_MAX];
    int np = sg_pos_problems(p, probs, SG_PROBLEMS_MAX);
    for (int i = 0; i < np && i < SG_PROBLEMS_MAX; i++) {
        if (probs[i].kind == SG_PROBLEM_OPPONENT_IN_CHECK) continue; /* said above, as the defender's check */
        sg_problem_text(&probs[i], buf, (int)sizeof buf);
        n = add(f, n, max, buf);
    }
    return n;
}
