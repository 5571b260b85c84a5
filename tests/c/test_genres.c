/* The problem genres over the core: 必至 (src/mate/hisshi.c) and 自玉詰
 * (src/mate/selfmate.c) on positions of tests/data/{hisshi,selfmate}_suite.tsv
 * cheap enough for ASan.  The whole suites run in tests/lua/hisshi_spec.lua and selfmate_spec.lua. */
#include <stdlib.h>
#include "check.h"
#include "../../src/mate/hisshi.h"
#include "../../src/mate/selfmate.h"

static sg_mate_table *tt;

static sg_pos pos(const char *sfen)
{
    sg_pos p;
    sg_error e;
    if (!sg_pos_from_sfen(&p, sfen, SG_STANDARD, &e)) { printf("FAIL cannot read %s: %s\n", sfen, e.msg); exit(1); }
    return p;
}

static sg_move move(const sg_pos *p, const char *usi)
{
    sg_move m;
    const char *why;
    if (!sg_move_from_usi(p, usi, &m, &why)) { printf("FAIL bad move %s\n", usi); exit(1); }
    return m;
}

static void usi(sg_move m, char out[6]) { sg_move_to_usi(m, out); }

static void test_hisshi(void)
{
    sg_hisshi_opts o;
    sg_hisshi_opts_default(&o);
    sg_hisshi_result *r = malloc(sizeof *r);
    char u[6];
    sg_pos p = pos("8k/9/9/9/6NN1/9/9/9/9 b G2r2b3g4s2n4l18p 1");
    sg_hisshi_solve(tt, &p, &o, 0, 1, r);
    CHECK_EQ_INT(r->status, SG_HISSHI_FOUND);
    CHECK_EQ_INT(r->length, 1);
    CHECK_EQ_INT(r->nkeys, 1);
    usi(r->keys[0], u);
    CHECK_EQ_STR(u, "2e1c+");
    /* a tsume start is said so */
    p = pos("8k/9/8P/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1");
    sg_hisshi_solve(tt, &p, &o, 0, 1, r);
    CHECK_EQ_INT(r->status, SG_HISSHI_IS_TSUME);
    /* none within 1 */
    p = pos("8k/9/9/9/9/9/9/9/9 b GS2r2b3g3s4n4l18p 1");
    sg_hisshi_solve(tt, &p, &o, 1, 0, r);
    CHECK_EQ_INT(r->status, SG_HISSHI_NONE);
    /* the attacker's king present: a checking defence the attacker cannot answer with a check */
    p = pos("8k/9/9/9/6NN1/9/9/9/K8 b G2r2b3g4s2n4l18p 1");
    sg_hisshi *h = sg_hisshi_new(tt, p.side, &o);
    sg_move ref;
    CHECK_EQ_INT(sg_hisshi_move(h, &p, move(&p, "2e1c+"), 1, &ref), SG_HISSHI_DISPROVEN);
    usi(ref, u);
    CHECK_EQ_STR(u, "B*2b");
    sg_hisshi_free(h);
    /* the king walled in on 9i: N*8g checks; answered by a capture only with escapes */
    p = pos("8k/9/9/9/6NN1/9/9/PGG6/KNL6 b G2r2bg4sn3l17p 1");
    h = sg_hisshi_new(tt, p.side, &o);
    CHECK_EQ_INT(sg_hisshi_move(h, &p, move(&p, "2e1c+"), 1, &ref), SG_HISSHI_DISPROVEN);
    usi(ref, u);
    CHECK_EQ_STR(u, "N*8g");
    sg_hisshi_free(h);
    o.escapes = 1;
    h = sg_hisshi_new(tt, p.side, &o);
    CHECK_EQ_INT(sg_hisshi_move(h, &p, move(&p, "2e1c+"), 1, &ref), SG_HISSHI_PROVEN);
    sg_hisshi_free(h);
    o.escapes = 0;
    /* a node limit leaves it undecided, never "none" */
    p = pos("9/8k/6+P2/6P2/9/9/9/9/9 b RPr2b4g4s4n4l15p 1");
    o.limits.nodes = 2000;
    sg_hisshi_solve(tt, &p, &o, 0, 3, r);
    CHECK_EQ_INT(r->status, SG_HISSHI_UNKNOWN);
    free(r);
}

static void test_selfmate(void)
{
    sg_limits l = sg_limits_none();
    sg_selfmate_result *r = malloc(sizeof *r);
    char u[6];
    sg_pos p = pos("7gk/7pb/8K/5B3/4p2g1/9/9/9/9 b N2r2g4s3n4l16p 1");
    sg_selfmate_solve(&p, 0, 6, &l, 1, r);
    CHECK_EQ_INT(r->status, SG_SELFMATE_FOUND);
    CHECK_EQ_INT(r->length, 4);
    CHECK_EQ_INT(r->nkeys, 1);
    CHECK_EQ_INT(r->pv_len, 4);
    usi(r->keys[0], u);
    CHECK_EQ_STR(u, "N*2c");
    sg_selfmate_solve(&p, 2, 0, &l, 1, r);
    CHECK_EQ_INT(r->status, SG_SELFMATE_NONE);
    sg_move ref;
    CHECK_EQ_INT(sg_selfmate_move(&p, move(&p, "N*2c"), 4, &l, 1, &ref), 1);
    CHECK_EQ_INT(sg_selfmate_move(&p, move(&p, "4d2b+"), 4, &l, 1, &ref), 0);
    CHECK(ref != SG_MOVE_NONE);
    /* no king to be mated */
    p = pos("8k/9/9/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1");
    sg_selfmate_solve(&p, 0, 4, &l, 1, r);
    CHECK_EQ_INT(r->status, SG_SELFMATE_NONE);
    free(r);
}

int main(void)
{
    sg_init();
    tt = sg_mate_table_new((size_t)8 << 20);
    if (!tt) { printf("cannot allocate the table\n0 passed, 1 failed\n"); return 1; }
    test_hisshi();
    test_selfmate();
    sg_mate_table_free(tt);
    printf("%d passed, %d failed\n", check_passed, check_failed);
    return check_failed ? 1 : 0;
}
