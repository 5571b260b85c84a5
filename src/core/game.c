/* The mutable game: history, play and undo, stored verdicts (rules.c decides them). */
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include "game.h"

/* what the rules read of the game */
static sg_history history(const sg_game *g) { return (sg_history){&g->rules, &g->pos, g->hist, g->ply}; }

static void *libc_alloc(void *ud, void *ptr, size_t osize, size_t nsize)
{
    (void)ud; (void)osize;
    if (nsize == 0) { free(ptr); return NULL; }
    return realloc(ptr, nsize);
}

#define FIRST_CAP 64

static bool grow(sg_game *g, int need)
{
    if (need <= g->cap) return true;
    int cap = g->cap ? g->cap : FIRST_CAP;
    while (cap < need) {
        if (cap > (int)(0x7fffffff / 2 / sizeof(sg_game_entry))) return false;
        cap *= 2;
    }
    void *h = g->alloc(g->alloc_ud, g->hist, (size_t)g->cap * sizeof(sg_game_entry), (size_t)cap * sizeof(sg_game_entry));
    if (!h) return false;
    g->hist = h;
    g->cap = cap;
    return true;
}

/* ---- making and freeing ------------------------------------------------------------------ */
const char *sg_game_init(sg_game *g, const sg_pos *start, const sg_rules *r, sg_alloc_fn alloc, void *ud)
{
    memset(g, 0, sizeof *g);
    g->alloc = alloc ? alloc : libc_alloc;
    g->alloc_ud = alloc ? ud : NULL;
    sg_verdict_clear(&g->verdict);
    const char *why = sg_rules_check(r);
    if (why) return why;
    if (r->variant != start->variant) return "the rule set is for another variant than the position";
    /* a lenient diagram may break the position rules, but a game cannot start
     * with the king of the side not to move en prise: the next move would take it */
    if (start->variant == SG_STANDARD && sg_pos_royal_exposed(start, sg_opp(start->side)))
        return "the side not to move is in check";
    if (!grow(g, FIRST_CAP)) return "not enough memory";
    g->start = *start;
    g->pos = *start;
    g->rules = *r;
    g->hist[0].move = SG_MOVE_NONE;
    memset(&g->hist[0].undo, 0, sizeof g->hist[0].undo);
    g->hist[0].key = sg_pos_key(start);
    g->hist[0].in_check = sg_in_check(start);
    sg_verdict v;
    sg_history h = history(g);
    if (sg_rules_after_move(&h, &v)) g->verdict = v;
    return NULL;
}

void sg_game_free(sg_game *g)
{
    if (g->hist) g->alloc(g->alloc_ud, g->hist, (size_t)g->cap * sizeof(sg_game_entry), 0);
    g->hist = NULL;
    g->cap = 0;
    g->ply = 0;
    g->top = 0;
}

bool sg_game_copy(sg_game *dst, const sg_game *src)
{
    *dst = *src;
    dst->hist = NULL;
    dst->cap = 0;
    if (!grow(dst, src->cap)) return false;
    memcpy(dst->hist, src->hist, (size_t)(src->top + 1) * sizeof(sg_game_entry));
    return true;
}

/* ---- playing and undoing ---------------------------------------------------------------- */
static const char *end_custom(sg_game *g, sg_outcome outcome, int winner, const char *id, bool by_action);

/* runs the custom end test on an open position with moves: SG_LEGAL or the failure */
static int run_end_test(sg_game *g)
{
    sg_verdict v;
    if (!g->end_test || sg_game_result(g, &v)) return SG_LEGAL;
    sg_custom_end ce = {SG_OUTCOME_NONE, -1, ""};
    g->in_end_test = true;
    sg_test_status st = g->end_test(g->end_test_ud, g, &ce);
    g->in_end_test = false;
    if (st == SG_TEST_FAILED) return SG_PLAY_TEST_FAILED;
    if (st != SG_TEST_ENDED) return SG_LEGAL;
    ce.id[sizeof ce.id - 1] = 0;
    g->error = end_custom(g, ce.outcome, ce.winner, ce.id, false);
    return g->error ? SG_PLAY_BAD_VERDICT : SG_LEGAL;
}

void sg_game_set_end_test(sg_game *g, sg_end_test_fn fn, void *ud)
{
    g->end_test = fn;
    g->end_test_ud = ud;
}

int sg_game_check_end(sg_game *g) { return g->in_end_test ? SG_PLAY_BUSY : run_end_test(g); }

int sg_game_play(sg_game *g, sg_move m)
{
    if (sg_game_decided(g)) return SG_PLAY_GAME_OVER;
    return sg_game_play_judged(g, m, sg_is_legal(&g->pos, m));
}

int sg_game_play_judged(sg_game *g, sg_move m, sg_reason why)
{
    if (g->in_end_test) return SG_PLAY_BUSY;
    if (sg_game_decided(g)) return SG_PLAY_GAME_OVER;
    if (why != SG_LEGAL) {
        /* only now find out whether the side to move had any move at all */
        if (why == SG_ILLEGAL_GAME_OVER || !sg_has_legal_move(&g->pos)) return SG_PLAY_GAME_OVER;
        return (int)why;
    }
    if (!grow(g, g->ply + 2)) return SG_PLAY_NO_MEMORY;
    sg_game_entry *e = &g->hist[g->ply + 1];
    /* the moves kept ahead stay only if this is the next of them */
    bool same = g->top > g->ply && e->move == m;
    e->move = m;
    sg_do_move(&g->pos, m, &e->undo);
    e->key = sg_pos_key(&g->pos);
    e->in_check = sg_in_check(&g->pos);
    g->ply++;
    if (!same) g->top = g->ply;
    g->ended_by_action = false;
    sg_verdict v;
    sg_history h = history(g);
    if (sg_rules_after_move(&h, &v)) g->verdict = v;
    int st = run_end_test(g);
    if (st != SG_LEGAL) {
        sg_game_undo(g);
        if (!same) g->top = g->ply;
    }
    return st;
}

int sg_game_redo(sg_game *g)
{
    if (g->top <= g->ply) return SG_PLAY_GAME_OVER;
    return sg_game_play(g, g->hist[g->ply + 1].move);
}

bool sg_game_undo_end(sg_game *g)
{
    if (!sg_game_decided(g) || !g->ended_by_action || g->in_end_test) return false;
    sg_verdict_clear(&g->verdict);
    g->ended_by_action = false;
    return true;
}

bool sg_game_undo(sg_game *g)
{
    if (g->ply == 0 || g->in_end_test) return false;
    g->ended_by_action = false;
    sg_undo_move(&g->pos, g->hist[g->ply].move, &g->hist[g->ply].undo);
    g->ply--;
    if (sg_game_decided(g)) sg_verdict_clear(&g->verdict);
    return true;
}

/* ---- results ------------------------------------------------------------------------------- */
bool sg_game_result(const sg_game *g, sg_verdict *v)
{
    if (sg_game_decided(g)) { *v = g->verdict; return true; }
    sg_history h = history(g);
    return sg_rules_no_moves(&h, v);
}

static bool open_game(const sg_game *g)
{
    sg_verdict v;
    return !sg_game_result(g, &v);
}

bool sg_game_end_stated(sg_game *g, sg_end reason, int loser)
{
    bool draw = reason == SG_END_AGREEMENT || reason == SG_END_IMPASSE_24;
    bool win = reason == SG_END_RESIGNATION || reason == SG_END_TIME_UP || reason == SG_END_ILLEGAL_MOVE;
    if (!open_game(g) || (!draw && !win) || (win && loser != SG_BLACK && loser != SG_WHITE) || (draw && loser != -1))
        return false;
    sg_verdict_clear(&g->verdict);
    g->ended_by_action = true;
    g->verdict.reason = reason;
    g->verdict.ply = g->ply;
    if (win) {
        g->verdict.outcome = SG_OUTCOME_WIN;
        g->verdict.loser_side = loser;
        g->verdict.winner = sg_opp((sg_color)loser);
    } else {
        g->verdict.outcome = SG_OUTCOME_DRAW;
        for (int c = 0; c < SG_COLOR_NB; c++)
            g->verdict.points[c] = sg_count_points(&g->pos, (sg_color)c, false, NULL);
        g->verdict.needed = g->rules.impasse_points;
    }
    return true;
}

bool sg_game_resign(sg_game *g, sg_color who) { return sg_game_end_stated(g, SG_END_RESIGNATION, who); }

bool sg_game_agree_draw(sg_game *g) { return sg_game_end_stated(g, SG_END_AGREEMENT, -1); }

const char *sg_game_end_custom(sg_game *g, sg_outcome outcome, int winner, const char *id)
{
    return end_custom(g, outcome, winner, id, true);
}

static const char *end_custom(sg_game *g, sg_outcome outcome, int winner, const char *id, bool by_action)
{
    if (!open_game(g)) return "the game has ended";
    if (outcome == SG_OUTCOME_WIN && winner != SG_BLACK && winner != SG_WHITE)
        return "a winning verdict needs a winner (\"b\" or \"w\")";
    if (outcome == SG_OUTCOME_DRAW && winner != -1) return "a drawn verdict cannot have a winner";
    if (outcome != SG_OUTCOME_WIN && outcome != SG_OUTCOME_DRAW) return "a verdict is a win or a draw";
    const char *why = sg_custom_id_check(id);
    if (why) return why;
    sg_verdict_clear(&g->verdict);
    g->ended_by_action = by_action;
    g->verdict.outcome = outcome;
    g->verdict.reason = SG_END_CUSTOM;
    snprintf(g->verdict.custom_id, sizeof g->verdict.custom_id, "%s", id);
    if (outcome == SG_OUTCOME_WIN) {
        g->verdict.winner = winner;
        g->verdict.loser_side = (int)sg_opp((sg_color)winner);
    }
    g->verdict.ply = g->ply;
    return NULL;
}

sg_claim sg_game_declare(sg_game *g, sg_verdict *v)
{
    sg_claim c = sg_rules_declaration(&g->rules, &g->pos, v);
    v->ply = g->ply;
    if (c == SG_CLAIM_OK) {
        g->verdict = *v;
        g->ended_by_action = true;
    } else if (c != SG_CLAIM_NOT_IN_RULES && g->rules.declaration_loses) {
        g->ended_by_action = true;
        v->outcome = SG_OUTCOME_WIN;
        v->reason = SG_END_WRONG_DECLARATION;
        v->fault = c;
        v->loser_side = g->pos.side;
        v->winner = sg_opp(g->pos.side);
        g->verdict = *v;
    }
    return c;
}

sg_claim sg_game_impasse(sg_game *g, sg_verdict *v)
{
    sg_claim c = sg_rules_impasse(&g->rules, &g->pos, v);
    v->ply = g->ply;
    if (c == SG_CLAIM_OK) {
        g->verdict = *v;
        g->ended_by_action = true;
    }
    return c;
}
