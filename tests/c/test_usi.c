/* The USI codec: commands parsed or refused with their reasons, the protocol
 * state machine, info and bestmove lines, the time budget. */
#include "check.h"
#include "../../src/proto/usi.h"
#include "../../src/search/timeman.h"

static sg_usi_cmd cmd;

/* {line, expected kind, expected error prefix or NULL} */
static const struct { const char *line; sg_usi_kind kind; const char *err; } ROWS[] = {
    {"", SG_USI_EMPTY, NULL},
    {"   ", SG_USI_EMPTY, NULL},
    {"usi", SG_USI_USI, NULL},
    {"isready", SG_USI_ISREADY, NULL},
    {"usinewgame", SG_USI_NEWGAME, NULL},
    {"stop", SG_USI_STOP, NULL},
    {"ponderhit", SG_USI_PONDERHIT, NULL},
    {"quit", SG_USI_QUIT, NULL},
    {"quit now", SG_USI_BAD, "quit takes no arguments ('now')"},
    {"gameover win", SG_USI_GAMEOVER, NULL},
    {"gameover maybe", SG_USI_BAD, "gameover: win, lose or draw expected"},
    {"foo", SG_USI_BAD, "unknown command 'foo'"},
    {"fo\x1b[2Jo", SG_USI_BAD, "unknown command 'fo\\x1B[2Jo'"},           /* bad bytes quoted (sg_quote) */
    {"go warp\xff", SG_USI_BAD, "go: unknown word 'warp\\xFF'"},
    {"position startpos moves 7g\x01" "f", SG_USI_BAD, "position: move 1 '7g\\x01f' is not a move: "},
    {"position startpos", SG_USI_POSITION, NULL},
    {"position startpos moves 7g7f 3c3d", SG_USI_POSITION, NULL},
    {"position", SG_USI_BAD, "position: startpos or sfen expected"},
    {"position start", SG_USI_BAD, "position: startpos or sfen expected, not 'start'"},
    {"position startpos 7g7f", SG_USI_BAD, "position: 'moves' expected, not '7g7f'"},
    {"position sfen garbage", SG_USI_BAD, "position: sfen:1:2: "},
    {"position sfen", SG_USI_BAD, "position: sfen text expected after 'sfen'"},
    {"position sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1 2", SG_USI_BAD,
     "position: the sfen has more than four fields ('2')"},
    {"position sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1 moves 3c3d", SG_USI_POSITION, NULL},
    {"position startpos moves 7g7e", SG_USI_BAD, "position: move 1 7g7e is illegal: "},
    {"position startpos moves 7g7f xyz", SG_USI_BAD, "position: move 2 'xyz' is not a move: "},
    {"position startpos moves 7g7f 7g7f", SG_USI_BAD, "position: move 2 7g7f is illegal: "},
    {"go", SG_USI_GO, NULL},
    {"go btime 1000 wtime 2000 byoyomi 3000", SG_USI_GO, NULL},
    {"go btime 1000 wtime 2000 binc 10 winc 10", SG_USI_GO, NULL},
    {"go movetime 500", SG_USI_GO, NULL},
    {"go depth 3", SG_USI_GO, NULL},
    {"go nodes 1000", SG_USI_GO, NULL},
    {"go infinite", SG_USI_GO, NULL},
    {"go ponder btime 0 wtime 0 byoyomi 1000", SG_USI_GO, NULL},
    {"go mate 1000", SG_USI_GO, NULL},
    {"go mate infinite", SG_USI_GO, NULL},
    {"go searchmoves 7g7f 2g2f", SG_USI_GO, NULL},
    {"go btime", SG_USI_BAD, "go: btime needs a number of milliseconds"},
    {"go btime -5", SG_USI_BAD, "go: btime takes milliseconds, not '-5'"},
    {"go byoyomi 1e3", SG_USI_BAD, "go: byoyomi takes milliseconds, not '1e3'"},
    {"go depth 0", SG_USI_GO, NULL},   /* no depth limit, as a search's depth 0 */
    {"go depth -1", SG_USI_BAD, "go: depth takes a number from 0 (no limit) to 120"},
    {"go depth 121", SG_USI_BAD, "go: depth takes a number from 0 (no limit) to 120"},
    {"go depth x", SG_USI_BAD, "go: depth takes a number from 0 (no limit) to 120"},
    {"go nodes many", SG_USI_BAD, "go: nodes takes a positive number"},
    {"go mate soon", SG_USI_BAD, "go: mate takes milliseconds or infinite, not 'soon'"},
    {"go fast", SG_USI_BAD, "go: unknown word 'fast'"},
    {"setoption name USI_Hash value 32", SG_USI_SETOPTION, NULL},
    {"setoption name Book", SG_USI_SETOPTION, NULL},
    {"setoption", SG_USI_BAD, "setoption: 'setoption name NAME [value VALUE]' expected"},
    {"setoption name", SG_USI_BAD, "setoption: the option's name is missing"},
    {"setoption name value 3", SG_USI_BAD, "setoption: the option's name is missing"},
    {"setoption name Skill Level value 3", SG_USI_SETOPTION, NULL},
    {"setoption name Clear Hash", SG_USI_SETOPTION, NULL},
};

static void test_parse(void)
{
    for (size_t i = 0; i < sizeof ROWS / sizeof ROWS[0]; i++) {
        sg_usi_kind k = sg_usi_parse(ROWS[i].line, SG_STANDARD, &cmd);
        if (!CHECK_EQ_INT(k, ROWS[i].kind)) printf("  line: %s (%s)\n", ROWS[i].line, cmd.err);
        if (ROWS[i].err && !CHECK(strncmp(cmd.err, ROWS[i].err, strlen(ROWS[i].err)) == 0))
            printf("  line: %s\n  got: %s\n", ROWS[i].line, cmd.err);
    }
    sg_usi_parse("go btime 1000 wtime 2000 byoyomi 3000 binc 5", SG_STANDARD, &cmd);
    CHECK_EQ_INT(cmd.go.btime, 1000);
    CHECK_EQ_INT(cmd.go.wtime, 2000);
    CHECK_EQ_INT(cmd.go.byoyomi, 3000);
    CHECK_EQ_INT(cmd.go.binc, 5);
    CHECK_EQ_INT(cmd.go.winc, -1);
    CHECK_EQ_INT(cmd.go.movetime, -1);
    sg_usi_parse("position startpos moves 7g7f 3c3d 8h2b+", SG_STANDARD, &cmd);
    CHECK_EQ_INT(cmd.nmoves, 3);
    sg_usi_parse("setoption name Style value very sharp ", SG_STANDARD, &cmd);
    CHECK_EQ_STR(cmd.name, "Style");
    CHECK_EQ_STR(cmd.value, "very sharp");
    /* names with spaces, as GUIs send them; a button has no value */
    sg_usi_parse("setoption name Skill  Level value 3", SG_STANDARD, &cmd);
    CHECK_EQ_STR(cmd.name, "Skill Level");
    CHECK_EQ_STR(cmd.value, "3");
    sg_usi_parse("setoption name Clear Hash", SG_STANDARD, &cmd);
    CHECK_EQ_STR(cmd.name, "Clear Hash");
    CHECK_EQ_STR(cmd.value, "");
    sg_usi_parse("setoption name X val 3", SG_STANDARD, &cmd);
    CHECK_EQ_STR(cmd.name, "X val 3");
    sg_usi_parse("go depth 0", SG_STANDARD, &cmd);
    CHECK_EQ_INT(cmd.go.depth, 0);
    sg_usi_parse("go mate 1500", SG_STANDARD, &cmd);
    CHECK(cmd.go.mate);
    CHECK_EQ_INT(cmd.go.mate_ms, 1500);
}

static sg_usi_action step(sg_usi_state *s, const char *line, char *out)
{
    sg_usi_parse(line, SG_STANDARD, &cmd);
    return sg_usi_step(s, &cmd, out, 300);
}

static void test_state(void)
{
    static sg_usi_state s;
    char out[300];
    sg_usi_state_init(&s);
    CHECK_EQ_INT(step(&s, "isready", out), SG_USI_DO_REPLY);
    CHECK_EQ_STR(out, "readyok\n");
    CHECK_EQ_INT(step(&s, "go", out), SG_USI_DO_REPLY);
    CHECK_EQ_STR(out, "info string go: no position yet (send position first)\n");
    CHECK_EQ_INT(step(&s, "position startpos moves 7g7f", out), SG_USI_DO_REPLY);
    CHECK_EQ_INT(s.nmoves, 1);
    /* a refused position keeps the last one */
    step(&s, "position startpos moves 7g7e", out);
    CHECK_EQ_STR(out, "info string position: move 1 7g7e is illegal: the piece cannot move that way\n");
    CHECK_EQ_INT(s.nmoves, 1);
    CHECK_EQ_INT(step(&s, "stop", out), SG_USI_DO_REPLY);   /* nothing to stop */
    CHECK_EQ_STR(out, "");
    CHECK_EQ_INT(step(&s, "ponderhit", out), SG_USI_DO_REPLY);
    CHECK_EQ_STR(out, "info string ponderhit: not pondering\n");
    CHECK_EQ_INT(step(&s, "go ponder", out), SG_USI_DO_SEARCH);
    CHECK_EQ_INT(s.state, SG_USI_PONDERING);
    CHECK_EQ_INT(step(&s, "isready", out), SG_USI_DO_REPLY);
    CHECK_EQ_STR(out, "readyok\n");
    CHECK_EQ_INT(step(&s, "position startpos", out), SG_USI_DO_REPLY);
    CHECK_EQ_STR(out, "info string a search is running: send stop first\n");
    CHECK_EQ_INT(s.nmoves, 1);
    CHECK_EQ_INT(step(&s, "ponderhit", out), SG_USI_DO_PONDERHIT);
    CHECK_EQ_INT(s.state, SG_USI_THINKING);
    CHECK_EQ_INT(step(&s, "stop", out), SG_USI_DO_STOP);
    sg_usi_search_done(&s);
    CHECK_EQ_INT(s.state, SG_USI_IDLE);
    CHECK_EQ_INT(step(&s, "setoption name USI_Hash value 64", out), SG_USI_DO_REPLY);
    CHECK_EQ_INT(s.hash_mb, 64);
    step(&s, "setoption name USI_Hash value lots", out);
    CHECK_EQ_STR(out, "info string USI_Hash takes 1 to 65536 (MiB)\n");
    CHECK_EQ_INT(s.hash_mb, 64);
    step(&s, "setoption name MultiPV value 40", out);
    CHECK_EQ_STR(out, "info string MultiPV takes 1 to 16\n");
    step(&s, "setoption name NetworkDelay value -1", out);
    CHECK_EQ_STR(out, "info string NetworkDelay takes 0 to 10000 (ms)\n");
    step(&s, "setoption name USI_Ponder value yes", out);
    CHECK_EQ_STR(out, "info string USI_Ponder takes true or false\n");
    CHECK_EQ_INT(step(&s, "setoption name USI_Ponder value true", out), SG_USI_DO_REPLY);
    CHECK(s.ponder);
    /* names in any case, check values in any case (as GUIs send them) */
    CHECK_EQ_INT(step(&s, "setoption name usi_ponder value FALSE", out), SG_USI_DO_REPLY);
    CHECK_EQ_STR(out, "");
    CHECK(!s.ponder);
    CHECK_EQ_INT(step(&s, "setoption name USI_PONDER value True", out), SG_USI_DO_REPLY);
    CHECK(s.ponder);
    CHECK_EQ_INT(step(&s, "setoption name usi_hash value 32", out), SG_USI_DO_REPLY);
    CHECK_EQ_INT(s.hash_mb, 32);
    CHECK_EQ_INT(step(&s, "setoption name multipv value 2", out), SG_USI_DO_REPLY);
    CHECK_EQ_INT(s.multipv, 2);
    step(&s, "setoption name MultiPV value 1", out);
    CHECK_EQ_INT(step(&s, "setoption name Aggression value 3", out), SG_USI_DO_OPTION);
    CHECK_EQ_INT(step(&s, "usinewgame", out), SG_USI_DO_NEWGAME);
    CHECK_EQ_INT(step(&s, "gameover lose", out), SG_USI_DO_REPLY);
    CHECK_EQ_INT(step(&s, "quit", out), SG_USI_DO_QUIT);
    /* the current position and its history */
    sg_pos p;
    uint64_t keys[2];
    bool checks[2];
    sg_usi_current(&s, &p, keys, checks);
    CHECK_EQ_INT(p.side, SG_WHITE);
    CHECK(keys[1] == sg_pos_key(&p));
}

static void test_lines(void)
{
    static sg_search_report r;
    memset(&r, 0, sizeof r);
    sg_pos p;
    sg_error e;
    sg_pos_from_sfen(&p, "startpos", SG_STANDARD, &e);
    const char *why;
    sg_move a, b;
    sg_move_from_usi(&p, "7g7f", &a, &why);
    sg_undo u;
    sg_do_move(&p, a, &u);
    sg_move_from_usi(&p, "3c3d", &b, &why);
    r.depth = 5; r.seldepth = 9; r.lines = 1; r.nodes = 1234; r.nps = 1000; r.hashfull = 3; r.seconds = 1.5;
    r.line[0] = (sg_search_line){a, 42, SG_BOUND_EXACT, 2, {a, b}};
    r.best = a; r.score = 42;
    char out[512];
    sg_usi_info_line(&r, 0, false, out, sizeof out);
    CHECK_EQ_STR(out, "info depth 5 seldepth 9 score cp 42 nodes 1234 nps 1000 hashfull 3 time 1500 pv 7g7f 3c3d\n");
    r.line[0].score = SG_SCORE_MATE - 3;
    sg_usi_info_line(&r, 0, true, out, sizeof out);
    CHECK_EQ_STR(out, "info depth 5 seldepth 9 multipv 1 score mate 3 nodes 1234 nps 1000 hashfull 3 time 1500 pv 7g7f 3c3d\n");
    r.line[0].score = -(SG_SCORE_MATE - 4);
    sg_usi_info_line(&r, 0, false, out, sizeof out);
    CHECK(strstr(out, " score mate -4 ") != NULL);
    r.score = r.line[0].score;
    sg_usi_bestmove_line(&r, false, out, sizeof out);
    CHECK_EQ_STR(out, "bestmove resign\n");  /* mated: lost */
    r.score = 42;
    sg_usi_bestmove_line(&r, true, out, sizeof out);
    CHECK_EQ_STR(out, "bestmove 7g7f ponder 3c3d\n");
    sg_usi_bestmove_line(&r, false, out, sizeof out);
    CHECK_EQ_STR(out, "bestmove 7g7f\n");
    r.best = SG_MOVE_NONE;
    sg_usi_bestmove_line(&r, false, out, sizeof out);
    CHECK_EQ_STR(out, "bestmove resign\n");
    r.declare = true;
    sg_usi_bestmove_line(&r, false, out, sizeof out);
    CHECK_EQ_STR(out, "bestmove win\n");
}

static void test_timeman(void)
{
    double soft, hard;
    /* byoyomi only: all of it but the margin */
    sg_timeman_budget(&(sg_clock_spec){0, -1, 1000, -1, 100}, &soft, &hard);
    CHECK(hard <= 0.9 + 1e-9 && hard >= 0.8);
    CHECK(soft <= hard);
    /* movetime */
    sg_timeman_budget(&(sg_clock_spec){-1, -1, -1, 500, 100}, &soft, &hard);
    CHECK(hard > 0.39 && hard < 0.41);
    /* main time: never more than what is left */
    sg_timeman_budget(&(sg_clock_spec){60000, -1, -1, -1, 100}, &soft, &hard);
    CHECK(hard > 0 && hard < 59.9);
    CHECK(soft > 0 && soft < hard);
    /* almost no time and no byoyomi: the minimum, not a negative budget */
    sg_timeman_budget(&(sg_clock_spec){50, -1, -1, -1, 100}, &soft, &hard);
    CHECK(hard > 0 && hard <= 0.05);
    /* nothing given: no limit */
    sg_timeman_budget(&(sg_clock_spec){-1, -1, -1, -1, 100}, &soft, &hard);
    CHECK(soft == 0 && hard == 0);
}

int main(void)
{
    sg_init();
    test_parse();
    test_state();
    test_lines();
    test_timeman();
    return check_report();
}
