/* Move notation: round trips of every legal move of many positions in every
 * notation, JSA words needed exactly when needed, the disambiguation cases,
 * the accepted variants, and every parse error message. */
#include <stdlib.h>
#include "check.h"
#include "../../src/core/notation.h"

#define START "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"
#define NONE SG_SQ_NONE

static sg_pos P(const char *sfen, sg_variant v)
{
    sg_pos p;
    sg_error e;
    if (!sg_pos_from_sfen(&p, sfen, v, &e)) {
        printf("bad test SFEN %s: %s\n", sfen, e.msg);
        exit(2);
    }
    return p;
}

static sg_square SQ(const char *s) { return s ? sg_square_parse(s) : NONE; }

/* the USI of a move given in USI */
static sg_move U(const sg_pos *p, const char *usi)
{
    sg_move m;
    const char *why;
    if (!sg_move_from_usi(p, usi, &m, &why)) {
        printf("bad test move %s: %s\n", usi, why);
        exit(2);
    }
    return m;
}

/* formats usi of sfen in notation n; prev is a square or NULL */
static void expect_name(const char *sfen, const char *usi, sg_notation n, const char *prev, const char *name)
{
    sg_pos p = P(sfen, SG_STANDARD);
    char buf[SG_MOVE_TEXT_MAX];
    int len = sg_move_format(&p, U(&p, usi), n, SQ(prev), 0, buf, sizeof buf);
    if (!CHECK_EQ_STR(buf, name)) printf("  %s in %s (%s)\n", usi, sg_notation_name(n), sfen);
    CHECK_EQ_INT(len, (int)strlen(name));
}

static void expect_parse_v(const char *sfen, sg_variant v, const char *text, sg_notation n, const char *prev,
                           const char *usi)
{
    sg_pos p = P(sfen, v);
    sg_move m = 0;
    sg_error e = {0, 0, ""};
    bool ok = (int)n < 0 ? sg_move_parse_any(&p, text, SQ(prev), &m, NULL, &e)
                         : sg_move_parse(&p, text, n, SQ(prev), &m, &e);
    if (!CHECK(ok)) { printf("  '%s' refused: %s\n", text, e.msg); return; }
    char buf[6];
    sg_move_to_usi(m, buf);
    if (!CHECK_EQ_STR(buf, usi)) printf("  for '%s'\n", text);
}
static void expect_parse(const char *sfen, const char *text, sg_notation n, const char *prev, const char *usi)
{
    expect_parse_v(sfen, SG_STANDARD, text, n, prev, usi);
}
#define ANY ((sg_notation)-1)

static void expect_error(const char *sfen, const char *text, sg_notation n, const char *prev, int col, const char *msg)
{
    sg_pos p = P(sfen, SG_STANDARD);
    sg_move m = 12345;
    sg_error e = {0, 0, ""};
    bool ok = (int)n < 0 ? sg_move_parse_any(&p, text, SQ(prev), &m, NULL, &e)
                         : sg_move_parse(&p, text, n, SQ(prev), &m, &e);
    if (!CHECK(!ok)) { printf("  '%s' accepted\n", text); return; }
    /* no move, or the illegal move the text names exactly */
    CHECK(m == SG_MOVE_NONE || sg_is_legal(&p, m) != SG_LEGAL);
    if (!CHECK_EQ_STR(e.msg, msg)) printf("  for '%s'\n", text);
    if (!CHECK_EQ_INT(e.col, col)) printf("  for '%s' (%s)\n", text, e.msg);
    CHECK_EQ_INT(e.line, 1);
}

/* ---- names ------------------------------------------------------------------------- */
static void names(void)
{
    sg_notation n;
    const char *all[] = {"usi", "csa", "western", "japanese", "kif"};
    for (int i = 0; i < SG_NOTATION_NB; i++) {
        CHECK_EQ_STR(sg_notation_name((sg_notation)i), all[i]);
        CHECK(sg_notation_from_name(all[i], &n) && n == (sg_notation)i);
    }
    CHECK(sg_notation_from_name("ki2", &n) && n == SG_NOTATION_JAPANESE);
    CHECK(!sg_notation_from_name("hodges", &n));
    CHECK(sg_notation_name(SG_NOTATION_NB) == NULL);

    CHECK_EQ_STR(sg_ptype_name(SG_PRO_SILVER, SG_NAME_JAPANESE), "成銀");
    CHECK_EQ_STR(sg_ptype_name(SG_PRO_SILVER, SG_NAME_KANJI1), "全");
    CHECK_EQ_STR(sg_ptype_name(SG_PRO_SILVER, SG_NAME_CSA), "NG");
    CHECK_EQ_STR(sg_ptype_name(SG_PRO_SILVER, SG_NAME_WESTERN), "+S");
    CHECK_EQ_STR(sg_ptype_name(SG_ELEPHANT, SG_NAME_JAPANESE), "酔象");
    CHECK_EQ_STR(sg_ptype_name(SG_ELEPHANT, SG_NAME_KANJI1), "酔");
    CHECK_EQ_STR(sg_ptype_name(SG_ELEPHANT, SG_NAME_CSA), "SZ");
    CHECK_EQ_STR(sg_ptype_name(SG_PRINCE, SG_NAME_JAPANESE), "太子");
    CHECK_EQ_STR(sg_ptype_name(SG_PRINCE, SG_NAME_CSA), "TS");
    CHECK_EQ_STR(sg_ptype_name(SG_PRINCE, SG_NAME_WESTERN), "+E");
    CHECK_EQ_STR(sg_ptype_name(SG_KING, SG_NAME_JAPANESE), "玉");
    CHECK_EQ_STR(sg_ptype_name(SG_DRAGON, SG_NAME_JAPANESE), "龍");
    CHECK(sg_ptype_name(SG_NO_PT, SG_NAME_CSA) == NULL);
    CHECK(sg_ptype_name(7 + 8 + 2, SG_NAME_CSA) == NULL);
    CHECK(sg_ptype_name(SG_PAWN, SG_NAME_NB) == NULL);

    static const struct { const char *text; sg_ptype t; int len; } parsed[] = {
        {"歩", SG_PAWN, 3}, {"と", SG_PRO_PAWN, 3}, {"成歩", SG_PRO_PAWN, 6}, {"成香", SG_PRO_LANCE, 6},
        {"杏", SG_PRO_LANCE, 3}, {"成桂", SG_PRO_KNIGHT, 6}, {"圭", SG_PRO_KNIGHT, 3}, {"成銀", SG_PRO_SILVER, 6},
        {"全", SG_PRO_SILVER, 3}, {"馬", SG_HORSE, 3}, {"龍", SG_DRAGON, 3}, {"竜", SG_DRAGON, 3},
        {"玉", SG_KING, 3}, {"王", SG_KING, 3}, {"酔象", SG_ELEPHANT, 6}, {"酔", SG_ELEPHANT, 3},
        {"太子", SG_PRINCE, 6}, {"太", SG_PRINCE, 3}, {"UM", SG_HORSE, 2}, {"OU", SG_KING, 2},
        {"KA", SG_BISHOP, 2}, {"+R", SG_DRAGON, 2}, {"K", SG_KING, 1}, {"G", SG_GOLD, 1},
        {"銀成", SG_SILVER, 3}, {"x", SG_NO_PT, 0}, {"成", SG_NO_PT, 0}, {"", SG_NO_PT, 0}};
    for (size_t i = 0; i < sizeof parsed / sizeof parsed[0]; i++) {
        int len = -1;
        if (!CHECK_EQ_INT(sg_ptype_parse(parsed[i].text, &len), parsed[i].t)) printf("  for %s\n", parsed[i].text);
        CHECK_EQ_INT(len, parsed[i].len);
    }
    char sq[8];
    CHECK_EQ_INT(sg_square_japanese(sg_square_parse("7f"), sq), 6);
    CHECK_EQ_STR(sq, "７六");
    sg_square_japanese(sg_square_parse("1a"), sq);
    CHECK_EQ_STR(sq, "１一");
    sg_square_japanese(sg_square_parse("9i"), sq);
    CHECK_EQ_STR(sq, "９九");
}

/* ---- formats ------------------------------------------------------------------------ */
/* black bishop can take on 2b; white to move after 7g7f 3c3d */
#define OPEN "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3"
#define OPEN_W "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 3"
static void formats(void)
{
    const sg_notation U_ = SG_NOTATION_USI, C = SG_NOTATION_CSA, W = SG_NOTATION_WESTERN,
                      J = SG_NOTATION_JAPANESE, K = SG_NOTATION_KIF;
    expect_name(START, "7g7f", U_, NULL, "7g7f");
    expect_name(START, "7g7f", C, NULL, "+7776FU");
    expect_name(START, "7g7f", W, NULL, "P-7f");
    expect_name(START, "7g7f", J, NULL, "▲７六歩");
    expect_name(START, "7g7f", K, NULL, "７六歩(77)");
    expect_name(OPEN, "8h2b+", U_, NULL, "8h2b+");
    expect_name(OPEN, "8h2b+", C, NULL, "+8822UM");
    expect_name(OPEN, "8h2b+", W, NULL, "Bx2b+");
    expect_name(OPEN, "8h2b+", J, NULL, "▲２二角成");
    expect_name(OPEN, "8h2b+", K, NULL, "２二角成(88)");
    expect_name(OPEN, "8h2b", W, NULL, "Bx2b=");
    expect_name(OPEN, "8h2b", J, NULL, "▲２二角不成");
    expect_name(OPEN, "8h2b", K, NULL, "２二角不成(88)");
    expect_name(OPEN, "8h2b", C, NULL, "+8822KA");
    expect_name(OPEN_W, "2b8h+", C, NULL, "-2288UM");
    expect_name(OPEN_W, "2b8h+", J, NULL, "△８八角成");
    expect_name(OPEN_W, "2b8h+", W, NULL, "Bx8h+");
    /* 同 */
    expect_name(OPEN_W, "2b8h+", J, "8h", "△同　角成");
    expect_name(OPEN_W, "2b8h+", K, "8h", "同　角成(22)");
    expect_name(OPEN_W, "2b8h+", J, "7f", "△８八角成");
    expect_name(OPEN_W, "2b8h+", W, "8h", "Bx8h+"); /* no 同 outside Japanese */
    /* drops: 打 only when a board piece of that kind could also go there (Japanese), always in KIF */
    const char *hand = "4k4/9/9/9/9/9/9/9/3GK4 b GSB 1";
    expect_name(hand, "G*5h", J, NULL, "▲５八金打");
    expect_name(hand, "G*5h", K, NULL, "５八金打");
    expect_name(hand, "G*5h", W, NULL, "G*5h");
    expect_name(hand, "G*5h", C, NULL, "+0058KI");
    expect_name(hand, "G*5h", U_, NULL, "G*5h");
    expect_name(hand, "6i5h", J, NULL, "▲５八金");
    expect_name(hand, "G*5e", J, NULL, "▲５五金");
    expect_name(hand, "G*5e", K, NULL, "５五金打");
    expect_name(hand, "B*5e", J, NULL, "▲５五角");
    expect_name(hand, "S*4h", J, NULL, "▲４八銀");
    /* promoted pieces by their promoted names */
    const char *pro = "4k4/9/9/9/9/9/9/2+S+N+L+P+B+R1/4K4 b - 1";
    expect_name(pro, "7h7g", C, NULL, "+7877NG");
    expect_name(pro, "7h7g", W, NULL, "+S-7g");
    expect_name(pro, "7h7g", J, NULL, "▲７七成銀");
    expect_name(pro, "6h6g", J, NULL, "▲６七成桂");
    expect_name(pro, "6h6g", C, NULL, "+6867NK");
    expect_name(pro, "5h5g", J, NULL, "▲５七成香");
    expect_name(pro, "5h5g", C, NULL, "+5857NY");
    expect_name(pro, "4h4g", J, NULL, "▲４七と");
    expect_name(pro, "4h4g", C, NULL, "+4847TO");
    expect_name(pro, "3h3g", J, NULL, "▲３七馬");
    expect_name(pro, "3h3g", C, NULL, "+3837UM");
    expect_name(pro, "3h3g", W, NULL, "+B-3g");
    expect_name(pro, "2h2g", J, NULL, "▲２七龍");
    expect_name(pro, "2h2g", C, NULL, "+2827RY");
    expect_name(pro, "2h2g", W, NULL, "+R-2g");
    expect_name(pro, "5i4i", J, NULL, "▲４九玉");
    expect_name(pro, "5i4i", C, NULL, "+5949OU");
    expect_name(pro, "5i4i", W, NULL, "K-4i");
    /* knight: =, + and the forced promotion */
    const char *kn = "4k4/9/9/3N5/9/9/9/9/4K4 b - 1";
    expect_name(kn, "6d7b+", W, NULL, "N-7b+");
    expect_name(kn, "6d7b+", J, NULL, "▲７二桂成");
    expect_name(kn, "6d5b+", J, NULL, "▲５二桂成");
    expect_name(kn, "6d5b+", W, NULL, "N-5b+");
    const char *kn2 = "4k4/9/9/9/3N5/9/9/9/4K4 b - 1";
    expect_name(kn2, "6e7c", W, NULL, "N-7c=");
    expect_name(kn2, "6e7c", J, NULL, "▲７三桂不成");
    expect_name(kn2, "6e7c+", J, NULL, "▲７三桂成");
    /* a promotion leaving the zone */
    const char *sv = "4k4/9/3S5/9/9/9/9/9/4K4 b - 1";
    expect_name(sv, "6c7d+", J, NULL, "▲７四銀成");
    expect_name(sv, "6c7d", J, NULL, "▲７四銀不成");
    expect_name(sv, "6c7d", W, NULL, "S-7d=");
    /* flags, buffers, illegal moves */
    sg_pos p = P(START, SG_STANDARD);
    char buf[SG_MOVE_TEXT_MAX];
    CHECK_EQ_INT(sg_move_format(&p, U(&p, "7g7f"), J, NONE, SG_FMT_NO_MARK, buf, sizeof buf), 9);
    CHECK_EQ_STR(buf, "７六歩");
    char small[5];
    CHECK_EQ_INT(sg_move_format(&p, U(&p, "7g7f"), C, NONE, 0, small, sizeof small), 7);
    CHECK_EQ_STR(small, "+777");
    CHECK_EQ_INT(sg_move_format(&p, U(&p, "7g7e"), C, NONE, 0, buf, sizeof buf), -1);
    CHECK_EQ_STR(buf, "");
    CHECK_EQ_INT(sg_move_format(&p, U(&p, "7g7f"), SG_NOTATION_NB, NONE, 0, buf, sizeof buf), -1);
    CHECK_EQ_INT(sg_move_format(&p, U(&p, "7g7f"), C, NONE, 0, NULL, 0), 7);
    /* Sho shogi: the elephant and the prince */
    sg_pos sho = P("lnsgkgsnl/1r2e2b1/ppppppppp/9/9/9/PPPPPPPPP/1B2E2R1/LNSGKGSNL b - 1", SG_SHO);
    sg_move_format(&sho, U(&sho, "5h4h"), C, NONE, 0, buf, sizeof buf);
    CHECK_EQ_STR(buf, "+5848SZ");
    sg_move_format(&sho, U(&sho, "5h4h"), J, NONE, 0, buf, sizeof buf);
    CHECK_EQ_STR(buf, "▲４八酔象");
    sg_move_format(&sho, U(&sho, "5h4h"), W, NONE, 0, buf, sizeof buf);
    CHECK_EQ_STR(buf, "E-4h");
    sg_pos sho2 = P("4k4/9/4E4/9/9/9/9/9/4K4 b - 1", SG_SHO);
    sg_move_format(&sho2, U(&sho2, "5c5b+"), C, NONE, 0, buf, sizeof buf);
    CHECK_EQ_STR(buf, "+5352TS");
    sg_move_format(&sho2, U(&sho2, "5c5b+"), J, NONE, 0, buf, sizeof buf);
    CHECK_EQ_STR(buf, "▲５二酔象成");
    sg_move_format(&sho2, U(&sho2, "5c4b"), J, NONE, 0, buf, sizeof buf);
    CHECK_EQ_STR(buf, "▲４二酔象不成");
    sg_move_format(&sho2, U(&sho2, "5c5b+"), W, NONE, 0, buf, sizeof buf);
    CHECK_EQ_STR(buf, "E-5b+");
    sg_pos sho3 = P("4k4/9/9/9/4+E4/9/9/9/4K4 b - 1", SG_SHO);
    sg_move_format(&sho3, U(&sho3, "5e5f"), J, NONE, 0, buf, sizeof buf);
    CHECK_EQ_STR(buf, "▲５六太子");
    sg_move_format(&sho3, U(&sho3, "5e5f"), W, NONE, 0, buf, sizeof buf);
    CHECK_EQ_STR(buf, "+E-5f");
    expect_parse_v("4k4/9/9/9/4+E4/9/9/9/4K4 b - 1", SG_SHO, "５六太", ANY, NULL, "5e5f");
    expect_parse_v("4k4/9/9/9/4+E4/9/9/9/4K4 b - 1", SG_SHO, "+5556TS", ANY, NULL, "5e5f");
    expect_parse_v("4k4/9/4E4/9/9/9/9/9/4K4 b - 1", SG_SHO, "５二酔成", ANY, NULL, "5c5b+");
}

/* ---- the JSA words and the Western origin ------------------------------------------- */
static void jsa(void)
{
    const sg_notation J = SG_NOTATION_JAPANESE, W = SG_NOTATION_WESTERN, K = SG_NOTATION_KIF;
    /* the start: two golds reach 5h from behind, diagonally */
    expect_name(START, "4i5h", J, NULL, "▲５八金右");
    expect_name(START, "6i5h", J, NULL, "▲５八金左");
    expect_name(START, "4i5h", W, NULL, "G4i-5h");
    expect_name(START, "6i5h", W, NULL, "G6i-5h");
    expect_name(START, "6i5h", K, NULL, "５八金(69)");
    expect_name(START, "4i4h", J, NULL, "▲４八金");
    expect_name(START, "4i4h", W, NULL, "G-4h");
    /* two golds from the side */
    const char *side = "4k4/9/9/9/9/9/9/3G1G3/4K4 b - 1";
    expect_name(side, "6h5h", J, NULL, "▲５八金左");
    expect_name(side, "4h5h", J, NULL, "▲５八金右");
    expect_name(side, "4h5h", W, NULL, "G4h-5h");
    /* from the side and from behind: the direction says it */
    const char *sb = "4k4/9/9/9/9/9/9/3G5/5G2K b - 1";
    expect_name(sb, "6h5h", J, NULL, "▲５八金寄");
    expect_name(sb, "4i5h", J, NULL, "▲５八金上");
    /* from the front (backward) and from behind */
    const char *fb = "4k4/9/9/9/9/9/4G4/9/5G2K b - 1";
    expect_name(fb, "5g5h", J, NULL, "▲５八金引");
    expect_name(fb, "4i5h", J, NULL, "▲５八金上");
    /* three abreast: 直 straight ahead, 右 and 左 */
    const char *three = "4k4/9/9/9/9/9/9/9/3GGG2K b - 1";
    expect_name(three, "5i5h", J, NULL, "▲５八金直");
    expect_name(three, "6i5h", J, NULL, "▲５八金左");
    expect_name(three, "4i5h", J, NULL, "▲５八金右");
    expect_name(three, "5i5h", W, NULL, "G5i-5h");
    /* straight ahead with one from the side only: 上 is enough */
    const char *st = "4k4/9/9/9/9/9/9/3G5/4G3K b - 1";
    expect_name(st, "5i5h", J, NULL, "▲５八金上");
    expect_name(st, "6h5h", J, NULL, "▲５八金寄");
    /* 右/左 with the direction: golds on 6i, 4i (forward) and 4h (sideways) */
    const char *mix = "4k4/9/9/9/9/9/9/5G3/3G1G2K b - 1";
    expect_name(mix, "4h5h", J, NULL, "▲５八金寄");
    expect_name(mix, "6i5h", J, NULL, "▲５八金左");
    expect_name(mix, "4i5h", J, NULL, "▲５八金右上");
    /* silvers: two backward, one forward */
    const char *sil = "4k4/9/9/9/9/9/3S1S3/9/5S2K b - 1";
    expect_name(sil, "6g5h", J, NULL, "▲５八銀左");
    expect_name(sil, "4g5h", J, NULL, "▲５八銀右引"); /* 右 alone would fit 4i too */
    expect_name(sil, "4i5h", J, NULL, "▲５八銀上");
    /* knights */
    const char *kn = "4k4/9/9/9/9/9/9/9/1N1N4K b - 1";
    expect_name(kn, "8i7g", J, NULL, "▲７七桂左");
    expect_name(kn, "6i7g", J, NULL, "▲７七桂右");
    expect_name(kn, "6i7g", W, NULL, "N6i-7g");
    /* white: right and left from white's own view, forward is down the board */
    const char *w = "3g1g2k/9/9/9/9/9/9/9/4K4 w - 1";
    expect_name(w, "6a5b", J, NULL, "△５二金右");
    expect_name(w, "4a5b", J, NULL, "△５二金左");
    const char *w3 = "k2ggg3/9/9/9/9/9/9/9/4K4 w - 1";
    expect_name(w3, "5a5b", J, NULL, "△５二金直");
    expect_name(w3, "4a5b", J, NULL, "△５二金左");
    expect_name(w3, "6a5b", J, NULL, "△５二金右");
    const char *wb = "k8/9/9/9/9/9/5g3/9/K3g4 w - 1";
    expect_name(wb, "5i5h", J, NULL, "△５八金引");
    expect_name(wb, "4g5h", J, NULL, "△５八金上");
    /* dragons and horses: no 直, 右/左 by position */
    const char *dr = "4k4/+R7+R/9/9/9/9/9/9/4K4 b - 1";
    expect_name(dr, "1b5b", J, NULL, "▲５二龍右");
    expect_name(dr, "9b5b", J, NULL, "▲５二龍左");
    expect_name(dr, "9b5b", W, NULL, "+R9b-5b");
    const char *dr2 = "k8/9/9/9/9/5+R3/9/9/4+R3K b - 1";
    expect_name(dr2, "5i5e", J, NULL, "▲５五龍左");
    expect_name(dr2, "4f5e", J, NULL, "▲５五龍右");
    const char *dr3 = "8k/9/9/9/+R8/9/9/9/4+R3K b - 1";
    expect_name(dr3, "5i5e", J, NULL, "▲５五龍上");
    expect_name(dr3, "9e5e", J, NULL, "▲５五龍寄");
    expect_name(dr3, "9e9f", J, NULL, "▲９六龍");
    const char *hs = "4k4/9/9/9/9/9/+B7+B/9/4K4 b - 1";
    expect_name(hs, "9g5c", J, NULL, "▲５三馬左");
    expect_name(hs, "1g5c", J, NULL, "▲５三馬右");
    const char *hs2 = "+B3k4/9/9/9/9/9/9/9/K7+B b - 1";
    expect_name(hs2, "9a5e", J, NULL, "▲５五馬引");
    expect_name(hs2, "1i5e", J, NULL, "▲５五馬上");
    expect_name(hs2, "1i5e", W, NULL, "+B1i-5e");
    expect_name(hs2, "1i2i", W, NULL, "+B-2i");
    /* a promoted piece beside an unpromoted one: different kinds */
    const char *tg = "4k4/9/9/9/9/9/9/9/3+P1G2K b - 1";
    expect_name(tg, "6i5h", J, NULL, "▲５八と");
    expect_name(tg, "4i5h", J, NULL, "▲５八金");
    expect_name(tg, "6i5h", W, NULL, "+P-5h");
    const char *ss = "4k4/9/9/9/9/9/9/9/3+S1S2K b - 1";
    expect_name(ss, "6i5h", J, NULL, "▲５八成銀");
    expect_name(ss, "4i5h", J, NULL, "▲５八銀");
    expect_name(ss, "4i5h", W, NULL, "S-5h");
    expect_parse(ss, "５八全", ANY, NULL, "6i5h");
    expect_parse(ss, "+S-5h", ANY, NULL, "6i5h");
    /* a twin that is pinned does not count */
    const char *pin = "4k4/9/5r3/9/9/9/9/3G1G3/5K3 b - 1";
    expect_name(pin, "6h5h", J, NULL, "▲５八金");
    expect_name(pin, "6h5h", W, NULL, "G-5h");
    expect_parse(pin, "５八金", ANY, NULL, "6h5h");
    expect_parse(pin, "G-5h", ANY, NULL, "6h5h");
    expect_error(pin, "５八金右", ANY, NULL, 1,
                 "illegal move '５八金右' (4h5h): the move leaves the king in check");
    /* 打 needed and not needed; without 打 a board move fits first */
    const char *hand = "4k4/9/9/9/9/9/9/9/3GK4 b G 1";
    expect_parse(hand, "５八金", ANY, NULL, "6i5h");
    expect_parse(hand, "５八金打", ANY, NULL, "G*5h");
    expect_parse(hand, "５五金", ANY, NULL, "G*5e");
    expect_parse(hand, "５五金打", ANY, NULL, "G*5e");
    expect_parse(hand, "G*5h", SG_NOTATION_WESTERN, NULL, "G*5h");
    expect_parse(hand, "G-5h", SG_NOTATION_WESTERN, NULL, "6i5h");
    /* words that are true but not needed are accepted */
    expect_parse(START, "７六歩上", ANY, NULL, "7g7f");
    expect_parse(START, "５八金左上", ANY, NULL, "6i5h");
    expect_parse(START, "G6i5h", ANY, NULL, "6i5h");
    expect_parse(START, "P7g-7f", ANY, NULL, "7g7f");
    expect_parse(mix, "５八金右上", ANY, NULL, "4i5h");
    expect_parse(mix, "５八金左", ANY, NULL, "6i5h");
    expect_parse(mix, "５八金寄", ANY, NULL, "4h5h");
    expect_parse(mix, "５八金右寄", ANY, NULL, "4h5h");
    expect_parse(three, "５八金上直", ANY, NULL, "5i5h");
}

/* ---- accepted variants ----------------------------------------------------------------- */
static void variants(void)
{
    static const char *const seven_six[] = {
        "７六歩", "▲７六歩", "☗７六歩", "▼７六歩", "76歩", "7六歩", "７6歩", "七六歩", "７六歩(77)", "７六歩（７７）",
        " ▲７六歩 ", "　７六歩　", "▲ ７六歩", "7g7f", "P-7f", "P7g-7f", "P7g7f", "P-76", "P76", "P7f",
        "+7776FU", "7776FU", "\t7g7f\n"};
    for (size_t i = 0; i < sizeof seven_six / sizeof seven_six[0]; i++)
        expect_parse(START, seven_six[i], ANY, NULL, "7g7f");
    expect_parse(START, "７六歩", SG_NOTATION_KIF, NULL, "7g7f");
    expect_parse(START, "７六歩(77)", SG_NOTATION_JAPANESE, NULL, "7g7f");
    expect_parse(OPEN_W, "△８八角成", ANY, NULL, "2b8h+");
    expect_parse(OPEN_W, "☖８八角成", ANY, NULL, "2b8h+");
    expect_parse(OPEN_W, "▽８八角成", ANY, NULL, "2b8h+");
    expect_parse(OPEN_W, "同　角成", ANY, "8h", "2b8h+");
    expect_parse(OPEN_W, "同角成", ANY, "8h", "2b8h+");
    expect_parse(OPEN_W, "同 角成", ANY, "8h", "2b8h+");
    expect_parse(OPEN_W, "△同　角成(22)", ANY, "8h", "2b8h+");
    expect_parse(OPEN_W, "-2288UM", ANY, NULL, "2b8h+");
    expect_parse(OPEN_W, "2288UM", ANY, NULL, "2b8h+");
    expect_parse(OPEN_W, "2288KA", ANY, NULL, "2b8h");
    expect_parse(OPEN_W, "Bx8h+", ANY, NULL, "2b8h+");
    expect_parse(OPEN_W, "B-8h+", ANY, NULL, "2b8h+"); /* '-' for a capture too */
    expect_parse(OPEN_W, "B2bx8h=", ANY, NULL, "2b8h");
    expect_parse(OPEN_W, "８八角不成", ANY, NULL, "2b8h");
    expect_parse(OPEN_W, "８八角生", ANY, NULL, "2b8h");
    const char *pro = "4k4/9/9/9/9/9/9/2+S+N+L+P+B+R1/K8 b - 1";
    static const struct { const char *text, *usi; } names[] = {
        {"７七成銀", "7h7g"}, {"７七全", "7h7g"}, {"６七成桂", "6h6g"}, {"６七圭", "6h6g"}, {"５七成香", "5h5g"},
        {"５七杏", "5h5g"}, {"４七と", "4h4g"}, {"４七成歩", "4h4g"}, {"３七馬", "3h3g"}, {"２七龍", "2h2g"},
        {"２七竜", "2h2g"}, {"９八玉", "9i9h"}, {"９八王", "9i9h"}, {"+S-7g", "7h7g"}, {"+N-6g", "6h6g"},
        {"+L-5g", "5h5g"}, {"+P-4g", "4h4g"}, {"+B-3g", "3h3g"}, {"+R-2g", "2h2g"}, {"K-9h", "9i9h"},
        {"+7877NG", "7h7g"}, {"+6867NK", "6h6g"}, {"+5857NY", "5h5g"}, {"+4847TO", "4h4g"}, {"+3837UM", "3h3g"},
        {"+2827RY", "2h2g"}, {"+9998OU", "9i9h"}};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        expect_parse(pro, names[i].text, ANY, NULL, names[i].usi);
    /* a knight's declined promotion */
    const char *kn2 = "4k4/9/9/9/3N5/9/9/9/4K4 b - 1";
    expect_parse(kn2, "N-7c=", ANY, NULL, "6e7c");
    expect_parse(kn2, "N-7c+", ANY, NULL, "6e7c+");
    expect_parse(kn2, "７三桂不成", ANY, NULL, "6e7c");
    expect_parse(kn2, "７三桂成", ANY, NULL, "6e7c+");
    expect_parse(kn2, "+6573NK", ANY, NULL, "6e7c+");
    expect_parse(kn2, "+6573KE", ANY, NULL, "6e7c");
    /* '=' and 不成 where no promotion was possible: true, accepted */
    expect_parse(START, "P-7f=", ANY, NULL, "7g7f");
    expect_parse(START, "７六歩不成", ANY, NULL, "7g7f");
    /* the notation given explicitly */
    expect_parse(START, "7g7f", SG_NOTATION_USI, NULL, "7g7f");
    expect_parse(START, "+7776FU", SG_NOTATION_CSA, NULL, "7g7f");
    expect_parse(START, "P-7f", SG_NOTATION_WESTERN, NULL, "7g7f");
    expect_parse(START, "▲７六歩", SG_NOTATION_JAPANESE, NULL, "7g7f");
    /* drops */
    const char *hand = "4k4/9/9/9/9/9/9/9/4K4 b RBGSNLP 1";
    expect_parse(hand, "P*5e", ANY, NULL, "P*5e");
    expect_parse(hand, "P*5e", SG_NOTATION_WESTERN, NULL, "P*5e");
    expect_parse(hand, "+0055FU", ANY, NULL, "P*5e");
    expect_parse(hand, "５五歩", ANY, NULL, "P*5e");
    expect_parse(hand, "５五歩打", ANY, NULL, "P*5e");
    expect_parse(hand, "R*1a", ANY, NULL, "R*1a");
    expect_parse(hand, "１一飛打", ANY, NULL, "R*1a");
    expect_parse(hand, "L*1b", ANY, NULL, "L*1b");
    expect_parse(hand, "N*1c", ANY, NULL, "N*1c");
}

/* ---- every parse error ------------------------------------------------------------------ */
static void errors(void)
{
    const sg_notation U_ = SG_NOTATION_USI, C = SG_NOTATION_CSA, W = SG_NOTATION_WESTERN, J = SG_NOTATION_JAPANESE;
    expect_error(START, "", ANY, NULL, 1, "empty move");
    expect_error(START, "   ", J, NULL, 4, "empty move");
    expect_error(START, "xyz", ANY, NULL, 1, "not a move 'xyz' (write it like 7g7f, P-7f, +7776FU or ７六歩)");
    expect_error(START, "7g7f", SG_NOTATION_NB, NULL, 1, "unknown notation");
    /* ambiguity, with the candidates */
    expect_error(START, "５八金", ANY, NULL, 1, "ambiguous move '５八金': could be ５八金右 (4i5h) or ５八金左 (6i5h)");
    expect_error(START, "G-5h", ANY, NULL, 1, "ambiguous move 'G-5h': could be G4i-5h (4i5h) or G6i-5h (6i5h)");
    expect_error(START, "  ５八金", ANY, NULL, 3, "ambiguous move '５八金': could be ５八金右 (4i5h) or ５八金左 (6i5h)");
    expect_error(OPEN, "２二角", ANY, NULL, 1, "ambiguous move '２二角': could be ２二角成 (8h2b+) or ２二角不成 (8h2b)");
    expect_error(OPEN, "Bx2b", ANY, NULL, 1, "ambiguous move 'Bx2b': could be Bx2b+ (8h2b+) or Bx2b= (8h2b)");
    expect_error(OPEN_W, "同　角", ANY, "8h", 1, "ambiguous move '同　角': could be 同　角成 (2b8h+) or 同　角不成 (2b8h)");
    expect_parse(OPEN_W, "８八角(22)", ANY, NULL, "2b8h"); /* KIF: no 成, no promotion */
    expect_parse(OPEN_W, "８八角(22)", SG_NOTATION_KIF, NULL, "2b8h");
    expect_parse(OPEN_W, "同　角(22)", SG_NOTATION_KIF, "8h", "2b8h");
    expect_parse(OPEN_W, "同　角成(22)", SG_NOTATION_KIF, "8h", "2b8h+");
    const char *must = "4k4/P8/9/9/9/9/9/9/4K4 b P 1";
    expect_error(must, "９一歩(92)", ANY, NULL, 1,
                 "illegal move '９一歩(92)' (9b9a): the piece must promote there, it could never move again");
    const char *three = "4k4/9/9/9/9/9/9/9/3GGG2K b - 1";
    expect_error(three, "５八金", ANY, NULL, 1,
                 "ambiguous move '５八金': could be ５八金右 (4i5h), ５八金直 (5i5h) or ５八金左 (6i5h)");
    expect_error(three, "５八金上", ANY, NULL, 1,
                 "ambiguous move '５八金上': could be ５八金右 (4i5h), ５八金直 (5i5h) or ５八金左 (6i5h)");
    /* a long list is cut short */
    const char *tokins = "4k4/9/9/3+P+P+P3/3+P1+P3/3+P+P+P3/9/9/4K4 b - 1";
    expect_error(tokins, "５五と", ANY, NULL, 1,
                 "ambiguous move '５五と': could be ５五と右寄 (4e5e), ５五と右上 (4f5e), ５五と引 (5d5e), "
                 "５五と直 (5f5e), ５五と左寄 (6e5e), ...");
    /* no move fits: the rule it breaks, or what would fit */
    expect_error(START, "２二角成", ANY, NULL, 1, "illegal move '２二角成' (8h2b+): the path is blocked");
    expect_error(START, "７五歩", ANY, NULL, 1, "no legal move matches '７五歩'");
    expect_error(START, "７六歩成", ANY, NULL, 1, "illegal move '７六歩成' (7g7f+): the piece cannot promote on this move");
    expect_error(START, "５五角打", ANY, NULL, 1, "illegal move '５五角打' (B*5e): no such piece in hand");
    expect_error(START, "５八金寄", ANY, NULL, 1, "no legal move matches '５八金寄': did you mean ５八金右 (4i5h) or ５八金左 (6i5h)?");
    expect_error(START, "７七角", ANY, NULL, 1, "illegal move '７七角' (8h7g): own piece on the destination");
    expect_error(START, "Px7f", ANY, NULL, 1, "no legal move matches 'Px7f': did you mean P-7f (7g7f)?");
    expect_error(START, "P*5e", W, NULL, 1, "illegal move 'P*5e': no such piece in hand");
    expect_error(START, "S-5e", W, NULL, 1, "no legal move matches 'S-5e'");
    expect_error(must, "９一歩", ANY, NULL, 1,
                 "illegal move '９一歩' (9b9a): the piece must promote there, it could never move again");
    expect_error(must, "P-9a", ANY, NULL, 1,
                 "illegal move 'P-9a' (9b9a): the piece must promote there, it could never move again");
    expect_error(must, "９一歩不成", ANY, NULL, 1,
                 "illegal move '９一歩不成' (9b9a): the piece must promote there, it could never move again");
    expect_error(must, "P-9a=", ANY, NULL, 1,
                 "illegal move 'P-9a=' (9b9a): the piece must promote there, it could never move again");
    expect_error(must, "９五歩", ANY, NULL, 1, "illegal move '９五歩' (P*9e): nifu: a second unpromoted pawn on the file");
    expect_error(must, "１一歩打", ANY, NULL, 1, "illegal move '１一歩打' (P*1a): the piece could never move from there");
    const char *mate = "7lk/9/7G1/9/9/9/9/9/4K4 b P 1";
    expect_error(mate, "１二歩打", ANY, NULL, 1, "illegal move '１二歩打' (P*1b): uchifuzume: a pawn drop may not give mate");
    expect_error(mate, "１二歩", ANY, NULL, 1, "illegal move '１二歩' (P*1b): uchifuzume: a pawn drop may not give mate");
    expect_error(mate, "P*1b", W, NULL, 1, "illegal move 'P*1b': uchifuzume: a pawn drop may not give mate");
    expect_error(mate, "P*1b", U_, NULL, 1, "illegal move 'P*1b': uchifuzume: a pawn drop may not give mate");
    expect_error(mate, "P*1b", ANY, NULL, 1, "illegal move 'P*1b': uchifuzume: a pawn drop may not give mate");
    expect_error(mate, "+0012FU", ANY, NULL, 1,
                 "illegal move '+0012FU' (P*1b): uchifuzume: a pawn drop may not give mate");
    /* USI */
    expect_error(START, "7g7e", ANY, NULL, 1, "illegal move '7g7e': the piece cannot move that way");
    expect_error(START, "5e5d", U_, NULL, 1, "illegal move '5e5d': there is no piece on the from square");
    expect_error(START, "7g7f7", U_, NULL, 1, "not a USI move '7g7f7' (write it like 7g7f, 8h2b+ or P*5e)");
    expect_error(START, "K*5e", U_, NULL, 1, "a drop starts with one of P L N S G B R: 'K*5e' is not a USI move");
    expect_error(START, "K*5e", ANY, NULL, 1, "a drop starts with one of P L N S G B R: 'K*5e' is not a USI move");
    expect_error(START, "0g7f", ANY, NULL, 1, "bad from square: '0g7f' is not a USI move");
    expect_error(START, "7g7j+", ANY, NULL, 1, "bad destination square: '7g7j+' is not a USI move");
    expect_error(START, "P-7f", U_, NULL, 1, "not a USI move 'P-7f' (write it like 7g7f, 8h2b+ or P*5e)");
    /* CSA */
    expect_error(START, "-7776FU", ANY, NULL, 1, "'-' but it is black's (+) turn to move");
    expect_error(OPEN_W, "+3334FU", ANY, NULL, 1, "'+' but it is white's (-) turn to move");
    expect_error(START, "%TORYO", C, NULL, 1, "not a CSA move '%TORYO' (write it like +7776FU or -0045KA)");
    expect_error(START, "+7076FU", C, NULL, 2, "bad square '70' in '+7076FU'");
    expect_error(START, "+7706FU", C, NULL, 4, "bad square '06' in '+7706FU'");
    expect_error(START, "+7776XX", C, NULL, 6, "unknown CSA piece 'XX'");
    expect_error(START, "+0055OU", C, NULL, 6, "'+0055OU': a OU cannot be dropped");
    expect_error(START, "+7776KI", C, NULL, 6, "'+7776KI' names KI, but the piece on 77 is FU");
    expect_error(START, "+7776TO", C, NULL, 1, "illegal move '+7776TO' (7g7f+): the piece cannot promote on this move");
    expect_error(START, "+7775FU", C, NULL, 1, "illegal move '+7775FU' (7g7e): the piece cannot move that way");
    expect_error(START, "+5554FU", C, NULL, 1, "illegal move '+5554FU' (5e5d): there is no piece on the from square");
    expect_error(START, "+3334FU", C, NULL, 1,
                 "illegal move '+3334FU' (3c3d): the piece on the from square belongs to the opponent");
    expect_error(START, "+0055KA", C, NULL, 1, "illegal move '+0055KA' (B*5e): no such piece in hand");
    /* Western */
    expect_error(START, "Q-7f", W, NULL, 1, "not a Western move 'Q-7f': expected a piece letter (P L N S G B R K)");
    expect_error(START, "+", W, NULL, 2, "not a Western move '+': expected a piece letter (P L N S G B R K)");
    expect_error(START, "+G-5h", W, NULL, 1, "'+G' is not a piece");
    expect_error(START, "P-7z", W, NULL, 3, "'P-7z': expected a square like 7f");
    expect_error(START, "P7g-", W, NULL, 5, "'P7g-': expected a square like 7f");
    expect_error(START, "P7g*7f", W, NULL, 4, "'P7g*7f': a drop has no origin square");
    expect_error(START, "P-7f!", W, NULL, 5, "unexpected '!' after the move 'P-7f'");
    expect_error(START, "+P*5e", W, NULL, 1, "'+P*5e': a promoted piece cannot be dropped");
    expect_error(START, "P*5e+", W, NULL, 5, "'P*5e+': a drop cannot promote");
    expect_error(START, "７六歩", W, NULL, 1, "not a Western move '７六歩': expected a piece letter (P L N S G B R K)");
    /* Japanese */
    expect_error(START, "△７六歩", ANY, NULL, 1, "'△' marks a white (gote) move, but it is black's (▲) turn");
    expect_error(OPEN_W, "▲３四歩", ANY, NULL, 1, "'▲' marks a black (sente) move, but it is white's (△) turn");
    expect_error(START, "同　歩", ANY, NULL, 1, "'同　歩': 同 needs the previous move's destination");
    expect_error(START, "▲同歩", ANY, NULL, 2, "'▲同歩': 同 needs the previous move's destination");
    expect_error(START, "歩", J, NULL, 1, "'歩': expected a square like ７六 or 同");
    expect_error(START, "７歩", J, NULL, 1, "'７歩': expected a square like ７六 or 同");
    expect_error(START, "７六", J, NULL, 3, "'７六': expected a piece (歩 香 桂 銀 金 角 飛 玉 と 成香 成桂 成銀 馬 龍)");
    expect_error(START, "７六步", J, NULL, 3, "'７六步': expected a piece (歩 香 桂 銀 金 角 飛 玉 と 成香 成桂 成銀 馬 龍)");
    expect_error(START, "７六歩(7)", J, NULL, 5, "'７六歩(7)': expected an origin like (77)");
    expect_error(START, "７六歩(77", J, NULL, 7, "'７六歩(77': expected ')' after the origin");
    expect_error(START, "７六歩打(77)", J, NULL, 5, "'７六歩打(77)': a drop (打) has no origin");
    expect_error(START, "７六歩です", J, NULL, 4, "unexpected 'です' after the move '７六歩'");
    expect_error(START, "５五金右打", J, NULL, 5, "'５五金右打': a drop (打) takes no 右 左 直 上 引 寄");
    expect_error(START, "５五金成打", J, NULL, 5, "'５五金成打': a drop cannot promote");
    expect_error(START, "５五馬打", J, NULL, 4, "'５五馬打': only a piece in hand can be dropped");
    expect_error(START, "７六歩(78)", J, NULL, 1, "no legal move matches '７六歩(78)': did you mean ７六歩(77) (7g7f)?");
    expect_error(START, "P-7f", J, NULL, 1, "'P-7f': expected a square like ７六 or 同");
    /* a very long text is quoted short */
    expect_error(START, "７六歩ああああああああああああああああああああああ", J, NULL, 4,
                 "unexpected 'ああああああああああああああああああああああ' after the move '７六歩'");
    expect_error(START, "ああああああああああああああああああああああああああ", ANY, NULL, 1,
                 "'" "ああああああああああああああああああああ" "...': expected a square like ７六 or 同"); /* sg_quote: 63 bytes */
    /* Sho shogi: no drops, and a game that is over */
    expect_parse_v("lnsgkgsnl/1r2e2b1/ppppppppp/9/9/9/PPPPPPPPP/1B2E2R1/LNSGKGSNL b - 1", SG_SHO, "E-4h", ANY, NULL,
                   "5h4h");
    sg_pos over = P("4k4/9/9/9/9/9/9/9/3GK4 w - 1", SG_SHO);
    sg_move m;
    sg_error e;
    CHECK(!sg_move_parse_any(&over, "K-5b", NONE, &m, NULL, &e));
    CHECK_EQ_STR(e.msg,
                 "illegal move 'K-5b' (5a5b): the game is over: the side to move has lost its royals or is left bare");
    sg_pos sho = P("lnsgkgsnl/1r2e2b1/ppppppppp/9/9/9/PPPPPPPPP/1B2E2R1/LNSGKGSNL b - 1", SG_SHO);
    CHECK(!sg_move_parse_any(&sho, "+0055FU", NONE, &m, NULL, &e));
    CHECK_EQ_STR(e.msg, "illegal move '+0055FU' (P*5e): this variant has no drops");
    CHECK(!sg_move_parse_any(&sho, "５五歩打", NONE, &m, NULL, &e));
    CHECK_EQ_STR(e.msg, "illegal move '５五歩打' (P*5e): this variant has no drops");
}

/* ---- round trips of every legal move -------------------------------------------------- */
static int moves_checked;

/* every word and 打 in a Japanese name must be needed: without it the text fails or means another move */
static void check_needed(const sg_pos *p, sg_move m, const char *name)
{
    static const char *const WORDS[] = {"右", "左", "直", "上", "引", "寄", "打"};
    for (size_t w = 0; w < sizeof WORDS / sizeof WORDS[0]; w++) {
        const char *at = strstr(name, WORDS[w]);
        /* the words name the piece whatever the promotion; 成 sometimes says it alone */
        if (!at || strstr(name, "成")) continue;
        char shorter[SG_MOVE_TEXT_MAX];
        size_t pre = (size_t)(at - name);
        memcpy(shorter, name, pre);
        strcpy(shorter + pre, at + strlen(WORDS[w]));
        sg_move m2 = 0;
        sg_error e;
        bool ok = sg_move_parse(p, shorter, SG_NOTATION_JAPANESE, NONE, &m2, &e);
        if (!CHECK(!ok || m2 != m)) printf("  %s: %s is not needed\n", name, WORDS[w]);
    }
}

static void round_trip_position(const sg_pos *p)
{
    sg_move ms[SG_MAX_MOVES];
    int n = sg_gen_legal(p, ms);
    for (int i = 0; i < n; i++) {
        sg_move m = ms[i];
        for (int k = 0; k < SG_NOTATION_NB; k++) {
            for (int same = 0; same < 2; same++) {
                sg_square prev = same ? sg_move_to(m) : NONE;
                char name[SG_MOVE_TEXT_MAX];
                int len = sg_move_format(p, m, (sg_notation)k, prev, 0, name, sizeof name);
                if (len <= 0 || len >= SG_MOVE_TEXT_MAX) { CHECK(0); printf("  length %d\n", len); continue; }
                sg_move back = 0, any = 0;
                sg_error e;
                sg_notation which;
                bool ok = sg_move_parse(p, name, (sg_notation)k, prev, &back, &e);
                bool ok_any = sg_move_parse_any(p, name, prev, &any, &which, &e);
                if (ok && back == m && ok_any && any == m) check_passed++;
                else {
                    char u[6];
                    sg_move_to_usi(m, u);
                    CHECK(0);
                    printf("  %s as %s '%s' does not come back: %s\n", u, sg_notation_name((sg_notation)k), name,
                           e.msg);
                }
                if (k == SG_NOTATION_JAPANESE && !same) check_needed(p, m, name);
                if (k == SG_NOTATION_WESTERN && !same && !sg_move_is_drop(m)) {
                    /* the origin only when needed */
                    int twins = 0;
                    for (int j = 0; j < n; j++)
                        twins += !sg_move_is_drop(ms[j]) && sg_move_to(ms[j]) == sg_move_to(m)
                                 && sg_move_piece(ms[j]) == sg_move_piece(m)
                                 && sg_move_from(ms[j]) != sg_move_from(m);
                    bool has_origin = name[(name[0] == '+') + 1] >= '1' && name[(name[0] == '+') + 1] <= '9'
                                      && name[(name[0] == '+') + 3] != 0 && name[(name[0] == '+') + 2] != '-'
                                      && name[(name[0] == '+') + 2] != 'x';
                    if (!CHECK_EQ_INT(has_origin, twins > 0)) printf("  %s\n", name);
                }
            }
        }
        moves_checked++;
    }
}

static uint64_t next_random(uint64_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    return *s;
}

static void playout(sg_pos p, int plies, uint64_t *seed)
{
    for (int i = 0; i < plies; i++) {
        round_trip_position(&p);
        sg_move ms[SG_MAX_MOVES];
        int n = sg_gen_legal(&p, ms);
        if (!n) break;
        sg_undo u;
        sg_do_move(&p, ms[next_random(seed) % (uint64_t)n], &u);
    }
}

static int round_trips(const char *path, sg_variant v, int plies, uint64_t *seed)
{
    FILE *f = fopen(path, "r");
    if (!CHECK(f != NULL)) { printf("  cannot open %s\n", path); return 0; }
    char line[1024], last[1024] = "";
    int positions = 0;
    while (fgets(line, sizeof line, f)) {
        char *tab = strchr(line, '\t');
        if (!tab || strncmp(line, "name\t", 5) == 0) continue;
        char *sfen = tab + 1, *end = strchr(sfen, '\t');
        if (!end) continue;
        *end = 0;
        if (strcmp(sfen, last) == 0) continue;
        strcpy(last, sfen);
        sg_pos p;
        sg_error e;
        if (!CHECK(sg_pos_from_sfen(&p, sfen, v, &e))) continue;
        playout(p, plies, seed);
        positions++;
    }
    fclose(f);
    return positions;
}

int main(void)
{
    sg_init();
    names();
    formats();
    jsa();
    variants();
    errors();
    uint64_t seed = 0x9E3779B97F4A7C15ull;
    int a = round_trips("tests/data/perft_suite.tsv", SG_STANDARD, 12, &seed);
    int b = round_trips("tests/data/sho_perft.tsv", SG_SHO, 12, &seed);
    /* longer games from the start, where promoted pieces pile up */
    for (int g = 0; g < 6; g++) playout(P(START, SG_STANDARD), 160, &seed);
    printf("round trips: %d + %d positions and their playouts, %d moves\n", a, b, moves_checked);
    return check_report();
}
