/* The problem routes (docs/WEB.md "Problems"): the served problems and the composer's report, asked of
 * the service the program above the site offers (web.h sg_web_service_fn: Lua's shogi.web_problems).
 * The lock is taken only to check the session and its CSRF token of a POST; the service runs without it.
 *   GET  /api/problems        -> {problems: [{name, title, author, type, length, stipulation}]}
 *   GET  /api/problems/NAME   -> one problem: its diagram, stipulation and solution (NAME: its file's name)
 *   POST /api/reports {name} or {sfen, type?, length?, futile?}  -> 202 {id, status, seconds, limit}
 *   GET  /api/reports/ID      -> {status: running|done|error, seconds, limit, ...the report} */
#include "web_internal.h"

#include <stdlib.h>
#include <string.h>

#define NAME_MAX_BYTES 200

static unsigned no_route(ctx *x) { return web_fail(x, 404, "no such route: %s %.80s", x->rq->method, x->rq->url); }

/* a problem's name: a file's name in the served folder (the service looks it up in its listing; this only
 * keeps out what could never be one) */
static bool name_ok(const char *s)
{
    size_t n = strlen(s);
    if (n == 0 || n > NAME_MAX_BYTES || s[0] == '.') return false;
    for (const unsigned char *p = (const unsigned char *)s; *p; p++)
        if (*p < 0x20 || *p == 0x7f || *p == '/' || *p == '\\') return false;
    return true;
}

unsigned web_route_problems(ctx *x)
{
    sg_web *w = x->w;
    const char *rest = x->rq->url + 13;  /* after "/api/problems" */
    if (strcmp(x->rq->method, "GET")) return web_fail(x, 405, "%s: /api/problems takes GET", x->rq->method);
    if (*rest && (rest[0] != '/' || !name_ok(rest + 1))) return web_fail(x, 404, "no problem '%.80s'", rest);
    if (!w->service) return web_fail(x, 404, "this server serves no problems (komadai --serve PORT --problems DIR)");
    char *out = NULL;
    int code;
    if (!*rest) {
        code = w->service(w->service_ud, "problems.list", "", &out);  /* before out is read */
        return web_service_answer(x, code, out, 200);
    }
    sbuf in = {0};
    sb_lit(&in, "{\"name\":");
    sb_str(&in, rest + 1);
    sb_lit(&in, "}");
    if (in.oom) { free(in.p); return web_fail(x, 500, "out of memory"); }
    code = w->service(w->service_ud, "problems.show", in.p, &out);
    free(in.p);
    return web_service_answer(x, code, out, 200);
}

unsigned web_route_reports(ctx *x)
{
    sg_web *w = x->w;
    const char *rest = x->rq->url + 12;  /* after "/api/reports" */
    bool post = web_is_post(x);
    if (!post && strcmp(x->rq->method, "GET")) return web_fail(x, 405, "%s: the API takes GET and POST", x->rq->method);
    if (post != !*rest) return no_route(x);
    if (post && !web_check_post_session(x)) return x->a->code;
    if (!w->service) return web_fail(x, 404, "this server runs no composer's reports (problem_jobs = 0 in its config)");
    char *out = NULL;
    int code;
    if (post) {
        code = w->service(w->service_ud, "problems.check", x->rq->body ? x->rq->body : "", &out);
        return web_service_answer(x, code, out, 202);
    }
    const char *id = rest + 1;  /* 32 hex digits, as the service makes them */
    if (rest[0] != '/' || strlen(id) != 32 || strspn(id, "0123456789abcdef") != 32) return web_fail(x, 404, "no report '%.40s'", id);
    char in[48];
    snprintf(in, sizeof in, "{\"id\":\"%s\"}", id);
    code = w->service(w->service_ud, "problems.check.status", in, &out);
    return web_service_answer(x, code, out, 200);
}
