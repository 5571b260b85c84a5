/* The game mechanics (game.c): play and undo restore exactly, refusals change
 * nothing, memory grows through the caller's allocator, random games in both
 * variants end with an explained verdict. */
#include <stdlib.h>
#include "check.h"
#include "../../src/core/game.h"

static uint64_t rng = 0x9E3779B97F4A7C15u;
static uint32_t rnd(uint32_t n)
{
    rng ^= rng << 13; rng ^= rng >> 7; rng ^= rng << 17;
    return (uint32_t)(rng % n);
}

static bool load(sg_pos *p, const char *sfen, sg_variant v)
{
    sg_error err;
    if (sg_pos_from_sfen(p, sfen, v, &err)) return true;
    printf("bad sfen %s: %s\n", sfen, err.msg);
    return false;
}

/* an allocator that fails after `budget` calls that grow */
typedef struct { int budget; int live; } counting;
static void *test_alloc(void *ud, void *ptr, size_t osize, size_t nsize)
{
    counting *c = ud;
    (void)osize;
    if (nsize == 0) { if (ptr) c->live--; free(ptr); return NULL; }
    if (c->budget-- <= 0) return NULL;
    if (!ptr) c->live++;
    return realloc(ptr, nsize);
}

static void test_refusals_change_nothing(void)
{
    sg_pos p;
    sg_rules r;
    sg_game g;
    CHECK(load(&p, "startpos", SG_STANDARD));
    sg_rules_jsa(&r, SG_STANDARD);
    CHECK(sg_game_init(&g, &p, &r, NULL, NULL) == NULL);
    sg_game before = g;
    sg_move m;
    const char *why;
    CHECK(sg_move_from_usi(&g.pos, "7g7e", &m, &why));
    CHECK_EQ_INT(sg_game_play(&g, m), SG_ILLEGAL_CANNOT_REACH);
    CHECK(memcmp(&before.pos, &g.pos, sizeof g.pos) == 0 && g.ply == 0);
    CHECK_EQ_INT(sg_game_play(&g, 0xFFFFFFFFu), SG_ILLEGAL_MALFORMED);
    CHECK(sg_move_from_usi(&g.pos, "P*5e", &m, &why));
    CHECK_EQ_INT(sg_game_play(&g, m), SG_ILLEGAL_NOT_IN_HAND);
    CHECK(memcmp(&before.pos, &g.pos, sizeof g.pos) == 0 && g.ply == 0);
    CHECK(!sg_game_undo(&g));
    sg_game_free(&g);
    sg_game_free(&g); /* idempotent */
}

static void test_allocator(void)
{
    sg_pos p;
    sg_rules r;
    sg_game g;
    counting c = {1, 0};
    CHECK(load(&p, "4k4/9/9/9/5R3/9/9/9/K8 b - 1", SG_STANDARD));
    sg_rules_jsa(&r, SG_STANDARD);
    r.sennichite = r.perpetual_check = false;
    CHECK(sg_game_init(&g, &p, &r, test_alloc, &c) == NULL);
    CHECK_EQ_INT(c.live, 1);
    static const char *const cycle[4] = {"4e5e", "5a4a", "5e4e", "4a5a"};
    int st = SG_LEGAL, i = 0;
    for (; i < 200 && st == SG_LEGAL; i++) {
        sg_move m;
        const char *why;
        sg_move_from_usi(&g.pos, cycle[i % 4], &m, &why);
        st = sg_game_play(&g, m);
    }
    CHECK_EQ_INT(st, SG_PLAY_NO_MEMORY);
    CHECK_EQ_INT(g.ply, 63);              /* the first block holds 64 entries */
    const char *why;
    CHECK(sg_pos_is_ok(&g.pos, &why));
    c.budget = 10;
    sg_move m;
    sg_move_from_usi(&g.pos, cycle[63 % 4], &m, &why);
    CHECK_EQ_INT(sg_game_play(&g, m), SG_LEGAL);
    sg_game_free(&g);
    CHECK_EQ_INT(c.live, 0);
    /* out of memory at once */
    c.budget = 0;
    CHECK_EQ_STR(sg_game_init(&g, &p, &r, test_alloc, &c), "not enough memory");
    sg_game_free(&g);
}

static void test_handicap_start(void)
{
    sg_pos p;
    sg_rules r;
    sg_game g;
    /* 2-piece: gote (white) moves first */
    CHECK(load(&p, "lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1", SG_STANDARD));
    sg_rules_jsa(&r, SG_STANDARD);
    CHECK(sg_game_init(&g, &p, &r, NULL, NULL) == NULL);
    sg_move m;
    const char *why;
    CHECK(sg_move_from_usi(&g.pos, "7g7f", &m, &why));
    CHECK_EQ_INT(sg_game_play(&g, m), SG_ILLEGAL_NOT_YOUR_PIECE);
    CHECK(sg_move_from_usi(&g.pos, "3c3d", &m, &why));
    CHECK_EQ_INT(sg_game_play(&g, m), SG_LEGAL);
    CHECK_EQ_INT(g.pos.side, SG_BLACK);
    sg_game_free(&g);
}

/* plays random games to the end; checks undo restores the start exactly and
 * that every end has a reason and a sentence */
static void random_games(sg_variant v, const char *sfen, int games, int max_moves, int *reasons)
{
    sg_pos p;
    sg_rules r;
    sg_game g;
    CHECK(load(&p, sfen, v));
    sg_rules_jsa(&r, v);
    r.max_moves = max_moves;
    int bad = 0;
    for (int n = 0; n < games; n++) {
        if (sg_game_init(&g, &p, &r, NULL, NULL)) { bad++; break; }
        sg_verdict verdict;
        while (!sg_game_result(&g, &verdict)) {
            sg_move moves[SG_MAX_MOVES];
            int k = sg_gen_legal(&g.pos, moves);
            if (k == 0) { bad++; break; }
            if (sg_game_play(&g, moves[rnd((uint32_t)k)]) != SG_LEGAL) { bad++; break; }
            const char *why;
            uint64_t bk, hk;
            sg_pos_compute_keys(&g.pos, &bk, &hk);
            if (bk != g.pos.board_key || hk != g.pos.hand_key || !sg_pos_is_ok(&g.pos, &why)) { bad++; break; }
        }
        char text[SG_VERDICT_TEXT_MAX];
        if (verdict.reason <= SG_END_NONE || verdict.reason >= SG_END_CUSTOM ||
            sg_verdict_text(&verdict, v, text, sizeof text) < 10 || verdict.ply != g.ply)
            bad++;
        reasons[verdict.reason]++;
        while (sg_game_undo(&g)) {}
        if (memcmp(&g.pos, &p, sizeof p) != 0) bad++;
        sg_game_free(&g);
    }
    CHECK_EQ_INT(bad, 0);
}

static void test_random_games(void)
{
    int reasons[SG_END_NB] = {0};
    random_games(SG_STANDARD, "startpos", 30, 400, reasons);
    int sho[SG_END_NB] = {0};
    random_games(SG_SHO, "lnsgkgsnl/1r2e2b1/ppppppppp/9/9/9/PPPPPPPPP/1B2E2R1/LNSGKGSNL b - 1", 60, 600, sho);
    int total = 0;
    for (int i = 0; i < SG_END_NB; i++) total += sho[i];
    CHECK_EQ_INT(total, 60);
    /* random Sho games end by lost or bare royals or mates more often than by the cap */
    CHECK(sho[SG_END_BARE_ROYAL] + sho[SG_END_CHECKMATE] + sho[SG_END_ROYALS_LOST] > 0);
}

int main(void)
{
    sg_init();
    test_refusals_change_nothing();
    test_allocator();
    test_handicap_start();
    test_random_games();
    return check_report();
}
