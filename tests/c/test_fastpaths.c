/* The search's fast paths against slow, plain references over random walks:
 * SEE (attackers found once, sliders looked up again) against the swap list
 * built by asking sg_attackers_to at every capture; the built-in evaluation's
 * one-pass positional terms against a colour-by-colour count; the check
 * tables against sg_piece_attack for every type.  Standard shogi and Sho. */
#include <stdlib.h>
#include "check.h"
#include "../../src/search/see.h"
#include "../../src/search/eval.h"
#include "../../src/core/movegen.h"

/* ---- the reference SEE: the swap list, attackers asked afresh each time ---- */
static int ref_value(sg_ptype t) { return t == SG_KING ? 100000 : sg_eval_piece_value(t); }

static sg_square ref_least(const sg_pos *p, sg_bb att, sg_ptype *type)
{
    static const sg_ptype ORDER[] = {SG_PAWN, SG_LANCE, SG_KNIGHT, SG_ELEPHANT, SG_SILVER, SG_PRO_PAWN,
                                     SG_PRO_LANCE, SG_PRO_KNIGHT, SG_PRO_SILVER, SG_GOLD, SG_PRINCE,
                                     SG_BISHOP, SG_ROOK, SG_HORSE, SG_DRAGON, SG_KING};
    for (size_t i = 0; i < sizeof ORDER / sizeof ORDER[0]; i++) {
        sg_bb b = att & p->by_type[ORDER[i]];
        if (b) { *type = ORDER[i]; return sg_bb_lsb(b); }
    }
    *type = SG_NO_PT;
    return SG_SQ_NONE;
}

static int ref_see(const sg_pos *p, sg_move m)
{
    sg_square to = sg_move_to(m);
    sg_color side = p->side;
    sg_bb occ = sg_pos_occupied(p);
    int gain[40], d = 0;
    sg_ptype on;
    if (sg_move_is_drop(m)) {
        gain[0] = 0;
        on = sg_move_dropped(m);
    } else {
        sg_piece victim = p->board[to];
        gain[0] = victim ? ref_value(sg_piece_type(victim)) : 0;
        on = sg_move_piece_after(m);
        if (sg_move_is_promotion(m)) gain[0] += ref_value(on) - ref_value(sg_move_piece(m));
        occ ^= sg_bb_sq(sg_move_from(m));
    }
    for (;;) {
        side = sg_opp(side);
        sg_bb att = sg_attackers_to(p, to, side, occ) & occ;
        if (!att || d + 1 >= 40) break;
        sg_ptype t;
        sg_square sq = ref_least(p, att, &t);
        d++;
        gain[d] = ref_value(on) - gain[d - 1];
        if (t == SG_KING && (sg_attackers_to(p, to, sg_opp(side), occ ^ sg_bb_sq(sq)) & occ & ~sg_bb_sq(sq))) {
            d--;
            break;
        }
        sg_ptype after = t;
        if (sg_pt_can_promote(t) && (sg_in_zone(side, to) || sg_in_zone(side, sq))) {
            after = sg_pt_promote(t);
            gain[d] += ref_value(after) - ref_value(t);
        }
        occ ^= sg_bb_sq(sq);
        on = after;
    }
    while (d > 0) {
        int stop = -gain[d - 1];
        gain[d - 1] = -(stop > gain[d] ? stop : gain[d]);
        d--;
    }
    return gain[0];
}

/* ---- the reference positional terms: one colour at a time, piece by piece ---- */
static const int KING_RANK[9] = {-60, -50, -40, -30, -20, -10, 0, 10, 14};
static const int KING_FILE[9] = {8, 12, 10, 2, -10, 2, 10, 12, 8};

static bool is_gold_like(sg_ptype t)
{
    return t == SG_GOLD || t == SG_PRO_PAWN || t == SG_PRO_LANCE || t == SG_PRO_KNIGHT || t == SG_PRO_SILVER;
}

/* Chebyshev distance between two squares */
static int dist(sg_square a, sg_square b)
{
    int df = abs(sg_sq_file(a) - sg_sq_file(b)), dr = abs(sg_sq_rank(a) - sg_sq_rank(b));
    return df > dr ? df : dr;
}

static int ref_side(const sg_pos *p, sg_color c)
{
    int s = 0;
    sg_color o = sg_opp(c);
    sg_bb occ = sg_pos_occupied(p);
    sg_square own_k = p->king[c], their_k = p->king[o];
    for (sg_square sq = 0; sq < SG_SQ_NB; sq++) {
        sg_piece pc = p->board[sq];
        if (pc == SG_NO_PIECE || sg_piece_color(pc) != c) continue;
        sg_ptype t = sg_piece_type(pc);
        if (t == SG_ROOK || t == SG_BISHOP || t == SG_HORSE || t == SG_DRAGON)
            s += 3 * sg_bb_count(sg_piece_attack(c, t, sq, occ) & ~p->by_color[c]);
        if (own_k != SG_SQ_NONE && (t == SG_GOLD || t == SG_SILVER)) {
            int d = dist(sq, own_k);
            s += d == 1 ? 30 : d == 2 ? 14 : 0;
        }
        if (their_k != SG_SQ_NONE && (is_gold_like(t) || t == SG_SILVER || t == SG_HORSE || t == SG_DRAGON)) {
            int d = dist(sq, their_k);
            s += d == 1 ? 28 : d == 2 ? 12 : 0;
        }
    }
    if (own_k != SG_SQ_NONE) {
        s += KING_RANK[sg_rel_rank(c, own_k)] + KING_FILE[sg_sq_file(own_k) - 1];
        int att = 0, def = 0, kinds = 0;
        for (sg_square sq = 0; sq < SG_SQ_NB; sq++) {
            sg_piece pc = p->board[sq];
            if (pc == SG_NO_PIECE || sq == own_k) continue;
            int d = dist(sq, own_k);
            sg_ptype t = sg_piece_type(pc);
            if (sg_piece_color(pc) == o && t != SG_PAWN && t != SG_KING) att += d == 1 ? 2 : d == 2 ? 1 : 0;
            if (sg_piece_color(pc) == c && d == 1) def++;
        }
        for (int t = 1; t < SG_HAND_NB; t++) kinds += p->hand[o][t] ? 1 : 0;
        s -= att * att * 8 + att * kinds * 6;
        s += def * 10;
    }
    return s;
}

static int ref_eval(const sg_pos *p)
{
    int s = sg_eval_material(p) + sg_eval_psq(p) + ref_side(p, SG_BLACK) - ref_side(p, SG_WHITE);
    return (p->side == SG_BLACK ? s : -s) + 20;
}

/* ---- the walks ---------------------------------------------------------------- */
static int see_moves, see_bad, evals, eval_bad, tables, table_bad;

static void check_position(const sg_pos *p, const sg_move *moves, int n)
{
    for (int i = 0; i < n; i++) {
        int want = ref_see(p, moves[i]), got = sg_see(p, moves[i]);
        see_moves++;
        if (got != want && see_bad++ < 3) {
            char sfen[SG_SFEN_MAX], mv[6];
            sg_pos_to_sfen(p, sfen, sizeof sfen);
            sg_move_to_usi(moves[i], mv);
            printf("FAIL see %s at %s: %d, want %d\n", mv, sfen, got, want);
        }
    }
    evals++;
    int want = ref_eval(p), got = sg_eval_builtin(NULL, p);
    if (got != want && eval_bad++ < 3) {
        char sfen[SG_SFEN_MAX];
        sg_pos_to_sfen(p, sfen, sizeof sfen);
        printf("FAIL eval at %s: %d, want %d\n", sfen, got, want);
    }
    sg_check_info ci;
    sg_check_info_init(p, &ci);
    if (!ci.general) {
        tables++;
        sg_color them = sg_opp(p->side);
        sg_square ek = p->king[them];
        bool ok = ci.check_sq[SG_KING] == 0;
        for (sg_ptype t = SG_PAWN; t < SG_KING; t++)
            ok = ok && ci.check_sq[t] == sg_piece_attack(them, t, ek, sg_pos_occupied(p));
        if (!ok) table_bad++;
    }
}

static void walk(const char *sfen, sg_variant v, int walks, uint32_t *seed)
{
    for (int w = 0; w < walks; w++) {
        sg_pos p;
        sg_error e;
        if (!CHECK(sg_pos_from_sfen(&p, sfen, v, &e))) return;
        for (int ply = 0; ply < 80; ply++) {
            static sg_move all[SG_MAX_MOVES];
            int n = sg_gen_legal(&p, all);
            if (n == 0) break;
            check_position(&p, all, n);
            /* captures preferred, so the walks reach busy positions */
            int caps[SG_MAX_MOVES], k = 0;
            for (int i = 0; i < n; i++)
                if (!sg_move_is_drop(all[i]) && p.board[sg_move_to(all[i])] != SG_NO_PIECE) caps[k++] = i;
            *seed = *seed * 1103515245u + 12345u;
            sg_move m = all[(*seed >> 8) % (uint32_t)n];
            if (k && ((*seed >> 20) & 1)) m = all[caps[(*seed >> 4) % (uint32_t)k]];
            sg_undo u;
            sg_do_move(&p, m, &u);
        }
    }
}

int main(void)
{
    static const char *const starts[] = {
        "startpos",
        "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1",
        "6n1l/2+S1k4/2lp4p/1np1B2b1/3PP4/1N1S3rP/1P2+pPP+p1/1p1G5/3KG2r1 b GSN2L4Pgs2p 1",
        "lnkg3nl/2s1gs3/pppppp1pp/5b3/9/1BPPP1r2/PP1GSP1PP/2K4R1/LNSG3NL b Pp 25",
    };
    uint32_t seed = 2024;
    for (size_t i = 0; i < sizeof starts / sizeof starts[0]; i++) walk(starts[i], SG_STANDARD, 12, &seed);
    walk(sg_variant_get(SG_SHO)->start_sfen, SG_SHO, 6, &seed);
    CHECK(see_moves > 100000);
    CHECK(evals > 3000);
    CHECK(tables > 3000);
    CHECK_EQ_INT(see_bad, 0);
    CHECK_EQ_INT(eval_bad, 0);
    CHECK_EQ_INT(table_bad, 0);
    return check_report();
}
