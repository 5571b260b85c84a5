/* The analysis routes (docs/WEB.md "Analysis"): a pasted record's analysis, run by the service the
 * program above the site offers (web.h sg_web_service_fn, src/app/web_service.c).  The lock is taken
 * only to check the session and its CSRF token; the service (Lua) runs without it.
 *   POST /api/analysis {text, format?, seconds_per_move?}  -> 202 {id, status, done, total}
 *   GET  /api/analysis/ID  -> {status: running|done|error, done, total, ...}
 *   POST /api/analysis/line {sfen, moves, prev?} -> {moves, sfen, legal}: the board's own moves named */
#include "web_internal.h"

#include <stdlib.h>
#include <string.h>

unsigned web_service_answer(ctx *x, int code, char *out, unsigned ok_code)
{
    unsigned r;
    if (!out) r = web_fail(x, 500, "out of memory");
    else if (code) r = web_fail(x, (unsigned)code, "%s", out);
    else r = web_text(x, ok_code, "application/json", out, strlen(out));
    free(out);
    return r;
}

bool web_check_post_session(ctx *x)
{
    pthread_mutex_lock(&x->w->mu);
    web_load_session(x);
    bool allowed = web_check_csrf(x);
    pthread_mutex_unlock(&x->w->mu);
    return allowed;
}

unsigned web_route_analysis(ctx *x)
{
    sg_web *w = x->w;
    const char *rest = x->rq->url + 13;  /* after "/api/analysis" */
    bool post = web_is_post(x);
    if (!post && strcmp(x->rq->method, "GET")) return web_fail(x, 405, "%s: the API takes GET and POST", x->rq->method);
    bool line = post && !strcmp(rest, "/line");
    if (post != !*rest && !line) return web_fail(x, 404, "no such route: %s %.80s", x->rq->method, x->rq->url);
    if (post && !web_check_post_session(x)) return x->a->code;
    /* a 404, not a 5xx: the route is absent here, nothing failed */
    if (!w->service) return web_fail(x, 404, "this server runs no analyses (analysis_jobs = 0 in its config)");
    char *out = NULL;
    if (line) {
        int code = w->service(w->service_ud, "analysis.line", x->rq->body ? x->rq->body : "", &out);
        return web_service_answer(x, code, out, 200);
    }
    if (post) {
        int code = w->service(w->service_ud, "analysis.start", x->rq->body ? x->rq->body : "", &out);
        return web_service_answer(x, code, out, 202);
    }
    /* an id is 32 hex digits (the service makes them); anything else is no analysis */
    const char *id = rest + 1;
    if (strlen(id) != 32 || strspn(id, "0123456789abcdef") != 32) return web_fail(x, 404, "no analysis '%.40s'", id);
    char in[48];
    snprintf(in, sizeof in, "{\"id\":\"%s\"}", id);
    int code = w->service(w->service_ud, "analysis.status", in, &out);
    return web_service_answer(x, code, out, 200);
}
