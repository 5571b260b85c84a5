/* The game-tree search: mates found with their scores, a hanging piece taken,
 * repetition and declaration, node/depth limits, the stop flag, MultiPV, the
 * evaluation callback and its abort. */
#include <stdlib.h>
#include "check.h"
#include "../../src/search/search.h"
#include "../../src/search/qmoves.h"
#include "../../src/search/movepick.h"
#include "../../src/search/see.h"
#include "../../src/search/mate1.h"
#include "../../src/os/clock.h"

static sg_search *S;

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

static const char *usi(sg_move m)
{
    static char buf[8][6];
    static int k;
    k = (k + 1) & 7;
    if (m == SG_MOVE_NONE) return "none";
    sg_move_to_usi(m, buf[k]);
    return buf[k];
}

/* searches sfen to depth (0: none) with nodes (0: none); returns the report */
static sg_search_report run(const char *sfen, int depth, uint64_t nodes, const sg_search_opts *opts)
{
    sg_search_report r;
    memset(&r, 0, sizeof r);
    sg_pos p;
    if (!load(&p, sfen)) return r;
    sg_search_opts o;
    sg_search_opts_default(&o);
    if (opts) o = *opts;
    o.depth = depth;
    sg_limits l = sg_limits_none();
    l.nodes = nodes;
    sg_search_clear(S);
    sg_search_run(S, &p, &o, &l, &r);
    return r;
}

static void test_mates(void)
{
    sg_search_report r = run("4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1", 3, 0, NULL);
    CHECK_EQ_STR(usi(r.best), "G*5b");
    CHECK_EQ_INT(r.score, SG_SCORE_MATE - 1);
    CHECK_EQ_INT(sg_score_mate_plies(r.score), 1);
    r = run("9/9/9/9/9/7np/8k/8B/7LR b rb4g4s3n3l17p 1", 5, 0, NULL);
    CHECK_EQ_INT(sg_score_mate_plies(r.score), 3);
    CHECK(r.line[0].pv_len >= 3);
    /* the same found by the root's df-pn probe at depth 1 */
    sg_search_opts mo;
    sg_search_opts_default(&mo);
    mo.mate_nodes = 100000;
    r = run("9/9/9/9/9/7np/8k/8B/7LR b rb4g4s3n3l17p 1", 1, 0, &mo);
    CHECK_EQ_INT(r.score, SG_SCORE_MATE - 3);
    CHECK_EQ_INT(r.line[0].pv_len, 3);
    CHECK_EQ_INT(r.depth, 3);
    /* the side to move is mated: no legal move, mated score, no best move */
    r = run("4k4/4G4/4P4/9/9/9/9/9/9 w 2r2b3g4s4n4l17p 2", 2, 0, NULL);
    CHECK_EQ_INT(r.best, SG_MOVE_NONE);
    CHECK_EQ_INT(r.score, -SG_SCORE_MATE);
}

/* is m one of the checks sg_mate_in_one looks at: a drop (pawns aside) or a
 * board move next to the king or a knight's jump from it (with one of ours
 * within two squares of the king), the moved piece the only checker after it? */
static bool mate1_kind(sg_pos *p, sg_move m)
{
    sg_square ek = p->king[sg_opp(p->side)], to = sg_move_to(m);
    bool knight = sg_move_is_drop(m) ? sg_move_dropped(m) == SG_KNIGHT : sg_move_piece_after(m) == SG_KNIGHT;
    bool near = (sg_tab->step[SG_BLACK][SG_KING][ek] & sg_bb_sq(to)) != 0;
    if (sg_move_is_drop(m) && sg_move_dropped(m) == SG_PAWN) return false;
    if (!near && !knight) return false;
    if (!sg_move_is_drop(m) && !(sg_tab->within_two[ek] & p->by_color[p->side])) return false;
    sg_undo u;
    sg_do_move(p, m, &u);
    bool only = p->checkers == sg_bb_sq(to);
    sg_undo_move(p, m, &u);
    return only;
}

static void test_mate_in_one(void)
{
    static const struct { const char *sfen, *move; } found[] = {
        {"4k4/9/4P4/9/9/9/9/9/9 b G 1", "G*5b"},          /* a guarded drop */
        {"4k4/9/4PG3/9/9/9/9/9/9 b - 1", "4c5b"},         /* a board move */
        {"7sk/8p/6G2/9/9/9/9/9/9 b N 1", "N*2c"},         /* a knight's drop */
        {"3gkg3/3nnn3/3P5/9/4N4/9/9/9/9 b - 1", "5e4c"},   /* a knight's jump */
    };
    for (size_t i = 0; i < sizeof found / sizeof found[0]; i++) {
        sg_pos p, before;
        sg_move m = SG_MOVE_NONE;
        if (!load(&p, found[i].sfen)) continue;
        before = p;
        if (!CHECK(sg_mate_in_one(&p, &m))) printf("  in %s\n", found[i].sfen);
        CHECK_EQ_STR(usi(m), found[i].move);
        CHECK(memcmp(&p, &before, sizeof p) == 0);
    }
    /* no mate: the pawn drop that would mate is uchifuzume; the start */
    static const char *none[] = {"7nk/9/8G/9/9/9/9/9/9 b P 1", "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"};
    for (size_t i = 0; i < sizeof none / sizeof none[0]; i++) {
        sg_pos p;
        sg_move m;
        if (load(&p, none[i]) && !CHECK(!sg_mate_in_one(&p, &m))) printf("  in %s: %s\n", none[i], usi(m));
    }
    /* random games: every mate it finds is one, and every mate of its kind is found */
    sg_pos p;
    if (!load(&p, "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1")) return;
    sg_pos start = p;
    uint32_t seed = 12345;
    int wrong = 0, missed = 0, mates = 0;
    for (int ply = 0; ply < 40000; ply++) {
        sg_move moves[SG_MAX_MOVES], m;
        int n = sg_gen_legal(&p, moves);
        if (n == 0 || ply % 300 == 299) { p = start; continue; }
        if (!sg_in_check(&p)) {
            bool ours = sg_mate_in_one(&p, &m);
            bool of_kind = false;
            for (int k = 0; k < n && !of_kind; k++) {
                sg_undo u;
                sg_do_move(&p, moves[k], &u);
                bool mated = !sg_has_legal_move(&p);
                sg_undo_move(&p, moves[k], &u);
                if (mated && mate1_kind(&p, moves[k])) of_kind = true;
            }
            if (ours) {
                mates++;
                sg_undo u;
                bool legal = sg_is_legal(&p, m) == SG_LEGAL;
                if (legal) sg_do_move(&p, m, &u);
                if (!legal || sg_has_legal_move(&p)) wrong++;
                if (legal) sg_undo_move(&p, m, &u);
            } else if (of_kind) {
                missed++;
                char sf[SG_SFEN_MAX];
                sg_pos_to_sfen(&p, sf, sizeof sf);
                printf("  missed: %s\n", sf);
            }
        }
        seed = seed * 1103515245u + 12345u;
        sg_undo u;
        sg_do_move(&p, moves[(seed >> 8) % (uint32_t)n], &u);
    }
    CHECK_EQ_INT(wrong, 0);
    CHECK_EQ_INT(missed, 0);
    CHECK(mates > 100);
}

static void test_hanging(void)
{
    sg_search_report r = run("4k4/9/9/9/4r4/9/9/4R4/4K4 b - 1", 4, 0, NULL);
    CHECK_EQ_STR(usi(r.best), "5h5e");
    CHECK(r.score > 500);
    /* a hanging bishop taken by a silver rather than a quiet move */
    r = run("4k4/9/9/9/9/4b4/3S5/9/4K4 b - 1", 4, 0, NULL);
    CHECK_EQ_STR(usi(r.best), "6g5f");
}

static void test_repetition(void)
{
    /* white is lost on material; black, white, black have moved kings back
     * and forth; white's 4a5a returns to the first position: a draw */
    sg_pos p[5];
    const char *moves[] = {"5i4i", "5a4a", "4i5i"};
    if (!load(&p[0], "4k4/9/9/9/9/9/9/9/RB2K2BR b 4G4S4N4L18P 1")) return;
    uint64_t keys[4];
    bool checks[4];
    keys[0] = sg_pos_key(&p[0]);
    checks[0] = false;
    for (int i = 0; i < 3; i++) {
        sg_move m;
        const char *why;
        p[i + 1] = p[i];
        CHECK(sg_move_from_usi(&p[i], moves[i], &m, &why));
        sg_undo u;
        sg_do_move(&p[i + 1], m, &u);
        keys[i + 1] = sg_pos_key(&p[i + 1]);
        checks[i + 1] = sg_in_check(&p[i + 1]);
    }
    sg_search_opts o;
    sg_search_opts_default(&o);
    o.depth = 3;
    o.history_keys = keys;
    o.history_check = checks;
    o.history_len = 4;
    sg_search_report r;
    sg_search_clear(S);
    sg_search_run(S, &p[3], &o, NULL, &r);
    CHECK_EQ_STR(usi(r.best), "4a5a");
    CHECK_EQ_INT(r.score, 0);
    /* without the history the same move is no draw */
    o.history_len = 0;
    sg_search_clear(S);
    sg_search_run(S, &p[3], &o, NULL, &r);
    CHECK(r.score < -1000);
}

static void test_perpetual(void)
{
    /* black checks with the rook 1b/1c back and forth while white's king steps
     * 2a-1a... here: the checking side is black, so the repetition loses for
     * black.  History: black checked with every move of the cycle. */
    sg_pos p[5];
    const char *moves[] = {"2c1c", "1a2a", "1c2c"};
    if (!load(&p[0], "8k/9/7R1/9/9/9/9/9/4K4 b - 1")) return;
    /* p0: black rook 2c, white king 1a; 2c1c checks, king 1a2a? (2a is attacked
     * by nothing after the rook left 2c), 1c2c checks again */
    uint64_t keys[4];
    bool checks[4];
    keys[0] = sg_pos_key(&p[0]);
    checks[0] = sg_in_check(&p[0]);
    for (int i = 0; i < 3; i++) {
        sg_move m;
        const char *why;
        p[i + 1] = p[i];
        if (!CHECK(sg_move_from_usi(&p[i], moves[i], &m, &why)) || !CHECK_EQ_INT(sg_is_legal(&p[i], m), SG_LEGAL))
            return;
        sg_undo u;
        sg_do_move(&p[i + 1], m, &u);
        keys[i + 1] = sg_pos_key(&p[i + 1]);
        checks[i + 1] = sg_in_check(&p[i + 1]);
    }
    CHECK(checks[1] && checks[3]);
    /* white to move at p3 (in check): 2a1a returns to p0 after black's... the
     * cycle p0..p4 has black checking at p1 and p3: black loses it, so white
     * likes the repetition: score for white is a win */
    sg_search_opts o;
    sg_search_opts_default(&o);
    o.depth = 2;
    o.history_keys = keys;
    o.history_check = checks;
    o.history_len = 4;
    sg_search_report r;
    sg_search_clear(S);
    sg_search_run(S, &p[3], &o, NULL, &r);
    CHECK_EQ_STR(usi(r.best), "2a1a");
    CHECK(r.score >= SG_SCORE_MATE_MIN);
    /* without the perpetual-check rule the same cycle is a plain draw */
    sg_rules rules;
    sg_rules_jsa(&rules, SG_STANDARD);
    rules.perpetual_check = false;
    o.rules = &rules;
    sg_search_clear(S);
    sg_search_run(S, &p[3], &o, NULL, &r);
    CHECK(r.score <= 0 || !sg_score_is_mate(r.score));
}

static void test_declaration(void)
{
    const char *sfen = "KRB6/GGGGSS3/SSNN5/9/9/9/9/9/4k4 b 8Prb2n4l10p 1";
    sg_rules rules;
    sg_rules_computer(&rules, SG_STANDARD);
    sg_search_opts o;
    sg_search_opts_default(&o);
    o.rules = &rules;
    sg_search_report r = run(sfen, 2, 0, &o);
    CHECK(r.declare);
    CHECK_EQ_INT(r.best, SG_MOVE_NONE);
    /* under JSA rules there is no declaration: a move */
    r = run(sfen, 2, 0, NULL);
    CHECK(!r.declare);
    CHECK(r.best != SG_MOVE_NONE);
}

static int progress_calls;
static void on_progress(void *ud, const void *report)
{
    (void)ud;
    const sg_search_report *r = report;
    progress_calls++;
    CHECK_EQ_INT(r->depth, progress_calls);
}

static void test_limits(void)
{
    sg_search_report r = run("startpos", 0, 20000, NULL);
    CHECK(r.nodes >= 20000 && r.nodes < 20100);
    CHECK(r.stopped);
    CHECK(r.best != SG_MOVE_NONE);
    r = run("startpos", 3, 0, NULL);
    CHECK_EQ_INT(r.depth, 3);
    CHECK(!r.stopped);
    /* the stop flag raised beforehand: the first move of the order, no hang */
    sg_pos p;
    load(&p, "startpos");
    volatile int stop = 1;
    sg_limits l = sg_limits_none();
    l.stop = &stop;
    sg_search_opts o;
    sg_search_opts_default(&o);
    sg_search_run(S, &p, &o, &l, &r);
    CHECK(r.stopped);
    CHECK(r.best != SG_MOVE_NONE);
    CHECK(r.nodes <= 2048 + 64);
    /* progress once per iteration */
    l = sg_limits_none();
    l.progress = on_progress;
    o.depth = 4;
    progress_calls = 0;
    sg_search_run(S, &p, &o, &l, &r);
    CHECK_EQ_INT(progress_calls, 4);
    /* a time limit */
    l = sg_limits_none();
    l.seconds = 0.2;
    o.depth = 0;
    double t0 = sg_clock_seconds();
    sg_search_run(S, &p, &o, &l, &r);
    CHECK(sg_clock_seconds() - t0 < 2.0);
    CHECK(r.stopped);
}

static void test_multipv(void)
{
    sg_search_opts o;
    sg_search_opts_default(&o);
    o.multipv = 3;
    sg_search_report r = run("startpos", 3, 0, &o);
    CHECK_EQ_INT(r.lines, 3);
    CHECK(r.line[0].move != r.line[1].move && r.line[1].move != r.line[2].move && r.line[0].move != r.line[2].move);
    CHECK(r.line[0].score >= r.line[1].score && r.line[1].score >= r.line[2].score);
    CHECK_EQ_INT(r.best, r.line[0].move);
    /* root moves restricted */
    sg_pos p;
    load(&p, "startpos");
    sg_move only;
    const char *why;
    sg_move_from_usi(&p, "1g1f", &only, &why);
    o.multipv = 1;
    o.root_moves = &only;
    o.root_moves_len = 1;
    r = run("startpos", 2, 0, &o);
    CHECK_EQ_STR(usi(r.best), "1g1f");
}

static int calls;
static int count_eval(void *ud, const sg_pos *p)
{
    sg_search *s = ud;
    calls++;
    CHECK_EQ_INT(sg_search_material(s), sg_eval_material(p));
    if (calls == 500) sg_search_abort(s);
    return sg_eval_material_only(NULL, p);
}

static void test_eval_hook(void)
{
    sg_search_opts o;
    sg_search_opts_default(&o);
    o.eval = count_eval;
    o.eval_ud = S;
    calls = 0;
    int before = check_failed;
    sg_search_report r = run("l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1", 0, 0, &o);
    CHECK(calls >= 500 && calls < 600);
    CHECK(check_failed == before);
    CHECK(r.eval_failed);
    CHECK(r.stopped);
    /* Sho: a captured piece is gone, not in hand, and the running material says so */
    sg_pos p;
    sg_error e;
    CHECK(sg_pos_from_sfen(&p, "lnsgkgsnl/1r2e2b1/pppp1pppp/9/4p4/4P4/PPPP1PPPP/1B2E2R1/LNSGKGSNL b - 1", SG_SHO, &e));
    sg_limits l = sg_limits_none();
    o.depth = 3;
    calls = 0;
    sg_search_clear(S);
    sg_search_run(S, &p, &o, &l, &r);
    CHECK(calls > 0 && check_failed == before);
}

/* the direct capture/promotion generator and the quiet one against filtering
 * every legal move, over random walks (in check, the quiet one filters too) */
static int cmp_move(const void *a, const void *b)
{
    sg_move x = *(const sg_move *)a, y = *(const sg_move *)b;
    return x < y ? -1 : x > y;
}

static void test_qmoves(void)
{
    static const char *const starts[] = {
        "startpos",
        "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1",
        "6n1l/2+S1k4/2lp4p/1np1B2b1/3PP4/1N1S3rP/1P2+pPP+p1/1p1G5/3KG2r1 b GSN2L4Pgs2p 1",
    };
    uint32_t seed = 12345;
    int positions = 0, mismatches = 0;
    for (int s0 = 0; s0 < 3; s0++) {
        for (int walk = 0; walk < 20; walk++) {
            sg_pos p;
            if (!load(&p, starts[s0])) return;
            for (int ply = 0; ply < 60; ply++) {
                static sg_move all[SG_MAX_MOVES], tac[SG_MAX_MOVES], want[SG_MAX_MOVES];
                static sg_move quiet[SG_MAX_MOVES], want_quiet[SG_MAX_MOVES];
                int n = sg_gen_legal(&p, all);
                if (n == 0) break;
                int k = 0, kq = 0;
                for (int i = 0; i < n; i++) {
                    if (sg_move_is_tactical(&p, all[i])) want[k++] = all[i];
                    else want_quiet[kq++] = all[i];
                }
                int t = sg_gen_tactical(&p, tac), q = sg_gen_quiets(&p, quiet);
                qsort(want, (size_t)k, sizeof *want, cmp_move);
                qsort(tac, (size_t)t, sizeof *tac, cmp_move);
                qsort(want_quiet, (size_t)kq, sizeof *want_quiet, cmp_move);
                qsort(quiet, (size_t)q, sizeof *quiet, cmp_move);
                positions++;
                bool same = t == k && memcmp(want, tac, sizeof *tac * (size_t)k) == 0;
                bool same_quiet = q == kq && memcmp(want_quiet, quiet, sizeof *quiet * (size_t)kq) == 0;
                if ((!same || !same_quiet) && mismatches++ < 3) {
                    char sfen[SG_SFEN_MAX];
                    sg_pos_to_sfen(&p, sfen, sizeof sfen);
                    printf("FAIL %s moves differ (%d, want %d) at %s\n", same ? "quiet" : "tactical",
                           same ? q : t, same ? kq : k, sfen);
                }
                /* prefer captures so the walks reach busy positions */
                seed = seed * 1103515245u + 12345u;
                sg_move m = all[(seed >> 8) % (uint32_t)n];
                if (k && ((seed >> 20) & 1)) m = want[(seed >> 4) % (uint32_t)k];
                /* the evaluation's running parts against a count from scratch */
                int psq = sg_eval_psq(&p) + sg_eval_psq_delta(&p, m);
                int mat = sg_eval_material(&p);
                int md = sg_eval_material_delta(m, sg_move_is_drop(m) ? SG_NO_PIECE : p.board[sg_move_to(m)], true);
                mat += p.side == SG_BLACK ? md : -md;
                sg_undo u;
                sg_do_move(&p, m, &u);
                if (psq != sg_eval_psq(&p) || mat != sg_eval_material(&p)) mismatches++;
            }
        }
    }
    CHECK(positions > 1000);
    CHECK_EQ_INT(mismatches, 0);
}

/* exchanges worked out by hand, in the evaluation's values */
static void test_see(void)
{
    static const struct { const char *sfen, *move; int want; } ROWS[] = {
        {"4k4/9/9/9/4r4/9/9/4R4/4K4 b - 1", "5h5e", 990},           /* a free rook */
        {"4k4/9/4g4/4p4/9/9/9/4R4/4K4 b - 1", "5h5d", 90 - 990},    /* rook for a defended pawn */
        {"4k4/9/3s5/4p4/9/9/4L4/4R4/4K4 b - 1", "5g5d", 90},        /* white does better not to retake */
        {"4k4/9/9/9/9/9/9/9/4K4 b P 1", "P*5e", 0},                  /* a drop on a quiet square */
        {"4k4/4g4/9/9/9/9/9/9/4K4 b S 1", "S*5c", -495},             /* a silver dropped where the gold takes */
        {"4k4/9/4g4/9/9/9/9/9/4K4 b R 1", "R*5b", -990 + 0},         /* the gold takes; no recapture */
        {"4k4/3g5/4p4/4P4/9/9/9/9/4K4 b - 1", "5d5c+", 90 + 450 - 540}, /* promotes taking; the gold takes */
        {"3gk4/9/4p4/4P4/9/9/9/9/4K4 b - 1", "5d5c+", 90 + 450},        /* nothing takes back */
    };
    for (size_t i = 0; i < sizeof ROWS / sizeof ROWS[0]; i++) {
        sg_pos p;
        sg_move m;
        const char *why;
        if (!load(&p, ROWS[i].sfen) || !CHECK(sg_move_from_usi(&p, ROWS[i].move, &m, &why))) continue;
        CHECK_EQ_INT(sg_is_legal(&p, m), SG_LEGAL);
        if (!CHECK_EQ_INT(sg_see(&p, m), ROWS[i].want)) printf("  %s %s\n", ROWS[i].sfen, ROWS[i].move);
    }
}

int main(void)
{
    test_see();
    test_qmoves();
    S = sg_search_new(4);
    if (!S) { printf("no memory\n"); return 1; }
    test_mate_in_one();
    test_mates();
    test_hanging();
    test_repetition();
    test_perpetual();
    test_declaration();
    test_limits();
    test_multipv();
    test_eval_hook();
    sg_search_free(S);
    return check_report();
}
