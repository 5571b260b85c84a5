/* df-pn tsume solver: lengths, main lines, no-mates, limits, futile
 * interpositions, the tsume helpers.  The whole suite runs in tests/sh/tsume.sh
 * with the release build; here only positions cheap enough for ASan. */
#include <stdlib.h>
#include "check.h"
#include "../../src/mate/mate_table.h"

static sg_mate_table *tt;

static bool load(sg_pos *p, const char *sfen)
{
    sg_error e;
    if (!sg_pos_from_sfen(p, sfen, SG_STANDARD, &e)) {
        printf("FAIL cannot read %s: %s\n", sfen, e.msg);
        check_failed++;
        return false;
    }
    return true;
}

static void pv_text(const sg_dfpn_result *r, char *out, size_t size)
{
    size_t n = 0;
    out[0] = 0;
    for (int i = 0; i < r->pv_len && n + 8 < size; i++) {
        char u[6];
        sg_move_to_usi(r->pv[i], u);
        n += (size_t)snprintf(out + n, size - n, "%s%s", i ? " " : "", u);
    }
}

/* solves and returns the length (-1 no mate, -2 unknown); fills pv text */
static int solve(const char *sfen, const sg_dfpn_opts *o, char *pv, size_t size)
{
    sg_pos p;
    if (!load(&p, sfen)) return -3;
    sg_dfpn_opts d;
    sg_dfpn_opts_default(&d);
    if (!o) o = &d;
    sg_dfpn_result r;
    sg_mate_table_clear(tt);
    sg_dfpn_solve(tt, &p, p.side, o, &r);
    if (pv) pv_text(&r, pv, size);
    if (r.status == SG_DFPN_MATE) {
        CHECK(r.exact);
        CHECK_EQ_INT(r.pv_len, r.length);
        /* the main line is legal, checks on every attacker move and ends in mate */
        sg_pos q = p;
        for (int i = 0; i < r.pv_len; i++) {
            if (!CHECK_EQ_INT(sg_is_legal(&q, r.pv[i]), SG_LEGAL)) break;
            if (i % 2 == 0) CHECK(sg_gives_check(&q, r.pv[i]));
            sg_undo u;
            sg_do_move(&q, r.pv[i], &u);
        }
        if (o->futile != SG_FUTILE_ALL) {
            sg_move ev[SG_MAX_MOVES];
            CHECK_EQ_INT(sg_tsume_evasions(&q, o->futile, ev), 0);
        } else {
            CHECK(sg_is_mate(&q));
        }
        return r.length;
    }
    return r.status == SG_DFPN_NOMATE ? -1 : -2;
}

static void test_table(void)
{
    CHECK(sg_mate_table_new(100) == NULL);
    sg_mate_table *small = sg_mate_table_new(1u << 16);
    CHECK(small != NULL);
    CHECK(sg_mate_table_bytes(small) <= (1u << 16));
    CHECK(sg_mate_table_bytes(small) >= (1u << 15));
    sg_mate_table_free(small);
    /* every size gets all the whole clusters that fit, not a power of two */
    const size_t cluster = SG_MATE_TABLE_CLUSTER * sizeof(sg_mate_table_entry);
    const size_t asked[] = {(size_t)3 << 20, (size_t)1000 << 20, ((size_t)1 << 20) + 1000};
    for (int i = 0; i < 3; i++) {
        sg_mate_table *t = sg_mate_table_new(asked[i]);
        CHECK(t != NULL);
        if (!t) continue;
        CHECK(sg_mate_table_bytes(t) <= asked[i]);
        CHECK(asked[i] - sg_mate_table_bytes(t) < cluster);
        CHECK_EQ_INT((int)(sg_mate_table_bytes(t) % cluster), 0);
        sg_mate_table_free(t);
    }
    sg_mate_table_free(NULL);
}

static void test_short_mates(void)
{
    char pv[256];
    /* head gold */
    CHECK_EQ_INT(solve("4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1", NULL, pv, sizeof pv), 1);
    CHECK_EQ_STR(pv, "G*5b");
    /* no attacker king, promotion on the way */
    CHECK_EQ_INT(solve("k8/9/PK7/9/9/9/9/9/9 b 2r2b4g4s4n4l17p 1", NULL, pv, sizeof pv), 1);
    CHECK_EQ_STR(pv, "9c9b+");
    /* an interposition next to the king, protected by it, is a defence */
    CHECK_EQ_INT(solve("6Snl/5+Rg1k/6ppp/9/9/9/9/9/9 b r2b3g3s3n3l15p 1", NULL, pv, sizeof pv), 3);
    /* the shortest mate, not the first found */
    CHECK_EQ_INT(solve("9/9/9/9/9/7np/8k/8B/7LR b rb4g4s3n3l17p 1", NULL, pv, sizeof pv), 3);
    /* main line: among equally long defences, the one leaving nothing in hand */
    CHECK_EQ_STR(pv, "1h6c+ L*1h 6c2g");
    /* white attacking */
    CHECK_EQ_INT(solve("1+P1gkg2l/2s3s+P1/3ppp2p/P1p2npp1/l2N1+b3/3KP1P2/N2P1PS1P/2+p1G2R1/L1+r3sNL w Pbgp 1",
                       NULL, pv, sizeof pv), 3);
}

static void test_nomate(void)
{
    /* the only mate is a pawn-drop mate */
    CHECK_EQ_INT(solve("kn7/1s7/9/1N7/9/9/9/9/9 b P2r2b4g3s2n4l17p 1", NULL, NULL, 0), -1);
    /* no check at all */
    CHECK_EQ_INT(solve("4k4/9/9/9/9/9/9/9/9 b 2r2b4g4s4n4l18p 1", NULL, NULL, 0), -1);
    /* the attacker may check forever: repetition is no mate */
    CHECK_EQ_INT(solve("k8/9/1R7/9/9/9/9/9/9 b 2b4g4s4n4l18pr 1", NULL, NULL, 0), -1);
}

static void test_futile(void)
{
    const char *sfen = "8k/7pp/L3p1p2/RBB6/GGG6/GSS6/SSN6/NNN6/LLLR5 b 14p 1";
    char pv[256];
    CHECK_EQ_INT(solve(sfen, NULL, pv, sizeof pv), 1);
    sg_dfpn_opts o;
    sg_dfpn_opts_default(&o);
    o.futile = SG_FUTILE_ALL;
    CHECK_EQ_INT(solve(sfen, &o, pv, sizeof pv), 3);
    CHECK_EQ_STR(pv, "6i6a+ P*4a 6a4a");
    /* the evasions with and without the futile drop */
    sg_pos p;
    if (load(&p, sfen)) {
        sg_move m, ev[SG_MAX_MOVES];
        const char *why;
        CHECK(sg_move_from_usi(&p, "6i6a+", &m, &why));
        sg_undo u;
        sg_do_move(&p, m, &u);
        CHECK_EQ_INT(sg_tsume_evasions(&p, SG_FUTILE_JSA, ev), 0);
        CHECK_EQ_INT(sg_tsume_evasions(&p, SG_FUTILE_COMPOSER, ev), 0);
        CHECK_EQ_INT(sg_tsume_evasions(&p, SG_FUTILE_ALL, ev), 1);
    }
}

/* The composers' rule: the February 1967 problem (Kobayashi Masami, Kindai
 * Shogi, tests/data/records/jkf__kobayashi_kinsho196702.ki2) is published as
 * a mate in 49; its last drop, P*8b next to the king and the checker, is
 * futile for the composers and a defence under jsa (51).  Here the position
 * after its 42nd move, seven plies from the end (the whole problem is solved
 * in tests/sh/tsume.sh with the release build). */
static void test_futile_composer(void)
{
    const char *sfen = "k8/r3l4/2n2ln2/2+B1pp2p/3l4n/2lp5/6p2/9/7+p1 b Rb4g4sn12p 43";
    char pv[512];
    sg_dfpn_opts o;
    sg_dfpn_opts_default(&o);
    CHECK_EQ_INT(solve(sfen, &o, pv, sizeof pv), 9);
    CHECK_EQ_STR(pv, "7d7c 9a8a N*9c 9b9c R*8b 8a9a 8b8c+ P*8b 7c8b");
    o.futile = SG_FUTILE_COMPOSER;
    CHECK_EQ_INT(solve(sfen, &o, pv, sizeof pv), 7);
    o.futile = SG_FUTILE_ALL;
    CHECK_EQ_INT(solve(sfen, &o, pv, sizeof pv), 9);
    /* the record's last position: only drops on 8b are left (pawn, knight,
     * silver, gold, bishop), every one taken by the horse with mate */
    sg_pos p;
    if (load(&p, "k8/4l4/r+R+B2ln2/4pp2p/3l4n/2lp5/6p2/9/7+p1 w b4g4s2n12p 50")) {
        sg_move ev[SG_MAX_MOVES];
        CHECK_EQ_INT(sg_tsume_evasions(&p, SG_FUTILE_ALL, ev), 5);
        CHECK_EQ_INT(sg_tsume_evasions(&p, SG_FUTILE_JSA, ev), 5);
        CHECK_EQ_INT(sg_tsume_evasions(&p, SG_FUTILE_COMPOSER, ev), 0);
    }
}

static void test_limits(void)
{
    const char *sfen = "9/9/9/1+P1+B5/1p2S4/+pn7/1k2G4/s8/+l1L+p1+B3 b 3G2r2s3n2l14p 1";
    sg_dfpn_opts o;
    sg_dfpn_opts_default(&o);
    o.limits.nodes = 50;
    sg_pos p;
    sg_dfpn_result r;
    if (load(&p, sfen)) {
        sg_mate_table_clear(tt);
        sg_dfpn_solve(tt, &p, SG_BLACK, &o, &r);
        CHECK_EQ_INT(r.status, SG_DFPN_UNKNOWN);
        CHECK(r.nodes >= 50 && r.nodes < 5000);
        /* the stop flag */
        volatile int stop = 1;
        sg_dfpn_opts_default(&o);
        o.limits.stop = &stop;
        sg_mate_table_clear(tt);
        sg_dfpn_solve(tt, &p, SG_BLACK, &o, &r);
        CHECK_EQ_INT(r.status, SG_DFPN_UNKNOWN);
        CHECK(r.interrupted);
        /* max_length: no mate within 9, a mate within 11 */
        sg_dfpn_opts_default(&o);
        o.max_length = 9;
        sg_mate_table_clear(tt);
        sg_dfpn_solve(tt, &p, SG_BLACK, &o, &r);
        CHECK_EQ_INT(r.status, SG_DFPN_NOMATE);
        o.max_length = 11;
        sg_dfpn_solve(tt, &p, SG_BLACK, &o, &r);
        CHECK_EQ_INT(r.status, SG_DFPN_MATE);
        CHECK_EQ_INT(r.length, 11);
        /* shortest = false still proves a mate */
        sg_dfpn_opts_default(&o);
        o.shortest = false;
        o.pv = false;
        sg_mate_table_clear(tt);
        sg_dfpn_solve(tt, &p, SG_BLACK, &o, &r);
        CHECK_EQ_INT(r.status, SG_DFPN_MATE);
        CHECK(r.length >= 11 && r.length % 2 == 1);
        CHECK_EQ_INT(r.pv_len, 0);
    }
}

static void test_and_root(void)
{
    /* after G*5b the defender is to move and mated: length 0 */
    sg_pos p;
    sg_dfpn_opts o;
    sg_dfpn_opts_default(&o);
    sg_dfpn_result r;
    if (load(&p, "4k4/4G4/4P4/9/9/9/9/9/9 w 2r2b3g4s4n4l17p 2")) {
        sg_dfpn_solve(tt, &p, SG_BLACK, &o, &r);
        CHECK_EQ_INT(r.status, SG_DFPN_MATE);
        CHECK_EQ_INT(r.length, 0);
    }
    /* the defender to move but not in check: no tsume */
    if (load(&p, "4k4/9/4P4/9/9/9/9/9/9 w G2r2b3g4s4n4l17p 2")) {
        sg_dfpn_solve(tt, &p, SG_BLACK, &o, &r);
        CHECK_EQ_INT(r.status, SG_DFPN_NOMATE);
    }
    /* taking off the pawn that blocks the rook leaves the defender in check
     * with the attacker to move: no tsume either */
    if (load(&p, "4k4/4p4/9/9/9/9/9/9/4R4 b Gr2b3g4s4n4l17p 1")) {
        CHECK(sg_tsume_remove_piece(&p, sg_square_parse("5b"), SG_BLACK));
        sg_dfpn_solve(tt, &p, SG_BLACK, &o, &r);
        CHECK_EQ_INT(r.status, SG_DFPN_NOMATE);
    }
}

static void test_helpers(void)
{
    sg_pos p;
    char f[8][SG_TSUME_FAULT_LEN], buf[SG_SFEN_MAX];
    if (load(&p, "4k4/9/4P4/9/9/9/9/9/9 b G 1")) {
        sg_tsume_fill_hand(&p, SG_BLACK);
        sg_pos_to_sfen(&p, buf, sizeof buf);
        CHECK_EQ_STR(buf, "4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1");
        const char *why;
        CHECK(sg_pos_is_ok(&p, &why));
        CHECK_EQ_INT(sg_tsume_validate(&p, SG_BLACK, f, 8), 0);
        CHECK(sg_tsume_remove_piece(&p, sg_square_parse("5c"), SG_BLACK));
        CHECK(!sg_tsume_remove_piece(&p, sg_square_parse("5c"), SG_BLACK));
        CHECK(!sg_tsume_remove_piece(&p, sg_square_parse("5a"), SG_BLACK));
        sg_pos_to_sfen(&p, buf, sizeof buf);
        CHECK_EQ_STR(buf, "4k4/9/9/9/9/9/9/9/9 b G2r2b3g4s4n4l18p 1");
        CHECK(sg_pos_is_ok(&p, &why));
    }
    /* faults the SFEN reader already refuses, made by hand: two defender pawns
     * on a file, a dead knight, too many rooks */
    if (load(&p, "4k4/9/4p4/9/9/9/9/9/9 b 2r2b4g4s3n4l16p 1")) {
        sg_square b5 = sg_square_parse("5b"), i9 = sg_square_parse("9i");
        p.board[b5] = sg_make_piece(SG_WHITE, SG_PAWN);
        p.by_color[SG_WHITE] |= sg_bb_sq(b5);
        p.by_type[SG_PAWN] |= sg_bb_sq(b5);
        p.board[i9] = sg_make_piece(SG_WHITE, SG_KNIGHT);
        p.by_color[SG_WHITE] |= sg_bb_sq(i9);
        p.by_type[SG_KNIGHT] |= sg_bb_sq(i9);
        p.hand[SG_WHITE][SG_ROOK] = 3;
        int n = sg_tsume_validate(&p, SG_BLACK, f, 8);
        CHECK_EQ_INT(n, 3);
        CHECK_EQ_STR(f[0], "two unpromoted white pawns on file 5 (nifu)");
        CHECK_EQ_STR(f[1], "white knight on 9i can never move");
        CHECK_EQ_STR(f[2], "too many rooks: 3 (the set has 2)");
    }
    if (load(&p, "4k4/4G4/9/9/9/9/9/9/9 w 2r2b3g4s4n4l18p 1")) {
        int n = sg_tsume_validate(&p, SG_BLACK, f, 8);
        CHECK(n >= 2);
        CHECK_EQ_STR(f[0], "the attacker is not to move");
    }
    if (load(&p, "9/9/9/9/9/9/9/9/9 b 2r2b4g4s4n4l18p 1")) {
        CHECK_EQ_INT(sg_tsume_validate(&p, SG_BLACK, f, 8), 1);
        CHECK_EQ_STR(f[0], "the defender has 0 kings, a tsume needs one");
    }
}

int main(void)
{
    sg_init();
    tt = sg_mate_table_new((size_t)8 << 20);
    if (!tt) { printf("cannot allocate the table\n0 passed, 1 failed\n"); return 1; }
    test_table();
    test_short_mates();
    test_nomate();
    test_futile();
    test_futile_composer();
    test_limits();
    test_and_root();
    test_helpers();
    sg_mate_table_free(tt);
    return check_report();
}
