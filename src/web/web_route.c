/* web_handle: one request to one answer, without a socket (the server
 * calls it for every request; a test or a fuzz target can too).  The body's
 * checks, the pages, the session and CSRF check, then the route. */
#include "web_internal.h"

#include <stdio.h>
#include <string.h>

static int64_t parse_id(const char *s, const char **rest)
{
    if (*s < '1' || *s > '9') return 0;
    int64_t v = 0;
    while (*s >= '0' && *s <= '9') {
        if (v > (INT64_MAX - 9) / 10) return 0;
        v = v * 10 + (*s++ - '0');
    }
    *rest = s;
    return v;
}

static unsigned no_route(ctx *x) { return web_fail(x, 404, "no such route: %s %.80s", x->rq->method, x->rq->url); }

bool web_check_csrf(ctx *x)
{
    if (!web_is_post(x)) return true;
    const char *tok = web_get(x, WEB_HEADER, "X-CSRF-Token");
    if (!x->se.token[0]) {
        web_fail(x, 403, "no session: GET /api/session first (it sets the cookie and gives the CSRF token)");
        return false;
    }
    if (!tok || strlen(tok) != strlen(x->se.csrf) || sodium_memcmp(tok, x->se.csrf, strlen(tok)) != 0) {
        web_fail(x, 403, "missing or wrong X-CSRF-Token header (GET /api/session gives it)");
        return false;
    }
    return true;
}

/* /api/...: called with the lock held */
static unsigned api(ctx *x)
{
    const char *u = x->rq->url + 4;  /* after "/api" */
    bool post = web_is_post(x);
    if (!post && strcmp(x->rq->method, "GET")) return web_fail(x, 405, "%s: the API takes GET and POST", x->rq->method);
    web_load_session(x);
    if (!strcmp(u, "/session") && !post) {
        if (!x->se.token[0] && !web_new_session(x, 0)) return web_fail(x, 500, "the session was not stored");
        return web_session_answer(x, 200);
    }
    if (post && !web_check_csrf(x)) return x->a->code;
    if (!strcmp(u, "/signup") && post) return web_route_signup(x, false);
    if (!strcmp(u, "/login") && post) return web_route_signup(x, true);
    if (!strcmp(u, "/logout") && post) {
        if (!web_new_session(x, 0)) return web_fail(x, 500, "the session was not stored");
        return web_session_answer(x, 200);
    }
    if (!strcmp(u, "/me")) return web_route_me(x);
    if (!strcmp(u, "/leaderboard") && !post) return web_route_leaderboard(x);
    if (!strcmp(u, "/rules") && !post) return web_route_rules(x);
    if (!strcmp(u, "/bot-games") && post) return web_route_bot_game(x);
    if (!strcmp(u, "/challenges")) return web_route_challenges(x);
    if (!strncmp(u, "/challenges/", 12)) {
        const char *rest;
        int64_t id = parse_id(u + 12, &rest);
        if (id && !strcmp(rest, "/accept") && post) return web_route_accept(x, id);
        return no_route(x);
    }
    if (!strcmp(u, "/games") && !post) return web_route_games_mine(x);
    if (!strncmp(u, "/games/", 7)) {
        const char *rest;
        int64_t id = parse_id(u + 7, &rest);
        if (!id) return web_fail(x, 404, "no game '%.40s'", u + 7);
        if (!*rest && !post) return web_send_game(x, id, 200);
        if (!strcmp(rest, "/moves") && post) return web_route_game_act(x, id, "move");
        if (!strcmp(rest, "/resign") && post) return web_route_game_act(x, id, "resign");
        if (!strcmp(rest, "/declare") && post) return web_route_game_act(x, id, "declare");
        if (!strcmp(rest, "/draw/offer") && post) return web_route_game_act(x, id, "draw/offer");
        if (!strcmp(rest, "/draw/accept") && post) return web_route_game_act(x, id, "draw/accept");
        if (!strcmp(rest, "/draw/decline") && post) return web_route_game_act(x, id, "draw/decline");
        if (!strcmp(rest, "/record") && !post) return web_route_record(x, id);
        if (!strcmp(rest, "/events") && !post) return web_route_events(x, id);
    }
    return no_route(x);
}

void web_handle(sg_web *w, const web_request *rq, web_answer *a)
{
    memset(a, 0, sizeof *a);
    a->fd = -1;
    ctx x = {.w = w, .rq = rq, .a = a};
    if (rq->body_too_big) { web_fail(&x, 413, "the request body is over %d bytes", BODY_MAX); return; }
    if (rq->body_oom) { web_fail(&x, 500, "out of memory"); return; }
    if (rq->body && strlen(rq->body) != rq->body_len) { web_fail(&x, 400, "malformed JSON: a NUL byte in the body"); return; }
    if (!strcmp(rq->url, "/game.html")) { web_route_game_page(&x); return; }  /* the page and its game */
    if (strncmp(rq->url, "/api/", 5)) { web_serve_file(&x); return; }  /* files need no lock */
    if (!strncmp(rq->url, "/api/watch", 10) && (rq->url[10] == '\0' || rq->url[10] == '/')) {
        web_route_watch(&x);  /* a CSA records folder's games: their own lock, no session (web_csa.c) */
        return;
    }
    if (!strncmp(rq->url, "/api/analysis", 13) && (rq->url[13] == '\0' || rq->url[13] == '/')) {
        web_route_analysis(&x);  /* the app's Lua: never under the lock (web_analysis.c) */
        return;
    }
    if ((!strncmp(rq->url, "/api/drills", 11) && (rq->url[11] == '\0' || rq->url[11] == '/')) ||
        (!strncmp(rq->url, "/api/classes", 12) && (rq->url[12] == '\0' || rq->url[12] == '/'))) {
        web_route_drills(&x);  /* the app's Lua: never under the lock (web_drills.c) */
        return;
    }
    /* the problems and the composer's reports (the app's Lua), the editor (the core alone): no lock */
    if (!strncmp(rq->url, "/api/problems", 13) && (rq->url[13] == '\0' || rq->url[13] == '/')) { web_route_problems(&x); return; }
    if (!strncmp(rq->url, "/api/reports", 12) && (rq->url[12] == '\0' || rq->url[12] == '/')) { web_route_reports(&x); return; }
    if (!strcmp(rq->url, "/api/edit")) { web_route_edit(&x); return; }
    pthread_mutex_lock(&w->mu);
    api(&x);
    pthread_mutex_unlock(&w->mu);
}
