/* The game site: routes, sessions, games and the bot (web.h, docs/WEB.md).
 * Threads: libmicrohttpd runs a thread per connection (so an event stream can
 * wait); every request takes the one lock `mu` for its whole work on the
 * store and the games; a bot thinks in its own thread without the lock; a
 * deadline thread ends the games whose stored deadline has passed. */
#include "web.h"
#include "store.h"

#include <errno.h>
#include <limits.h>
#include <math.h>
#include <microhttpd.h>
#include <pthread.h>
#include <sodium.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <fcntl.h>
#include <time.h>
#include <unistd.h>
#include <arpa/inet.h>
#include <netinet/in.h>

#include "../core/endings.h"
#include "../core/game.h"
#include "../core/movegen.h"
#include "../core/notation.h"
#include "../core/position.h"
#include "../search/search.h"

#define BODY_MAX 16384              /* request bodies over this are refused (413) */
#define GAME_MAX_MOVES 1024         /* the 500-move draw ends every game long before */
#define LOGIN_FAILS 5               /* failed logins per address ... */
#define LOGIN_WINDOW_MS 60000       /* ... in this window, then 429 */
#define DEADLINE_MIN 60
#define DEADLINE_MAX 604800
#define RATING_K 32.0
#define BOT_LEVELS 5

static const struct { double seconds; int depth; const char *name; } bot_level[BOT_LEVELS] = {
    {0.05, 1, "beginner"}, {0.2, 2, "casual"}, {0.5, 0, "club"}, {1.5, 0, "strong"}, {4.0, 0, "strongest"},
};

static const char *const CSP =
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self';"
    " object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

typedef struct { char ip[64]; int fails; int64_t since; } login_slot;

/* the pages watching one game: they wait on its own condition, so a move
 * wakes the watchers of that game only */
typedef struct watch {
    struct watch *next;
    int64_t id;
    int refs;                    /* event streams holding it */
    uint64_t changes;            /* counted up by every change to the game */
    pthread_cond_t cv;
} watch;
#define WATCH_BUCKETS 4096

struct sg_web {
    struct MHD_Daemon *d;
    sg_store *store;
    char root[PATH_MAX];
    int port;
    pthread_mutex_t mu;
    watch *watches[WATCH_BUCKETS];
    pthread_cond_t tick;         /* wakes the deadline thread when stopping */
    bool stopping;
    int bots;                    /* bot threads running */
    pthread_cond_t bots_done;
    pthread_t deadline_thread;
    login_slot logins[64];
    char dummy_hash[crypto_pwhash_STRBYTES];  /* verified when the email is unknown: the same work either way */
};

/* ---- small things ---- */
static int64_t now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

typedef struct { char *p; size_t len, cap; bool oom; } sbuf;

static void sb_add(sbuf *b, const char *s, size_t n)
{
    if (b->oom) return;
    if (b->len + n + 1 > b->cap) {
        size_t cap = b->cap ? b->cap : 256;
        while (cap < b->len + n + 1) cap *= 2;
        char *p = realloc(b->p, cap);
        if (!p) { b->oom = true; return; }
        b->p = p;
        b->cap = cap;
    }
    memcpy(b->p + b->len, s, n);
    b->len += n;
    b->p[b->len] = 0;
}

#define sb_lit(b, s) sb_add((b), (s), sizeof(s) - 1)  /* a string literal, its length counted by the compiler */

static void sb_printf(sbuf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void sb_printf(sbuf *b, const char *fmt, ...)
{
    char tmp[1024];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(tmp, sizeof tmp, fmt, ap);
    va_end(ap);
    if (n < 0) return;
    if ((size_t)n < sizeof tmp) { sb_add(b, tmp, (size_t)n); return; }
    char *big = malloc((size_t)n + 1);
    if (!big) { b->oom = true; return; }
    va_start(ap, fmt);
    vsnprintf(big, (size_t)n + 1, fmt, ap);
    va_end(ap);
    sb_add(b, big, (size_t)n);
    free(big);
}

static void sb_str(sbuf *b, const char *s)  /* a JSON string */
{
    sb_lit(b, "\"");
    for (const unsigned char *c = (const unsigned char *)s; *c; c++) {
        if (*c == '"' || *c == '\\') { char e[2] = {'\\', (char)*c}; sb_add(b, e, 2); }
        else if (*c < 0x20) sb_printf(b, "\\u%04x", *c);
        else sb_add(b, (const char *)c, 1);
    }
    sb_lit(b, "\"");
}

static void hex(const unsigned char *in, size_t n, char *out)
{
    sodium_bin2hex(out, n * 2 + 1, in, n);
}

static void random_token(char out[65])
{
    unsigned char r[32];
    randombytes_buf(r, sizeof r);
    hex(r, sizeof r, out);
}

/* ---- JSON input: one flat object of strings, numbers, booleans and nulls ---- */
#define JSON_KEYS 16
typedef enum { JV_STR, JV_NUM, JV_BOOL, JV_NULL } jv_kind;
typedef struct { char key[32]; jv_kind kind; char str[512]; double num; bool b; } jv;
typedef struct { jv v[JSON_KEYS]; int n; } jobj;

static const char *skip_ws(const char *s) { while (*s == ' ' || *s == '\t' || *s == '\n' || *s == '\r') s++; return s; }

static const char *json_string(const char *s, char *out, size_t size)
{
    if (*s != '"') return NULL;
    s++;
    size_t n = 0;
    while (*s != '"') {
        unsigned char c = (unsigned char)*s;
        if (c == 0 || c < 0x20) return NULL;
        if (c == '\\') {
            s++;
            char e = *s;
            if (e == 'u') {
                unsigned v = 0;
                for (int i = 1; i <= 4; i++) {
                    char h = s[i];
                    if (!((h >= '0' && h <= '9') || (h >= 'a' && h <= 'f') || (h >= 'A' && h <= 'F'))) return NULL;
                    v = v * 16 + (unsigned)(h <= '9' ? h - '0' : (h | 32) - 'a' + 10);
                }
                s += 4;
                if (v >= 0x80 || v == 0) return NULL;  /* only ASCII escapes are taken */
                c = (unsigned char)v;
            } else {
                const char *from = "\"\\/bfnrt", *to = "\"\\/\b\f\n\r\t";
                const char *k = e ? strchr(from, e) : NULL;
                if (!k) return NULL;
                c = (unsigned char)to[k - from];
            }
        }
        if (n + 1 >= size) return NULL;
        out[n++] = (char)c;
        s++;
    }
    out[n] = 0;
    return s + 1;
}

/* false for anything but one flat object (the message says where) */
static bool json_parse(const char *s, jobj *o, char *why, size_t whysize)
{
    o->n = 0;
    const char *start = s;
    s = skip_ws(s);
    if (*s != '{') { snprintf(why, whysize, "malformed JSON: expected an object at byte %d", (int)(s - start) + 1); return false; }
    s = skip_ws(s + 1);
    if (*s == '}') { s = skip_ws(s + 1); goto end; }
    for (;;) {
        if (o->n == JSON_KEYS) { snprintf(why, whysize, "malformed JSON: more than %d keys", JSON_KEYS); return false; }
        jv *v = &o->v[o->n];
        const char *k = json_string(s, v->key, sizeof v->key);
        if (!k) { snprintf(why, whysize, "malformed JSON: expected a key at byte %d", (int)(s - start) + 1); return false; }
        s = skip_ws(k);
        if (*s != ':') { snprintf(why, whysize, "malformed JSON: expected ':' at byte %d", (int)(s - start) + 1); return false; }
        s = skip_ws(s + 1);
        const char *after = NULL;
        if (*s == '"') { v->kind = JV_STR; after = json_string(s, v->str, sizeof v->str); }
        else if (!strncmp(s, "true", 4)) { v->kind = JV_BOOL; v->b = true; after = s + 4; }
        else if (!strncmp(s, "false", 5)) { v->kind = JV_BOOL; v->b = false; after = s + 5; }
        else if (!strncmp(s, "null", 4)) { v->kind = JV_NULL; after = s + 4; }
        else if (*s == '-' || (*s >= '0' && *s <= '9')) {
            char *e;
            v->kind = JV_NUM;
            v->num = strtod(s, &e);
            after = e > s && isfinite(v->num) ? e : NULL;
        }
        if (!after) { snprintf(why, whysize, "malformed JSON: bad value at byte %d", (int)(s - start) + 1); return false; }
        o->n++;
        s = skip_ws(after);
        if (*s == ',') { s = skip_ws(s + 1); continue; }
        if (*s == '}') { s = skip_ws(s + 1); break; }
        snprintf(why, whysize, "malformed JSON: expected ',' or '}' at byte %d", (int)(s - start) + 1);
        return false;
    }
end:
    if (*s) { snprintf(why, whysize, "malformed JSON: text after the object at byte %d", (int)(s - start) + 1); return false; }
    return true;
}

static const jv *jget(const jobj *o, const char *key)
{
    for (int i = 0; i < o->n; i++) if (!strcmp(o->v[i].key, key)) return &o->v[i];
    return NULL;
}

/* ---- requests and answers ---- */
typedef struct {
    sbuf body;
    bool too_big;
} req;

typedef struct {
    struct MHD_Connection *c;
    sg_web *w;
    const char *method, *url;
    const char *body;
    sg_store_session se;         /* se.token "" when the request has no valid session */
    char set_cookie[160];
} ctx;

static void security_headers(struct MHD_Response *r)
{
    MHD_add_response_header(r, "Content-Security-Policy", CSP);
    MHD_add_response_header(r, "X-Content-Type-Options", "nosniff");
    MHD_add_response_header(r, "X-Frame-Options", "DENY");
    MHD_add_response_header(r, "Referrer-Policy", "no-referrer");
    MHD_add_response_header(r, "Cross-Origin-Opener-Policy", "same-origin");
}

static enum MHD_Result answer(ctx *x, unsigned code, const char *type, const char *text, size_t len, const char *extra_name,
                              const char *extra_value)
{
    struct MHD_Response *r = MHD_create_response_from_buffer(len, (void *)(uintptr_t)text, MHD_RESPMEM_MUST_COPY);
    if (!r) return MHD_NO;
    security_headers(r);
    MHD_add_response_header(r, "Content-Type", type);
    MHD_add_response_header(r, "Cache-Control", "no-store");
    if (x->set_cookie[0]) MHD_add_response_header(r, "Set-Cookie", x->set_cookie);
    if (extra_name) MHD_add_response_header(r, extra_name, extra_value);
    enum MHD_Result ok = MHD_queue_response(x->c, code, r);
    MHD_destroy_response(r);
    return ok;
}

static enum MHD_Result json(ctx *x, unsigned code, sbuf *b)
{
    if (b->oom) { free(b->p); return answer(x, 500, "application/json", "{\"error\":\"out of memory\"}", 25, NULL, NULL); }
    enum MHD_Result r = answer(x, code, "application/json", b->p ? b->p : "{}", b->p ? b->len : 2, NULL, NULL);
    free(b->p);
    return r;
}

static enum MHD_Result fail(ctx *x, unsigned code, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static enum MHD_Result fail(ctx *x, unsigned code, const char *fmt, ...)
{
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    sbuf b = {0};
    sb_lit(&b, "{\"error\":");
    sb_str(&b, msg);
    sb_lit(&b, "}");
    return json(x, code, &b);
}

/* ---- sessions ---- */
static void load_session(ctx *x)
{
    x->se.token[0] = 0;
    const char *sid = MHD_lookup_connection_value(x->c, MHD_COOKIE_KIND, "sid");
    if (!sid || strlen(sid) != 64) return;
    if (!sg_store_session_get(x->w->store, sid, &x->se)) x->se.token[0] = 0;
}

static bool new_session(ctx *x, int64_t user_id)
{
    sg_store_session se = {.user_id = user_id};
    random_token(se.token);
    random_token(se.csrf);
    if (!sg_store_session_create(x->w->store, &se)) return false;
    if (x->se.token[0]) sg_store_session_delete(x->w->store, x->se.token);
    x->se = se;
    snprintf(x->set_cookie, sizeof x->set_cookie, "sid=%s; Path=/; HttpOnly; SameSite=Strict; Max-Age=31536000", se.token);
    return true;
}

static void user_json(sbuf *b, const sg_store_user *u)
{
    sb_printf(b, "{\"id\":%lld,\"name\":", (long long)u->id);
    sb_str(b, u->name);
    sb_printf(b, ",\"leaderboard\":%s,\"rating\":%.1f,\"games\":%d}", u->leaderboard ? "true" : "false", u->rating,
              u->games);
}

static enum MHD_Result session_answer(ctx *x, unsigned code)
{
    sbuf b = {0};
    sg_store_user u;
    sb_lit(&b, "{\"user\":");
    if (x->se.user_id && sg_store_user_by_id(x->w->store, x->se.user_id, &u)) user_json(&b, &u);
    else sb_lit(&b, "null");
    sb_lit(&b, ",\"csrf\":");
    sb_str(&b, x->se.csrf);
    sb_lit(&b, ",\"bot_levels\":[");
    for (int i = 0; i < BOT_LEVELS; i++) sb_printf(&b, "%s{\"level\":%d,\"name\":\"%s\"}", i ? "," : "", i + 1, bot_level[i].name);
    sb_lit(&b, "]}");
    return json(x, code, &b);
}

/* ---- games: the stored row replayed into a core game ---- */
typedef struct {
    sg_store_game row;
    sg_game g;
    int n;
    char usi[GAME_MAX_MOVES][SG_STORE_USI_MAX];
    sg_verdict v;
    bool over;                   /* the core says the game has ended (or the row does) */
} loaded;

static void init_rules(sg_rules *r) { sg_rules_computer(r, SG_STANDARD); }

/* the row's stated end applied to the replayed game, so the verdict is the core's */
static void apply_stored_end(loaded *L)
{
    if (L->row.status != SG_STORE_ENDED || sg_game_result(&L->g, &L->v)) return;
    sg_color stm = L->g.pos.side;
    if (!strcmp(L->row.reason, "resignation")) sg_game_resign(&L->g, L->row.winner == 0 ? SG_WHITE : SG_BLACK);
    else if (!strcmp(L->row.reason, "time-up")) sg_game_end_stated(&L->g, SG_END_TIME_UP, (int)stm);
    else if (!strcmp(L->row.reason, "declaration")) { sg_verdict v; sg_game_declare(&L->g, &v); }
}

/* loads game id: 0, or the HTTP status of the failure (404, 500) */
static int load_game(sg_web *w, int64_t id, loaded *L)
{
    memset(L, 0, sizeof *L);
    if (!sg_store_game_get(w->store, id, &L->row)) return 404;
    L->n = sg_store_game_moves(w->store, id, L->usi, GAME_MAX_MOVES);
    if (L->n < 0) return 500;
    sg_pos start;
    sg_error err;
    sg_rules r;
    init_rules(&r);
    if (!sg_pos_from_sfen(&start, "startpos", SG_STANDARD, &err) || sg_game_init(&L->g, &start, &r, NULL, NULL)) return 500;
    for (int i = 0; i < L->n; i++) {
        sg_move m;
        if (!sg_move_parse(sg_game_pos(&L->g), L->usi[i], SG_NOTATION_USI, SG_SQ_NONE, &m, &err) ||
            sg_game_play(&L->g, m) != SG_LEGAL) {
            fprintf(stderr, "komadai: game %lld: stored move %d (%s) does not replay\n", (long long)id, i + 1, L->usi[i]);
            sg_game_free(&L->g);
            return 500;
        }
    }
    apply_stored_end(L);
    L->over = sg_game_result(&L->g, &L->v) || L->row.status == SG_STORE_ENDED;
    return 0;
}

static int you_of(const ctx *x, const sg_store_game *g)
{
    if (!x || !x->se.token[0]) return -1;
    for (int c = 0; c < 2; c++) {
        if (g->bot_side == c) continue;
        if (x->se.user_id && g->player[c] == x->se.user_id) return c;
        if (g->bot_side >= 0 && !g->player[c] && g->guest[0] && !strcmp(g->guest, x->se.token)) return c;
    }
    return -1;
}

static const char *const SIDE[2] = {"black", "white"};

static void player_json(sg_web *w, sbuf *b, const sg_store_game *g, int c)
{
    sg_store_user u;
    if (g->bot_side == c) sb_printf(b, "{\"id\":null,\"name\":\"komadai level %d\",\"kind\":\"bot\"}", g->bot_level);
    else if (g->player[c] && sg_store_user_by_id(w->store, g->player[c], &u)) {
        sb_printf(b, "{\"id\":%lld,\"name\":", (long long)u.id);
        sb_str(b, u.name);
        sb_printf(b, ",\"kind\":\"person\",\"rating\":%.1f}", u.rating);
    } else sb_printf(b, "%s", "{\"id\":null,\"name\":\"guest\",\"kind\":\"guest\"}");
}

static void result_text(loaded *L, char *buf, int size)
{
    if (sg_game_result(&L->g, &L->v)) sg_verdict_text(&L->v, SG_STANDARD, buf, size);
    else snprintf(buf, (size_t)size, "%s", L->row.reason);
}

static void state_json(sg_web *w, const ctx *x, loaded *L, sbuf *b, bool brief)
{
    const sg_pos *p = sg_game_pos(&L->g);
    int you = you_of(x, &L->row);
    bool playing = L->row.status == SG_STORE_PLAYING;
    sb_printf(b, "{\"id\":%lld,\"status\":\"%s\",\"to_move\":\"%s\",\"in_check\":%s,\"you\":", (long long)L->row.id,
              playing ? "playing" : "ended", SIDE[p->side], sg_in_check(p) ? "true" : "false");
    if (you >= 0) sb_printf(b, "\"%s\"", SIDE[you]); else sb_lit(b, "null");
    sb_lit(b, ",\"black\":");
    player_json(w, b, &L->row, 0);
    sb_lit(b, ",\"white\":");
    player_json(w, b, &L->row, 1);
    sb_printf(b, ",\"ply\":%d,\"deadline_seconds\":%d,\"deadline\":", L->n, L->row.deadline_seconds);
    if (playing && L->row.deadline_at) sb_printf(b, "%lld", (long long)L->row.deadline_at); else sb_lit(b, "null");
    if (L->row.bot_side >= 0) sb_printf(b, ",\"bot_level\":%d", L->row.bot_level);
    sb_lit(b, ",\"result\":");
    if (playing) sb_lit(b, "null");
    else {
        char text[256];
        result_text(L, text, sizeof text);
        sb_lit(b, "{\"winner\":");
        if (L->row.winner >= 0) sb_printf(b, "\"%s\"", SIDE[L->row.winner]); else sb_lit(b, "null");
        sb_lit(b, ",\"id\":");
        sb_str(b, L->row.reason);
        sb_lit(b, ",\"reason\":");
        sb_str(b, text);
        sb_lit(b, "}");
    }
    sb_lit(b, ",\"seed_sha256\":");
    sb_str(b, L->row.seed_sha256);
    sb_lit(b, ",\"seed\":");
    if (!playing) sb_str(b, L->row.seed); else sb_lit(b, "null");
    if (!brief) {
        char sfen[256];
        sg_pos_to_sfen(p, sfen, sizeof sfen);
        sb_lit(b, ",\"sfen\":");
        sb_str(b, sfen);
        /* the moves with their names, replayed from the start */
        sb_lit(b, ",\"moves\":[");
        sg_pos q = L->g.start;
        sg_square prev = SG_SQ_NONE;
        for (int i = 1; i <= L->n; i++) {
            sg_move m = sg_game_move(&L->g, i);
            char we[64], ja[64];
            sg_move_format(&q, m, SG_NOTATION_WESTERN, prev, 0, we, sizeof we);
            sg_move_format(&q, m, SG_NOTATION_JAPANESE, prev, 0, ja, sizeof ja);
            if (i > 1) sb_lit(b, ",");
            sb_lit(b, "{\"usi\":");
            sb_str(b, L->usi[i - 1]);
            sb_lit(b, ",\"western\":");
            sb_str(b, we);
            sb_lit(b, ",\"japanese\":");
            sb_str(b, ja);
            sb_lit(b, "}");
            sg_undo u;
            sg_do_move(&q, m, &u);
            prev = sg_move_to(m);
        }
        sb_lit(b, "],\"legal\":[");
        if (playing && !L->over) {
            sg_move ms[SG_MAX_MOVES];
            int n = sg_gen_legal(p, ms);
            for (int i = 0; i < n; i++) {
                char u[16];
                sg_move_format(p, ms[i], SG_NOTATION_USI, SG_SQ_NONE, 0, u, sizeof u);
                if (i) sb_lit(b, ",");
                sb_str(b, u);
            }
        }
        sb_lit(b, "]");
    }
    sb_lit(b, "}");
}

/* ---- ending games, ratings ---- */
/* ---- who watches which game (all under the lock) ---- */
static watch **watch_slot(sg_web *w, int64_t id)
{
    watch **p = &w->watches[(uint64_t)id * 0x9e3779b97f4a7c15u >> 52];
    while (*p && (*p)->id != id) p = &(*p)->next;
    return p;
}

static watch *watch_take(sg_web *w, int64_t id)
{
    watch **p = watch_slot(w, id);
    if (!*p) {
        watch *t = calloc(1, sizeof *t);
        if (!t) return NULL;
        t->id = id;
        pthread_cond_init(&t->cv, NULL);
        *p = t;
    }
    (*p)->refs++;
    return *p;
}

static void watch_drop(sg_web *w, watch *t)
{
    if (--t->refs > 0) return;
    watch **p = watch_slot(w, t->id);
    *p = t->next;
    pthread_cond_destroy(&t->cv);
    free(t);
}

/* game id changed: its watchers look again */
static void notify(sg_web *w, int64_t id)
{
    watch *t = *watch_slot(w, id);
    if (!t) return;
    t->changes++;
    pthread_cond_broadcast(&t->cv);
}

/* Elo (docs/WEB.md "Rating"): both new ratings of a game between two people */
static bool new_ratings(sg_web *w, const sg_store_game *g, int winner, double out[2])
{
    if (g->bot_side >= 0 || !g->player[0] || !g->player[1]) return false;
    sg_store_user u[2];
    if (!sg_store_user_by_id(w->store, g->player[0], &u[0]) || !sg_store_user_by_id(w->store, g->player[1], &u[1]))
        return false;
    double expect0 = 1.0 / (1.0 + pow(10.0, (u[1].rating - u[0].rating) / 400.0));
    double score0 = winner == 0 ? 1.0 : winner == 1 ? 0.0 : 0.5;
    out[0] = u[0].rating + RATING_K * (score0 - expect0);
    out[1] = u[1].rating - RATING_K * (score0 - expect0);
    return true;
}

/* overdue: a time-up, which the store takes only while the stored deadline has passed */
static bool end_game(sg_web *w, const sg_store_game *g, int winner, const char *reason, bool overdue)
{
    double r[2];
    bool rated = new_ratings(w, g, winner, r);
    bool ok = sg_store_game_end(w->store, g->id, winner, reason, now_ms(), overdue,
                                rated ? r : NULL);
    if (ok) notify(w, g->id);
    return ok;
}

/* after a move the core may say the game is over */
static void settle(sg_web *w, loaded *L)
{
    if (!sg_game_result(&L->g, &L->v)) return;
    end_game(w, &L->row, L->v.outcome == SG_OUTCOME_WIN ? L->v.winner : -1, sg_verdict_id(&L->v), false);
    L->row.status = SG_STORE_ENDED;
}

static void start_bot(sg_web *w, int64_t id);

/* Plays usi in the loaded game: 0 or an HTTP status with the message in why.
 * The move is in the database before this returns 0. */
static int commit_move(sg_web *w, loaded *L, const char *usi, char *why, size_t whysize)
{
    if (L->row.status != SG_STORE_PLAYING || L->over) { snprintf(why, whysize, "the game is over"); return 409; }
    if (L->n >= GAME_MAX_MOVES) { snprintf(why, whysize, "the game is too long"); return 409; }
    sg_move m;
    sg_error err;
    if (!sg_move_parse(sg_game_pos(&L->g), usi, SG_NOTATION_USI, SG_SQ_NONE, &m, &err)) {
        snprintf(why, whysize, "move '%s': %s", usi, err.msg);
        return 400;
    }
    char norm[16];
    sg_move_format(sg_game_pos(&L->g), m, SG_NOTATION_USI, SG_SQ_NONE, 0, norm, sizeof norm);
    int rc = sg_game_play(&L->g, m);
    if (rc != SG_LEGAL) {
        snprintf(why, whysize, "move '%s': %s", usi, rc < SG_REASON_NB ? sg_reason_text((sg_reason)rc) : "the game is over");
        return 400;
    }
    int64_t t = now_ms();
    int64_t deadline = L->row.deadline_seconds ? t + (int64_t)L->row.deadline_seconds * 1000 : 0;
    if (!sg_store_move_add(w->store, L->row.id, L->n + 1, norm, t, deadline)) {
        sg_game_undo(&L->g);
        if (L->row.deadline_at && t >= L->row.deadline_at) snprintf(why, whysize, "the move's deadline has passed");
        else snprintf(why, whysize, "the move was not stored (the game changed meanwhile)");
        return 409;
    }
    snprintf(L->usi[L->n], SG_STORE_USI_MAX, "%.7s", norm);
    L->n++;
    L->row.deadline_at = deadline;
    notify(w, L->row.id);
    settle(w, L);
    L->over = sg_game_result(&L->g, &L->v) || L->row.status == SG_STORE_ENDED;
    if (!L->over && L->row.bot_side == (int)sg_game_pos(&L->g)->side) start_bot(w, L->row.id);
    return 0;
}

/* ---- the bot: thinks without the lock, plays with it ---- */
typedef struct { sg_web *w; int64_t id; } bot_job;

static void *bot_main(void *arg)
{
    bot_job *j = arg;
    sg_web *w = j->w;
    loaded *L = malloc(sizeof *L);
    pthread_mutex_lock(&w->mu);
    int ply = -1, level = 1;
    sg_pos root;
    if (L && load_game(w, j->id, L) == 0) {
        if (!L->over && L->row.bot_side == (int)sg_game_pos(&L->g)->side) {
            ply = L->n;
            root = *sg_game_pos(&L->g);
            level = L->row.bot_level;
        }
        sg_game_free(&L->g);
    }
    pthread_mutex_unlock(&w->mu);
    if (ply >= 0) {
        sg_search *s = sg_search_new(16);
        sg_search_opts o;
        sg_search_opts_default(&o);
        sg_rules r;
        init_rules(&r);
        o.rules = &r;
        o.depth = bot_level[level - 1].depth;
        sg_limits lim = sg_limits_none();
        lim.seconds = bot_level[level - 1].seconds;
        volatile int stop = 0;
        lim.stop = &stop;
        sg_search_report rep;
        memset(&rep, 0, sizeof rep);
        if (s) sg_search_run(s, &root, &o, &lim, &rep);
        sg_search_free(s);
        pthread_mutex_lock(&w->mu);
        if (!w->stopping && load_game(w, j->id, L) == 0) {
            char why[256];
            if (L->n == ply && !L->over) {
                if (rep.declare) {
                    sg_verdict v;
                    if (sg_game_declare(&L->g, &v) == SG_CLAIM_OK) end_game(w, &L->row, L->row.bot_side, "declaration", false);
                } else if (rep.best != SG_MOVE_NONE) {
                    char usi[16];
                    sg_move_format(&root, rep.best, SG_NOTATION_USI, SG_SQ_NONE, 0, usi, sizeof usi);
                    if (commit_move(w, L, usi, why, sizeof why))
                        fprintf(stderr, "komadai: game %lld: the bot's move %s: %s\n", (long long)j->id, usi, why);
                }
            }
            sg_game_free(&L->g);
        }
        pthread_mutex_unlock(&w->mu);
    }
    free(L);
    pthread_mutex_lock(&w->mu);
    w->bots--;
    pthread_cond_broadcast(&w->bots_done);
    pthread_mutex_unlock(&w->mu);
    free(j);
    return NULL;
}

/* called with the lock held */
static void start_bot(sg_web *w, int64_t id)
{
    if (w->stopping) return;
    bot_job *j = malloc(sizeof *j);
    if (!j) return;
    j->w = w;
    j->id = id;
    pthread_t t;
    pthread_attr_t a;
    pthread_attr_init(&a);
    pthread_attr_setdetachstate(&a, PTHREAD_CREATE_DETACHED);
    if (pthread_create(&t, &a, bot_main, j) == 0) w->bots++;
    else free(j);
    pthread_attr_destroy(&a);
}

/* ---- deadlines: a missed one loses, decided from the stored time ---- */
static void check_deadlines(sg_web *w)
{
    int64_t ids[64];
    int n = sg_store_games_overdue(w->store, now_ms(), ids, 64);
    for (int i = 0; i < n; i++) {
        loaded *L = malloc(sizeof *L);
        if (!L) return;
        if (load_game(w, ids[i], L) == 0) {
            if (!L->over) end_game(w, &L->row, 1 - (int)sg_game_pos(&L->g)->side, "time-up", true);
            else settle(w, L);
            sg_game_free(&L->g);
        }
        free(L);
    }
}

static void *deadline_main(void *arg)
{
    sg_web *w = arg;
    pthread_mutex_lock(&w->mu);
    while (!w->stopping) {
        check_deadlines(w);
        struct timespec ts;
        clock_gettime(CLOCK_REALTIME, &ts);
        ts.tv_nsec += 250000000;
        if (ts.tv_nsec >= 1000000000) { ts.tv_sec++; ts.tv_nsec -= 1000000000; }
        pthread_cond_timedwait(&w->tick, &w->mu, &ts);
    }
    pthread_mutex_unlock(&w->mu);
    return NULL;
}

/* ---- records ---- */
static void record_text(sg_web *w, loaded *L, const char *format, sbuf *b)
{
    sg_store_user u;
    char names[2][SG_STORE_NAME_MAX];
    for (int c = 0; c < 2; c++) {
        if (L->row.bot_side == c) snprintf(names[c], sizeof names[c], "komadai level %d", L->row.bot_level);
        else if (L->row.player[c] && sg_store_user_by_id(w->store, L->row.player[c], &u)) snprintf(names[c], sizeof names[c], "%s", u.name);
        else snprintf(names[c], sizeof names[c], "guest");
    }
    bool ended = sg_game_result(&L->g, &L->v);
    if (!strcmp(format, "sfen")) {
        char sfen[256];
        sg_pos_to_sfen(&L->g.start, sfen, sizeof sfen);
        sb_printf(b, "sfen %s", sfen);
        if (L->n) sb_lit(b, " moves");
        for (int i = 0; i < L->n; i++) sb_printf(b, " %s", L->usi[i]);
        sb_lit(b, "\n");
        return;
    }
    bool csa = !strcmp(format, "csa");
    if (csa) sb_printf(b, "V2.2\nN+%s\nN-%s\n$EVENT:komadai game %lld\nPI\n+\n", names[0], names[1], (long long)L->row.id);
    else sb_printf(b, "# KIF (komadai game %lld)\n手合割：平手\n先手：%s\n後手：%s\n手数----指手---------消費時間--\n",
                   (long long)L->row.id, names[0], names[1]);
    sg_pos q = L->g.start;
    sg_square prev = SG_SQ_NONE;
    for (int i = 1; i <= L->n; i++) {
        sg_move m = sg_game_move(&L->g, i);
        char t[64];
        sg_move_format(&q, m, csa ? SG_NOTATION_CSA : SG_NOTATION_KIF, prev, 0, t, sizeof t);
        if (csa) sb_printf(b, "%s\n", t); else sb_printf(b, "%4d %s\n", i, t);
        sg_undo un;
        sg_do_move(&q, m, &un);
        prev = sg_move_to(m);
    }
    if (ended) {
        sg_ending_words e;
        sg_ending_words_for(&L->v, sg_game_pos(&L->g)->side, csa ? SG_REC_CSA : SG_REC_KIF, &e);
        if (csa) sb_printf(b, "%%%s\n", e.word); else sb_printf(b, "%4d %s\n", L->n + 1, e.word);
        if (e.comment[0]) sb_printf(b, "%s%s\n", csa ? "'" : "*", e.comment);
    }
}

/* ---- the routes ---- */
static bool is_post(const ctx *x) { return !strcmp(x->method, "POST"); }

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

/* false when the body is not a flat JSON object (the 400 answer is queued) */
static bool need_body(ctx *x, jobj *o)
{
    char why[160];
    if (json_parse(x->body ? x->body : "", o, why, sizeof why)) return true;
    fail(x, 400, "%s", why);
    return false;
}

static const char *jstr(const jobj *o, const char *key)
{
    const jv *v = jget(o, key);
    return v && v->kind == JV_STR ? v->str : NULL;
}

static bool email_ok(const char *e)
{
    const char *at = strchr(e, '@');
    size_t n = strlen(e);
    if (!at || at == e || !at[1] || strchr(at + 1, '@') || n >= SG_STORE_EMAIL_MAX) return false;
    for (const char *c = e; *c; c++) if ((unsigned char)*c <= ' ' || *c == 0x7f) return false;
    return true;
}

static bool name_ok(const char *s)
{
    size_t n = strlen(s);
    if (n < 1 || n > 40) return false;
    for (const char *c = s; *c; c++) if ((unsigned char)*c < ' ' || *c == 0x7f || *c == '<' || *c == '>') return false;
    return true;
}

static login_slot *login_slot_for(sg_web *w, const char *ip)
{
    login_slot *old = &w->logins[0];
    for (int i = 0; i < 64; i++) {
        if (!strcmp(w->logins[i].ip, ip)) return &w->logins[i];
        if (w->logins[i].since < old->since) old = &w->logins[i];
    }
    snprintf(old->ip, sizeof old->ip, "%s", ip);
    old->fails = 0;
    old->since = now_ms();
    return old;
}

static void peer_ip(ctx *x, char *out, size_t size)
{
    const union MHD_ConnectionInfo *ci = MHD_get_connection_info(x->c, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    snprintf(out, size, "?");
    if (ci && ci->client_addr && ci->client_addr->sa_family == AF_INET)
        inet_ntop(AF_INET, &((const struct sockaddr_in *)(const void *)ci->client_addr)->sin_addr, out, (socklen_t)size);
    else if (ci && ci->client_addr && ci->client_addr->sa_family == AF_INET6)
        inet_ntop(AF_INET6, &((const struct sockaddr_in6 *)(const void *)ci->client_addr)->sin6_addr, out, (socklen_t)size);
}

static enum MHD_Result route_signup(ctx *x, bool login)
{
    jobj o;
    if (!need_body(x, &o)) return MHD_YES;
    const char *email = jstr(&o, "email"), *pw = jstr(&o, "password"), *name = jstr(&o, "name");
    if (!email || !pw || (!login && !name))
        return fail(x, 400, login ? "login needs \"email\" and \"password\" (strings)" : "signup needs \"name\", \"email\" and \"password\" (strings)");
    sg_web *w = x->w;
    if (login) {
        char ip[64];
        peer_ip(x, ip, sizeof ip);
        login_slot *sl = login_slot_for(w, ip);
        int64_t t = now_ms();
        if (t - sl->since > LOGIN_WINDOW_MS) { sl->fails = 0; sl->since = t; }
        if (sl->fails >= LOGIN_FAILS)
            return fail(x, 429, "too many failed logins: wait %d seconds", (int)((LOGIN_WINDOW_MS - (t - sl->since)) / 1000) + 1);
        sg_store_user u;
        bool ok = sg_store_user_by_email(w->store, email, &u);
        /* the same work whether or not the email is known */
        if (!ok && crypto_pwhash_str_verify(w->dummy_hash, pw, strlen(pw)) == 0) ok = false;
        if (!ok || crypto_pwhash_str_verify(u.pwhash, pw, strlen(pw)) != 0) {
            sl->fails++;
            return fail(x, 401, "wrong email or password");
        }
        sl->fails = 0;
        if (!new_session(x, u.id)) return fail(x, 500, "the session was not stored");
        return session_answer(x, 200);
    }
    if (!email_ok(email)) return fail(x, 400, "\"email\": not an email address");
    if (!name_ok(name)) return fail(x, 400, "\"name\": 1 to 40 characters, no control characters or < >");
    size_t pl = strlen(pw);
    if (pl < 8 || pl > 256) return fail(x, 400, "\"password\": 8 to 256 characters");
    char hash[crypto_pwhash_STRBYTES];
    if (crypto_pwhash_str(hash, pw, pl, crypto_pwhash_OPSLIMIT_INTERACTIVE, crypto_pwhash_MEMLIMIT_INTERACTIVE) != 0)
        return fail(x, 500, "out of memory hashing the password");
    int64_t id = sg_store_user_create(w->store, email, name, hash);
    if (id == 0) return fail(x, 409, "that email or name already has an account");
    if (id < 0) return fail(x, 500, "the account was not stored");
    if (!new_session(x, id)) return fail(x, 500, "the session was not stored");
    return session_answer(x, 201);
}

static bool make_seed(sg_store_game *g)
{
    unsigned char seed[32], h[crypto_hash_sha256_BYTES];
    randombytes_buf(seed, sizeof seed);
    hex(seed, sizeof seed, g->seed);
    crypto_hash_sha256(h, (const unsigned char *)g->seed, strlen(g->seed));
    hex(h, sizeof h, g->seed_sha256);
    return true;
}

/* the seed's colour bit: 0 when the challenger (or the person against the bot) plays Black (docs/WEB.md) */
static int seed_bit(const char *seed_hex)
{
    unsigned char h[crypto_hash_sha256_BYTES];
    char msg[128];
    snprintf(msg, sizeof msg, "komadai colours %s", seed_hex);
    crypto_hash_sha256(h, (const unsigned char *)msg, strlen(msg));
    return h[0] & 1;
}

static enum MHD_Result send_game(ctx *x, int64_t id, unsigned code)
{
    loaded *L = malloc(sizeof *L);
    if (!L) return fail(x, 500, "out of memory");
    int rc = load_game(x->w, id, L);
    if (rc) { free(L); return fail(x, (unsigned)rc, rc == 404 ? "no game %lld" : "game %lld cannot be read", (long long)id); }
    sbuf b = {0};
    state_json(x->w, x, L, &b, false);
    sg_game_free(&L->g);
    free(L);
    return json(x, code, &b);
}

static enum MHD_Result route_bot_game(ctx *x)
{
    jobj o;
    if (!need_body(x, &o)) return MHD_YES;
    const jv *lv = jget(&o, "level");
    int level = 1;
    if (lv) {
        if (lv->kind != JV_NUM || lv->num != floor(lv->num) || lv->num < 1 || lv->num > BOT_LEVELS)
            return fail(x, 400, "\"level\": a whole number from 1 to %d", BOT_LEVELS);
        level = (int)lv->num;
    }
    sg_store_game g = {.bot_level = level, .created = now_ms(), .winner = -1};
    make_seed(&g);
    int human = seed_bit(g.seed);
    g.bot_side = 1 - human;
    g.player[human] = x->se.user_id;
    if (!x->se.user_id) snprintf(g.guest, sizeof g.guest, "%s", x->se.token);
    int64_t id = sg_store_game_create(x->w->store, &g);
    if (!id) return fail(x, 500, "the game was not stored");
    notify(x->w, id);
    if (g.bot_side == SG_BLACK) start_bot(x->w, id);
    return send_game(x, id, 201);
}

static enum MHD_Result route_challenges(ctx *x)
{
    sg_web *w = x->w;
    if (!is_post(x)) {
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
        return json(x, 200, &b);
    }
    if (!x->se.user_id) return fail(x, 401, "log in to make a challenge");
    jobj o;
    if (!need_body(x, &o)) return MHD_YES;
    const jv *d = jget(&o, "deadline");
    if (!d || d->kind != JV_NUM || d->num != floor(d->num) || d->num < DEADLINE_MIN || d->num > DEADLINE_MAX)
        return fail(x, 400, "\"deadline\": seconds a move, a whole number from %d (1 minute) to %d (1 week)", DEADLINE_MIN, DEADLINE_MAX);
    int64_t id = sg_store_challenge_create(w->store, x->se.user_id, (int)d->num);
    if (!id) return fail(x, 500, "the challenge was not stored");
    sbuf b = {0};
    sb_printf(&b, "{\"id\":%lld,\"deadline_seconds\":%d,\"by\":{\"id\":%lld}}", (long long)id, (int)d->num, (long long)x->se.user_id);
    return json(x, 201, &b);
}

static enum MHD_Result route_accept(ctx *x, int64_t cid)
{
    if (!x->se.user_id) return fail(x, 401, "log in to accept a challenge");
    sg_store_challenge c;
    if (!sg_store_challenge_get(x->w->store, cid, &c)) return fail(x, 404, "no challenge %lld", (long long)cid);
    if (c.game_id) return fail(x, 409, "challenge %lld was accepted already", (long long)cid);
    if (c.user_id == x->se.user_id) return fail(x, 409, "that is your own challenge");
    sg_store_game g = {.bot_side = -1, .deadline_seconds = c.deadline_seconds, .created = now_ms(), .winner = -1};
    make_seed(&g);
    int challenger = seed_bit(g.seed);
    g.player[challenger] = c.user_id;
    g.player[1 - challenger] = x->se.user_id;
    g.deadline_at = g.created + (int64_t)c.deadline_seconds * 1000;
    int64_t id = sg_store_challenge_accept(x->w->store, cid, &g);
    if (!id) return fail(x, 409, "challenge %lld could not be accepted", (long long)cid);
    notify(x->w, id);
    return send_game(x, id, 201);
}

static enum MHD_Result route_games_mine(ctx *x)
{
    if (!x->se.user_id) return fail(x, 401, "log in to list your games");
    int64_t ids[100];
    int n = sg_store_games_of_user(x->w->store, x->se.user_id, ids, 100);
    loaded *L = malloc(sizeof *L);
    if (!L) return fail(x, 500, "out of memory");
    sbuf b = {0};
    sb_lit(&b, "{\"games\":[");
    bool first = true;
    for (int i = 0; i < n; i++) {
        if (load_game(x->w, ids[i], L)) continue;
        if (!first) sb_lit(&b, ",");
        first = false;
        state_json(x->w, x, L, &b, true);
        sg_game_free(&L->g);
    }
    free(L);
    sb_lit(&b, "]}");
    return json(x, 200, &b);
}

static enum MHD_Result route_game_act(ctx *x, int64_t id, const char *act)
{
    jobj o;
    if (!need_body(x, &o)) return MHD_YES;
    loaded *L = malloc(sizeof *L);
    if (!L) return fail(x, 500, "out of memory");
    int rc = load_game(x->w, id, L);
    if (rc) { free(L); return fail(x, (unsigned)rc, "no game %lld", (long long)id); }
    int you = you_of(x, &L->row);
    char why[300] = "";
    unsigned code = 0;
    if (you < 0) { code = 403; snprintf(why, sizeof why, "you do not play in game %lld", (long long)id); }
    else if (L->row.status != SG_STORE_PLAYING || L->over) { code = 409; snprintf(why, sizeof why, "game %lld is over", (long long)id); }
    else if (!strcmp(act, "resign")) {
        if (!end_game(x->w, &L->row, 1 - you, "resignation", false)) { code = 409; snprintf(why, sizeof why, "the game changed meanwhile"); }
    } else if (!strcmp(act, "declare")) {
        sg_verdict v;
        if ((int)sg_game_pos(&L->g)->side != you) { code = 409; snprintf(why, sizeof why, "it is not your move"); }
        else if (sg_game_declare(&L->g, &v) != SG_CLAIM_OK) {
            code = 409;
            int k = sg_claim_text(v.fault, (sg_color)you, &v, why, sizeof why);
            (void)k;
        } else end_game(x->w, &L->row, you, "declaration", false);
    } else { /* moves */
        const char *mv = jstr(&o, "move");
        const jv *ply = jget(&o, "ply");
        if (!mv) { code = 400; snprintf(why, sizeof why, "a move needs \"move\" (a USI string such as \"7g7f\")"); }
        else if (ply && (ply->kind != JV_NUM || ply->num != floor(ply->num))) { code = 400; snprintf(why, sizeof why, "\"ply\": a whole number (the moves played so far)"); }
        else if (ply && (int)ply->num != L->n) { code = 409; snprintf(why, sizeof why, "\"ply\" %d: the game has %d moves now", (int)ply->num, L->n); }
        else if ((int)sg_game_pos(&L->g)->side != you) { code = 409; snprintf(why, sizeof why, "it is not your move"); }
        else {
            int r = commit_move(x->w, L, mv, why, sizeof why);
            code = r ? (unsigned)r : 0;
        }
    }
    sg_game_free(&L->g);
    free(L);
    if (code) return fail(x, code, "%s", why);
    return send_game(x, id, 200);
}

static enum MHD_Result route_record(ctx *x, int64_t id)
{
    const char *f = MHD_lookup_connection_value(x->c, MHD_GET_ARGUMENT_KIND, "format");
    if (!f) f = "kif";
    if (strcmp(f, "kif") && strcmp(f, "csa") && strcmp(f, "sfen"))
        return fail(x, 400, "format '%.20s': kif, csa or sfen", f);
    loaded *L = malloc(sizeof *L);
    if (!L) return fail(x, 500, "out of memory");
    int rc = load_game(x->w, id, L);
    if (rc) { free(L); return fail(x, (unsigned)rc, "no game %lld", (long long)id); }
    sbuf b = {0};
    record_text(x->w, L, f, &b);
    sg_game_free(&L->g);
    free(L);
    char disp[96];
    snprintf(disp, sizeof disp, "attachment; filename=\"game-%lld.%s\"", (long long)id, f);
    enum MHD_Result r = answer(x, 200, "text/plain; charset=utf-8", b.p ? b.p : "", b.len, "Content-Disposition", disp);
    free(b.p);
    return r;
}

static enum MHD_Result route_leaderboard(ctx *x)
{
    sg_store_user us[100];
    int n = sg_store_leaderboard(x->w->store, us, 100);
    sbuf b = {0};
    sb_lit(&b, "{\"rating\":\"elo\",\"players\":[");
    for (int i = 0; i < n; i++) {
        sb_printf(&b, "%s{\"rank\":%d,\"id\":%lld,\"name\":", i ? "," : "", i + 1, (long long)us[i].id);
        sb_str(&b, us[i].name);
        sb_printf(&b, ",\"rating\":%.1f,\"games\":%d}", us[i].rating, us[i].games);
    }
    sb_lit(&b, "]}");
    return json(x, 200, &b);
}

static enum MHD_Result route_me(ctx *x)
{
    sg_store_user u;
    if (!x->se.user_id || !sg_store_user_by_id(x->w->store, x->se.user_id, &u)) return fail(x, 401, "not logged in");
    if (is_post(x)) {
        jobj o;
        if (!need_body(x, &o)) return MHD_YES;
        const jv *lb = jget(&o, "leaderboard");
        if (!lb || lb->kind != JV_BOOL) return fail(x, 400, "\"leaderboard\": true or false");
        if (!sg_store_user_set_leaderboard(x->w->store, u.id, lb->b)) return fail(x, 500, "not stored");
        u.leaderboard = lb->b;
    }
    sbuf b = {0};
    user_json(&b, &u);
    return json(x, 200, &b);
}

/* ---- live updates: Server-Sent Events, one "state" event per change of the game ---- */
typedef struct {
    sg_web *w;
    int64_t id;
    ctx who;                     /* the watcher's session (for "you") */
    watch *watch;                /* taken at the first read, dropped by sse_free */
    uint64_t seen;
    int sent_ply, sent_status;   /* what the last event showed; -1 before the first */
    sbuf out;
    size_t off;
} sse;

static ssize_t sse_read(void *cls, uint64_t pos, char *buf, size_t max)
{
    (void)pos;
    sse *s = cls;
    sg_web *w = s->w;
    if (s->off < s->out.len) {
        size_t n = s->out.len - s->off < max ? s->out.len - s->off : max;
        memcpy(buf, s->out.p + s->off, n);
        s->off += n;
        return (ssize_t)n;
    }
    s->out.len = 0;
    s->off = 0;
    pthread_mutex_lock(&w->mu);
    if (!s->watch && !(s->watch = watch_take(w, s->id))) { pthread_mutex_unlock(&w->mu); return MHD_CONTENT_READER_END_WITH_ERROR; }
    watch *t = s->watch;
    for (;;) {
        if (w->stopping) { pthread_mutex_unlock(&w->mu); return MHD_CONTENT_READER_END_OF_STREAM; }
        if (s->sent_ply < 0 || t->changes != s->seen) {
            s->seen = t->changes;
            loaded *L = malloc(sizeof *L);
            if (!L || load_game(w, s->id, L)) { free(L); pthread_mutex_unlock(&w->mu); return MHD_CONTENT_READER_END_WITH_ERROR; }
            if (L->n != s->sent_ply || L->row.status != s->sent_status) {
                s->sent_ply = L->n;
                s->sent_status = L->row.status;
                sb_lit(&s->out, "event: state\ndata: ");
                state_json(w, &s->who, L, &s->out, false);
                sb_lit(&s->out, "\n\n");
            }
            sg_game_free(&L->g);
            free(L);
            if (s->out.len) break;
            continue;
        }
        struct timespec ts;
        clock_gettime(CLOCK_REALTIME, &ts);
        ts.tv_sec += 15;
        if (pthread_cond_timedwait(&t->cv, &w->mu, &ts) == ETIMEDOUT && t->changes == s->seen) {
            sb_lit(&s->out, ": keep-alive\n\n");
            break;
        }
    }
    pthread_mutex_unlock(&w->mu);
    if (s->out.oom) return MHD_CONTENT_READER_END_WITH_ERROR;
    return sse_read(cls, 0, buf, max);
}

static void sse_free(void *cls)
{
    sse *s = cls;
    if (s->watch) {
        pthread_mutex_lock(&s->w->mu);
        watch_drop(s->w, s->watch);
        pthread_mutex_unlock(&s->w->mu);
    }
    free(s->out.p);
    free(s);
}

static enum MHD_Result route_events(ctx *x, int64_t id)
{
    sg_store_game g;
    if (!sg_store_game_get(x->w->store, id, &g)) return fail(x, 404, "no game %lld", (long long)id);
    sse *s = calloc(1, sizeof *s);
    if (!s) return fail(x, 500, "out of memory");
    s->w = x->w;
    s->id = id;
    s->who.se = x->se;
    s->sent_ply = -1;
    s->sent_status = -1;
    struct MHD_Response *r = MHD_create_response_from_callback(MHD_SIZE_UNKNOWN, 4096, sse_read, s, sse_free);
    if (!r) { sse_free(s); return MHD_NO; }
    security_headers(r);
    MHD_add_response_header(r, "Content-Type", "text/event-stream");
    MHD_add_response_header(r, "Cache-Control", "no-store");
    enum MHD_Result ok = MHD_queue_response(x->c, 200, r);
    MHD_destroy_response(r);
    return ok;
}

/* ---- the pages: files under root, nothing outside it ---- */
static const char *mime(const char *path)
{
    static const char *const m[][2] = {
        {".html", "text/html; charset=utf-8"}, {".js", "text/javascript; charset=utf-8"},
        {".css", "text/css; charset=utf-8"},   {".svg", "image/svg+xml"},
        {".png", "image/png"},                 {".json", "application/json"},
        {".woff2", "font/woff2"},              {".txt", "text/plain; charset=utf-8"},
    };
    const char *dot = strrchr(path, '.');
    for (size_t i = 0; dot && i < sizeof m / sizeof m[0]; i++) if (!strcmp(dot, m[i][0])) return m[i][1];
    return "application/octet-stream";
}

static enum MHD_Result serve_file(ctx *x)
{
    if (strcmp(x->method, "GET") && strcmp(x->method, "HEAD")) return fail(x, 405, "%s: only GET for pages", x->method);
    const char *u = x->url;
    if (!strcmp(u, "/")) u = "/index.html";
    size_t n = strlen(u);
    bool ok = n < 512 && u[0] == '/';
    for (size_t i = 0; ok && i < n; i++) {
        char c = u[i];
        ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '/' || c == '.' || c == '-' || c == '_';
        if (c == '.' && i > 0 && u[i - 1] == '/') ok = false;  /* no "..", no hidden files */
    }
    if (!ok) return fail(x, 404, "no such page");
    char path[PATH_MAX + 600], real[PATH_MAX];
    snprintf(path, sizeof path, "%s%s", x->w->root, u);
    size_t rl = strlen(x->w->root);
    if (!realpath(path, real) || strncmp(real, x->w->root, rl) || (real[rl] != '/' && real[rl])) return fail(x, 404, "no such page");
    int fd = open(real, O_RDONLY | O_CLOEXEC);
    struct stat st;
    if (fd < 0 || fstat(fd, &st) || !S_ISREG(st.st_mode)) {
        if (fd >= 0) close(fd);
        return fail(x, 404, "no such page");
    }
    struct MHD_Response *r = MHD_create_response_from_fd((uint64_t)st.st_size, fd);
    if (!r) { close(fd); return MHD_NO; }
    security_headers(r);
    MHD_add_response_header(r, "Content-Type", mime(real));
    MHD_add_response_header(r, "Cache-Control", "no-cache");
    enum MHD_Result res = MHD_queue_response(x->c, 200, r);
    MHD_destroy_response(r);
    return res;
}

/* ---- dispatch ---- */
static enum MHD_Result api(ctx *x)
{
    const char *u = x->url + 4;  /* after "/api" */
    bool post = is_post(x);
    if (!post && strcmp(x->method, "GET")) return fail(x, 405, "%s: the API takes GET and POST", x->method);
    load_session(x);
    if (!strcmp(u, "/session") && !post) {
        if (!x->se.token[0] && !new_session(x, 0)) return fail(x, 500, "the session was not stored");
        return session_answer(x, 200);
    }
    if (post) {
        const char *tok = MHD_lookup_connection_value(x->c, MHD_HEADER_KIND, "X-CSRF-Token");
        if (!x->se.token[0]) return fail(x, 403, "no session: GET /api/session first (it sets the cookie and gives the CSRF token)");
        if (!tok || strlen(tok) != strlen(x->se.csrf) || sodium_memcmp(tok, x->se.csrf, strlen(tok)) != 0)
            return fail(x, 403, "missing or wrong X-CSRF-Token header (GET /api/session gives it)");
    }
    if (!strcmp(u, "/signup") && post) return route_signup(x, false);
    if (!strcmp(u, "/login") && post) return route_signup(x, true);
    if (!strcmp(u, "/logout") && post) {
        if (!new_session(x, 0)) return fail(x, 500, "the session was not stored");
        return session_answer(x, 200);
    }
    if (!strcmp(u, "/me")) return route_me(x);
    if (!strcmp(u, "/leaderboard") && !post) return route_leaderboard(x);
    if (!strcmp(u, "/bot-games") && post) return route_bot_game(x);
    if (!strcmp(u, "/challenges")) return route_challenges(x);
    if (!strncmp(u, "/challenges/", 12)) {
        const char *rest;
        int64_t id = parse_id(u + 12, &rest);
        if (id && !strcmp(rest, "/accept") && post) return route_accept(x, id);
        return fail(x, 404, "no such route: %s %.80s", x->method, x->url);
    }
    if (!strcmp(u, "/games") && !post) return route_games_mine(x);
    if (!strncmp(u, "/games/", 7)) {
        const char *rest;
        int64_t id = parse_id(u + 7, &rest);
        if (!id) return fail(x, 404, "no game '%.40s'", u + 7);
        if (!*rest && !post) return send_game(x, id, 200);
        if (!strcmp(rest, "/moves") && post) return route_game_act(x, id, "move");
        if (!strcmp(rest, "/resign") && post) return route_game_act(x, id, "resign");
        if (!strcmp(rest, "/declare") && post) return route_game_act(x, id, "declare");
        if (!strcmp(rest, "/record") && !post) return route_record(x, id);
    }
    return fail(x, 404, "no such route: %s %.80s", x->method, x->url);
}

static enum MHD_Result on_request(void *cls, struct MHD_Connection *c, const char *url, const char *method,
                                  const char *version, const char *upload, size_t *upload_size, void **con_cls)
{
    (void)version;
    sg_web *w = cls;
    req *r = *con_cls;
    if (!r) {
        r = calloc(1, sizeof *r);
        if (!r) return MHD_NO;
        *con_cls = r;
        return MHD_YES;
    }
    if (*upload_size) {
        if (r->body.len + *upload_size > BODY_MAX) r->too_big = true;
        else sb_add(&r->body, upload, *upload_size);
        *upload_size = 0;
        return MHD_YES;
    }
    ctx x = {.c = c, .w = w, .method = method, .url = url, .body = r->body.p};
    if (r->too_big) return fail(&x, 413, "the request body is over %d bytes", BODY_MAX);
    if (r->body.oom) return fail(&x, 500, "out of memory");
    if (r->body.p && strlen(r->body.p) != r->body.len) return fail(&x, 400, "malformed JSON: a NUL byte in the body");
    if (strncmp(url, "/api/", 5)) return serve_file(&x);
    /* the event stream waits for changes: it takes the lock in its reader */
    size_t ul = strlen(url);
    if (!strcmp(method, "GET") && ul > 7 && !strcmp(url + ul - 7, "/events") && !strncmp(url, "/api/games/", 11)) {
        const char *rest;
        pthread_mutex_lock(&w->mu);
        load_session(&x);
        int64_t id = parse_id(url + 11, &rest);
        enum MHD_Result res = id && !strcmp(rest, "/events") ? route_events(&x, id) : fail(&x, 404, "no such route");
        pthread_mutex_unlock(&w->mu);
        return res;
    }
    pthread_mutex_lock(&w->mu);
    enum MHD_Result res = api(&x);
    pthread_mutex_unlock(&w->mu);
    return res;
}

static void on_done(void *cls, struct MHD_Connection *c, void **con_cls, enum MHD_RequestTerminationCode toe)
{
    (void)cls; (void)c; (void)toe;
    req *r = *con_cls;
    if (!r) return;
    free(r->body.p);
    free(r);
    *con_cls = NULL;
}

/* ---- start and stop ---- */
/* the store's news (PostgreSQL: a NOTIFY from any process on the database) */
static void changed_elsewhere(void *cls, int64_t id)
{
    sg_web *w = cls;
    pthread_mutex_lock(&w->mu);
    if (id) notify(w, id);
    else
        for (int i = 0; i < WATCH_BUCKETS; i++)
            for (watch *t = w->watches[i]; t; t = t->next) { t->changes++; pthread_cond_broadcast(&t->cv); }
    pthread_mutex_unlock(&w->mu);
}

/* the soft limit on open descriptors raised to the hard one; the count now allowed */
static long open_files(void)
{
    struct rlimit rl;
    if (getrlimit(RLIMIT_NOFILE, &rl)) return 1024;
    if (rl.rlim_cur < rl.rlim_max) {
        rlim_t want = rl.rlim_cur;
        rl.rlim_cur = rl.rlim_max;
        if (setrlimit(RLIMIT_NOFILE, &rl)) rl.rlim_cur = want;
    }
    return rl.rlim_cur == RLIM_INFINITY || rl.rlim_cur > 1000000 ? 1000000 : (long)rl.rlim_cur;
}

sg_web *sg_web_start(const sg_web_opts *o, char *err, int errsize)
{
    if (sodium_init() < 0) { snprintf(err, (size_t)errsize, "libsodium failed to start"); return NULL; }
    sg_init();
    sg_web *w = calloc(1, sizeof *w);
    if (!w) { snprintf(err, (size_t)errsize, "out of memory"); return NULL; }
    if (!realpath(o->root, w->root)) {
        snprintf(err, (size_t)errsize, "%s: %s (the pages: make web-assets)", o->root, strerror(errno));
        free(w);
        return NULL;
    }
    char index[PATH_MAX + 16];
    snprintf(index, sizeof index, "%s/index.html", w->root);
    if (access(index, R_OK)) {
        snprintf(err, (size_t)errsize, "%s: no index.html (the pages: make web-assets)", w->root);
        free(w);
        return NULL;
    }
    char pw[65];
    random_token(pw);
    if (crypto_pwhash_str(w->dummy_hash, pw, strlen(pw), crypto_pwhash_OPSLIMIT_INTERACTIVE,
                          crypto_pwhash_MEMLIMIT_INTERACTIVE) != 0) {
        snprintf(err, (size_t)errsize, "out of memory");
        free(w);
        return NULL;
    }
    if (!o->db) mkdir(o->data_dir, 0700);
    w->store = sg_store_open(o->db, o->data_dir, err, errsize);
    if (!w->store) { free(w); return NULL; }
    pthread_mutex_init(&w->mu, NULL);
    pthread_cond_init(&w->tick, NULL);
    pthread_cond_init(&w->bots_done, NULL);
    struct sockaddr_in sa;
    memset(&sa, 0, sizeof sa);
    sa.sin_family = AF_INET;
    sa.sin_port = htons((uint16_t)o->port);
    if (inet_pton(AF_INET, o->addr, &sa.sin_addr) != 1) {
        snprintf(err, (size_t)errsize, "'%s': not an IPv4 address", o->addr);
        sg_store_close(w->store);
        free(w);
        return NULL;
    }
    /* a thread per connection, each waiting in poll() (select() stops at descriptor 1024); as many
     * connections as descriptors, less a reserve for the store and the files being served */
    unsigned flags = MHD_USE_THREAD_PER_CONNECTION | MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_ERROR_LOG;
    if (MHD_is_feature_supported(MHD_FEATURE_POLL) == MHD_YES) flags |= MHD_USE_POLL;
    long files = open_files();
    unsigned limit = files > 512 ? (unsigned)(files - 256) : 256;
    w->d = MHD_start_daemon(flags, (uint16_t)o->port, NULL, NULL, on_request, w, MHD_OPTION_SOCK_ADDR, &sa,
                            MHD_OPTION_NOTIFY_COMPLETED, on_done, w, MHD_OPTION_CONNECTION_TIMEOUT, 120u,
                            MHD_OPTION_CONNECTION_LIMIT, limit, MHD_OPTION_THREAD_STACK_SIZE, (size_t)1 << 20,
                            MHD_OPTION_LISTENING_ADDRESS_REUSE, 1u, MHD_OPTION_END);
    if (!w->d) {
        snprintf(err, (size_t)errsize, "cannot listen on %s:%d (in use?)", o->addr, o->port);
        sg_store_close(w->store);
        free(w);
        return NULL;
    }
    const union MHD_DaemonInfo *di = MHD_get_daemon_info(w->d, MHD_DAEMON_INFO_BIND_PORT);
    w->port = di ? di->port : o->port;
    pthread_mutex_lock(&w->mu);
    /* a restarted server: the bot moves it owes, the deadlines that passed while it was down */
    int64_t ids[256];
    int n = sg_store_games_bot_playing(w->store, ids, 256);
    for (int i = 0; i < n; i++) start_bot(w, ids[i]);
    check_deadlines(w);
    pthread_mutex_unlock(&w->mu);
    pthread_create(&w->deadline_thread, NULL, deadline_main, w);
    sg_store_listen(w->store, changed_elsewhere, w);
    return w;
}

int sg_web_port(const sg_web *w) { return w->port; }

void sg_web_stop(sg_web *w)
{
    if (!w) return;
    pthread_mutex_lock(&w->mu);
    w->stopping = true;
    pthread_cond_broadcast(&w->tick);
    for (int i = 0; i < WATCH_BUCKETS; i++)
        for (watch *t = w->watches[i]; t; t = t->next) pthread_cond_broadcast(&t->cv);
    while (w->bots > 0) pthread_cond_wait(&w->bots_done, &w->mu);
    pthread_mutex_unlock(&w->mu);
    pthread_join(w->deadline_thread, NULL);
    MHD_stop_daemon(w->d);
    sg_store_close(w->store);
    pthread_mutex_destroy(&w->mu);
    pthread_cond_destroy(&w->tick);
    pthread_cond_destroy(&w->bots_done);
    free(w);
}
