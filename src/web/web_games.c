/* The game routes (docs/WEB.md "The API"): a bot game, the challenges and
 * their acceptance, a player's games, one game, its moves, resigning and
 * declaring, its record. */
#include "web_internal.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/movegen.h"
#include "../core/position.h"

unsigned web_route_rules(ctx *x)
{
    const sg_web *w = x->w;
    const sg_rules *r = &w->rules;
    sbuf b = {0};
    sb_lit(&b, "{\"rules\":{\"name\":");
    sb_str(&b, r->name);
    sb_printf(&b, ",\"max_moves\":%d,\"sennichite\":%s,\"perpetual_check\":%s,\"declaration\":", r->max_moves,
              r->sennichite ? "true" : "false", r->perpetual_check ? "true" : "false");
    if (r->declaration)
        sb_printf(&b, "{\"points\":{\"black\":%d,\"white\":%d},\"pieces\":%d,\"wrong_loses\":%s}", r->declaration_points[0],
                  r->declaration_points[1], r->declaration_pieces, r->declaration_loses ? "true" : "false");
    else sb_lit(&b, "null");
    sb_lit(&b, "},\"deadlines\":[");
    for (int i = 0; i < w->n_deadlines; i++) sb_printf(&b, "%s%d", i ? "," : "", w->deadlines[i]);
    sb_lit(&b, "],\"bot_levels\":[");
    for (int i = 0; i < BOT_LEVELS; i++)
        sb_printf(&b, "%s{\"level\":%d,\"name\":\"%s\",\"seconds\":%g}", i ? "," : "", i + 1, web_bot_levels[i].name,
                  web_bot_levels[i].seconds);
    sb_lit(&b, "],\"bots\":[");
    for (int i = 0; i < w->n_bot_files; i++) {
        if (i) sb_lit(&b, ",");
        sb_str(&b, w->bot_files[i].name);
    }
    sb_printf(&b, "],\"sessions\":{\"idle\":%lld,\"lifetime\":%lld}}", (long long)(w->sessions.idle_ms / 1000),
              (long long)(w->sessions.lifetime_ms / 1000));
    return web_json(x, 200, &b);
}

unsigned web_send_game(ctx *x, int64_t id, unsigned code)
{
    loaded *L = malloc(sizeof *L);
    if (!L) return web_fail(x, 500, "out of memory");
    int rc = web_load_game(x->w, id, L);
    if (rc) { free(L); return web_fail(x, (unsigned)rc, rc == 404 ? "no game %lld" : "game %lld cannot be read", (long long)id); }
    sbuf b = {0};
    web_state_json(x->w, x, L, &b, false);
    sg_game_free(&L->g);
    free(L);
    return web_json(x, code, &b);
}

unsigned web_route_game_page(ctx *x)
{
    const char *q = web_get(x, WEB_QUERY, "id");
    char *end = NULL;
    long long id = q && *q >= '1' && *q <= '9' ? strtoll(q, &end, 10) : 0;
    if (id <= 0 || *end || id == LLONG_MAX) return web_serve_file(x);
    loaded *L = malloc(sizeof *L);
    if (!L) return web_serve_file(x);
    sbuf b = {0};
    pthread_mutex_lock(&x->w->mu);
    web_load_session(x);
    int rc = web_load_game(x->w, id, L);
    if (!rc) {
        web_state_json(x->w, x, L, &b, false);
        sg_game_free(&L->g);
    }
    pthread_mutex_unlock(&x->w->mu);
    free(L);
    unsigned code = rc || b.oom || !b.p ? web_serve_file(x) : web_serve_file_with(x, "data-game", b.p, b.len);
    free(b.p);
    return code;
}

unsigned web_route_bot_game(ctx *x)
{
    jobj o;
    if (!web_need_body(x, &o)) return 400;
    const jv *lv = web_jget(&o, "level");
    int level = 1;
    if (lv) {
        if (lv->kind != JV_NUM || lv->num != floor(lv->num) || lv->num < 1 || lv->num > BOT_LEVELS)
            return web_fail(x, 400, "\"level\": a whole number from 1 to %d", BOT_LEVELS);
        level = (int)lv->num;
    }
    sg_store_game g = {.bot_level = level, .created = web_now_ms(), .winner = -1};
    /* a bot file of the config, by its name; none: the built-in evaluation */
    const jv *bv = web_jget(&o, "bot");
    if (bv && bv->kind != JV_NULL) {
        if (bv->kind != JV_STR || web_bot_index(x->w, bv->str) < 0)
            return web_fail(x, 400, "\"bot\": %s", x->w->n_bot_files ? "the name of a bot this site offers (GET /api/rules lists them)"
                                                               : "this site offers only the built-in evaluation");
        snprintf(g.bot, sizeof g.bot, "%.*s", (int)sizeof g.bot - 1, bv->str);   /* a known name: it fits */
    }
    /* a start position: practice from any position (the core reads and checks it) */
    const jv *sv = web_jget(&o, "sfen");
    sg_color first = SG_BLACK;
    if (sv) {
        sg_pos p;
        sg_error err;
        sg_move ms[SG_MAX_MOVES];
        if (sv->kind != JV_STR) return web_fail(x, 400, "\"sfen\": a string (an SFEN position, or \"startpos\")");
        if (!sg_pos_from_sfen(&p, sv->str, SG_STANDARD, &err))
            return web_fail(x, 400, "\"sfen\": column %d: %s", err.col, err.msg);
        if (sg_gen_legal(&p, ms) == 0) return web_fail(x, 400, "\"sfen\": the side to move has no legal move");
        sg_pos_to_sfen(&p, g.start, sizeof g.start);
        first = p.side;
        /* the starting position given as an SFEN is still a game from the start (its record in KIF too) */
        sg_pos s0;
        char sfen0[SG_STORE_SFEN_MAX];
        if (sg_pos_from_sfen(&s0, "startpos", SG_STANDARD, &err)) {
            sg_pos_to_sfen(&s0, sfen0, sizeof sfen0);
            if (!strcmp(sfen0, g.start)) snprintf(g.start, sizeof g.start, "startpos");
        }
    }
    web_make_seed(&g);
    int human = web_seed_bit(g.seed);
    g.bot_side = 1 - human;
    g.player[human] = x->se.user_id;
    if (!x->se.user_id) snprintf(g.guest, sizeof g.guest, "%s", x->se.token);
    int64_t id = sg_store_game_create(x->w->store, &g);
    if (!id) return web_fail(x, 500, "the game was not stored");
    web_notify(x->w, id);
    if (g.bot_side == (int)first) web_start_bot(x->w, id);
    return web_send_game(x, id, 201);
}

unsigned web_route_challenges(ctx *x)
{
    sg_web *w = x->w;
    if (!web_is_post(x)) {
        sg_store_challenge cs[100];
        int n = sg_store_challenges_open(w->store, cs, 100);
        sbuf b = {0};
        sb_lit(&b, "{\"challenges\":[");
        for (int i = 0; i < n; i++) {
            sg_store_user u;
            if (!sg_store_user_by_id(w->store, cs[i].user_id, &u)) continue;
            sb_printf(&b, "%s{\"id\":%lld,\"deadline_seconds\":%d,\"by\":{\"id\":%lld,\"name\":", b.len > 15 ? "," : "",
                      (long long)cs[i].id, cs[i].deadline_seconds, (long long)u.id);
            sb_str(&b, u.name);
            sb_printf(&b, ",\"rating\":%.1f}}", u.rating);
        }
        sb_lit(&b, "]}");
        return web_json(x, 200, &b);
    }
    if (!x->se.user_id) return web_fail(x, 401, "log in to make a challenge");
    jobj o;
    if (!web_need_body(x, &o)) return 400;
    const jv *d = web_jget(&o, "deadline");
    int lo = w->deadlines[0], hi = w->deadlines[w->n_deadlines - 1];
    if (!d || d->kind != JV_NUM || d->num != floor(d->num) || d->num < lo || d->num > hi)
        return web_fail(x, 400, "\"deadline\": seconds a move, a whole number from %d to %d (this site's shortest and longest)", lo, hi);
    int64_t id = sg_store_challenge_create(w->store, x->se.user_id, (int)d->num);
    if (!id) return web_fail(x, 500, "the challenge was not stored");
    sbuf b = {0};
    sb_printf(&b, "{\"id\":%lld,\"deadline_seconds\":%d,\"by\":{\"id\":%lld}}", (long long)id, (int)d->num, (long long)x->se.user_id);
    return web_json(x, 201, &b);
}

unsigned web_route_accept(ctx *x, int64_t cid)
{
    if (!x->se.user_id) return web_fail(x, 401, "log in to accept a challenge");
    sg_store_challenge c;
    if (!sg_store_challenge_get(x->w->store, cid, &c)) return web_fail(x, 404, "no challenge %lld", (long long)cid);
    if (c.game_id) return web_fail(x, 409, "challenge %lld was accepted already", (long long)cid);
    if (c.user_id == x->se.user_id) return web_fail(x, 409, "that is your own challenge");
    sg_store_game g = {.bot_side = -1, .deadline_seconds = c.deadline_seconds, .created = web_now_ms(), .winner = -1};
    web_make_seed(&g);
    int challenger = web_seed_bit(g.seed);
    g.player[challenger] = c.user_id;
    g.player[1 - challenger] = x->se.user_id;
    g.deadline_at = g.created + (int64_t)c.deadline_seconds * 1000;
    int64_t id = sg_store_challenge_accept(x->w->store, cid, &g);
    if (!id) return web_fail(x, 409, "challenge %lld could not be accepted", (long long)cid);
    web_notify(x->w, id);
    return web_send_game(x, id, 201);
}

unsigned web_route_games_mine(ctx *x)
{
    if (!x->se.user_id) return web_fail(x, 401, "log in to list your games");
    int64_t ids[100];
    int n = sg_store_games_of_user(x->w->store, x->se.user_id, ids, 100);
    loaded *L = malloc(sizeof *L);
    if (!L) return web_fail(x, 500, "out of memory");
    sbuf b = {0};
    sb_lit(&b, "{\"games\":[");
    bool first = true;
    for (int i = 0; i < n; i++) {
        if (web_load_game(x->w, ids[i], L)) continue;
        if (!first) sb_lit(&b, ",");
        first = false;
        web_state_json(x->w, x, L, &b, true);
        sg_game_free(&L->g);
    }
    free(L);
    sb_lit(&b, "]}");
    return web_json(x, 200, &b);
}

static const char *const SIDE_NAME[2] = {"Black", "White"};

/* a draw offered, accepted or declined (docs/WEB.md "Draw offers"): 0 or the status */
static unsigned draw(ctx *x, loaded *L, int you, const char *what, char *why, size_t whysize)
{
    sg_web *w = x->w;
    int they = 1 - you, offer = L->row.draw_offer;
    if (L->row.bot_side >= 0) { snprintf(why, whysize, "the bot plays on: draw offers are for games between two people"); return 409; }
    if (!strcmp(what, "draw/offer")) {
        if (offer == you) { snprintf(why, whysize, "your draw offer stands already"); return 409; }
        if (offer == they) { snprintf(why, whysize, "%s has offered a draw: accept or decline it", SIDE_NAME[they]); return 409; }
        if (!sg_store_draw_offer(w->store, L->row.id, you, L->n)) { snprintf(why, whysize, "the game changed meanwhile"); return 409; }
        web_notify(w, L->row.id);
        return 0;
    }
    if (offer != they) { snprintf(why, whysize, "no draw offer of your opponent's stands (the next move lapses one)"); return 409; }
    if (!strcmp(what, "draw/accept")) {
        if (!web_end_game(w, &L->row, -1, "agreement", SG_STORE_END_IF_OFFERED, they)) {
            snprintf(why, whysize, "the offer lapsed meanwhile");
            return 409;
        }
        return 0;
    }
    if (!sg_store_draw_decline(w->store, L->row.id, they)) { snprintf(why, whysize, "the offer lapsed meanwhile"); return 409; }
    web_notify(w, L->row.id);
    return 0;
}

/* one action of a player in game L: 0, or the status with the message in why */
static unsigned act(ctx *x, loaded *L, int you, const char *what, const jobj *o, char *why, size_t whysize)
{
    if (!strncmp(what, "draw/", 5)) return draw(x, L, you, what, why, whysize);
    if (!strcmp(what, "resign")) {
        if (!web_end_game(x->w, &L->row, 1 - you, "resignation", SG_STORE_END_ANY, -1)) { snprintf(why, whysize, "the game changed meanwhile"); return 409; }
        return 0;
    }
    if (!strcmp(what, "declare")) {
        sg_verdict v;
        if ((int)sg_game_pos(&L->g)->side != you) { snprintf(why, whysize, "it is not your move"); return 409; }
        if (sg_game_declare(&L->g, &v) != SG_CLAIM_OK) {
            sg_claim_text(v.fault, (sg_color)you, &v, why, (int)whysize);
            return 409;
        }
        web_end_game(x->w, &L->row, you, "declaration", SG_STORE_END_ANY, -1);
        return 0;
    }
    /* a move */
    const char *mv = web_jstr(o, "move");
    const jv *ply = web_jget(o, "ply");
    if (!mv) { snprintf(why, whysize, "a move needs \"move\" (a USI string such as \"7g7f\")"); return 400; }
    if (ply && (ply->kind != JV_NUM || ply->num != floor(ply->num))) { snprintf(why, whysize, "\"ply\": a whole number (the moves played so far)"); return 400; }
    if (ply && (int)ply->num != L->n) { snprintf(why, whysize, "\"ply\" %d: the game has %d moves now", (int)ply->num, L->n); return 409; }
    if ((int)sg_game_pos(&L->g)->side != you) { snprintf(why, whysize, "it is not your move"); return 409; }
    return (unsigned)web_commit_move(x->w, L, mv, why, whysize);
}

unsigned web_route_game_act(ctx *x, int64_t id, const char *what)
{
    jobj o;
    if (!web_need_body(x, &o)) return 400;
    loaded *L = malloc(sizeof *L);
    if (!L) return web_fail(x, 500, "out of memory");
    int rc = web_load_game(x->w, id, L);
    if (rc) { free(L); return web_fail(x, (unsigned)rc, "no game %lld", (long long)id); }
    int you = web_you_of(x, &L->row);
    char why[300] = "";
    unsigned code = 0;
    if (you < 0) { code = 403; snprintf(why, sizeof why, "you do not play in game %lld", (long long)id); }
    else if (L->row.status != SG_STORE_PLAYING || L->over) { code = 409; snprintf(why, sizeof why, "game %lld is over", (long long)id); }
    else code = act(x, L, you, what, &o, why, sizeof why);
    sg_game_free(&L->g);
    free(L);
    if (code) return web_fail(x, code, "%s", why);
    return web_send_game(x, id, 200);
}

unsigned web_route_record(ctx *x, int64_t id)
{
    const char *f = web_get(x, WEB_QUERY, "format");
    if (!f) f = "kif";
    if (strcmp(f, "kif") && strcmp(f, "csa") && strcmp(f, "sfen"))
        return web_fail(x, 400, "format '%.20s': kif, csa or sfen", f);
    loaded *L = malloc(sizeof *L);
    if (!L) return web_fail(x, 500, "out of memory");
    int rc = web_load_game(x->w, id, L);
    if (rc) { free(L); return web_fail(x, (unsigned)rc, "no game %lld", (long long)id); }
    if (!strcmp(f, "kif") && strcmp(L->row.start, "startpos")) {
        sg_game_free(&L->g);
        free(L);
        return web_fail(x, 400, "format kif: game %lld started from a position; its record is in csa or sfen", (long long)id);
    }
    sbuf b = {0};
    web_record_text(x->w, L, f, &b);
    sg_game_free(&L->g);
    free(L);
    web_text(x, 200, "text/plain; charset=utf-8", b.p ? b.p : "", b.len);
    free(b.p);
    snprintf(x->a->disposition, sizeof x->a->disposition, "attachment; filename=\"game-%lld.%s\"", (long long)id, f);
    return 200;
}
