/* Conformance corpus for adjudication (rules.c): every rule with a position or
 * a short game that meets it and one that just misses it. */
#include <stdlib.h>
#include "check.h"
#include "../../src/core/game.h"

static sg_game G;

/* starts G from sfen under rules r (NULL: jsa) */
static bool start(const char *sfen, sg_variant v, const sg_rules *r)
{
    sg_pos p;
    sg_error err;
    sg_rules jsa;
    if (!sg_pos_from_sfen(&p, sfen, v, &err)) {
        printf("bad sfen %s: %s\n", sfen, err.msg);
        return false;
    }
    if (!r) { sg_rules_jsa(&jsa, v); r = &jsa; }
    sg_game_free(&G);
    const char *why = sg_game_init(&G, &p, r, NULL, NULL);
    if (why) printf("init: %s\n", why);
    return why == NULL;
}

/* plays space-separated USI moves; returns the status of the first that fails, else SG_LEGAL */
static int play(const char *moves)
{
    char buf[8];
    const char *s = moves;
    while (*s) {
        while (*s == ' ') s++;
        int n = 0;
        while (s[n] && s[n] != ' ' && n < 7) { buf[n] = s[n]; n++; }
        buf[n] = 0;
        s += n;
        if (!n) break;
        sg_move m;
        const char *why;
        if (!sg_move_from_usi(&G.pos, buf, &m, &why)) { printf("bad move %s: %s\n", buf, why); return -1; }
        int st = sg_game_play(&G, m);
        if (st != SG_LEGAL) return st;
    }
    return SG_LEGAL;
}

static sg_verdict result(void)
{
    sg_verdict v;
    if (!sg_game_result(&G, &v)) sg_verdict_clear(&v);
    return v;
}

static const char *text(const sg_verdict *v)
{
    static char buf[SG_VERDICT_TEXT_MAX];
    sg_verdict_text(v, G.pos.variant, buf, sizeof buf);
    return buf;
}

static void test_presets(void)
{
    sg_rules r;
    sg_rules_jsa(&r, SG_STANDARD);
    CHECK(r.sennichite && r.perpetual_check && r.impasse24 && !r.declaration && r.max_moves == 0);
    CHECK(sg_rules_check(&r) == NULL);
    sg_rules_computer(&r, SG_STANDARD);
    CHECK(r.declaration && r.declaration_loses && !r.impasse24 && r.max_moves == 500);
    CHECK_EQ_INT(r.declaration_points[SG_BLACK], 28);
    CHECK_EQ_INT(r.declaration_points[SG_WHITE], 27);
    CHECK_EQ_INT(r.declaration_pieces, 10);
    sg_rules_jsa(&r, SG_SHO);
    CHECK(!r.impasse24 && !r.declaration && sg_rules_check(&r) == NULL);
    r.impasse24 = true;
    CHECK_EQ_STR(sg_rules_check(&r), "Sho shogi has no impasse count and no declaration");
    sg_rules_jsa(&r, SG_STANDARD);
    r.max_moves = -1;
    CHECK_EQ_STR(sg_rules_check(&r), "max_moves must be 0 (no cap) or positive");
    sg_rules_jsa(&r, SG_STANDARD);
    r.sennichite = false;
    CHECK_EQ_STR(sg_rules_check(&r), "perpetual_check needs sennichite");
    CHECK(!sg_rules_preset(&r, "fide", SG_STANDARD));
    CHECK(sg_rules_preset(&r, "computer", SG_STANDARD) && r.max_moves == 500);
    /* a rule set for the other variant is refused */
    sg_rules_jsa(&r, SG_SHO);
    sg_pos p;
    sg_error err;
    sg_pos_from_sfen(&p, "startpos", SG_STANDARD, &err);
    sg_game g;
    CHECK_EQ_STR(sg_game_init(&g, &p, &r, NULL, NULL), "the rule set is for another variant than the position");
    sg_game_free(&g);
}

/* ---- checkmate and no legal move ------------------------------------------------------------ */
static void test_mate_and_stalemate(void)
{
    CHECK(start("4k4/9/4P4/9/9/9/9/9/4K4 b G 1", SG_STANDARD, NULL));
    CHECK(result().outcome == SG_OUTCOME_NONE);
    CHECK_EQ_INT(play("G*5b"), SG_LEGAL);
    sg_verdict v = result();
    CHECK_EQ_INT(v.reason, SG_END_CHECKMATE);
    CHECK_EQ_INT(v.winner, SG_BLACK);
    CHECK_EQ_INT(v.ply, 1);
    CHECK_EQ_STR(text(&v), "Black wins by checkmate: White is in check and has no legal move.");
    /* any move afterwards: game over, nothing changes */
    CHECK_EQ_INT(play("5a4a"), SG_PLAY_GAME_OVER);
    CHECK_EQ_INT(G.ply, 1);
    /* taking back the mate reopens the game */
    CHECK(sg_game_undo(&G));
    CHECK(result().outcome == SG_OUTCOME_NONE);
    CHECK(!sg_game_undo(&G) || true);

    /* stalemate: white cannot move and is not in check: white loses */
    CHECK(start("8k/6S2/7G1/9/9/9/9/9/K8 w - 1", SG_STANDARD, NULL));
    v = result();
    CHECK_EQ_INT(v.reason, SG_END_NO_LEGAL_MOVE);
    CHECK_EQ_INT(v.winner, SG_BLACK);
    CHECK_EQ_STR(text(&v), "Black wins: White has no legal move, and a side that cannot move loses.");
    CHECK_EQ_INT(play("1a1b"), SG_PLAY_GAME_OVER);
    /* one square freed (silver gone): the king can move */
    CHECK(start("8k/9/7G1/9/9/9/9/9/K8 w - 1", SG_STANDARD, NULL));
    CHECK(result().outcome == SG_OUTCOME_NONE);
}

/* ---- sennichite and perpetual check ------------------------------------------------------------ */
static void test_repetition(void)
{
    /* every black move checks: black loses at the 4th occurrence (ply 12) */
    const char *cycle = "4e5e 5a4a 5e4e 4a5a";
    CHECK(start("4k4/9/9/9/5R3/9/9/9/K8 b - 1", SG_STANDARD, NULL));
    CHECK_EQ_INT(play(cycle), SG_LEGAL);
    CHECK_EQ_INT(play(cycle), SG_LEGAL);
    CHECK_EQ_INT(play("4e5e 5a4a 5e4e"), SG_LEGAL);
    CHECK(result().outcome == SG_OUTCOME_NONE);  /* the third occurrence is ply 8 */
    CHECK_EQ_INT(play("4a5a"), SG_LEGAL);
    sg_verdict v = result();
    CHECK_EQ_INT(v.reason, SG_END_PERPETUAL_CHECK);
    CHECK_EQ_INT(v.winner, SG_WHITE);
    CHECK_EQ_INT(v.checking_side, SG_BLACK);
    CHECK_EQ_INT(v.ply, 12);
    CHECK_EQ_INT(v.occurrences[0], 0);
    CHECK_EQ_INT(v.occurrences[1], 4);
    CHECK_EQ_INT(v.occurrences[2], 8);
    CHECK_EQ_INT(v.occurrences[3], 12);
    CHECK_EQ_STR(text(&v), "White wins: the same position occurred for the fourth time (plies 0, 4, 8 and 12) and "
                           "Black gave check with every move in between, which is perpetual check and not allowed.");
    CHECK_EQ_INT(play("4e5e"), SG_PLAY_GAME_OVER);
    /* undo reopens; with the exception off it is a plain draw */
    CHECK(sg_game_undo(&G) && result().outcome == SG_OUTCOME_NONE);
    sg_rules r;
    sg_rules_jsa(&r, SG_STANDARD);
    r.perpetual_check = false;
    CHECK(start("4k4/9/9/9/5R3/9/9/9/K8 b - 1", SG_STANDARD, &r));
    CHECK_EQ_INT(play(cycle), SG_LEGAL);
    CHECK_EQ_INT(play(cycle), SG_LEGAL);
    CHECK_EQ_INT(play(cycle), SG_LEGAL);
    CHECK_EQ_INT(result().reason, SG_END_SENNICHITE);
    /* sennichite off: the game goes on */
    r.sennichite = false;
    CHECK(start("4k4/9/9/9/5R3/9/9/9/K8 b - 1", SG_STANDARD, &r));
    for (int i = 0; i < 5; i++) CHECK_EQ_INT(play(cycle), SG_LEGAL);
    CHECK(result().outcome == SG_OUTCOME_NONE);

    /* two checks and one quiet move by black in each cycle: a draw */
    const char *mixed = "4e5e 5a6a 5e6e 6a5b 6e4e 5b5a";
    CHECK(start("4k4/9/9/9/5R3/9/9/9/K8 b - 1", SG_STANDARD, NULL));
    CHECK_EQ_INT(play(mixed), SG_LEGAL);
    CHECK_EQ_INT(play(mixed), SG_LEGAL);
    CHECK_EQ_INT(play(mixed), SG_LEGAL);
    v = result();
    CHECK_EQ_INT(v.reason, SG_END_SENNICHITE);
    CHECK_EQ_INT(v.outcome, SG_OUTCOME_DRAW);
    CHECK_EQ_INT(v.winner, -1);
    CHECK_EQ_INT(v.ply, 18);
    CHECK_EQ_STR(text(&v), "Draw by sennichite: the same position (board, hands and side to move) occurred for the "
                           "fourth time, at plies 0, 6, 12 and 18.");

    /* the board comes back five times but the hands differ each time: no repetition */
    const char *hands = "P*5f 5e5f 9a8a 5f5e 8a8b 1i1h 8b9a 1h1i";
    CHECK(start("k8/9/9/9/4R4/9/9/9/8K w 4p 1", SG_STANDARD, NULL));
    for (int i = 0; i < 4; i++) CHECK_EQ_INT(play(hands), SG_LEGAL);
    CHECK(result().outcome == SG_OUTCOME_NONE);
    CHECK_EQ_INT(G.ply, 32);
    /* control: the same dance without the drop repeats */
    const char *nodrop = "9a8a 5e5f 8a9a 5f5e";
    CHECK(start("k8/9/9/9/4R4/9/9/9/8K w 4p 1", SG_STANDARD, NULL));
    for (int i = 0; i < 3; i++) CHECK_EQ_INT(play(nodrop), SG_LEGAL);
    CHECK_EQ_INT(result().reason, SG_END_SENNICHITE);
}

/* ---- the move cap ---------------------------------------------------------------------------------- */
static void test_max_moves(void)
{
    sg_rules r;
    sg_rules_jsa(&r, SG_STANDARD);
    r.max_moves = 2;
    CHECK(start("startpos", SG_STANDARD, &r));
    CHECK_EQ_INT(play("7g7f"), SG_LEGAL);
    CHECK(result().outcome == SG_OUTCOME_NONE);
    CHECK_EQ_INT(play("3c3d"), SG_LEGAL);
    sg_verdict v = result();
    CHECK_EQ_INT(v.reason, SG_END_MAX_MOVES);
    CHECK_EQ_INT(v.outcome, SG_OUTCOME_DRAW);
    CHECK_EQ_INT(v.ply, 2);
    CHECK_EQ_STR(text(&v), "Draw: the game reached the 2-move limit with the side to move not in check.");
    CHECK_EQ_INT(play("2g2f"), SG_PLAY_GAME_OVER);

    /* mate on the cap's last move is a mate */
    r.max_moves = 1;
    CHECK(start("4k4/9/4P4/9/9/9/9/9/4K4 b G 1", SG_STANDARD, &r));
    CHECK_EQ_INT(play("G*5b"), SG_LEGAL);
    CHECK_EQ_INT(result().reason, SG_END_CHECKMATE);

    /* the cap reached in check: play on until the side to move is out of check */
    CHECK(start("4k4/9/9/9/9/9/9/9/4K4 b G 1", SG_STANDARD, &r));
    CHECK_EQ_INT(play("G*5b"), SG_LEGAL);
    CHECK(result().outcome == SG_OUTCOME_NONE);
    CHECK_EQ_INT(play("5a5b"), SG_LEGAL);
    v = result();
    CHECK_EQ_INT(v.reason, SG_END_MAX_MOVES);
    CHECK_EQ_INT(v.ply, 2);
    CHECK_EQ_STR(text(&v), "Draw: the game reached the 1-move limit and ended at ply 2, once the side to move was no "
                           "longer in check.");
    /* a counter-check keeps it going: white interposes with check */
    CHECK(start("4k4/9/9/9/6K2/9/9/9/9 b Rb 1", SG_STANDARD, &r));
    CHECK_EQ_INT(play("R*5e B*5c"), SG_LEGAL);
    CHECK(result().outcome == SG_OUTCOME_NONE);
    CHECK_EQ_INT(play("3e2e"), SG_LEGAL);
    v = result();
    CHECK_EQ_INT(v.reason, SG_END_MAX_MOVES);
    CHECK_EQ_INT(v.ply, 3);
    CHECK(start("4k4/9/9/9/9/9/9/9/4K4 b Gr 1", SG_STANDARD, &r));
    CHECK_EQ_INT(play("G*5c"), SG_LEGAL);        /* not check at the cap: draw at once */
    CHECK_EQ_INT(result().reason, SG_END_MAX_MOVES);
}

/* ---- the declaration --------------------------------------------------------------------------------- */
static sg_claim declare(const char *sfen, const sg_rules *r, sg_verdict *v)
{
    if (!start(sfen, SG_STANDARD, r)) return SG_CLAIM_NB;
    return sg_game_declare(&G, v);
}

static void test_declaration(void)
{
    sg_rules r;
    sg_rules_computer(&r, SG_STANDARD);
    r.declaration_loses = false;
    sg_verdict v;
    char buf[200];
    /* black: 10 pieces in the camp (18 points) + 10 pawns in hand = 28: wins */
    CHECK_EQ_INT(declare("+L+NSG1GS+N+L/1R2K2B1/9/9/9/9/9/9/4k4 b 10P 1", &r, &v), SG_CLAIM_OK);
    CHECK_EQ_INT(v.reason, SG_END_DECLARATION);
    CHECK_EQ_INT(v.winner, SG_BLACK);
    CHECK_EQ_INT(v.points[SG_BLACK], 28);
    CHECK_EQ_INT(v.camp_pieces[SG_BLACK], 10);
    CHECK(sg_game_decided(&G));
    CHECK_EQ_STR(text(&v), "Black wins by declaration: its king is in the enemy camp with 10 other pieces there, it "
                           "is not in check, and it counts 28 points (28 needed).");
    /* 27 points: refused, game unchanged */
    CHECK_EQ_INT(declare("+L+NSG1GS+N+L/1R2K2B1/9/9/9/9/9/9/4k4 b 9P 1", &r, &v), SG_CLAIM_TOO_FEW_POINTS);
    CHECK(!sg_game_decided(&G));
    sg_claim_text(SG_CLAIM_TOO_FEW_POINTS, SG_BLACK, &v, buf, sizeof buf);
    CHECK_EQ_STR(buf, "Black counts only 27 points (28 needed)");
    /* 9 pieces in the camp and 28 points: refused */
    CHECK_EQ_INT(declare("1+NSG1GS+N+L/1R2K2B1/9/9/9/9/9/9/4k4 b 11P 1", &r, &v), SG_CLAIM_TOO_FEW_PIECES);
    sg_claim_text(SG_CLAIM_TOO_FEW_PIECES, SG_BLACK, &v, buf, sizeof buf);
    CHECK_EQ_STR(buf, "Black has only 9 pieces besides the king in the enemy camp (10 needed)");
    /* a piece outside the camp does not count */
    CHECK_EQ_INT(declare("1+NSG1GS+N+L/1R2K2B1/9/+L8/9/9/9/9/4k4 b 11P 1", &r, &v), SG_CLAIM_TOO_FEW_PIECES);
    /* in check */
    CHECK_EQ_INT(declare("+L+NSG1GS+N+L/1R2K2B1/4g4/9/9/9/9/9/4k4 b 10P 1", &r, &v), SG_CLAIM_IN_CHECK);
    /* king outside the camp */
    CHECK_EQ_INT(declare("+L+NSG1GS+N+L/1R5B1/9/4K4/9/9/9/9/4k4 b 10P 1", &r, &v), SG_CLAIM_KING_NOT_IN_CAMP);
    sg_claim_text(SG_CLAIM_KING_NOT_IN_CAMP, SG_BLACK, &v, buf, sizeof buf);
    CHECK_EQ_STR(buf, "Black's king is not in the enemy camp");
    /* white: 27 points suffice */
    CHECK_EQ_INT(declare("4K4/9/9/9/9/9/9/1b2k2r1/+l+nsg1gs+n+l w 9p 1", &r, &v), SG_CLAIM_OK);
    CHECK_EQ_INT(v.winner, SG_WHITE);
    CHECK_EQ_INT(v.points[SG_WHITE], 27);
    CHECK_EQ_INT(declare("4K4/9/9/9/9/9/9/1b2k2r1/+l+nsg1gs+n+l w 8p 1", &r, &v), SG_CLAIM_TOO_FEW_POINTS);
    /* white with 9 pieces */
    CHECK_EQ_INT(declare("4K4/9/9/9/9/9/9/1b2k2r1/+l+nsg1gs+n1 w 10p 1", &r, &v), SG_CLAIM_TOO_FEW_PIECES);
    /* a wrong declaration loses when the rules say so */
    r.declaration_loses = true;
    CHECK_EQ_INT(declare("+L+NSG1GS+N+L/1R2K2B1/9/9/9/9/9/9/4k4 b 9P 1", &r, &v), SG_CLAIM_TOO_FEW_POINTS);
    CHECK(sg_game_decided(&G));
    v = result();
    CHECK_EQ_INT(v.reason, SG_END_WRONG_DECLARATION);
    CHECK_EQ_INT(v.winner, SG_WHITE);
    CHECK_EQ_STR(text(&v), "White wins: Black declared a win but Black counts only 27 points (28 needed), and under "
                           "these rules a wrong declaration loses.");
    /* no declaration in the jsa rules */
    CHECK_EQ_INT(declare("+L+NSG1GS+N+L/1R2K2B1/9/9/9/9/9/9/4k4 b 10P 1", NULL, &v), SG_CLAIM_NOT_IN_RULES);
    CHECK(!sg_game_decided(&G));
}

/* ---- the 24-point impasse count ------------------------------------------------------------------------ */
static void test_impasse(void)
{
    sg_verdict v;
    /* black 23 (R, B, 13 pawns), white 26: white wins */
    CHECK(start("R7B/4K4/9/9/lnsgbgsnl/lnsgrgsnl/9/4k4/9 b 13P 1", SG_STANDARD, NULL));
    CHECK_EQ_INT(sg_game_impasse(&G, &v), SG_CLAIM_OK);
    CHECK_EQ_INT(v.reason, SG_END_IMPASSE_24);
    CHECK_EQ_INT(v.outcome, SG_OUTCOME_WIN);
    CHECK_EQ_INT(v.winner, SG_WHITE);
    CHECK_EQ_INT(v.points[SG_BLACK], 23);
    CHECK_EQ_INT(v.points[SG_WHITE], 26);
    CHECK_EQ_STR(text(&v), "White wins the impasse count: both kings are in the enemy camp and Black has 23 points, "
                           "fewer than 24 (White 26).");
    CHECK_EQ_INT(play("9a9b"), SG_PLAY_GAME_OVER);
    /* 24: a draw */
    CHECK(start("R7B/4K4/9/9/lnsgbgsnl/lnsgrgsnl/9/4k4/9 b 14P 1", SG_STANDARD, NULL));
    CHECK_EQ_INT(sg_game_impasse(&G, &v), SG_CLAIM_OK);
    CHECK_EQ_INT(v.outcome, SG_OUTCOME_DRAW);
    CHECK_EQ_INT(v.points[SG_BLACK], 24);
    CHECK_EQ_STR(text(&v), "Draw by impasse: both kings are in the enemy camp and both sides have at least 24 points "
                           "(Black 24, White 26).");
    /* white's king outside black's camp: refused */
    CHECK(start("R7B/4K4/9/4k4/lnsgbgsnl/lnsgrgsnl/9/9/9 b 14P 1", SG_STANDARD, NULL));
    CHECK_EQ_INT(sg_game_impasse(&G, &v), SG_CLAIM_KING_NOT_IN_CAMP);
    CHECK_EQ_INT(v.loser_side, SG_WHITE);
    CHECK(!sg_game_decided(&G));
    /* not in the computer rules */
    sg_rules r;
    sg_rules_computer(&r, SG_STANDARD);
    CHECK(start("R7B/4K4/9/9/lnsgbgsnl/lnsgrgsnl/9/4k4/9 b 14P 1", SG_STANDARD, &r));
    CHECK_EQ_INT(sg_game_impasse(&G, &v), SG_CLAIM_NOT_IN_RULES);
    /* points of single pieces */
    CHECK_EQ_INT(sg_piece_points(SG_DRAGON), 5);
    CHECK_EQ_INT(sg_piece_points(SG_HORSE), 5);
    CHECK_EQ_INT(sg_piece_points(SG_PRO_PAWN), 1);
    CHECK_EQ_INT(sg_piece_points(SG_KING), 0);
    /* the start position: 27 each */
    sg_pos p;
    sg_error err;
    sg_pos_from_sfen(&p, "startpos", SG_STANDARD, &err);
    CHECK_EQ_INT(sg_count_points(&p, SG_BLACK, false, NULL), 27);
    CHECK_EQ_INT(sg_count_points(&p, SG_WHITE, false, NULL), 27);
    int n;
    CHECK_EQ_INT(sg_count_points(&p, SG_BLACK, true, &n), 0);
    CHECK_EQ_INT(n, 0);
}

/* ---- resignation, agreement, custom ends ------------------------------------------------------------- */
static void test_other_ends(void)
{
    CHECK(start("startpos", SG_STANDARD, NULL));
    CHECK_EQ_INT(play("7g7f"), SG_LEGAL);
    CHECK(sg_game_resign(&G, SG_WHITE));
    sg_verdict v = result();
    CHECK_EQ_INT(v.reason, SG_END_RESIGNATION);
    CHECK_EQ_INT(v.winner, SG_BLACK);
    CHECK_EQ_INT(v.ply, 1);
    CHECK_EQ_STR(text(&v), "Black wins: White resigned.");
    CHECK(!sg_game_resign(&G, SG_BLACK));
    CHECK(!sg_game_agree_draw(&G));
    CHECK_EQ_INT(play("3c3d"), SG_PLAY_GAME_OVER);
    CHECK_EQ_INT(G.ply, 1);
    /* undo takes back the move and the resignation */
    CHECK(sg_game_undo(&G));
    CHECK_EQ_INT(G.ply, 0);
    CHECK(result().outcome == SG_OUTCOME_NONE);
    CHECK(!sg_game_undo(&G));
    CHECK(sg_game_agree_draw(&G));
    v = result();
    CHECK_EQ_INT(v.reason, SG_END_AGREEMENT);
    CHECK_EQ_STR(text(&v), "Draw by agreement.");
    CHECK(start("startpos", SG_STANDARD, NULL));
    CHECK(sg_game_end_custom(&G, SG_OUTCOME_WIN, SG_WHITE, "took-gold") == NULL);
    v = result();
    CHECK_EQ_INT(v.reason, SG_END_CUSTOM);
    CHECK_EQ_STR(sg_verdict_id(&v), "took-gold");
    CHECK_EQ_STR(text(&v), "White wins by a custom rule (took-gold).");
    CHECK(start("startpos", SG_STANDARD, NULL));
    CHECK_EQ_STR(sg_game_end_custom(&G, SG_OUTCOME_WIN, -1, "x"), "a winning verdict needs a winner (\"b\" or \"w\")");
    CHECK_EQ_STR(sg_game_end_custom(&G, SG_OUTCOME_DRAW, SG_BLACK, "x"), "a drawn verdict cannot have a winner");
    CHECK_EQ_STR(sg_game_end_custom(&G, SG_OUTCOME_DRAW, -1, ""), "a custom verdict's id must have 1 to 31 bytes");
    CHECK_EQ_STR(sg_game_end_custom(&G, SG_OUTCOME_DRAW, -1, "a=b"),
                 "a custom verdict's id may not hold control characters or '='");
    CHECK_EQ_STR(sg_game_end_custom(&G, SG_OUTCOME_DRAW, -1, "checkmate"),
                 "a custom verdict's id may not be the id of a built-in end");
    CHECK(result().outcome == SG_OUTCOME_NONE);
    /* stated ends */
    CHECK(!sg_game_end_stated(&G, SG_END_TIME_UP, -1));
    CHECK(!sg_game_end_stated(&G, SG_END_CHECKMATE, SG_BLACK));
    CHECK(!sg_game_end_stated(&G, SG_END_AGREEMENT, SG_BLACK));
    CHECK(sg_game_end_stated(&G, SG_END_TIME_UP, SG_BLACK));
    v = result();
    CHECK_EQ_STR(sg_verdict_id(&v), "time-up");
    CHECK_EQ_STR(text(&v), "White wins: Black ran out of time.");
    CHECK(!sg_game_end_stated(&G, SG_END_ILLEGAL_MOVE, SG_WHITE));
    CHECK(start("startpos", SG_STANDARD, NULL));
    CHECK(sg_game_end_stated(&G, SG_END_ILLEGAL_MOVE, SG_WHITE));
    v = result();
    CHECK_EQ_STR(text(&v), "Black wins: White made an illegal move.");
    CHECK_EQ_INT(sg_end_from_id("illegal-move"), SG_END_ILLEGAL_MOVE);
    CHECK_EQ_INT(sg_end_from_id("nonsense"), SG_END_NONE);
    CHECK_EQ_STR(sg_end_id(SG_END_PERPETUAL_CHECK), "perpetual-check");
    CHECK_EQ_STR(sg_end_id(SG_END_IMPASSE_24), "impasse-24");
    CHECK_EQ_STR(sg_end_id(SG_END_NB), "unknown");
}

/* ---- Sho shogi ------------------------------------------------------------------------------------------ */
static void test_sho(void)
{
    sg_verdict v;
    /* the start: sho rules have no impasse and no declaration */
    CHECK(start("lnsgkgsnl/1r2e2b1/ppppppppp/9/9/9/PPPPPPPPP/1B2E2R1/LNSGKGSNL b - 1", SG_SHO, NULL));
    CHECK(result().outcome == SG_OUTCOME_NONE);
    CHECK_EQ_INT(sg_game_impasse(&G, &v), SG_CLAIM_NOT_IN_RULES);
    /* two royals, one attacked: black may leave its prince en prise; white
     * takes it and black plays on with the king */
    CHECK(start("4k4/9/9/9/4r4/9/9/4+E4/G3K4 b - 1", SG_SHO, NULL));
    CHECK(result().outcome == SG_OUTCOME_NONE);
    CHECK_EQ_INT(play("9i9h"), SG_LEGAL);       /* leaves the prince attacked: legal */
    CHECK_EQ_INT(play("5e5h"), SG_LEGAL);       /* captures it: gives check to the king */
    CHECK(result().outcome == SG_OUTCOME_NONE);
    /* now the king is the last royal: it may not stay in check */
    CHECK_EQ_INT(play("9h9g"), SG_ILLEGAL_KING_IN_CHECK);
    CHECK_EQ_INT(play("5i5h"), SG_LEGAL);       /* takes the rook: white is left bare */
    v = result();
    CHECK_EQ_INT(v.reason, SG_END_BARE_ROYAL);
    CHECK_EQ_INT(v.winner, SG_BLACK);
    CHECK_EQ_STR(text(&v), "Black wins: White is left with a bare royal piece and nothing else.");
    CHECK_EQ_INT(play("5a5b"), SG_PLAY_GAME_OVER);
    /* the last royal checkmated */
    CHECK(start("3pkp3/9/4PG3/9/9/9/9/9/G3K4 b - 1", SG_SHO, NULL));
    CHECK_EQ_INT(play("4c5b"), SG_LEGAL);
    v = result();
    CHECK_EQ_INT(v.reason, SG_END_CHECKMATE);
    CHECK_EQ_INT(v.winner, SG_BLACK);
    /* no royal at all (a position that starts finished) */
    CHECK(start("4k4/9/9/9/9/9/9/9/4G4 b - 1", SG_SHO, NULL));
    v = result();
    CHECK_EQ_INT(v.reason, SG_END_ROYALS_LOST);
    CHECK_EQ_INT(v.winner, SG_WHITE);
    CHECK_EQ_INT(v.ply, 0);
    CHECK_EQ_STR(text(&v), "White wins: Black has lost both its king and its crown prince.");
    CHECK_EQ_INT(play("5i5h"), SG_PLAY_GAME_OVER);
    /* two bare kings, black to move: black is the bare side */
    CHECK(start("4k4/9/9/9/9/9/9/9/4K4 b - 1", SG_SHO, NULL));
    CHECK_EQ_INT(result().reason, SG_END_BARE_ROYAL);
    CHECK_EQ_INT(result().winner, SG_WHITE);
    /* drops do not exist */
    CHECK(start("4k4/9/9/9/9/9/9/9/G3K4 b - 1", SG_SHO, NULL));
    sg_move m = sg_move_make_drop(SG_PAWN, sg_sq(5, 4));
    CHECK_EQ_INT(sg_game_play(&G, m), SG_ILLEGAL_NO_DROPS);
}

/* ---- long games: memory grows, undo restores everything ------------------------------------------------- */
static void test_long_game(void)
{
    sg_rules r;
    sg_rules_jsa(&r, SG_STANDARD);
    r.sennichite = false;
    r.perpetual_check = false;
    CHECK(start("4k4/9/9/9/5R3/9/9/9/K8 b - 1", SG_STANDARD, &r));
    sg_pos first = G.pos;
    int ok = 1;
    for (int i = 0; i < 2500 && ok; i++) ok = play("4e5e 5a4a 5e4e 4a5a") == SG_LEGAL;
    CHECK(ok);
    CHECK_EQ_INT(G.ply, 10000);
    CHECK(G.cap >= 10001);
    while (sg_game_undo(&G)) {}
    CHECK(memcmp(&first, &G.pos, sizeof first) == 0);
    const char *why = NULL;
    CHECK(sg_pos_is_ok(&G.pos, &why));
    /* copy */
    CHECK_EQ_INT(play("4e5e 5a4a"), SG_LEGAL);
    sg_game c;
    CHECK(sg_game_copy(&c, &G));
    CHECK_EQ_INT(c.ply, 2);
    CHECK(sg_game_undo(&c) && sg_game_undo(&c));
    CHECK(memcmp(&first, &c.pos, sizeof first) == 0);
    CHECK_EQ_INT(G.ply, 2);
    sg_game_free(&c);
    sg_game_free(&c);
}

int main(void)
{
    sg_init();
    test_presets();
    test_mate_and_stalemate();
    test_repetition();
    test_max_moves();
    test_declaration();
    test_impasse();
    test_other_ends();
    test_sho();
    test_long_game();
    sg_game_free(&G);
    return check_report();
}
