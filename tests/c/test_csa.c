/* The CSA protocol codec and game (src/proto): lines as shogi-server reads
 * them, names and passwords, the text the server writes, the clock's whole
 * seconds, and games to every end the protocol names. */
#include "check.h"
#include "../../src/proto/csa.h"
#include "../../src/proto/csa_rec.h"
#include "../../src/proto/md5.h"

static sg_csa_cmd parse(const char *s)
{
    sg_csa_cmd c;
    sg_csa_parse_line(s, (int)strlen(s), &c);
    return c;
}

static bool span_is(sg_span s, const char *w)
{
    return s.len == (int)strlen(w) && (s.len == 0 || memcmp(s.s, w, (size_t)s.len) == 0);
}

static void test_lines(void)
{
    static const struct { const char *line; sg_csa_kind kind; const char *a; } rows[] = {
        {"", SG_CSA_KEEPALIVE, ""},
        {"   ", SG_CSA_SPACE, ""},
        {"LOGOUT", SG_CSA_LOGOUT, ""},
        {"AGREE", SG_CSA_AGREE, ""},
        {"AGREE wdoor+floodgate-600-10+a+b+20260101", SG_CSA_AGREE, "wdoor+floodgate-600-10+a+b+20260101"},
        {"REJECT x", SG_CSA_REJECT, "x"},
        {"+7776FU", SG_CSA_MOVE, "+7776FU"},
        {"-3334FU,T3", SG_CSA_MOVE, "-3334FU"},
        {"%TORYO", SG_CSA_SPECIAL, "%TORYO"},
        {"%KACHI", SG_CSA_SPECIAL, "%KACHI"},
        {"%CHUDAN", SG_CSA_SPECIAL, "%CHUDAN"},
        {"%%WHO", SG_CSA_X_WHO, ""},
        {"%%LIST", SG_CSA_X_LIST, ""},
        {"%%SHOW g1", SG_CSA_X_SHOW, "g1"},
        {"%%SHOW", SG_CSA_UNKNOWN, ""},
        {"%%MONITOR2ON g1", SG_CSA_X_MONITOR2ON, "g1"},
        {"%%MONITOR2OFF g1", SG_CSA_X_MONITOR2OFF, "g1"},
        {"%%CHAT hello there", SG_CSA_X_CHAT, "hello there"},
        {"%%VERSION", SG_CSA_X_VERSION, ""},
        {"%%HELP", SG_CSA_X_HELP, ""},
        {"%%GAME", SG_CSA_X_GAME, ""},
        {"%%GAME test-60-10 +", SG_CSA_X_GAME, "test-60-10"},
        {"%%CHALLENGE test-60-10", SG_CSA_X_CHALLENGE, "test-60-10"},
        {"CHALLENGE", SG_CSA_CHALLENGE, ""},
        {"hello", SG_CSA_UNKNOWN, ""},
        {"LOGIN a b", SG_CSA_UNKNOWN, ""},
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        sg_csa_cmd c = parse(rows[i].line);
        if (!CHECK_EQ_INT(c.kind, rows[i].kind)) printf("  line '%s'\n", rows[i].line);
        if (!CHECK(span_is(c.a, rows[i].a))) printf("  line '%s': a '%.*s'\n", rows[i].line, c.a.len, c.a.s);
    }
    CHECK_EQ_INT(parse("%%GAME test-60-10 +").turn, '+');
    CHECK_EQ_INT(parse("%%GAME test-60-10 -").turn, '-');
    CHECK_EQ_INT(parse("%%GAME test-60-10").turn, '*');
    sg_csa_cmd c = parse("+7776FU,'* 30 -3334FU +2726FU");
    CHECK(span_is(c.a, "+7776FU"));
    CHECK(span_is(c.b, "* 30 -3334FU +2726FU"));
}

static void test_login(void)
{
    sg_csa_cmd c;
    const char *l = "LOGIN alice floodgate-600-10,secret";
    CHECK(sg_csa_parse_login(l, (int)strlen(l), &c));
    CHECK(span_is(c.a, "alice"));
    CHECK(span_is(c.b, "floodgate-600-10,secret"));
    CHECK(!c.x1);
    l = "LOGIN bob pw x1";
    CHECK(sg_csa_parse_login(l, (int)strlen(l), &c) && c.x1);
    const char *bad[] = {"LOGIN", "LOGIN a", "LOGIN a b c", "LOGIN a b x1 d", "LOGIN b@d/ pw", "login a b",
                         "LOGIN aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa pw"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        if (!CHECK(!sg_csa_parse_login(bad[i], (int)strlen(bad[i]), &c))) printf("  '%s'\n", bad[i]);
}

static void test_names(void)
{
    const char *good[] = {"floodgate-600-10", "floodgate-600-10F", "a-0-0", "x.y@z_1-1500-0", "hc2p_x-900-5"};
    const char *bad[] = {"floodgate-600", "-600-10", "a b-1-1", "a-1-1G", "a--1", "a-1-", "a/b-1-1", ""};
    for (size_t i = 0; i < sizeof good / sizeof good[0]; i++)
        if (!CHECK(sg_csa_game_name_ok(good[i], (int)strlen(good[i])))) printf("  '%s'\n", good[i]);
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        if (!CHECK(!sg_csa_game_name_ok(bad[i], (int)strlen(bad[i])))) printf("  '%s'\n", bad[i]);
    sg_csa_time t;
    CHECK(sg_csa_game_time("floodgate-600-10", 16, &t));
    CHECK(t.total == 600 && t.byoyomi == 10 && t.increment == 0 && !t.stopwatch);
    CHECK(sg_csa_game_time("floodgate-300-10F", 17, &t));
    CHECK(t.total == 300 && t.byoyomi == 0 && t.increment == 10);
    CHECK(sg_csa_game_time("x-15-01", 7, &t) && t.stopwatch);

    static const struct { const char *pw, *name, *trip; char turn; } rows[] = {
        {"floodgate-600-10,secret", "floodgate-600-10", "secret", '*'},
        {"floodgate-600-10", "floodgate-600-10", "", '*'},
        {"floodgate-600-10-b", "floodgate-600-10", "", '+'},
        {"game-60-0-W,tr,ip", "game-60-0", "tr,ip", '-'},
        {"secret", SG_CSA_DEFAULT_GAME, "secret", '*'},
        {"bad name-1-1,t", SG_CSA_DEFAULT_GAME, "t", '*'},
        {"g-1-1,", SG_CSA_DEFAULT_GAME, "g-1-1,", '*'},
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        char name[SG_CSA_NAME_MAX];
        sg_span trip;
        char turn;
        sg_csa_parse_password(rows[i].pw, (int)strlen(rows[i].pw), name, &trip, &turn);
        if (!CHECK_EQ_STR(name, rows[i].name) || !CHECK(span_is(trip, rows[i].trip)) ||
            !CHECK_EQ_INT(turn, rows[i].turn))
            printf("  password '%s'\n", rows[i].pw);
    }
}

static const char START_CSA[] =
    "P1-KY-KE-GI-KI-OU-KI-GI-KE-KY\n"
    "P2 * -HI *  *  *  *  * -KA * \n"
    "P3-FU-FU-FU-FU-FU-FU-FU-FU-FU\n"
    "P4 *  *  *  *  *  *  *  *  * \n"
    "P5 *  *  *  *  *  *  *  *  * \n"
    "P6 *  *  *  *  *  *  *  *  * \n"
    "P7+FU+FU+FU+FU+FU+FU+FU+FU+FU\n"
    "P8 * +KA *  *  *  *  * +HI * \n"
    "P9+KY+KE+GI+KI+OU+KI+GI+KE+KY\n"
    "+\n";

static void test_writing(void)
{
    sg_pos p;
    sg_error err;
    CHECK(sg_pos_from_sfen(&p, "startpos", SG_STANDARD, &err));
    char buf[2048];
    sg_csa_write_position(&p, buf, sizeof buf);
    CHECK_EQ_STR(buf, START_CSA);
    CHECK(sg_pos_from_sfen(&p, "4k4/9/9/9/9/9/9/9/4K4 w R2Pb 1", SG_STANDARD, &err));
    sg_csa_write_position(&p, buf, sizeof buf);
    CHECK(strstr(buf, "P+00HI00FU00FU\nP-00KA\n-\n") != NULL);
    CHECK(sg_pos_from_sfen(&p, "startpos", SG_STANDARD, &err));
    sg_csa_summary s = {"ev+g-60-10+a+b+20260101000000", {"a", "b"}, &p, 256, {60, 10, 0, false}, 0};
    int n = sg_csa_write_summary(&s, 1, buf, sizeof buf);
    CHECK(n > 0 && n == (int)strlen(buf));
    CHECK(strncmp(buf, "BEGIN Game_Summary\nProtocol_Version:1.2\nProtocol_Mode:Server\n", 60) == 0);
    CHECK(strstr(buf, "\nYour_Turn:-\nRematch_On_Draw:NO\nTo_Move:+\nMax_Moves:256\n") != NULL);
    CHECK(strstr(buf, "BEGIN Time\nTime_Unit:1sec\nTotal_Time:60\nByoyomi:10\nIncrement:0\n"
                      "Least_Time_Per_Move:0\nEND Time\nBEGIN Position\nP1-KY") != NULL);
    CHECK(strstr(buf, "P9+KY+KE+GI+KI+OU+KI+GI+KE+KY\n+\nEND Position\nEND Game_Summary\n") != NULL);
    CHECK(sg_csa_write_summary(&s, 0, buf, 20) == 19 && strlen(buf) == 19);

    static const struct { sg_csa_result r; int winner, to; const char *text; } rows[] = {
        {SG_CSA_RES_TORYO, 0, 0, "%TORYO\n#RESIGN\n#WIN\n"},
        {SG_CSA_RES_TORYO, 0, 1, "%TORYO\n#RESIGN\n#LOSE\n"},
        {SG_CSA_RES_ABNORMAL, 1, 1, "%TORYO\n#RESIGN\n#WIN\n"},
        {SG_CSA_RES_TIME_UP, 1, 0, "#TIME_UP\n#LOSE\n"},
        {SG_CSA_RES_KACHI, 1, 1, "%KACHI\n#JISHOGI\n#WIN\n"},
        {SG_CSA_RES_ILLEGAL_KACHI, 0, 1, "%KACHI\n#ILLEGAL_MOVE\n#LOSE\n"},
        {SG_CSA_RES_ILLEGAL_MOVE, 0, 1, "#ILLEGAL_MOVE\n#LOSE\n"},
        {SG_CSA_RES_OUTE_SENNICHITE, 1, 1, "#OUTE_SENNICHITE\n#WIN\n"},
        {SG_CSA_RES_SENNICHITE, -1, 0, "#SENNICHITE\n#DRAW\n"},
        {SG_CSA_RES_MAX_MOVES, -1, 1, "#MAX_MOVES\n#CENSORED\n"},
        {SG_CSA_RES_CHUDAN, -1, 1, "#CHUDAN\n"},
        {SG_CSA_RES_CUSTOM, 0, 0, "#CHUDAN\n#WIN\n"},
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        sg_csa_result_lines(rows[i].r, rows[i].winner, rows[i].to, buf, sizeof buf);
        CHECK_EQ_STR(buf, rows[i].text);
    }
    CHECK_EQ_STR(sg_csa_result_summary_type(SG_CSA_RES_TIME_UP), "time up");
    CHECK_EQ_STR(sg_csa_result_record_word(SG_CSA_RES_ABNORMAL), "%TORYO");
    CHECK(sg_csa_result_record_word(SG_CSA_RES_SENNICHITE) == NULL);
}

static void test_clock(void)
{
    sg_clock c;
    sg_clock_init(&c, 0, 10, 0, 0);
    CHECK(!sg_clock_timed_out(&c, 0, 9.99));
    CHECK(sg_clock_timed_out(&c, 0, 10.0));
    CHECK_EQ_INT(sg_clock_charge(&c, 0, 9.99), 9);
    CHECK_EQ_INT(c.remaining[0], 0);
    CHECK(sg_clock_deadline(&c, 0) == 10.0);
    sg_clock_init(&c, 60, 0, 0, 0);
    CHECK_EQ_INT(sg_clock_charge(&c, 1, 3.7), 3);
    CHECK_EQ_INT(c.remaining[1], 57);
    CHECK(!sg_clock_timed_out(&c, 1, 56.9));
    CHECK(sg_clock_timed_out(&c, 1, 57.0));
    sg_clock_init(&c, 60, 0, 0, 2);
    CHECK_EQ_INT(sg_clock_charge(&c, 0, 0.5), 2);
    sg_clock_init(&c, 10, 0, 5, 0);
    CHECK_EQ_INT(sg_clock_charge(&c, 0, 3.2), 3);
    CHECK_EQ_INT(c.remaining[0], 12);
    CHECK(sg_clock_deadline(&c, 0) == 17.0);
    sg_clock_init(&c, 0, 0, 0, 0);
    CHECK(!sg_clock_limited(&c) && !sg_clock_timed_out(&c, 0, 1e9) && sg_clock_deadline(&c, 0) < 0);
}

/* ---- games --------------------------------------------------------------------------- */
static sg_csa_match m;
static sg_csa_event ev;

static void start(const char *sfen, int max_moves, int total, int byoyomi)
{
    sg_pos p;
    sg_error err;
    sg_rules r;
    CHECK(sg_pos_from_sfen(&p, sfen, SG_STANDARD, &err));
    sg_rules_computer(&r, SG_STANDARD);
    r.max_moves = max_moves;
    sg_clock c;
    sg_clock_init(&c, total, byoyomi, 0, 0);
    CHECK(sg_csa_match_init(&m, &p, &r, &c) == NULL);
    CHECK(!sg_csa_match_agree(&m, 1));
    CHECK(sg_csa_match_agree(&m, 0));
}

static void send(int side, const char *line, double elapsed)
{
    sg_csa_cmd c = parse(line);
    sg_csa_match_line(&m, side, &c, elapsed, &ev);
}

static void test_games(void)
{
    start("startpos", 256, 600, 10);
    send(1, "-3334FU", 1);
    CHECK(ev.not_your_turn && !ev.moved);
    send(0, "+7776FU", 2.5);
    CHECK(ev.moved && !ev.ended);
    CHECK_EQ_STR(ev.echo, "+7776FU,T2");
    CHECK_EQ_STR(m.last_move, "+7776FU,T2");
    /* out of turn: black's last move again is a resend; another move or a word is kept */
    send(0, "+7776FU", 0);
    CHECK(ev.repeated && !ev.not_your_turn && !ev.moved && !ev.ended);
    send(0, "+7776FU,'* 12 +7776FU", 0);
    CHECK(ev.repeated && !ev.moved);
    send(0, "+2726FU", 0);
    CHECK(ev.not_your_turn && !ev.repeated);
    send(0, "+7776F", 0);
    CHECK(ev.not_your_turn && !ev.repeated);
    send(0, "%TORYO", 0);
    CHECK(ev.not_your_turn && !ev.repeated);
    send(1, "%TORYO", 0);
    CHECK(ev.ended && m.result == SG_CSA_RES_TORYO && m.winner == 0);
    CHECK(m.game.verdict.reason == SG_END_RESIGNATION);
    send(0, "+2726FU", 0);
    CHECK(ev.ignored);
    sg_csa_match_free(&m);

    start("startpos", 256, 600, 10);
    send(0, "+7775FU", 0);
    CHECK(ev.ended && !ev.moved && m.result == SG_CSA_RES_ILLEGAL_MOVE && m.winner == 1);
    CHECK_EQ_STR(ev.illegal, "+7775FU");
    CHECK_EQ_STR(m.cause, "illegal move");
    CHECK(m.game.verdict.reason == SG_END_ILLEGAL_MOVE);
    sg_csa_match_free(&m);

    start("startpos", 256, 600, 10);
    send(0, "-3334FU", 0); /* white's sign on black's move */
    CHECK(ev.ended && m.result == SG_CSA_RES_ILLEGAL_MOVE && m.winner == 1);
    sg_csa_match_free(&m);

    start("7lk/7p1/7G1/9/9/9/9/9/4K4 b P 1", 256, 600, 10);
    send(0, "+0012FU", 0);
    CHECK(ev.ended && m.result == SG_CSA_RES_ILLEGAL_MOVE);
    CHECK_EQ_STR(m.cause, "uchifuzume");
    sg_csa_match_free(&m);

    start("startpos", 256, 0, 10);
    sg_csa_match_tick(&m, 9.5, &ev);
    CHECK(!ev.ended);
    sg_csa_match_tick(&m, 10.0, &ev);
    CHECK(ev.ended && m.result == SG_CSA_RES_TIME_UP && m.winner == 1);
    CHECK(m.game.verdict.reason == SG_END_TIME_UP);
    sg_csa_match_free(&m);

    start("startpos", 256, 0, 10);
    send(0, "+7776FU", 10.2);
    CHECK(ev.ended && !ev.moved && m.result == SG_CSA_RES_TIME_UP);
    sg_csa_match_free(&m);

    start("startpos", 256, 600, 10);
    const char *cycle[] = {"+5948OU", "-5142OU", "+4859OU", "-4251OU"};
    int moves = 0;
    for (int k = 0; k < 12 && m.phase == SG_CSA_PLAYING; k++, moves++) send(k % 2, cycle[k % 4], 0);
    CHECK_EQ_INT(moves, 12);
    CHECK(ev.moved && ev.ended && m.result == SG_CSA_RES_SENNICHITE && m.winner == -1);
    sg_csa_match_free(&m);

    start("startpos", 4, 600, 10);
    for (int k = 0; k < 4; k++) send(k % 2, cycle[k], 0);
    CHECK(ev.moved && ev.ended && m.result == SG_CSA_RES_MAX_MOVES);
    sg_csa_match_free(&m);

    start("startpos", 256, 600, 10);
    send(0, "%KACHI", 1);
    CHECK(ev.moved && ev.ended && m.result == SG_CSA_RES_ILLEGAL_KACHI && m.winner == 1);
    CHECK_EQ_STR(ev.echo, "%KACHI,T1");
    sg_csa_match_free(&m);

    /* black's king and 10 pieces with 28 points in white's camp */
    start("+R+B+S+S+N+N+L+LK/9/PPPPPPPPP/9/9/9/9/9/4k4 b RB4G9p 1", 256, 600, 10);
    send(0, "%KACHI", 0);
    CHECK(ev.ended && m.result == SG_CSA_RES_KACHI && m.winner == 0);
    CHECK(m.game.verdict.reason == SG_END_DECLARATION);
    sg_csa_match_free(&m);

    start("startpos", 256, 600, 10);
    send(0, "%CHUDAN", 0);
    CHECK(ev.ended && m.result == SG_CSA_RES_CHUDAN && m.winner == -1);
    sg_csa_match_free(&m);

    start("startpos", 256, 600, 10);
    send(0, "%MATTA", 0);
    CHECK(ev.ended && m.result == SG_CSA_RES_ILLEGAL_MOVE && m.winner == 1);
    sg_csa_match_free(&m);

    start("startpos", 256, 600, 10);
    sg_csa_match_stop(&m, SG_CSA_RES_ABNORMAL, 1, &ev);
    CHECK(ev.ended && m.result == SG_CSA_RES_ABNORMAL && m.winner == 0);
    sg_csa_match_free(&m);

    start("startpos", 256, 600, 10);
    sg_csa_match_custom(&m, 1, "took-gold", &ev);
    CHECK(ev.ended && m.result == SG_CSA_RES_CUSTOM && m.winner == 1);
    CHECK_EQ_STR(m.cause, "took-gold");
    sg_csa_match_free(&m);

    /* a mate ends nothing until the mated side resigns; its moves are illegal */
    start("startpos", 256, 600, 10);
    const char *fool[] = {"+2726FU", "-5152OU", "+2625FU", "-5262OU", "+2524FU", "-6272OU"};
    for (int k = 0; k < 6; k++) send(k % 2, fool[k], 0);
    CHECK(m.phase == SG_CSA_PLAYING);
    sg_csa_match_free(&m);
    start("4k4/9/4P4/9/9/9/9/9/4K4 b G 1", 256, 600, 10);
    send(0, "+0052KI", 0);
    CHECK(ev.moved && !ev.ended && m.phase == SG_CSA_PLAYING);
    send(1, "-5141OU", 0);
    CHECK(ev.ended && m.result == SG_CSA_RES_ILLEGAL_MOVE && m.winner == 0);
    sg_csa_match_free(&m);
}

static void test_md5(void)
{
    char h[33];
    sg_md5_hex("", 0, h);
    CHECK_EQ_STR(h, "d41d8cd98f00b204e9800998ecf8427e");
    sg_md5_hex("abc", 3, h);
    CHECK_EQ_STR(h, "900150983cd24fb0d6963f7d28e17f72");
    const char *q = "12345678901234567890123456789012345678901234567890123456789012345678901234567890";
    sg_md5_hex(q, strlen(q), h);
    CHECK_EQ_STR(h, "57edf4a22be3c955ac49da2e2107b67a");
}

/* the record reader (csa_rec.h): PI, a growing file's half line, a foul, the summary */
static void test_records(void)
{
    sg_csa_rec r;
    const char *a = "V2\nN+a\nN-b\n$EVENT:e+g-300-10+a+b+1\nPI\n+\n+7776FU\nT5\n'* 12 -3334FU\n-3334F";
    CHECK(sg_csa_rec_read(&r, a, strlen(a)));
    CHECK(r.has_start && r.has_time);
    CHECK_EQ_INT(r.time.total, 300);
    CHECK_EQ_INT(r.time.byoyomi, 10);
    CHECK_EQ_INT(r.n, 1);                       /* the half-written line is left for the next read */
    CHECK_EQ_INT(r.moves[0].used, 5);
    CHECK_EQ_STR(r.moves[0].comment, "12 -3334FU");
    CHECK_EQ_STR(r.error, "");
    CHECK(!r.finished && !r.summary);
    sg_csa_rec_free(&r);
    const char *b = "PI\n-\n-3334FU\n-3334FU\n+2726FU\n";  /* white first; then white again: a foul */
    CHECK(sg_csa_rec_read(&r, b, strlen(b)));
    CHECK_EQ_INT(r.n, 1);
    CHECK(strncmp(r.error, "line 4: ", 8) == 0);
    sg_csa_rec_free(&r);
    const char *c = "P1-KY\n+\n";           /* a short position line */
    CHECK(sg_csa_rec_read(&r, c, strlen(c)));
    CHECK(!r.has_start && strstr(r.error, "line 1: cannot read the position line") == r.error);
    sg_csa_rec_free(&r);
    const char *d = "PI\r\n+\r\n+7776FU,T1\r\n%TORYO\r\n'summary:toryo:a lose:b win\r\n'$END_TIME:x\r\n";
    CHECK(sg_csa_rec_read(&r, d, strlen(d)));
    CHECK_EQ_INT(r.n, 1);
    CHECK_EQ_INT(r.moves[0].used, 1);
    CHECK_EQ_STR(r.end_word, "%TORYO");
    CHECK_EQ_STR(r.cause, "toryo");
    CHECK_EQ_INT(r.winner, 1);
    CHECK(r.finished);
    sg_csa_rec_free(&r);
}

int main(void)
{
    test_md5();
    sg_init();
    test_lines();
    test_login();
    test_names();
    test_writing();
    test_clock();
    test_games();
    test_records();
    return check_report();
}
