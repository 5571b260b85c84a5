/* Live updates: Server-Sent Events, one "state" event (the GAME JSON) at
 * once and after every change of the game, a comment every 15 s.  The
 * reader waits on the game's own condition (web_watch.c) with the lock. */
#include "web_internal.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <stdio.h>
#include <time.h>

struct sse {
    sg_web *w;
    int64_t id;
    ctx who;                     /* the watcher's session (for "you") */
    watch *watch;                /* taken at the first read, dropped by web_sse_free */
    uint64_t seen;
    int sent_ply, sent_status;   /* what the last event showed; -1 before the first */
    int sent_offer;              /* ... and the draw offer standing (-1 none) */
    sbuf out;
    size_t off;
    csa_watch *cw;               /* a CSA record's stream: its shared watcher (web_csa.c) */
    char csa_id[256];
};

/* waits (mu held) for a change of *changes; after 15 s with none, a comment keeps the stream open
 * through proxies: true when that comment was written (the caller sends it) */
static bool wait_or_keep_alive(pthread_cond_t *cv, pthread_mutex_t *mu, const uint64_t *changes, struct sse *s)
{
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    ts.tv_sec += 15;
    if (pthread_cond_timedwait(cv, mu, &ts) == ETIMEDOUT && *changes == s->seen) {
        sb_lit(&s->out, ": keep-alive\n\n");
        return true;
    }
    return false;
}

/* a CSA record's stream: its JSON, made once by the watcher for all, sent at once and on every change */
static bool next_record_text(struct sse *s, bool *error)
{
    sg_web *w = s->w;
    pthread_mutex_lock(&w->csa_mu);
    if (!s->cw && !(s->cw = web_csa_watch_take(w, s->csa_id))) { pthread_mutex_unlock(&w->csa_mu); *error = true; return false; }
    csa_watch *cw = s->cw;
    for (;;) {
        if (w->csa_stopping) { pthread_mutex_unlock(&w->csa_mu); return false; }
        if (s->sent_ply < 0 || cw->changes != s->seen) {
            s->seen = cw->changes;
            s->sent_ply = cw->ply;
            sb_lit(&s->out, "event: state\ndata: ");
            sb_add(&s->out, cw->json.p, cw->json.len);
            sb_lit(&s->out, "\n\n");
            break;
        }
        if (wait_or_keep_alive(&cw->cv, &w->csa_mu, &cw->changes, s)) break;
    }
    pthread_mutex_unlock(&w->csa_mu);
    if (s->out.oom) { *error = true; return false; }
    return true;
}

/* the next text to send into s->out: false at the end of the stream (or error set) */
static bool next_text(struct sse *s, bool *error)
{
    if (s->csa_id[0]) return next_record_text(s, error);
    sg_web *w = s->w;
    pthread_mutex_lock(&w->mu);
    if (!s->watch && !(s->watch = web_watch_take(w, s->id))) { pthread_mutex_unlock(&w->mu); *error = true; return false; }
    watch *t = s->watch;
    for (;;) {
        if (w->stopping) { pthread_mutex_unlock(&w->mu); return false; }
        if (s->sent_ply < 0 || t->changes != s->seen) {
            s->seen = t->changes;
            loaded *L = malloc(sizeof *L);
            if (!L || web_load_game(w, s->id, L)) { free(L); pthread_mutex_unlock(&w->mu); *error = true; return false; }
            if (L->n != s->sent_ply || L->row.status != s->sent_status || L->row.draw_offer != s->sent_offer) {
                s->sent_ply = L->n;
                s->sent_status = L->row.status;
                s->sent_offer = L->row.draw_offer;
                sb_lit(&s->out, "event: state\ndata: ");
                web_state_json(w, &s->who, L, &s->out, false);
                sb_lit(&s->out, "\n\n");
            }
            sg_game_free(&L->g);
            free(L);
            if (s->out.len) break;
            continue;
        }
        if (wait_or_keep_alive(&t->cv, &w->mu, &t->changes, s)) break;
    }
    pthread_mutex_unlock(&w->mu);
    if (s->out.oom) { *error = true; return false; }
    return true;
}

long web_sse_read(struct sse *s, char *buf, size_t max)
{
    if (s->off >= s->out.len) {
        s->out.len = 0;
        s->off = 0;
        bool error = false;
        if (!next_text(s, &error)) return error ? WEB_SSE_ERROR : WEB_SSE_END;
    }
    size_t n = s->out.len - s->off < max ? s->out.len - s->off : max;
    memcpy(buf, s->out.p + s->off, n);
    s->off += n;
    return (long)n;
}

void web_sse_free(struct sse *s)
{
    if (s->watch) {
        pthread_mutex_lock(&s->w->mu);
        web_watch_drop(s->w, s->watch);
        pthread_mutex_unlock(&s->w->mu);
    }
    if (s->cw) {
        pthread_mutex_lock(&s->w->csa_mu);
        web_csa_watch_drop(s->w, s->cw);
        pthread_mutex_unlock(&s->w->csa_mu);
    }
    free(s->out.p);
    free(s);
}

unsigned web_route_events(ctx *x, int64_t id)
{
    sg_store_game g;
    if (!sg_store_game_get(x->w->store, id, &g)) return web_fail(x, 404, "no game %lld", (long long)id);
    struct sse *s = calloc(1, sizeof *s);
    if (!s) return web_fail(x, 500, "out of memory");
    s->w = x->w;
    s->id = id;
    s->who.w = x->w;
    s->who.se = x->se;
    s->sent_ply = -1;
    s->sent_status = -1;
    s->sent_offer = -1;
    web_answer *a = x->a;
    a->kind = WEB_STREAM;
    a->code = 200;
    a->type = "text/event-stream";
    a->cache = "no-store";
    a->stream = s;
    return 200;
}

unsigned web_route_watch_events(ctx *x, const char *id)
{
    /* the watcher is taken here (the game must exist: a 404 now, not an empty stream); csa_mu is held */
    csa_watch *cw = web_csa_watch_take(x->w, id);
    if (!cw) return web_fail(x, 404, "no game '%.80s' in the records folder", id);
    struct sse *s = calloc(1, sizeof *s);
    if (!s) { web_csa_watch_drop(x->w, cw); return web_fail(x, 500, "out of memory"); }
    s->w = x->w;
    s->cw = cw;
    snprintf(s->csa_id, sizeof s->csa_id, "%s", id);
    s->sent_ply = -1;
    web_answer *a = x->a;
    a->kind = WEB_STREAM;
    a->code = 200;
    a->type = "text/event-stream";
    a->cache = "no-store";
    a->stream = s;
    return 200;
}
