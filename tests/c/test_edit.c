/* The position editor (edit.h): each edit, every refusal with its message and
 * index, strict and lenient, and the set counted once (sg_pos_set_count). */
#include <stdlib.h>
#include "check.h"
#include "../../src/core/edit.h"
#include "../../src/core/pieces.h"

#define START "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"
#define EMPTY "9/9/9/9/9/9/9/9/9 b - 1"

static sg_pos read(const char *sfen, sg_variant v, bool strict)
{
    sg_pos p;
    sg_error e;
    if (!sg_pos_read_sfen(&p, sfen, v, strict, &e)) {
        printf("FAIL: cannot read %s: %s\n", sfen, e.msg);
        exit(1);
    }
    return p;
}

static sg_square sq(const char *name) { return sg_square_parse(name); }

static sg_piece piece(const char *usi)
{
    bool white = false;
    sg_ptype t = sg_ptype_from_usi(usi, (int)strlen(usi), SG_SHO, &white);
    return sg_make_piece(white ? SG_WHITE : SG_BLACK, t);
}

static sg_edit put(const char *s, const char *pc) { return (sg_edit){.kind = SG_EDIT_PUT, .sq = sq(s), .piece = piece(pc)}; }
static sg_edit removal(const char *s) { return (sg_edit){.kind = SG_EDIT_REMOVE, .sq = sq(s)}; }
static sg_edit only(sg_edit_kind k, sg_color c) { return (sg_edit){.kind = k, .color = c}; }
static sg_edit hand(sg_color c, const char *text)
{
    sg_edit e = {.kind = SG_EDIT_HAND, .color = c};
    sg_error err;
    if (!sg_hand_read(text, SG_STANDARD, e.hand, &err)) printf("FAIL: hand %s: %s\n", text, err.msg);
    return e;
}

/* the edits applied to from give the SFEN want, with the cached fields as a fresh read has them */
static void expect(const char *from, bool strict, const sg_edit *edits, int n, const char *want)
{
    sg_pos p = read(from, SG_STANDARD, false), q;
    sg_error err;
    if (!CHECK(sg_pos_edit(&p, edits, n, strict, &q, &err))) { printf("  refused (%s): %s\n", from, err.msg); return; }
    char buf[SG_SFEN_MAX];
    sg_pos_to_sfen(&q, buf, sizeof buf);
    CHECK_EQ_STR(buf, want);
    sg_pos fresh = read(want, SG_STANDARD, false);
    CHECK(sg_pos_key(&q) == sg_pos_key(&fresh));
    CHECK(q.checkers == fresh.checkers);
    CHECK(q.king[0] == fresh.king[0] && q.king[1] == fresh.king[1]);
    const char *why;
    if (!CHECK(sg_pos_is_ok(&q, &why))) printf("  %s\n", why);
}

/* the edits are refused with msg, blaming edit number col, and *out stays untouched */
static void refused(const char *from, sg_variant v, bool strict, const sg_edit *edits, int n, int col,
                    const char *msg)
{
    sg_pos p = read(from, v, false), q;
    memset(&q, 0x5A, sizeof q);
    sg_pos before = q;
    sg_error err;
    if (!CHECK(!sg_pos_edit(&p, edits, n, strict, &q, &err))) { printf("  accepted: %s\n", msg); return; }
    CHECK_EQ_STR(err.msg, msg);
    CHECK_EQ_INT(err.col, col);
    CHECK(memcmp(&q, &before, sizeof q) == 0);
}

static void edits(void)
{
    sg_edit a[] = {put("5a", "k"), put("5e", "+B")};
    expect(EMPTY, true, a, 2, "4k4/9/9/9/4+B4/9/9/9/9 b - 1");
    sg_edit b[] = {put("7g", "+p")};
    expect(START, true, b, 1, "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PP+pPPPPPP/1B5R1/LNSGKGSNL b - 1");
    sg_edit c[] = {removal("1a"), removal("9a"), removal("5e")};
    expect(START, true, c, 3, "1nsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1");
    sg_edit d[] = {hand(SG_BLACK, "R2P"), hand(SG_WHITE, "g")};
    expect(EMPTY, true, d, 2, "9/9/9/9/9/9/9/9/9 b R2Pg 1");
    /* the rest: the set less the board and the other hand, promoted pieces counted as their kind */
    sg_edit e[] = {put("5a", "k"), put("5c", "+R"), hand(SG_BLACK, "G"), only(SG_EDIT_HAND_REST, SG_WHITE)};
    expect(EMPTY, true, e, 4, "4k4/9/4+R4/9/9/9/9/9/9 b Gr2b3g4s4n4l18p 1");
    /* the rest of a side whose hand had pieces replaces them */
    sg_edit f[] = {only(SG_EDIT_HAND_REST, SG_BLACK)};
    expect("4k4/9/9/9/9/9/9/9/4K4 b 5P 1", true, f, 1, "4k4/9/9/9/9/9/9/9/4K4 b 2R2B4G4S4N4L18P 1");
    expect("4k4/9/9/9/9/9/9/9/4K4 b 2R2B4G4S4N4L18P 1", true, f, 1, "4k4/9/9/9/9/9/9/9/4K4 b 2R2B4G4S4N4L18P 1");
    sg_edit g[] = {only(SG_EDIT_CLEAR, SG_BLACK), only(SG_EDIT_SIDE, SG_WHITE)};
    expect(START, true, g, 2, "9/9/9/9/9/9/9/9/9 w - 1");
    sg_edit h[] = {removal("1a"), only(SG_EDIT_MIRROR, SG_BLACK)};
    expect(START, true, h, 2, "1nsgkgsnl/1b5r1/ppppppppp/9/9/9/PPPPPPPPP/1R5B1/LNSGKGSNL b - 1");
    /* swap: a mate for black becomes the same mate for white, the hands and the side change over */
    sg_edit i[] = {only(SG_EDIT_SWAP, SG_BLACK)};
    expect("4k4/9/4G3L/9/9/9/9/9/9 b S 1", true, i, 1, "9/9/9/9/9/9/l3g4/9/4K4 w s 1");
    sg_edit twice[] = {only(SG_EDIT_SWAP, SG_BLACK), only(SG_EDIT_SWAP, SG_BLACK), only(SG_EDIT_MIRROR, SG_BLACK),
                       only(SG_EDIT_MIRROR, SG_BLACK)};
    expect(START, true, twice, 4, START);
    /* a check made by the edit is the new position's (checkers recomputed) */
    sg_edit chk[] = {put("5b", "r"), only(SG_EDIT_SIDE, SG_BLACK)};
    expect("4k4/9/9/9/9/9/9/9/4K4 w - 1", true, chk, 2, "4k4/4r4/9/9/9/9/9/9/4K4 b - 1");
    /* nothing to do: the position itself */
    expect(START, true, NULL, 0, START);
}

static void refusals(void)
{
    const sg_variant S = SG_STANDARD;
    sg_edit off[] = {{.kind = SG_EDIT_PUT, .sq = SG_SQ_NB, .piece = piece("P")}};
    refused(START, S, true, off, 1, 1, "square 81 is off the board");
    sg_edit off2[] = {removal("1a"), {.kind = SG_EDIT_REMOVE, .sq = -1}};
    refused(START, S, true, off2, 2, 2, "square -1 is off the board");
    sg_edit eleph[] = {put("5e", "E")};
    refused(START, S, true, eleph, 1, 1, "standard has no such piece (put on 5e)");
    /* dead pieces, strict: black's far rank is a, white's is i */
    sg_edit dp[] = {removal("5a"), put("5a", "P")};
    refused(START, S, true, dp, 2, 2, "black pawn on 5a can never move");
    sg_edit dl[] = {put("9i", "l")};
    refused(EMPTY, S, true, dl, 1, 1, "white lance on 9i can never move");
    sg_edit dn[] = {put("5b", "N")};
    refused(EMPTY, S, true, dn, 1, 1, "black knight on 5b can never move");
    sg_edit dn2[] = {put("5h", "n")};
    refused(EMPTY, S, true, dn2, 1, 1, "white knight on 5h can never move");
    /* the same squares are fine for a piece that moves from there, or a promoted one */
    sg_edit alive[] = {put("5a", "+P"), put("4a", "+L"), put("3b", "+N"), put("2a", "p"), put("1h", "N")};
    expect(EMPTY, true, alive, 5, "4+P+L1p1/6+N2/9/9/9/9/9/8N/9 b - 1");
    /* the set, strict: counted with the hands and the promoted pieces */
    sg_edit tp[] = {put("5e", "P")};
    refused(START, S, true, tp, 1, 0, "too many pawns: 19 (the set has 18)");
    sg_edit th[] = {hand(SG_BLACK, "R")};
    refused(START, S, true, th, 1, 0, "too many rooks: 3 (the set has 2)");
    sg_edit tpro[] = {put("5e", "+r")};
    refused("4k4/9/9/9/9/9/9/9/4K4 b Rr 1", S, true, tpro, 1, 0, "too many rooks: 3 (the set has 2)");
    sg_edit tg[] = {put("5e", "g")};
    refused("4k4/9/9/9/9/9/9/9/4K4 b 4G 1", S, true, tg, 1, 0, "too many golds: 5 (the set has 4)");
    /* a lenient diagram's extra pieces stay; the edit may add none */
    sg_edit keep[] = {put("1e", "G")};
    expect("4k4/9/9/9/9/9/9/9/4K4 b 19P 1", true, keep, 1, "4k4/9/9/9/8G/9/9/9/4K4 b 19P 1");
    sg_edit more[] = {put("1e", "P")};
    refused("4k4/9/9/9/9/9/9/9/4K4 b 19P 1", S, true, more, 1, 0, "too many pawns: 20 (the set has 18)");
    /* kings: one a colour, never in hand */
    sg_edit k2[] = {put("5e", "K")};
    refused(START, S, true, k2, 1, 1, "black has a king on 5i already (remove it first)");
    refused(START, S, false, k2, 1, 1, "black has a king on 5i already (remove it first)");
    sg_edit kmove[] = {removal("5i"), put("5e", "K")};
    expect(START, true, kmove, 2, "lnsgkgsnl/1r5b1/ppppppppp/9/4K4/9/PPPPPPPPP/1B5R1/LNSG1GSNL b - 1");
    sg_edit kh[] = {{.kind = SG_EDIT_HAND, .color = SG_BLACK, .hand = {[SG_ELEPHANT] = 1}}};
    refused(EMPTY, S, true, kh, 1, 1, "a drunken elephant cannot be in hand");
    /* Sho: no hands; its set bounds nothing (no drops: study positions use extra pieces) */
    sg_edit sh[] = {only(SG_EDIT_HAND_REST, SG_WHITE)};
    refused("lnsgkgsnl/1r2e2b1/ppppppppp/9/9/9/PPPPPPPPP/1B2E2R1/LNSGKGSNL b - 1", SG_SHO, true, sh, 1, 1,
            "sho has no pieces in hand");
    sg_edit unknown[] = {{.kind = SG_EDIT_NB}};
    refused(START, S, true, unknown, 1, 1, "unknown edit 8");
}

static void lenient(void)
{
    /* not strict: dead pieces and pieces past the set go through, for sg_pos_problems to list */
    sg_edit dp[] = {put("5e", "P"), put("1a", "P")};
    expect(START, false, dp, 2, "lnsgkgsnP/1r5b1/ppppppppp/9/4P4/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1");
    sg_pos p = read(START, SG_STANDARD, true), q;
    sg_error err;
    CHECK(sg_pos_edit(&p, dp, 2, false, &q, &err));
    sg_problem probs[SG_PROBLEMS_MAX];
    int n = sg_pos_problems(&q, probs, SG_PROBLEMS_MAX);
    CHECK_EQ_INT(n, 4);
    if (n == 4) {
        CHECK_EQ_INT(probs[0].kind, SG_PROBLEM_DEAD_PIECE);
        CHECK_EQ_INT(probs[1].kind, SG_PROBLEM_NIFU);
        CHECK_EQ_INT(probs[2].kind, SG_PROBLEM_NIFU);
        CHECK_EQ_INT(probs[3].kind, SG_PROBLEM_TOO_MANY);
        CHECK_EQ_INT(probs[3].count, 20);
    }
}

static void set_count(void)
{
    int count[SG_PT_NB];
    sg_pos p = read("4k4/9/3+R5/9/9/9/+p8/9/4K4 b R2P3g 1", SG_STANDARD, true);
    CHECK(sg_pos_set_count(&p, count));
    CHECK_EQ_INT(count[SG_ROOK], 2);
    CHECK_EQ_INT(count[SG_DRAGON], 0);
    CHECK_EQ_INT(count[SG_PAWN], 3);
    CHECK_EQ_INT(count[SG_GOLD], 3);
    CHECK_EQ_INT(count[SG_KING], 2);
    CHECK_EQ_INT(count[SG_BISHOP], 0);
    sg_pos s = read("lnsgkgsnl/1r2e2b1/ppppppppp/9/9/9/PPPPPPPPP/1B2E2R1/LNSG+EGSNL b - 1", SG_SHO, false);
    CHECK(!sg_pos_set_count(&s, count));
    CHECK_EQ_INT(count[SG_ELEPHANT], 3);
    CHECK(sg_piece_is_dead(piece("P"), sq("1a")));
    CHECK(!sg_piece_is_dead(piece("p"), sq("1a")));
    CHECK(sg_piece_is_dead(piece("n"), sq("1h")));
    CHECK(!sg_piece_is_dead(piece("+N"), sq("1a")));
    CHECK(!sg_piece_is_dead(piece("G"), sq("1a")));
}

static void hand_text(void)
{
    uint8_t h[SG_HAND_NB];
    sg_error err;
    CHECK(sg_hand_read("2b18p", SG_STANDARD, h, &err));
    CHECK_EQ_INT(h[SG_BISHOP], 2);
    CHECK_EQ_INT(h[SG_PAWN], 18);
    CHECK(sg_hand_read("-", SG_STANDARD, h, &err));
    CHECK_EQ_INT(h[SG_PAWN], 0);
    CHECK(sg_hand_read("", SG_STANDARD, h, &err));
    static const struct { const char *text; int col; const char *msg; } bad[] = {
        {"0P", 1, "bad count in hand"},
        {"100P", 1, "bad count in hand"},
        {"R2", 3, "count without a piece letter in hand"},
        {"RK", 2, "'K' cannot be in hand (R B G S N L P)"},
        {"+P", 1, "'+' cannot be in hand (R B G S N L P)"},
        {"PP", 2, "pawn listed twice in hand"},
        {"E", 1, "'E' cannot be in hand (R B G S N L P)"},
        {"R\xe6\xad\xa9", 2, "expected a piece letter (R B G S N L P)"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        memset(h, 7, sizeof h);
        if (!CHECK(!sg_hand_read(bad[i].text, SG_STANDARD, h, &err))) continue;
        if (!CHECK_EQ_STR(err.msg, bad[i].msg)) printf("  for %s\n", bad[i].text);
        CHECK_EQ_INT(err.col, bad[i].col);
        CHECK_EQ_INT(h[SG_PAWN], 7);
    }
}

int main(void)
{
    sg_init();
    edits();
    refusals();
    lenient();
    set_count();
    hand_text();
    return check_report();
}
