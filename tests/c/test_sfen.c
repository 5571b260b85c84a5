/* SFEN reading and writing: every error message, with its column, and round trips. */
#include <stdlib.h>
#include "check.h"
#include "../../src/core/position.h"

#define START "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"

static void expect_error(const char *sfen, sg_variant v, int col, const char *msg)
{
    sg_pos p;
    sg_error e;
    memset(&p, 0x5A, sizeof p); /* must stay untouched on failure */
    sg_pos before = p;
    if (!CHECK(!sg_pos_from_sfen(&p, sfen, v, &e))) { printf("  accepted: %s\n", sfen); return; }
    if (!CHECK_EQ_STR(e.msg, msg)) printf("  for: %s\n", sfen);
    if (!CHECK_EQ_INT(e.col, col)) printf("  for: %s (%s)\n", sfen, e.msg);
    CHECK(memcmp(&p, &before, sizeof p) == 0);
}

static void expect_ok(const char *sfen, sg_variant v, const char *written)
{
    sg_pos p;
    sg_error e;
    if (!CHECK(sg_pos_from_sfen(&p, sfen, v, &e))) { printf("  rejected %s: %d: %s\n", sfen, e.col, e.msg); return; }
    char buf[SG_SFEN_MAX];
    sg_pos_to_sfen(&p, buf, sizeof buf);
    CHECK_EQ_STR(buf, written);
    const char *why;
    if (!CHECK(sg_pos_is_ok(&p, &why))) printf("  %s\n", why);
}

static void errors(void)
{
    const sg_variant S = SG_STANDARD;
    expect_error("", S, 1, "empty SFEN");
    expect_error("lnsgkgsnl/1r5b/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1", S, 15, "rank b has 8 squares, expected 9");
    expect_error("lnsgkgsnll/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1", S, 10, "rank a has more than 9 squares");
    expect_error("lnsgkgsn2/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1", S, 9, "rank a has more than 9 squares");
    expect_error("lnsgkgsnl/1r5b1/ppppppppp/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1", S, 56, "board has 8 ranks, expected 9");
    expect_error("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1", S, 50, "board has more than 9 ranks");
    expect_error("lnsgkgsnl/1r5b1/ppppxpppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1", S, 21, "unknown piece letter 'x'");
    expect_error("lnsgkgsnl/1r5b1/ppppEpppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1", S, 21, "unknown piece letter 'E' (the drunken elephant is Sho shogi's: read the SFEN as variant sho)");
    expect_error("lnsgkgsnl/1r5b1/pppp+/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1", S, 22, "unknown piece letter '/'");
    expect_error("lnsg+kgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1", S, 5, "a king cannot be promoted");
    expect_error("lns+gkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1", S, 4, "a gold cannot be promoted");
    /* white space at the ends and doubled between fields is one separator (issue 17) */
    {
        sg_pos p;
        sg_error e;
        CHECK(sg_pos_from_sfen(&p, "  " START " \n", S, &e));
        CHECK(sg_pos_from_sfen(&p, "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL  b\t- 1", S, &e));
        CHECK(sg_pos_from_sfen(&p, " sfen  " START, S, &e));
    }
    expect_error("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL  x - 1", S, 60,
                 "side to move must be 'b' or 'w'");
    expect_error(START " x", S, 64, "unexpected text after the SFEN");
    expect_error("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b P 1", S, 61, "too many pawns: 19 (the set has 18)");
    expect_error("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b 2b 1", S, 61, "too many bishops: 4 (the set has 2)");
    expect_error("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5RK/LNSGKGSNL b - 1", S, 53, "two black kings");
    expect_error("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b S 1", S, 61, "too many silvers: 5 (the set has 4)");
    expect_error("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b K 1", S, 61, "'K' cannot be in hand");
    expect_error("9/9/9/9/9/9/9/9/9 b 3K 1", S, 22, "'K' cannot be in hand");
    expect_error("9/9/9/9/9/9/9/9/9 b 2R2r 1", S, 23, "too many rooks: 4 (the set has 2)");
    expect_error("4k4/9/9/9/9/9/9/9/3K1K3 b - 1", S, 22, "two black kings");
    expect_error("4k4/9/9/9/9/9/9/9/3k1K3 b - 1", S, 20, "two white kings");
    expect_error("4P4/9/9/9/9/9/9/9/4K4 b - 1", S, 2, "black pawn on 5a can never move");
    expect_error("L8/9/9/9/9/9/9/9/4K4 b - 1", S, 1, "black lance on 9a can never move");
    expect_error("9/N8/9/9/9/9/9/9/4K4 b - 1", S, 3, "black knight on 9b can never move");
    expect_error("4k4/9/9/9/9/9/9/n8/4K4 b - 1", S, 17, "white knight on 9h can never move");
    expect_error("4k4/9/9/9/9/9/9/9/p3K4 b - 1", S, 19, "white pawn on 9i can never move");
    expect_error("4k4/9/9/4P4/9/9/4P4/9/4K4 b - 1", S, 18, "two unpromoted black pawns on file 5 (nifu)");
    expect_error("4k4/4p4/9/9/9/9/9/4p4/4K4 w - 1", S, 20, "two unpromoted white pawns on file 5 (nifu)");
    expect_error("4k4/9/9/9/9/9/9/9/4K4 x - 1", S, 23, "side to move must be 'b' or 'w'");
    expect_error("4k4/9/9/9/9/9/9/9/4K4 bw - 1", S, 23, "side to move must be 'b' or 'w'");
    expect_error("4k4/9/9/9/9/9/9/9/4K4", S, 22, "expected a space and the side to move");
    expect_error("4k4/9/9/9/9/9/9/9/4K4 b", S, 24, "expected a space and the pieces in hand ('-' for none)");
    expect_error("4k4/9/9/9/9/9/9/9/4K4 b +P 1", S, 25, "pieces in hand are never promoted");
    expect_error("4k4/9/9/9/9/9/9/9/4K4 b K 1", S, 25, "'K' cannot be in hand");
    expect_error("4k4/9/9/9/9/9/9/9/4K4 b 0P 1", S, 25, "bad count in hand");
    expect_error("4k4/9/9/9/9/9/9/9/4K4 b P2P 1", S, 26, "black pawn listed twice in hand");
    expect_error("4k4/9/9/9/9/9/9/9/4K4 b 3 1", S, 26, "count without a piece letter in hand");
    expect_error("4k4/9/9/9/9/9/9/9/4K4 b - x", S, 27, "move number must be a positive integer");
    expect_error("4k4/9/9/9/9/9/9/9/4K4 b - 0", S, 27, "move number must be a positive integer");
    expect_error("4k4/9/9/9/9/9/9/9/4K4 b - 1 x", S, 28, "unexpected text after the SFEN");
    expect_error("4k4/9/9/9/9/9/9/9/4K4 b -- 1", S, 26, "unexpected text after the SFEN");
    /* the side not to move in check */
    expect_error("4k4/9/9/9/9/9/9/9/4K3r w - 1", S, 24, "the side not to move (black) is in check");
    expect_error("4k4/9/4R4/9/9/9/9/9/4K4 b - 1", S, 25, "the side not to move (white) is in check");
    /* the "sfen " prefix counts in the column */
    expect_error("sfen 4k4/9/9/9/9/9/9/9/4K4 x - 1", S, 28, "side to move must be 'b' or 'w'");
    /* Sho: the elephant exists, hands do not */
    expect_error("lnsgkgsnl/1r2e2b1/ppppppppp/9/9/9/PPPPPPPPP/1B2E2R1/LNSGKGSNL b P 1", SG_SHO, 65, "sho has no pieces in hand");
    expect_error("4k4/9/9/9/9/9/9/9/4K4 b E 1", SG_SHO, 25, "'E' cannot be in hand");
    expect_error("4k4/9/9/9/9/9/9/9/3+K4 b - 1", SG_SHO, 20, "a king cannot be promoted");
}

static void accepted(void)
{
    expect_ok("startpos", SG_STANDARD, START);
    expect_ok("sfen " START, SG_STANDARD, START);
    /* ply optional; hands read in any order, written R B G S N L P, black first */
    expect_ok("4k4/9/9/9/9/9/9/9/4K4 b p2PrGb", SG_STANDARD, "4k4/9/9/9/9/9/9/9/4K4 b G2Prbp 1");
    expect_ok("4k4/9/9/9/9/9/9/9/4K4 w 18p 37", SG_STANDARD, "4k4/9/9/9/9/9/9/9/4K4 w 18p 37");
    expect_ok("4k4/9/9/9/9/9/9/9/9 b 2r2b4g4s4n4l17p 1", SG_STANDARD, "4k4/9/9/9/9/9/9/9/9 b 2r2b4g4s4n4l17p 1");
    /* a tokin does not count for nifu, promoted pieces anywhere */
    expect_ok("+P3k4/9/9/9/4P4/9/4+P4/9/4K4 b - 1", SG_STANDARD, "+P3k4/9/9/9/4P4/9/4+P4/9/4K4 b - 1");
    expect_ok("startpos", SG_SHO, "lnsgkgsnl/1r2e2b1/ppppppppp/9/9/9/PPPPPPPPP/1B2E2R1/LNSGKGSNL b - 1");
}

/* every suite SFEN reads, and writing it back reads to the same position */
static void suite_round_trip(void)
{
    FILE *f = fopen("tests/data/perft_suite.tsv", "r");
    if (!CHECK(f != NULL)) return;
    char line[1024], last[512] = "";
    int rows = 0;
    while (fgets(line, sizeof line, f)) {
        char *name = strtok(line, "\t"), *sfen = strtok(NULL, "\t");
        if (!name || !sfen || strcmp(name, "name") == 0 || strcmp(sfen, last) == 0) continue;
        snprintf(last, sizeof last, "%s", sfen);
        sg_pos p, q;
        sg_error e;
        if (!CHECK(sg_pos_from_sfen(&p, sfen, SG_STANDARD, &e))) { printf("  %s: %s\n", name, e.msg); continue; }
        char out[SG_SFEN_MAX];
        sg_pos_to_sfen(&p, out, sizeof out);
        CHECK(sg_pos_from_sfen(&q, out, SG_STANDARD, &e));
        CHECK(memcmp(p.board, q.board, sizeof p.board) == 0 && memcmp(p.hand, q.hand, sizeof p.hand) == 0);
        CHECK(sg_pos_key(&p) == sg_pos_key(&q));
        rows++;
    }
    fclose(f);
    CHECK(rows >= 39);
}

int main(void)
{
    sg_init();
    errors();
    accepted();
    suite_round_trip();
    return check_report();
}
