/* Move legality: one position that breaks each rule and one that keeps it;
 * then random games checking the generators, do/undo and the keys against
 * independent recomputations. */
#include <stdlib.h>
#include "check.h"
#include "../../src/core/movegen.h"

static sg_pos P(const char *sfen, sg_variant v)
{
    sg_pos p;
    sg_error e;
    if (!sg_pos_from_sfen(&p, sfen, v, &e)) { printf("FAIL bad test SFEN %s: %s\n", sfen, e.msg); exit(1); }
    return p;
}

/* the reason a USI move is refused in a position ("legal" when it is not) */
static const char *reason(const char *sfen, const char *usi)
{
    sg_pos p = P(sfen, SG_STANDARD);
    sg_move m;
    const char *why;
    if (!sg_move_from_usi(&p, usi, &m, &why)) return why;
    return sg_reason_id(sg_is_legal(&p, m));
}
#define EXPECT(sfen, usi, id) do { if (!CHECK_EQ_STR(reason(sfen, usi), id)) printf("  %s in %s\n", usi, sfen); } while (0)

static void rules(void)
{
    const char *start = "startpos";
    /* whose piece, which piece */
    EXPECT(start, "5a5b", "not-your-piece");
    EXPECT(start, "5e5d", "no-piece");
    EXPECT(start, "P*5e", "not-in-hand");
    EXPECT(start, "7g7e", "cannot-reach");
    EXPECT(start, "8h2b", "path-blocked");
    EXPECT(start, "9i9g", "own-piece");
    EXPECT(start, "7g7f", "legal");
    EXPECT("4k4/9/9/9/9/9/9/9/4K4 b G 1", "G*5i", "occupied");
    EXPECT("4k4/9/9/9/9/9/9/9/4K4 b G 1", "G*5h", "legal");
    /* nifu: a second unpromoted pawn; a tokin does not count */
    EXPECT("4k4/9/9/9/9/9/4P4/9/4K4 b P 1", "P*5e", "nifu");
    EXPECT("4k4/9/9/9/9/9/4P4/9/4K4 b P 1", "P*4e", "legal");
    EXPECT("4k4/9/9/9/9/9/4+P4/9/4K4 b P 1", "P*5e", "legal");
    EXPECT("4k4/9/9/9/9/9/4p4/9/4K4 w p 1", "P*5d", "nifu");
    /* dead squares for drops */
    EXPECT("4k4/9/9/9/9/9/9/9/4K4 b PLN 1", "P*4a", "dead-square");
    EXPECT("4k4/9/9/9/9/9/9/9/4K4 b PLN 1", "L*4a", "dead-square");
    EXPECT("4k4/9/9/9/9/9/9/9/4K4 b PLN 1", "N*4b", "dead-square");
    EXPECT("4k4/9/9/9/9/9/9/9/4K4 b PLN 1", "P*4b", "legal");
    EXPECT("4k4/9/9/9/9/9/9/9/4K4 b PLN 1", "N*4c", "legal");
    EXPECT("4k4/9/9/9/9/9/9/9/4K4 w pln 1", "P*4i", "dead-square");
    EXPECT("4k4/9/9/9/9/9/9/9/4K4 w pln 1", "N*4h", "dead-square");
    EXPECT("4k4/9/9/9/9/9/9/9/4K4 w pln 1", "N*4g", "legal");
    /* promotion: compulsory only where the piece could never move again */
    EXPECT("4k4/P8/9/9/9/9/9/9/4K4 b - 1", "9b9a", "must-promote");
    EXPECT("4k4/P8/9/9/9/9/9/9/4K4 b - 1", "9b9a+", "legal");
    EXPECT("4k4/9/P8/9/9/9/9/9/4K4 b - 1", "9c9b", "legal");
    EXPECT("4k4/9/9/N8/9/9/9/9/4K4 b - 1", "9d8b", "must-promote");
    EXPECT("4k4/9/9/N8/9/9/9/9/4K4 b - 1", "9d8b+", "legal");
    EXPECT("4k4/9/9/9/9/N8/9/9/4K4 b - 1", "9f8d", "legal");
    EXPECT("4k4/9/9/L8/9/9/9/9/4K4 b - 1", "9d9a", "must-promote");
    EXPECT("4k4/9/9/L8/9/9/9/9/4K4 b - 1", "9d9b", "legal");
    EXPECT("4k4/9/9/9/9/9/8l/9/K8 w - 1", "1g1i", "must-promote");
    EXPECT("4k4/9/9/G8/9/9/9/9/4K4 b - 1", "9d9c+", "cannot-promote");
    EXPECT("4k4/9/9/9/S8/9/9/9/4K4 b - 1", "9e9d+", "cannot-promote");
    EXPECT("4k4/9/9/S8/9/9/9/9/4K4 b - 1", "9d9c+", "legal");
    EXPECT("4k4/9/S8/9/9/9/9/9/4K4 b - 1", "9c8d+", "legal");     /* out of the zone */
    EXPECT("4k4/9/9/9/9/9/9/9/4K4 b - 1", "5i5h+", "cannot-promote");
    /* king safety */
    EXPECT("4k4/9/9/9/9/9/4r4/4G4/4K4 b - 1", "5h4h", "leaves-king-in-check");   /* pinned */
    EXPECT("4k4/9/9/9/9/9/4r4/4G4/4K4 b - 1", "5h5g", "legal");                  /* along the pin */
    EXPECT("4k4/9/9/9/9/9/9/3r5/4K4 b - 1", "5i5h", "leaves-king-in-check");     /* into attack */
    EXPECT("4k4/9/9/9/9/9/9/3r5/4K4 b - 1", "5i6h", "legal");
    EXPECT("4k4/9/9/9/4r4/9/9/4K4/9 b - 1", "5h5i", "leaves-king-in-check");     /* along the checking line */
    EXPECT("4k4/9/9/9/4r4/9/9/4K4/9 b - 1", "5h4i", "legal");
    EXPECT("4k4/9/9/9/4r4/9/9/4K4/9 b G 1", "G*5f", "legal");                    /* interposition */
    EXPECT("4k4/9/9/9/4r4/9/9/4K4/9 b G 1", "G*4f", "leaves-king-in-check");
    /* double check: only the king moves */
    const char *dbl = "4k4/9/9/9/4r4/9/6b2/6G2/4K4 b G 1";
    EXPECT(dbl, "3h3g", "leaves-king-in-check");
    EXPECT(dbl, "G*5f", "leaves-king-in-check");
    {
        sg_pos p = P(dbl, SG_STANDARD);
        sg_move l[SG_MAX_MOVES];
        int n = sg_gen_legal(&p, l);
        CHECK(n > 0);
        for (int i = 0; i < n; i++) CHECK(sg_move_piece(l[i]) == SG_KING);
        CHECK(sg_bb_count(p.checkers) == 2);
    }
    /* uchifuzume: the pawn drop that mates is illegal; a pawn push that mates,
     * another drop that mates, and a pawn drop check that does not mate are legal */
    EXPECT("7nk/9/8G/9/9/9/9/9/4K4 b P 1", "P*1b", "uchifuzume");
    EXPECT("7nk/9/8G/9/9/9/9/9/4K4 b S 1", "S*1b", "legal");
    EXPECT("8k/9/8G/9/9/9/9/9/4K4 b P 1", "P*1b", "legal");         /* escape to 2a */
    EXPECT("7nk/9/9/9/9/9/9/9/4K4 b P 1", "P*1b", "legal");          /* the king takes it */
    EXPECT("7nk/9/7GP/9/9/9/9/9/4K4 b - 1", "1c1b", "legal");
    EXPECT("7nk/9/7GP/9/9/9/9/9/4K4 b - 1", "1c1b+", "legal");
    {
        sg_pos p = P("7nk/9/7GP/9/9/9/9/9/4K4 b - 1", SG_STANDARD);
        sg_move m;
        sg_move_from_usi(&p, "1c1b", &m, NULL);
        CHECK(sg_gives_check(&p, m));
        sg_undo u;
        sg_do_move(&p, m, &u);
        CHECK(sg_is_mate(&p));
    }
    /* a pinned capturer cannot take the pawn: still mate, still illegal */
    EXPECT("6rnk/9/8G/9/9/9/9/9/4K4 b P 1", "P*1b", "uchifuzume");
    /* discovered check */
    {
        sg_pos p = P("4k4/9/9/9/9/9/9/4S4/4R3K b - 1", SG_STANDARD);
        sg_move a, b;
        sg_move_from_usi(&p, "5h4g", &a, NULL);
        sg_move_from_usi(&p, "5h5g", &b, NULL);
        CHECK(sg_gives_check(&p, a));
        CHECK(!sg_gives_check(&p, b));
    }
    /* the moving piece must match the board */
    {
        sg_pos p = P("startpos", SG_STANDARD);
        CHECK_EQ_INT(sg_is_legal(&p, sg_move_make(sg_sq(7, 6), sg_sq(7, 5), SG_GOLD, false)), SG_ILLEGAL_WRONG_PIECE);
        CHECK_EQ_INT(sg_is_legal(&p, 0xFFFFFFFFu), SG_ILLEGAL_MALFORMED);
    }
    /* a side without a king: every pseudo-legal move is legal */
    {
        sg_pos p = P("4k4/9/9/9/9/9/9/9/9 b 2R2B4G4S4N4L18P 1", SG_STANDARD);
        CHECK(!sg_in_check(&p));
        CHECK(sg_count_legal(&p) > 0);
    }
    /* no legal move */
    {
        sg_pos p = P("8k/7GG/9/9/9/9/9/9/K8 w - 1", SG_STANDARD);
        CHECK(sg_is_mate(&p));
        CHECK_EQ_INT(sg_count_legal(&p), 0);
    }
}

/* Sho: two royals, elephants, the bare royal, no drops */
static void sho_rules(void)
{
    sg_pos p = P("startpos", SG_SHO);
    CHECK_EQ_INT(sg_count_legal(&p), 26);
    sg_move m;
    sg_move_from_usi(&p, "5h5g", &m, NULL); /* blocked by the pawn? no: 5g holds our pawn */
    CHECK_EQ_INT(sg_is_legal(&p, m), SG_ILLEGAL_OWN_PIECE);
    CHECK_EQ_INT(sg_is_legal(&p, sg_move_make_drop(SG_PAWN, sg_sq(5, 4))), SG_ILLEGAL_NO_DROPS);
    /* the elephant steps anywhere but straight back */
    sg_pos e = P("4k4/9/9/9/4E4/9/9/9/K8 b - 1", SG_SHO);
    sg_move l[SG_MAX_MOVES];
    int n = sg_gen_legal(&e, l), elephant = 0;
    for (int i = 0; i < n; i++) if (sg_move_piece(l[i]) == SG_ELEPHANT) elephant++;
    CHECK_EQ_INT(elephant, 7);
    CHECK_EQ_INT(sg_is_legal(&e, sg_move_make(sg_sq(5, 4), sg_sq(5, 5), SG_ELEPHANT, false)), SG_ILLEGAL_CANNOT_REACH);
    /* with king and prince, either may be left attacked */
    sg_pos two = P("4k4/9/9/9/4r4/9/9/4+E4/4K4 b - 1", SG_SHO);
    CHECK(sg_in_check(&two));
    sg_move_from_usi(&two, "5i4i", &m, NULL);
    CHECK_EQ_INT(sg_is_legal(&two, m), SG_LEGAL);
    /* the last royal may not be left in check */
    sg_pos one = P("4k4/9/9/9/4r4/9/9/4G4/4K3P b - 1", SG_SHO);
    sg_move_from_usi(&one, "5h4h", &m, NULL);
    CHECK_EQ_INT(sg_is_legal(&one, m), SG_ILLEGAL_KING_IN_CHECK);
    /* promoting the elephant gives a second royal, so it is legal even with the king attacked */
    sg_pos pro = P("4k4/9/9/4E4/4r4/9/9/9/4K3P b - 1", SG_SHO);
    CHECK(sg_in_check(&pro));
    sg_move_from_usi(&pro, "5d5c+", &m, NULL);
    CHECK_EQ_INT(sg_is_legal(&pro, m), SG_LEGAL);
    sg_move_from_usi(&pro, "5d5c", &m, NULL);
    CHECK_EQ_INT(sg_is_legal(&pro, m), SG_ILLEGAL_KING_IN_CHECK);
    /* a bare royal has lost: no legal moves */
    sg_pos bare = P("4k4/9/9/9/9/9/9/9/4K3P w - 1", SG_SHO);
    CHECK(sg_pos_is_finished(&bare));
    CHECK_EQ_INT(sg_count_legal(&bare), 0);
    CHECK_EQ_INT(sg_is_legal(&bare, sg_move_make(sg_sq(5, 0), sg_sq(4, 0), SG_KING, false)), SG_ILLEGAL_GAME_OVER);
    /* no royal left: lost */
    sg_pos none = P("4g4/9/9/9/9/9/9/9/4K3P w - 1", SG_SHO);
    CHECK(sg_pos_is_finished(&none));
    sg_pos fine = P("4kg3/9/9/9/9/9/9/9/4K3P w - 1", SG_SHO);
    CHECK(!sg_pos_is_finished(&fine));
    /* standard shogi has no elephant */
    sg_error err;
    CHECK(!sg_pos_from_sfen(&p, "4k4/9/9/9/4E4/9/9/9/K8 b - 1", SG_STANDARD, &err));
}

/* ---- random games --------------------------------------------------------------- */
static uint64_t rng = 0x123456789ull;
static unsigned rnd(unsigned n) { rng ^= rng << 13; rng ^= rng >> 7; rng ^= rng << 17; return (unsigned)(rng % n); }

static int cmp_move(const void *a, const void *b)
{
    sg_move x = *(const sg_move *)a, y = *(const sg_move *)b;
    return x < y ? -1 : x > y;
}

static int nodes_checked;
static void check_node(sg_pos *p)
{
    sg_move l[SG_MAX_MOVES], g[SG_MAX_MOVES], c[SG_MAX_MOVES];
    int n = sg_gen_legal(p, l);
    const char *why;
    if (!CHECK(sg_pos_is_ok(p, &why))) printf("  %s\n", why);
    CHECK_EQ_INT(sg_count_legal(p), n);
    int attack_mismatches = 0;
    for (sg_square s = 0; s < SG_SQ_NB; s++)
        for (int side = 0; side < 2; side++)
            attack_mismatches += sg_square_attacked(p, s, (sg_color)side, sg_pos_occupied(p))
                              != (sg_attackers_to(p, s, (sg_color)side, sg_pos_occupied(p)) != 0);
    CHECK_EQ_INT(attack_mismatches, 0);
    int ng = sg_gen_legal_by_play(p, g);
    if (CHECK_EQ_INT(ng, n)) {
        qsort(l, (size_t)n, sizeof *l, cmp_move);
        qsort(g, (size_t)n, sizeof *g, cmp_move);
        CHECK(memcmp(l, g, (size_t)n * sizeof *l) == 0);
    }
    CHECK(sg_is_mate(p) == (sg_in_check(p) && n == 0));
    CHECK(sg_has_legal_move(p) == (n > 0));
    bool board_move = false;
    for (int i = 0; i < n; i++) board_move |= !sg_move_is_drop(l[i]);
    CHECK(sg_has_board_move(p) == board_move);
    int nc = sg_gen_checks(p, c), checks = 0;
    sg_pos before = *p;
    sg_check_info ci;
    sg_check_info_init(p, &ci);
    for (int i = 0; i < n; i++) {
        if (sg_is_legal(p, l[i]) != SG_LEGAL) { CHECK(false); continue; }
        bool gc = sg_gives_check(p, l[i]);
        if (gc != sg_gives_check_with(p, &ci, l[i])) { CHECK(false); char s[6]; sg_move_to_usi(l[i], s); printf("  gives_check_with %s\n", s); }
        sg_undo u;
        sg_do_move(p, l[i], &u);
        bool really = p->variant == SG_SHO ? sg_in_check(p) : (p->king[p->side] != SG_SQ_NONE && sg_in_check(p));
        if (gc != really) { CHECK(false); char s[6]; sg_move_to_usi(l[i], s); printf("  gives_check %s\n", s); }
        checks += really;
        sg_undo_move(p, l[i], &u);
    }
    CHECK_EQ_INT(nc, checks);
    sg_move bc[SG_MAX_MOVES];
    int nb = sg_gen_board_checks(p, bc), board_checks = 0;
    for (int i = 0; i < nc; i++) board_checks += !sg_move_is_drop(c[i]);
    CHECK_EQ_INT(nb, board_checks);
    for (int i = 0; i < nb; i++) CHECK(!sg_move_is_drop(bc[i]) && sg_gives_check(p, bc[i]));
    for (int i = 0; i < nc; i++) {
        bool listed = false;
        for (int j = 0; j < n; j++) listed |= l[j] == c[i];
        if (!CHECK(listed && sg_gives_check(p, c[i]))) { char s[6]; sg_move_to_usi(c[i], s); printf("  check %s\n", s); }
    }
    CHECK(memcmp(p, &before, sizeof *p) == 0);
    /* random moves: legal exactly when generated */
    for (int k = 0; k < 20; k++) {
        sg_move m;
        if (rnd(3) == 0) m = sg_move_make_drop((sg_ptype)(1 + rnd(8)), (sg_square)rnd(81));
        else {
            sg_square from = (sg_square)rnd(81);
            m = sg_move_make(from, (sg_square)rnd(81), p->board[from] ? sg_piece_type(p->board[from]) : SG_PAWN, rnd(2));
        }
        if (sg_move_is_drop(m) && sg_move_dropped(m) == 7) continue;
        bool legal = sg_is_legal(p, m) == SG_LEGAL;
        bool listed = false;
        for (int i = 0; i < n; i++) listed |= l[i] == m;
        if (!CHECK(legal == listed)) { char s[6]; sg_move_to_usi(m, s); printf("  is_legal %s: %s\n", s, sg_reason_id(sg_is_legal(p, m))); }
    }
    nodes_checked++;
}

static void random_games(const char *sfen, sg_variant v, int games, int plies)
{
    for (int gi = 0; gi < games; gi++) {
        sg_pos p = P(sfen, v), start = p;
        sg_move hist[1024];
        sg_undo undo[1024];
        int ply = 0;
        for (; ply < plies; ply++) {
            check_node(&p);
            sg_move l[SG_MAX_MOVES];
            int n = sg_gen_legal(&p, l);
            if (!n) break;
            hist[ply] = l[rnd((unsigned)n)];
            sg_do_move(&p, hist[ply], &undo[ply]);
        }
        uint64_t bk, hk;
        sg_pos_compute_keys(&p, &bk, &hk);
        CHECK(bk == p.board_key && hk == p.hand_key);
        while (ply > 0) { ply--; sg_undo_move(&p, hist[ply], &undo[ply]); }
        CHECK(memcmp(&p, &start, sizeof p) == 0);
    }
}

int main(void)
{
    sg_init();
    rules();
    sho_rules();
    random_games("startpos", SG_STANDARD, 40, 200);
    random_games("l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1", SG_STANDARD, 8, 120);
    random_games("8k/9/9/9/9/9/9/9/9 b 2R2B4G4S4N4L18P 1", SG_STANDARD, 6, 60);
    random_games("startpos", SG_SHO, 30, 300);
    printf("# %d random nodes checked\n", nodes_checked);
    return check_report();
}
