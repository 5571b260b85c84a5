/* The core's tables: piece facts, diagram problems and the lenient reader,
 * record endings, and the game's custom end-test callback. */
#include <stdlib.h>
#include "check.h"
#include "../../src/core/endings.h"
#include "../../src/core/game.h"
#include "../../src/core/notation.h"
#include "../../src/core/pieces.h"

static void test_pieces(void)
{
    const sg_piece_info *p = sg_piece_info_of(SG_PRO_LANCE);
    CHECK_EQ_STR(p->usi, "+L");
    CHECK_EQ_STR(p->csa, "NY");
    CHECK_EQ_STR(p->kanji, "成香");
    CHECK_EQ_STR(p->kanji1, "杏");
    CHECK_EQ_INT(p->unpromoted, SG_LANCE);
    CHECK_EQ_INT(sg_piece_info_of(SG_KNIGHT)->dead_ranks, 2);
    CHECK_EQ_INT(sg_piece_info_of(SG_ELEPHANT)->promoted, SG_PRINCE);
    CHECK(sg_piece_info_of(SG_NO_PT) == NULL);
    CHECK(sg_piece_info_of(7 + 0) != NULL);          /* the elephant */
    CHECK_EQ_INT(sg_variant_set(SG_STANDARD, SG_PAWN), 18);
    CHECK_EQ_INT(sg_variant_set(SG_STANDARD, SG_ELEPHANT), 0);
    CHECK(sg_variant_has(SG_SHO, SG_PRINCE));
    CHECK(!sg_variant_has(SG_STANDARD, SG_PRINCE));
    bool white = false;
    CHECK_EQ_INT(sg_ptype_from_usi("+r", 2, SG_STANDARD, &white), SG_DRAGON);
    CHECK(white);
    CHECK_EQ_INT(sg_ptype_from_usi("E", 1, SG_STANDARD, NULL), SG_NO_PT);
    CHECK_EQ_INT(sg_ptype_from_usi("E", 1, SG_SHO, NULL), SG_ELEPHANT);
    CHECK_EQ_INT(sg_ptype_from_usi("+G", 2, SG_STANDARD, NULL), SG_NO_PT);
    CHECK_EQ_INT(sg_hand_order()[0], SG_ROOK);
    CHECK_EQ_INT(sg_hand_order()[SG_HAND_ORDER_NB - 1], SG_PAWN);
    /* every name a table row gives is read back as that row */
    for (sg_ptype t = 1; t < SG_PT_NB; t++) {
        const sg_piece_info *pi = sg_piece_info_of(t);
        if (!pi) continue;
        const char *names[] = {pi->usi, pi->csa, pi->kanji, pi->kanji1};
        for (int i = 0; i < 4; i++) {
            int len = 0;
            if (i == 0 && sg_pt_is_promoted(t)) continue; /* "+P" is read as Western */
            CHECK_EQ_INT(sg_ptype_parse(names[i], &len), t);
            CHECK_EQ_INT(len, (int)strlen(names[i]));
        }
    }
}

static int problems_of(const char *sfen, sg_problem *out)
{
    sg_pos p;
    sg_error err;
    if (!sg_pos_read_sfen(&p, sfen, SG_STANDARD, false, &err)) {
        printf("lenient read failed: %s: %s\n", sfen, err.msg);
        return -1;
    }
    return sg_pos_problems(&p, out, SG_PROBLEMS_MAX);
}

static void test_problems(void)
{
    sg_problem pr[SG_PROBLEMS_MAX];
    char text[160];
    /* pawns stacked on one file, as Kifu for Windows' pawn challenges have them */
    int n = problems_of("4k4/4p4/4p4/4p4/4p4/4p4/4p4/4p4/4p4 w 2r2b4g4s4n4l 1", pr);
    CHECK_EQ_INT(n, 7 + 1); /* seven second pawns, and a white pawn on 5i that can never move */
    sg_pos p;
    sg_error err;
    CHECK(!sg_pos_from_sfen(&p, "4k4/4p4/4p4/9/9/9/9/9/4K4 b - 1", SG_STANDARD, &err));
    CHECK_EQ_STR(err.msg, "two unpromoted white pawns on file 5 (nifu)");
    CHECK_EQ_INT(err.col, 10);
    n = problems_of("4k4/4p4/4p4/9/9/9/9/9/4K4 b - 1", pr);
    CHECK_EQ_INT(n, 1);
    CHECK_EQ_INT(pr[0].kind, SG_PROBLEM_NIFU);
    CHECK_EQ_STR(sg_problem_id(pr[0].kind), "nifu");
    sg_problem_text(&pr[0], text, (int)sizeof text);
    CHECK_EQ_STR(text, "two unpromoted white pawns on file 5 (nifu)");
    n = problems_of("P3k4/9/9/9/9/9/9/9/4K4 b 18P 1", pr);
    CHECK_EQ_INT(n, 2);
    sg_problem_text(&pr[0], text, (int)sizeof text);
    CHECK_EQ_STR(text, "black pawn on 9a can never move");
    sg_problem_text(&pr[1], text, (int)sizeof text);
    CHECK_EQ_STR(text, "too many pawns: 19 (the set has 18)");
    n = problems_of("4k4/4R4/9/9/9/9/9/9/4K4 b - 1", pr);
    CHECK_EQ_INT(n, 1);
    CHECK_EQ_STR(sg_problem_id(pr[0].kind), "opponent-in-check");
    CHECK_EQ_INT(problems_of("startpos", pr), 0);
    /* syntax is never lenient */
    CHECK(!sg_pos_read_sfen(&p, "4k4/9/9/9/9/9/9/9/4K3K b - 1", SG_STANDARD, false, &err));
    CHECK_EQ_STR(err.msg, "two black kings");
    CHECK(!sg_pos_read_sfen(&p, "4k4/9/9 b - 1", SG_STANDARD, false, &err));
}

static sg_verdict verdict(sg_end reason, sg_outcome o, int winner)
{
    sg_verdict v;
    sg_verdict_clear(&v);
    v.reason = reason;
    v.outcome = o;
    v.winner = winner;
    if (o == SG_OUTCOME_WIN) v.loser_side = sg_opp((sg_color)winner);
    return v;
}

static const char *words(const sg_verdict *v, sg_color stm, sg_record_format f, char comment[SG_ENDING_COMMENT_MAX])
{
    sg_ending_words w;
    sg_ending_words_for(v, stm, f, &w);
    if (comment) strcpy(comment, w.comment);
    return w.word;
}

static void test_endings(void)
{
    char c[SG_ENDING_COMMENT_MAX];
    sg_verdict v = verdict(SG_END_RESIGNATION, SG_OUTCOME_WIN, SG_WHITE);
    CHECK_EQ_STR(words(&v, SG_BLACK, SG_REC_CSA, c), "TORYO");
    CHECK_EQ_STR(c, "");
    CHECK_EQ_STR(words(&v, SG_BLACK, SG_REC_KIF, NULL), "投了");
    /* a resignation by the side not to move has no word: interrupted, with the verdict */
    CHECK_EQ_STR(words(&v, SG_WHITE, SG_REC_CSA, c), "CHUDAN");
    CHECK_EQ_STR(c, "komadai verdict: resignation winner=w");
    /* perpetual check: the checking side's foul, never a draw */
    v = verdict(SG_END_PERPETUAL_CHECK, SG_OUTCOME_WIN, SG_WHITE);
    v.checking_side = SG_BLACK;
    CHECK_EQ_STR(words(&v, SG_WHITE, SG_REC_CSA, NULL), "+ILLEGAL_ACTION");
    CHECK_EQ_STR(words(&v, SG_WHITE, SG_REC_KIF, NULL), "反則勝ち");
    CHECK_EQ_STR(words(&v, SG_WHITE, SG_REC_JKF, NULL), "+ILLEGAL_ACTION");
    v = verdict(SG_END_PERPETUAL_CHECK, SG_OUTCOME_WIN, SG_BLACK);
    CHECK_EQ_STR(words(&v, SG_BLACK, SG_REC_CSA, NULL), "-ILLEGAL_ACTION");
    /* custom verdicts are never fouls */
    v = verdict(SG_END_CUSTOM, SG_OUTCOME_WIN, SG_BLACK);
    strcpy(v.custom_id, "took-gold");
    CHECK_EQ_STR(words(&v, SG_WHITE, SG_REC_KIF, c), "中断");
    CHECK_EQ_STR(c, "komadai verdict: took-gold winner=b");
    CHECK_EQ_STR(words(&v, SG_WHITE, SG_REC_CSA, NULL), "CHUDAN");
    char id[32];
    int winner = 5;
    CHECK(sg_ending_parse_comment(c, id, &winner));
    CHECK_EQ_STR(id, "took-gold");
    CHECK_EQ_INT(winner, SG_BLACK);
    CHECK(sg_ending_parse_comment("komadai verdict: tie winner=draw", id, &winner));
    CHECK_EQ_INT(winner, -1);
    CHECK(!sg_ending_parse_comment("komadai verdict: x winner=z", id, &winner));
    v = verdict(SG_END_MAX_MOVES, SG_OUTCOME_DRAW, -1);
    CHECK_EQ_STR(words(&v, SG_BLACK, SG_REC_CSA, NULL), "MAX_MOVES");
    CHECK_EQ_STR(words(&v, SG_BLACK, SG_REC_KIF, NULL), "持将棋");
    v = verdict(SG_END_TIME_UP, SG_OUTCOME_WIN, SG_BLACK);
    CHECK_EQ_STR(words(&v, SG_WHITE, SG_REC_KIF, NULL), "切れ負け");
    v = verdict(SG_END_CHECKMATE, SG_OUTCOME_WIN, SG_BLACK);
    CHECK_EQ_STR(words(&v, SG_WHITE, SG_REC_CSA, NULL), "TSUMI");
    /* reading */
    sg_ending_meaning m;
    CHECK(sg_ending_parse("%TORYO", SG_REC_CSA, SG_WHITE, &m));
    CHECK(m.result && m.reason == SG_END_RESIGNATION && m.loser == SG_WHITE);
    CHECK(sg_ending_parse("反則勝ち", SG_REC_KIF, SG_WHITE, &m));
    CHECK(m.result && m.reason == SG_END_ILLEGAL_MOVE && m.loser == SG_BLACK);
    CHECK(sg_ending_parse("切れ負け", SG_REC_KIF, SG_BLACK, &m));
    CHECK(m.reason == SG_END_TIME_UP && m.loser == SG_BLACK);
    CHECK(sg_ending_parse("-ILLEGAL_ACTION", SG_REC_JKF, SG_BLACK, &m));
    CHECK(m.loser == SG_WHITE);
    CHECK(sg_ending_parse("中断", SG_REC_KIF, SG_BLACK, &m));
    CHECK(!m.result);
    CHECK(sg_ending_parse("SENNICHITE", SG_REC_CSA, SG_BLACK, &m));
    CHECK(m.result && m.loser == -1);
    CHECK(!sg_ending_parse("投了", SG_REC_CSA, SG_BLACK, &m));
    CHECK(!sg_ending_parse("BOGUS", SG_REC_CSA, SG_BLACK, &m));
    /* every word the table writes reads back as its row */
    sg_ending_row r;
    for (int i = 0; sg_ending_row_at(i, &r); i++) {
        const char *w[3] = {r.csa, r.kif, r.jkf};
        for (int f = 0; f < SG_REC_NB; f++)
            if (w[f]) CHECK(sg_ending_parse(w[f], (sg_record_format)f, SG_BLACK, &m) && m.reason == r.reason);
    }
}

/* ---- the end-test callback ------------------------------------------------------------------------ */
static int calls;
static sg_test_status after_two(void *ud, sg_game *g, sg_custom_end *out)
{
    calls++;
    const char *id = ud;
    if (g->ply < 2) return SG_TEST_OPEN;
    if (strcmp(id, "fail") == 0) return SG_TEST_FAILED;
    out->outcome = SG_OUTCOME_WIN;
    out->winner = SG_WHITE;
    snprintf(out->id, sizeof out->id, "%s", id);
    CHECK_EQ_INT(sg_game_play(g, sg_move_make(sg_sq(2, 6), sg_sq(2, 5), SG_PAWN, false)), SG_PLAY_BUSY);
    CHECK(!sg_game_undo(g));
    return SG_TEST_ENDED;
}

static void test_end_test(void)
{
    sg_pos p;
    sg_error err;
    sg_rules r;
    sg_game g;
    sg_rules_jsa(&r, SG_STANDARD);
    CHECK(sg_pos_from_sfen(&p, "startpos", SG_STANDARD, &err));
    const char *ids[] = {"took-gold", "fail", "checkmate"};
    int expect[] = {SG_LEGAL, SG_PLAY_TEST_FAILED, SG_PLAY_BAD_VERDICT};
    for (int i = 0; i < 3; i++) {
        CHECK(sg_game_init(&g, &p, &r, NULL, NULL) == NULL);
        calls = 0;
        sg_game_set_end_test(&g, after_two, (void *)(uintptr_t)ids[i]);
        CHECK_EQ_INT(sg_game_check_end(&g), SG_LEGAL);
        CHECK_EQ_INT(calls, 1);
        CHECK_EQ_INT(sg_game_play(&g, sg_move_make(sg_sq(7, 6), sg_sq(7, 5), SG_PAWN, false)), SG_LEGAL);
        CHECK_EQ_INT(sg_game_play(&g, sg_move_make(sg_sq(3, 2), sg_sq(3, 3), SG_PAWN, false)), expect[i]);
        sg_verdict v;
        if (i == 0) {
            CHECK(sg_game_result(&g, &v));
            CHECK_EQ_STR(sg_verdict_id(&v), "took-gold");
            CHECK_EQ_INT(g.ply, 2);
        } else {
            CHECK(!sg_game_result(&g, &v));   /* the move was taken back */
            CHECK_EQ_INT(g.ply, 1);
        }
        if (i == 2) CHECK_EQ_STR(g.error, "a custom verdict's id may not be the id of a built-in end");
        sg_game_free(&g);
    }
}

/* a failed parse names the illegal move the text stands for (a record's stated foul) */
static void test_named_foul(void)
{
    sg_pos p;
    sg_error err;
    CHECK(sg_pos_from_sfen(&p, "startpos", SG_STANDARD, &err));
    const char *texts[] = {"7g7e", "+7775FU", "７五歩(77)"};
    const sg_notation ns[] = {SG_NOTATION_USI, SG_NOTATION_CSA, SG_NOTATION_KIF};
    for (int i = 0; i < 3; i++) {
        sg_move m = 1;
        CHECK(!sg_move_parse(&p, texts[i], ns[i], SG_SQ_NONE, &m, &err));
        char u[6] = "";
        if (m) sg_move_to_usi(m, u);
        CHECK_EQ_STR(u, "7g7e");
    }
    sg_move m = 1;
    CHECK(!sg_move_parse(&p, "７五歩", SG_NOTATION_JAPANESE, SG_SQ_NONE, &m, &err));
    CHECK_EQ_INT(m, SG_MOVE_NONE);
}

int main(void)
{
    test_named_foul();
    sg_init();
    test_pieces();
    test_problems();
    test_endings();
    test_end_test();
    return check_report();
}
