/* The drill routes (docs/WEB.md "Drills"): a teacher's classes and a student's drills, answered by the
 * service the program above the site offers (web.h sg_web_service_fn, src/app/web_drills.c, which runs
 * shogi.drill's session API).  The site only says who is asking: the session (checked under mu, with
 * its CSRF token for a POST), as the SHA-256 of its token (the service never sees a token), and the
 * account logged in, if any.  The body, checked here to be one flat JSON object, is handed on as it is;
 * the service validates its fields, the paths and who may see what (403), and the service runs
 * without the site's lock.
 *   /api/drills[/...], /api/classes[/...]    -> the service's "drills" (JSON)
 *   GET /api/classes/CODE/results.csv        -> the service's "drills.csv" (text/csv, an attachment) */
#include "web_internal.h"

#include <stdlib.h>
#include <string.h>

/* the path's characters: what drill ids, class codes and the route words are made of */
static bool path_ok(const char *p)
{
    size_t n = strlen(p);
    return n < 200 && strspn(p, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-./") == n && !strstr(p, "..");
}

unsigned web_route_drills(ctx *x)
{
    sg_web *w = x->w;
    const char *path = x->rq->url + 4;  /* after "/api": "/drills..." or "/classes..." */
    bool post = web_is_post(x);
    if (!post && strcmp(x->rq->method, "GET")) return web_fail(x, 405, "%s: the API takes GET and POST", x->rq->method);
    if (!path_ok(path)) return web_fail(x, 404, "no such route: %s %.80s", x->rq->method, x->rq->url);
    jobj o;
    if (post && !web_need_body(x, &o)) return 400;
    pthread_mutex_lock(&w->mu);
    web_load_session(x);
    bool allowed = web_check_csrf(x);
    sg_store_user u = {0};
    bool user = allowed && x->se.token[0] && x->se.user_id && sg_store_user_by_id(w->store, x->se.user_id, &u);
    pthread_mutex_unlock(&w->mu);
    if (!allowed) return x->a->code;
    if (!w->service) return web_fail(x, 404, "this server has no drills (start it with --drills DIR)");

    char sid[2 * crypto_hash_sha256_BYTES + 1] = "";
    if (x->se.token[0]) {
        unsigned char h[crypto_hash_sha256_BYTES];
        crypto_hash_sha256(h, (const unsigned char *)x->se.token, strlen(x->se.token));
        web_hex(h, sizeof h, sid);
    }
    sbuf in = {0};
    sb_printf(&in, "{\"method\":\"%s\",\"path\":", post ? "POST" : "GET");
    sb_str(&in, path);
    sb_lit(&in, ",\"sid\":");
    if (sid[0]) sb_str(&in, sid); else sb_lit(&in, "null");
    sb_lit(&in, ",\"user\":");
    if (user) {
        sb_printf(&in, "{\"id\":%lld,\"name\":", (long long)u.id);
        sb_str(&in, u.name);
        sb_lit(&in, "}");
    } else sb_lit(&in, "null");
    sb_lit(&in, ",\"body\":");
    /* checked above to be one flat object: it is embedded as it came */
    if (post) sb_add(&in, x->rq->body ? x->rq->body : "{}", x->rq->body ? x->rq->body_len : 2);
    else sb_lit(&in, "null");
    sb_lit(&in, "}");
    if (in.oom) { free(in.p); return web_fail(x, 500, "out of memory"); }

    size_t n = strlen(path);
    bool csv = !post && n > 12 && !strcmp(path + n - 12, "/results.csv");
    char *out = NULL;
    int code = w->service(w->service_ud, csv ? "drills.csv" : "drills", in.p, &out);
    free(in.p);
    unsigned r;
    if (!out) r = web_fail(x, 500, "out of memory");
    else if (code) r = web_fail(x, (unsigned)code, "%s", out);
    else if (csv) {
        r = web_text(x, 200, "text/csv; charset=utf-8", out, strlen(out));
        snprintf(x->a->disposition, sizeof x->a->disposition, "attachment; filename=\"results.csv\"");
    } else r = web_text(x, 200, "application/json", out, strlen(out));
    free(out);
    return r;
}
