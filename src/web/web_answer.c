/* Answers: a route fills a web_answer (status, type, body or file or
 * stream), which the server turns into libmicrohttpd's response (or a test
 * reads as it is).  Every answer carries the security headers. */
#include "web_internal.h"
#include "../core/quote.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

const char *const web_security_headers[][2] = {
    {"Content-Security-Policy",
     "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self';"
     " object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"},
    {"X-Content-Type-Options", "nosniff"},
    {"X-Frame-Options", "DENY"},
    {"Referrer-Policy", "no-referrer"},
    {"Cross-Origin-Opener-Policy", "same-origin"},
    {NULL, NULL},
};

const char *web_lookup_pairs(void *pairs, web_kind kind, const char *name)
{
    for (const web_pair *p = pairs; p && p->name; p++)
        if (p->kind == kind && (kind == WEB_HEADER ? !strcasecmp(p->name, name) : !strcmp(p->name, name))) return p->value;
    return NULL;
}

const char *web_get(const ctx *x, web_kind kind, const char *name)
{
    return x->rq->lookup ? x->rq->lookup(x->rq->lookup_cls, kind, name) : NULL;
}

bool web_is_post(const ctx *x) { return !strcmp(x->rq->method, "POST"); }

void web_answer_free(web_answer *a)
{
    free(a->body.p);
    a->body = (sbuf){0};
    if (a->kind == WEB_FILE && a->fd >= 0) close(a->fd);
    a->fd = -1;
    if (a->kind == WEB_STREAM && a->stream) web_sse_free(a->stream);
    a->stream = NULL;
}

unsigned web_text(ctx *x, unsigned code, const char *type, const char *text, size_t len)
{
    web_answer *a = x->a;
    free(a->body.p);
    a->body = (sbuf){0};
    a->kind = WEB_BODY;
    a->code = code;
    a->type = type;
    a->cache = "no-store";
    sb_add(&a->body, text, len);
    return code;
}

unsigned web_json(ctx *x, unsigned code, sbuf *b)
{
    if (b->oom) { free(b->p); return web_text(x, 500, "application/json", "{\"error\":\"out of memory\"}", 25); }
    web_text(x, code, "application/json", "", 0);
    free(x->a->body.p);
    if (b->p) x->a->body = *b;
    else { x->a->body = (sbuf){0}; sb_lit(&x->a->body, "{}"); }
    *b = (sbuf){0};
    return code;
}

unsigned web_fail(ctx *x, unsigned code, const char *fmt, ...)
{
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    /* the message may echo the request (a url, a field): its bytes shown as the core quotes bad input */
    char quoted[4 * sizeof msg];
    sg_quote(msg, strlen(msg), quoted, sizeof quoted);
    sbuf b = {0};
    sb_lit(&b, "{\"error\":");
    sb_str(&b, quoted);
    sb_lit(&b, "}");
    return web_json(x, code, &b);
}

bool web_need_body(ctx *x, jobj *o)
{
    char why[160];
    if (web_json_parse(x->rq->body ? x->rq->body : "", o, why, sizeof why)) return true;
    web_fail(x, 400, "%s", why);
    return false;
}
