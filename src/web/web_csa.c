/* Watching a CSA server's games (docs/WEB.md "Watching"): the records folder
 * komadai --csa-server --records DIR writes (DIR/YYYY/MM/DD/GAME_ID.csa, a line
 * flushed at a time), read with the proto layer's record reader, so the
 * server may run in this process or another.  The list is read from the
 * folder per request (each file's summary cached by its size and time); a
 * game some page follows has one watcher, shared by all its spectators
 * (web_csa_watch.c).  All of it under its own lock, csa_mu, never the
 * site's: the spectators and the folder's reading do not hold up the games
 * of the site. */
#include "web_internal.h"

#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../core/notation.h"
#include "../proto/clock.h"

static const char *const SIDE[2] = {"black", "white"};
#define LIST_MAX 200               /* the list shows the newest games */
#define LIST_AGE_MS 1000           /* ... made again at most once a second */

/* ---- ids and paths ---------------------------------------------------------------------- */
bool web_csa_id_ok(const char *id)
{
    size_t n = strlen(id);
    if (n == 0 || n > 200 || id[0] == '.') return false;
    for (const char *p = id; *p; p++)
        if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') || strchr("_@.+-", *p)))
            return false;
    return true;
}

typedef void (*each_fn)(void *cls, const char *path, const char *id);

/* every DIR/YYYY/MM/DD/ID.csa (depth 3), not following links out of DIR */
static void each_record(const char *dir, int depth, each_fn fn, void *cls)
{
    DIR *d = opendir(dir);
    if (!d) return;
    struct dirent *e;
    while ((e = readdir(d))) {
        if (e->d_name[0] == '.') continue;
        char path[PATH_MAX];
        if (snprintf(path, sizeof path, "%s/%s", dir, e->d_name) >= (int)sizeof path) continue;
        struct stat st;
        if (lstat(path, &st)) continue;
        size_t l = strlen(e->d_name);
        if (depth < 3 && S_ISDIR(st.st_mode)) each_record(path, depth + 1, fn, cls);
        else if (depth == 3 && S_ISREG(st.st_mode) && l > 4 && !strcmp(e->d_name + l - 4, ".csa")) {
            char id[256];
            snprintf(id, sizeof id, "%.*s", (int)(l - 4), e->d_name);
            if (web_csa_id_ok(id)) fn(cls, path, id);
        }
    }
    closedir(d);
}

typedef struct { const char *id; char path[PATH_MAX]; bool found; } finder;
static void find_one(void *cls, const char *path, const char *id)
{
    finder *f = cls;
    if (!f->found && !strcmp(id, f->id)) { snprintf(f->path, sizeof f->path, "%s", path); f->found = true; }
}

/* ---- a record read ----------------------------------------------------------------------- */
int64_t web_csa_mtime_ms(const struct stat *st) { return (int64_t)st->st_mtim.tv_sec * 1000 + st->st_mtim.tv_nsec / 1000000; }

bool web_csa_read(const char *path, sg_csa_rec *r, struct stat *st)
{
    FILE *f = fopen(path, "rb");
    if (!f) { memset(r, 0, sizeof *r); return false; }
    if (fstat(fileno(f), st) || st->st_size > 8 * 1024 * 1024) { fclose(f); memset(r, 0, sizeof *r); return false; }
    size_t size = (size_t)st->st_size;
    char *text = malloc(size + 1);
    size_t got = text ? fread(text, 1, size, f) : 0;
    fclose(f);
    bool ok = text && sg_csa_rec_read(r, text, got);
    free(text);
    if (!ok) { sg_csa_rec_free(r); memset(r, 0, sizeof *r); }
    return ok;
}

/* "live", "finished" or "interrupted": no end written and the file quiet for longer than a
 * move may take (the whole time and a byoyomi, and two minutes' grace; an hour without a
 * time control), as after a server killed mid-game */
/* "live", "finished" or "interrupted": finished once its end is written (the summary, the
 * server's last line or a %WORD), interrupted when there is none and the file has been quiet
 * longer than a move may take (the whole time and a byoyomi, and two minutes' grace; an hour
 * without a time control), as after a server killed mid-game */
static const char *status_of(const sg_csa_rec *r, int64_t updated_ms, int64_t now_ms)
{
    if (r->finished || r->summary || r->end_word[0]) return "finished";
    int64_t quiet = r->has_time && (r->time.total || r->time.byoyomi || r->time.increment)
                  ? ((int64_t)r->time.total + r->time.byoyomi + r->time.increment + 120) * 1000 : 3600 * 1000;
    return now_ms - updated_ms > quiet ? "interrupted" : "live";
}

static const char *cause_text(const char *cause)
{
    static const struct { const char *id, *text; } T[] = {
        {"toryo", "resignation"}, {"abnormal", "disconnection"}, {"time up", "time up"},
        {"kachi", "a declaration (entering king)"}, {"illegal_kachi", "a wrong declaration"},
        {"sennichite", "fourfold repetition"}, {"oute_sennichite", "perpetual check"},
        {"uchifuzume", "a pawn drop mate"}, {"max_moves", "the move limit"},
        {"%TORYO", "resignation"}, {"%TIME_UP", "time up"}, {"%TSUMI", "checkmate"}, {"%KACHI", "a declaration"},
        {"%SENNICHITE", "fourfold repetition"}, {"%JISHOGI", "impasse"}, {"%HIKIWAKE", "agreement"},
        {"%MAX_MOVES", "the move limit"}, {"%+ILLEGAL_ACTION", "an illegal action"}, {"%-ILLEGAL_ACTION", "an illegal action"},
    };
    for (size_t i = 0; i < sizeof T / sizeof T[0]; i++) if (!strcmp(T[i].id, cause)) return T[i].text;
    return cause;
}

/* The winner: the summary's; without one (a record of another server, or the summary not yet
 * written), the end word's: the side to move resigned, ran out of time or is mated, declared;
 * an illegal action loses for its sign; -1 a draw, -2 no result (%CHUDAN) or unknown */
static int winner_of(const sg_csa_rec *r)
{
    if (r->summary) return !strcmp(r->cause, "chudan") ? -2 : r->winner;
    int mover = r->has_start ? (int)r->now.side : 0;
    const char *w = r->end_word;
    if (!strcmp(w, "%TORYO") || !strcmp(w, "%TIME_UP") || !strcmp(w, "%TSUMI")) return 1 - mover;
    if (!strcmp(w, "%KACHI")) return mover;
    if (!strcmp(w, "%+ILLEGAL_ACTION")) return 1;
    if (!strcmp(w, "%-ILLEGAL_ACTION")) return 0;
    if (!strcmp(w, "%SENNICHITE") || !strcmp(w, "%JISHOGI") || !strcmp(w, "%HIKIWAKE") || !strcmp(w, "%MAX_MOVES")) return -1;
    return -2;
}

static void result_json(const sg_csa_rec *r, sbuf *b)
{
    if (!r->summary && !r->end_word[0]) { sb_lit(b, "null"); return; }
    char text[160];
    const char *why = cause_text(r->summary ? r->cause : r->end_word);
    int winner = winner_of(r);
    if (winner >= 0) snprintf(text, sizeof text, "%s wins by %s", winner ? "White" : "Black", why);
    else if (winner == -1) snprintf(text, sizeof text, "Draw by %s", why);
    else if (!strcmp(r->end_word, "%CHUDAN") || (r->summary && !strcmp(r->cause, "chudan")))
        snprintf(text, sizeof text, "No result: the game was stopped");
    else snprintf(text, sizeof text, "Ended: %s", why);
    sb_lit(b, "{\"winner\":");
    if (winner >= 0) sb_printf(b, "\"%s\"", SIDE[winner]); else sb_lit(b, "null");
    sb_lit(b, ",\"id\":");
    sb_str(b, r->summary ? r->cause : "");
    sb_lit(b, ",\"word\":");
    sb_str(b, r->end_word);
    sb_lit(b, ",\"reason\":");
    sb_str(b, text);
    sb_lit(b, "}");
}

/* what the list and the game share */
static void head_json(const sg_csa_rec *r, const char *id, int64_t updated, int64_t now, sbuf *b)
{
    sb_lit(b, "{\"id\":");
    sb_str(b, id);
    sb_lit(b, ",\"black\":{\"name\":");
    sb_str(b, r->names[0]);
    sb_lit(b, "},\"white\":{\"name\":");
    sb_str(b, r->names[1]);
    sb_lit(b, "},\"time\":");
    if (r->has_time)
        sb_printf(b, "{\"total\":%d,\"byoyomi\":%d,\"increment\":%d}", r->time.total, r->time.byoyomi,
                  r->increment ? r->increment : r->time.increment);
    else sb_lit(b, "null");
    sb_printf(b, ",\"max_moves\":%d,\"status\":\"%s\",\"result\":", r->max_moves, status_of(r, updated, now));
    result_json(r, b);
    sb_printf(b, ",\"ply\":%d,\"to_move\":\"%s\",\"start_time\":", r->n, r->has_start ? SIDE[r->now.side] : "black");
    sb_str(b, r->start_time);
    sb_lit(b, ",\"end_time\":");
    if (r->end_time[0]) sb_str(b, r->end_time); else sb_lit(b, "null");
    sb_printf(b, ",\"updated\":%lld", (long long)updated);
}

static void names_json(const sg_pos *q, sg_move m, sg_square prev, sbuf *b)
{
    char u[SG_MOVE_TEXT_MAX], c[SG_MOVE_TEXT_MAX], we[SG_MOVE_TEXT_MAX], ja[SG_MOVE_TEXT_MAX];
    sg_move_format(q, m, SG_NOTATION_USI, SG_SQ_NONE, 0, u, sizeof u);
    sg_move_format(q, m, SG_NOTATION_CSA, SG_SQ_NONE, 0, c, sizeof c);
    sg_move_format(q, m, SG_NOTATION_WESTERN, prev, 0, we, sizeof we);
    sg_move_format(q, m, SG_NOTATION_JAPANESE, prev, 0, ja, sizeof ja);
    sb_lit(b, "{\"usi\":");
    sb_str(b, u);
    sb_lit(b, ",\"csa\":");
    sb_str(b, c);
    sb_lit(b, ",\"western\":");
    sb_str(b, we);
    sb_lit(b, ",\"japanese\":");
    sb_str(b, ja);
}

/* "30 -3334FU +2726FU" (Floodgate's comment, its '*'s already cut): the score as sent and
 * the PV's moves as long as the core reads them from the position after the move */
static void comment_json(const sg_pos *after, sg_move m, const char *text, sbuf *b)
{
    sb_lit(b, "{\"text\":");
    sb_str(b, text);
    char *end;
    long score = strtol(text, &end, 10);
    sb_lit(b, ",\"score\":");
    bool has_score = end != text && (*end == ' ' || *end == '\0');
    if (has_score) sb_printf(b, "%ld", score); else sb_lit(b, "null");
    sb_lit(b, ",\"pv\":[");
    sg_pos q = *after;
    sg_square prev = sg_move_to(m);
    const char *s = has_score ? end : text;
    for (int k = 0; k < 64; k++) {
        while (*s == ' ') s++;
        if (!*s) break;
        char word[32];
        int n = 0;
        while (s[n] && s[n] != ' ' && n < (int)sizeof word - 1) { word[n] = s[n]; n++; }
        word[n] = '\0';
        s += n;
        sg_move pm;
        sg_error err;
        if (!sg_move_parse(&q, word, SG_NOTATION_CSA, prev, &pm, &err)) break;
        if (k) sb_lit(b, ",");
        names_json(&q, pm, prev, b);
        sb_lit(b, "}");
        sg_undo u;
        sg_do_move(&q, pm, &u);
        prev = sg_move_to(pm);
    }
    sb_lit(b, "]}");
}

void web_csa_game_json(const sg_csa_rec *r, const char *id, int64_t updated, int64_t now, sbuf *b)
{
    head_json(r, id, updated, now, b);
    sb_printf(b, ",\"now\":%lld,\"error\":", (long long)now);
    if (r->error[0]) sb_str(b, r->error); else sb_lit(b, "null");
    if (!r->has_start) { sb_lit(b, ",\"start\":null,\"sfen\":null,\"in_check\":false,\"moves\":[],\"clocks\":null}"); return; }
    char sfen[256];
    sg_pos_to_sfen(&r->start, sfen, sizeof sfen);
    sb_lit(b, ",\"start\":");
    sb_str(b, sfen);
    sg_pos_to_sfen(&r->now, sfen, sizeof sfen);
    sb_lit(b, ",\"sfen\":");
    sb_str(b, sfen);
    sb_printf(b, ",\"in_check\":%s,\"moves\":[", sg_in_check(&r->now) ? "true" : "false");
    sg_clock c;
    sg_csa_time t = r->time;
    sg_clock_init(&c, t.total, t.byoyomi, r->increment ? r->increment : t.increment, r->least);
    sg_pos q = r->start;
    sg_square prev = SG_SQ_NONE;
    for (int i = 0; i < r->n; i++) {
        const sg_csa_rec_move *mv = &r->moves[i];
        if (i) sb_lit(b, ",");
        names_json(&q, mv->move, prev, b);
        sb_lit(b, ",\"seconds\":");
        if (mv->used >= 0) {
            sb_printf(b, "%d", mv->used);
            if (r->has_time) sg_clock_charge(&c, (int)q.side, mv->used);
        } else sb_lit(b, "null");
        sg_undo u;
        sg_do_move(&q, mv->move, &u);
        prev = sg_move_to(mv->move);
        sb_lit(b, ",\"comment\":");
        if (mv->comment) comment_json(&q, mv->move, mv->comment, b); else sb_lit(b, "null");
        sb_lit(b, "}");
    }
    sb_lit(b, "],\"clocks\":");
    if (r->has_time) sb_printf(b, "{\"black\":%d,\"white\":%d}", c.remaining[0], c.remaining[1]);
    else sb_lit(b, "null");
    sb_lit(b, "}");
}

/* ---- the list ---------------------------------------------------------------------------- */
/* a file's head, kept while its size and time stay the same */
typedef struct csa_seen {
    char path[PATH_MAX];
    char id[256];
    off_t size;
    int64_t mtime;
    sg_csa_rec r;                /* without its moves (freed) */
} csa_seen;

typedef struct { sg_web *w; csa_seen **found; int n, cap; } lister;

static csa_seen *cached(sg_web *w, const char *path)
{
    for (int i = 0; i < w->csa_seen_n; i++) if (!strcmp(w->csa_seen[i]->path, path)) return w->csa_seen[i];
    return NULL;
}

static void list_one(void *cls, const char *path, const char *id)
{
    lister *l = cls;
    sg_web *w = l->w;
    struct stat st;
    if (stat(path, &st)) return;
    csa_seen *e = cached(w, path);
    if (!e || e->size != st.st_size || e->mtime != web_csa_mtime_ms(&st)) {
        if (!e) {
            if (w->csa_seen_n == w->csa_seen_cap) {
                int cap = w->csa_seen_cap ? w->csa_seen_cap * 2 : 64;
                csa_seen **p = realloc(w->csa_seen, sizeof *p * (size_t)cap);
                if (!p) return;
                w->csa_seen = p;
                w->csa_seen_cap = cap;
            }
            if (!(e = calloc(1, sizeof *e))) return;
            snprintf(e->path, sizeof e->path, "%s", path);
            snprintf(e->id, sizeof e->id, "%s", id);
            w->csa_seen[w->csa_seen_n++] = e;
        }
        struct stat st2;
        sg_csa_rec_free(&e->r);
        web_csa_read(path, &e->r, &st2);
        sg_csa_rec_free(&e->r);  /* the moves are not listed: their count stays in r.n */
        e->size = st.st_size;
        e->mtime = web_csa_mtime_ms(&st);
    }
    if (l->n == l->cap) {
        int cap = l->cap ? l->cap * 2 : 64;
        csa_seen **p = realloc(l->found, sizeof *p * (size_t)cap);
        if (!p) return;
        l->found = p;
        l->cap = cap;
    }
    l->found[l->n++] = e;
}

/* the newest first: the start time, then the id (its time stamp) */
static int newest_first(const void *a, const void *b)
{
    const csa_seen *x = *(csa_seen *const *)a, *y = *(csa_seen *const *)b;
    int c = strcmp(y->r.start_time, x->r.start_time);
    return c ? c : strcmp(y->id, x->id);
}

static unsigned web_route_watch_list(ctx *x)
{
    sg_web *w = x->w;
    sbuf b = {0};
    if (!w->csa_dir[0]) {
        sb_lit(&b, "{\"watching\":false,\"games\":[]}");
        return web_json(x, 200, &b);
    }
    /* made at most every LIST_AGE_MS: hundreds of list pages refreshing read the folder once */
    int64_t now = web_now_ms();
    if (w->csa_list.len && now - w->csa_list_at < LIST_AGE_MS) {
        sb_add(&b, w->csa_list.p, w->csa_list.len);
        return web_json(x, 200, &b);
    }
    lister l = {.w = w};
    each_record(w->csa_dir, 0, list_one, &l);
    if (l.n > 1) qsort(l.found, (size_t)l.n, sizeof *l.found, newest_first);
    sb_lit(&b, "{\"watching\":true,\"games\":[");
    int shown = 0;
    for (int pass = 0; pass < 2; pass++)   /* the live games, then the others, LIST_MAX in all */
        for (int i = 0; i < l.n && shown < LIST_MAX; i++) {
            bool live = !strcmp(status_of(&l.found[i]->r, l.found[i]->mtime, now), "live");
            if (live != (pass == 0)) continue;
            if (shown++) sb_lit(&b, ",");
            head_json(&l.found[i]->r, l.found[i]->id, l.found[i]->mtime, now, &b);
            sb_lit(&b, "}");
        }
    sb_printf(&b, "],\"total\":%d}", l.n);
    free(l.found);
    if (!b.oom) {
        w->csa_list.len = 0;
        sb_add(&w->csa_list, b.p, b.len);
        w->csa_list_at = now;
    }
    return web_json(x, 200, &b);
}

void web_csa_free(sg_web *w)
{
    free(w->csa_list.p);
    w->csa_list = (sbuf){0};
    for (int i = 0; i < w->csa_seen_n; i++) free(w->csa_seen[i]);
    free(w->csa_seen);
    w->csa_seen = NULL;
    w->csa_seen_n = w->csa_seen_cap = 0;
}

/* ---- one game ------------------------------------------------------------------------------ */
bool web_csa_find(sg_web *w, const char *id, char path[PATH_MAX])
{
    if (!w->csa_dir[0] || !web_csa_id_ok(id)) return false;
    /* first the day of the id's time stamp (...+YYYYMMDDHHMMSS: the server's ids), then the whole folder */
    const char *stamp = strrchr(id, '+');
    struct stat st;
    if (stamp && strlen(stamp + 1) == 14 && strspn(stamp + 1, "0123456789") == 14 &&
        snprintf(path, PATH_MAX, "%s/%.4s/%.2s/%.2s/%s.csa", w->csa_dir, stamp + 1, stamp + 5, stamp + 7, id) < PATH_MAX &&
        !lstat(path, &st) && S_ISREG(st.st_mode)) {
        char real[PATH_MAX];   /* (no folder on the way a link out of the folder, as the scan follows none) */
        size_t n = strlen(w->csa_dir);
        if (realpath(path, real) && !strncmp(real, w->csa_dir, n) && real[n] == '/') return true;
    }
    finder f = {.id = id};
    each_record(w->csa_dir, 0, find_one, &f);
    if (f.found) snprintf(path, PATH_MAX, "%s", f.path);
    return f.found;
}

static unsigned web_route_watch_game(ctx *x, const char *id)
{
    char path[PATH_MAX];
    if (!x->w->csa_dir[0]) return web_fail(x, 404, "no records folder is watched (komadai --serve ... --watch DIR)");
    if (!web_csa_find(x->w, id, path)) return web_fail(x, 404, "no game '%.80s' in the records folder", id);
    sg_csa_rec r;
    struct stat st;
    if (!web_csa_read(path, &r, &st)) return web_fail(x, 500, "the record of '%.80s' cannot be read", id);
    sbuf b = {0};
    web_csa_game_json(&r, id, web_csa_mtime_ms(&st), web_now_ms(), &b);
    sg_csa_rec_free(&r);
    return web_json(x, 200, &b);
}

/* GET /api/watch/ID/record: the record's own text (what the analysis board opens); found by its id
 * like the game, so no path from the request is ever opened */
static unsigned web_route_watch_record(ctx *x, const char *id)
{
    char path[PATH_MAX];
    if (!x->w->csa_dir[0]) return web_fail(x, 404, "no records folder is watched (komadai --serve ... --watch DIR)");
    if (!web_csa_find(x->w, id, path)) return web_fail(x, 404, "no game '%.80s' in the records folder", id);
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    struct stat st;
    if (fd < 0 || fstat(fd, &st) || !S_ISREG(st.st_mode)) {
        if (fd >= 0) close(fd);
        return web_fail(x, 500, "the record of '%.80s' cannot be read", id);
    }
    web_answer *a = x->a;
    a->kind = WEB_FILE;
    a->code = 200;
    a->fd = fd;
    a->size = (uint64_t)st.st_size;
    a->type = "text/plain; charset=utf-8";
    a->cache = "no-store";
    return 200;
}

/* GET /api/watch[/ID[/events|/record]], with csa_mu held: a session is not needed to watch */
static unsigned route(ctx *x)
{
    const char *u = x->rq->url + 10;  /* after "/api/watch" */
    if (strcmp(x->rq->method, "GET")) return web_fail(x, 405, "%s: the watch routes take GET", x->rq->method);
    if (!*u) return web_route_watch_list(x);
    u++;
    char id[256];
    const char *slash = strchr(u, '/');
    size_t n = slash ? (size_t)(slash - u) : strlen(u);
    snprintf(id, sizeof id, "%.*s", (int)(n < sizeof id ? n : sizeof id - 1), u);
    if (n >= sizeof id || !web_csa_id_ok(id)) return web_fail(x, 404, "no game '%.80s'", u);
    if (!slash) return web_route_watch_game(x, id);
    if (!strcmp(slash, "/events")) return web_route_watch_events(x, id);
    if (!strcmp(slash, "/record")) return web_route_watch_record(x, id);
    return web_fail(x, 404, "no such route: %s %.80s", x->rq->method, x->rq->url);
}

unsigned web_route_watch(ctx *x)
{
    pthread_mutex_lock(&x->w->csa_mu);
    unsigned code = route(x);
    pthread_mutex_unlock(&x->w->csa_mu);
    return code;
}

