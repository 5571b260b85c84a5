/* Inside the game site (web.h, docs/WEB.md): what its files share.
 *   web_server.c   start and stop, libmicrohttpd's connection loop, a request handed to web_handle
 *   web_route.c    web_handle: one request (method, url, headers, body) to one answer, no socket
 *   web_answer.c   answers: JSON, errors, the security headers every answer carries
 *   web_buf.c      a growing text buffer and JSON strings out
 *   web_json.c     JSON in: one flat object
 *   web_session.c  sessions, accounts, logins and their rate limit
 *   web_game.c     a stored game replayed through the core, its JSON, moves and ends
 *   web_record.c   its record as SFEN, CSA or KIF
 *   web_games.c    the game routes: bot games, challenges, moves, resign, declare, records
 *   web_seed.c     the seed, its commitment and the colours it decides
 *   web_bot.c      the bot's moves, thought out of the lock
 *   web_deadline.c the thread that ends games whose deadline passed
 *   web_watch.c    the live game table: who watches which game, woken on a change
 *   web_events.c   Server-Sent Events, one "state" event per change
 *   web_files.c    the pages: files under root, nothing outside it
 *   web_csa.c      watching a CSA server's records folder: the list, a game, the routes
 *   web_csa_watch.c  the watchers of its games: one a game, shared by its spectators
 *   web_analysis.c the analysis routes: a record's analysis asked of the app's service
 *   web_drills.c   the drill routes: classes and students' drills asked of the app's service
 *   web_problems.c the problem routes: the served problems and the composer's report, from the service
 *   web_editor.c   the position editor: one edit made and judged by the core
 * Locking: every request but a file and a watch route takes w->mu for its
 * whole work on the store and the games (web_handle does it); the functions
 * below expect it held unless they say otherwise.  The watch routes take
 * csa_mu instead (web_csa.c).  The analysis routes take mu only to check the session and the CSRF
 * token, and call the service without it (web_analysis.c); so do the problem routes (web_problems.c),
 * and the editor's route takes no lock at all (web_editor.c). */
#ifndef SG_WEB_INTERNAL_H
#define SG_WEB_INTERNAL_H

#include <limits.h>
#include <pthread.h>
#include <sodium.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "web.h"
#include "store.h"
#include "../core/game.h"
#include "../proto/csa_rec.h"

#define BODY_MAX 16384              /* request bodies over this are refused (413) */
#define GAME_MAX_MOVES 1024         /* the 500-move draw ends every game long before */
#define BOT_LEVELS 5
#define WATCH_BUCKETS 4096
#define LOGIN_SLOTS 64

/* ---- the buffer (web_buf.c) ---- */
typedef struct { char *p; size_t len, cap; bool oom; } sbuf;

void sb_add(sbuf *b, const char *s, size_t n);
#define sb_lit(b, s) sb_add((b), (s), sizeof(s) - 1)  /* a string literal, its length counted by the compiler */
void sb_printf(sbuf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void sb_str(sbuf *b, const char *s);  /* a JSON string */
void web_hex(const unsigned char *in, size_t n, char *out);
void web_random_token(char out[65]);
int64_t web_now_ms(void);           /* wall-clock ms since the epoch: what the store's times are */

/* ---- JSON in (web_json.c): one flat object of strings, numbers, booleans and nulls ---- */
#define JSON_KEYS 16
typedef enum { JV_STR, JV_NUM, JV_BOOL, JV_NULL } jv_kind;
typedef struct { char key[32]; jv_kind kind; char str[512]; double num; bool b; } jv;
typedef struct { jv v[JSON_KEYS]; int n; } jobj;

/* false for anything but one flat object (the message says where) */
bool web_json_parse(const char *s, jobj *o, char *why, size_t whysize);
const jv *web_jget(const jobj *o, const char *key);
const char *web_jstr(const jobj *o, const char *key);  /* the string at key, or NULL */

/* ---- the live game table (web_watch.c) ---- */
/* the pages watching one game: they wait on its own condition, so a move
 * wakes the watchers of that game only */
typedef struct watch {
    struct watch *next;
    int64_t id;
    int refs;                    /* event streams holding it */
    uint64_t changes;            /* counted up by every change to the game */
    pthread_cond_t cv;
} watch;

typedef struct { char ip[64]; int fails; int64_t since; } login_slot;

/* ---- a CSA server's records folder (web_csa.c) ---- */
/* one record file some page follows, shared by all its spectators: read once per change */
typedef struct csa_watch {
    struct csa_watch *next;
    char id[256];
    char path[PATH_MAX];
    int refs;                    /* event streams holding it */
    int wd;                      /* its inotify watch, -1 none */
    long long size;
    int64_t mtime;               /* what the file was when last read */
    int ply;
    uint64_t changes;
    sbuf json;                   /* the WATCH JSON of the last read */
    pthread_cond_t cv;
} csa_watch;
struct csa_seen;

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
    sg_rules rules;              /* the site's rule set: computer shogi, the config's move cap */
    int deadlines[SG_WEB_DEADLINES_MAX], n_deadlines;  /* offered, ascending */
    struct { char name[SG_STORE_BOT_MAX], file[PATH_MAX]; } bot_files[SG_WEB_BOTS_MAX];  /* the config's */
    int n_bot_files;
    char engine[PATH_MAX];       /* the komadai that plays them (--usi FILE) */
    sg_store_session_limits sessions;
    int64_t touch_ms;            /* a session's use is stored when its last is older than this */
    int64_t purge_ms, purged_at; /* expired sessions deleted this often (by the deadline thread) */
    login_slot logins[LOGIN_SLOTS];
    char csa_dir[PATH_MAX];      /* the records folder watched, "" none */
    pthread_mutex_t csa_mu;      /* guards what follows but csa_dir (web_csa.c) */
    bool csa_stopping;
    csa_watch *csa_watches;
    struct csa_seen **csa_seen;  /* the list's cache of each file's head */
    int csa_seen_n, csa_seen_cap;
    sbuf csa_list;               /* the list's last answer, made at csa_list_at (ms) */
    int64_t csa_list_at;
    int csa_inotify;             /* -1 without inotify: the poll alone */
    pthread_t csa_thread;
    bool csa_thread_on;
    sg_web_service_fn service;   /* the app's (web.h), NULL none; called without mu */
    void *service_ud;
    char dummy_hash[crypto_pwhash_STRBYTES];  /* verified when the email is unknown: the same work either way */
};

watch *web_watch_take(sg_web *w, int64_t id);   /* NULL when out of memory */
void web_watch_drop(sg_web *w, watch *t);
void web_notify(sg_web *w, int64_t id);         /* game id changed: its watchers look again */
void web_notify_all(sg_web *w);                 /* any game may have changed */

/* ---- one request, one answer (web_route.c, web_answer.c) ---- */
typedef enum { WEB_HEADER, WEB_COOKIE, WEB_QUERY } web_kind;

/* A request as the handler sees it: no socket.  lookup finds a header, a
 * cookie or a query argument by name (NULL if absent); web_lookup_pairs
 * does it over an array, for callers without a connection (a fuzz target). */
typedef struct {
    const char *method, *url;
    const char *body;            /* NULL or body_len bytes and a NUL */
    size_t body_len;
    bool body_too_big;           /* the body was over BODY_MAX and was dropped */
    bool body_oom;
    const char *peer;            /* the client's address, as text */
    const char *(*lookup)(void *cls, web_kind kind, const char *name);
    void *lookup_cls;
} web_request;

typedef struct { web_kind kind; const char *name, *value; } web_pair;  /* an array ends with name NULL */
const char *web_lookup_pairs(void *pairs, web_kind kind, const char *name);

struct sse;
typedef enum { WEB_BODY, WEB_FILE, WEB_STREAM } web_answer_kind;
typedef struct {
    unsigned code;
    web_answer_kind kind;
    const char *type;            /* Content-Type */
    const char *cache;           /* Cache-Control */
    sbuf body;                   /* WEB_BODY */
    int fd;                      /* WEB_FILE: open, size bytes (-1 none) */
    uint64_t size;
    struct sse *stream;          /* WEB_STREAM: read by web_sse_read */
    char set_cookie[160];
    char disposition[96];        /* Content-Disposition, "" none */
} web_answer;

/* The site without its server (web_server.c): the pages' folder checked, the store opened and
 * migrated, the rule set and limits set; no socket, no thread.  web_handle answers requests on
 * it (a test or a fuzz target needs nothing more); sg_web_start adds the daemon and the threads.
 * web_close waits for the bots it started and closes the store. */
sg_web *web_open(const sg_web_opts *o, char *err, int errsize);
void web_close(sg_web *w);

/* Answers one request: the answer's kind, code, headers and body in *a
 * (web_answer_free releases them).  Takes the lock itself. */
void web_handle(sg_web *w, const web_request *rq, web_answer *a);
void web_answer_free(web_answer *a);
/* the headers every answer carries, as name and value pairs ending with NULL */
extern const char *const web_security_headers[][2];

/* what a route works with */
typedef struct {
    sg_web *w;
    const web_request *rq;
    web_answer *a;
    sg_store_session se;         /* se.token "" when the request has no valid session */
} ctx;

const char *web_get(const ctx *x, web_kind kind, const char *name);
bool web_is_post(const ctx *x);
/* each returns the status it answered */
unsigned web_json(ctx *x, unsigned code, sbuf *b);  /* takes b */
unsigned web_text(ctx *x, unsigned code, const char *type, const char *text, size_t len);
unsigned web_fail(ctx *x, unsigned code, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* false when the body is not a flat JSON object (the 400 is answered) */
bool web_need_body(ctx *x, jobj *o);

/* ---- sessions and accounts (web_session.c) ---- */
void web_load_session(ctx *x);
void web_purge_sessions(sg_web *w);  /* the expired ones, when purge_ms has passed since the last */
bool web_new_session(ctx *x, int64_t user_id);
unsigned web_session_answer(ctx *x, unsigned code);
unsigned web_route_signup(ctx *x, bool login);
unsigned web_route_me(ctx *x);
unsigned web_route_leaderboard(ctx *x);

/* ---- a game replayed (web_game.c) ---- */
typedef struct {
    sg_store_game row;
    sg_game g;
    int n;
    char usi[GAME_MAX_MOVES][SG_STORE_USI_MAX];
    sg_verdict v;
    bool over;                   /* the core says the game has ended (or the row does) */
} loaded;

/* the site's rule set (the lock is not needed: it never changes) */
static inline void web_init_rules(const sg_web *w, sg_rules *r) { *r = w->rules; }
unsigned web_route_rules(ctx *x);  /* GET /api/rules: the figures the rules page shows (web_games.c) */
/* loads game id: 0, or the HTTP status of the failure (404, 500); sg_game_free(&L->g) after 0 */
int web_load_game(sg_web *w, int64_t id, loaded *L);
int web_you_of(const ctx *x, const sg_store_game *g);  /* the colour x plays in g, or -1 */
/* the game's JSON (docs/WEB.md GAME); brief: without sfen, moves and legal */
void web_state_json(sg_web *w, const ctx *x, loaded *L, sbuf *b, bool brief);
/* when: SG_STORE_END_IF_OVERDUE for a time-up (the store takes it only while the stored deadline has
 * passed), SG_STORE_END_IF_OFFERED for an agreed draw (only while offered_by's offer stands) */
bool web_end_game(sg_web *w, const sg_store_game *g, int winner, const char *reason, sg_store_end_if when, int offered_by);
void web_settle(sg_web *w, loaded *L);  /* the end the core found after a move, stored */
/* Plays usi in the loaded game: 0 or an HTTP status with the message in why.
 * The move is in the database before this returns 0. */
int web_commit_move(sg_web *w, loaded *L, const char *usi, char *why, size_t whysize);
void web_record_text(sg_web *w, loaded *L, const char *format, sbuf *b);

/* ---- the game routes (web_games.c) ---- */
unsigned web_send_game(ctx *x, int64_t id, unsigned code);
unsigned web_route_bot_game(ctx *x);
unsigned web_route_challenges(ctx *x);
unsigned web_route_accept(ctx *x, int64_t challenge_id);
unsigned web_route_games_mine(ctx *x);
unsigned web_route_game_act(ctx *x, int64_t id, const char *act);
unsigned web_route_record(ctx *x, int64_t id);

/* ---- the seed (web_seed.c) ---- */
void web_make_seed(sg_store_game *g);
int web_seed_bit(const char *seed_hex);  /* 0: the challenger (or the person against the bot) plays Black */
/* the bit, and SHA-256("komadai colours " + seed) in hex into hash_hex (if not NULL) */
int web_seed_hash(const char *seed_hex, char hash_hex[65]);

/* ---- the bot (web_bot.c) ---- */
typedef struct { double seconds; int depth; const char *name; } web_bot_level;
extern const web_bot_level web_bot_levels[BOT_LEVELS];
void web_start_bot(sg_web *w, int64_t id);
/* the bot's name as players and records show it: "komadai level 3", "pst (level 3)" */
void web_bot_name(const sg_store_game *g, char *out, size_t size);
/* the configured bot called name: its index, or -1 */
int web_bot_index(const sg_web *w, const char *name);
/* ---- a bot file played by a USI engine process (web_usi_bot.c) ---- */
/* engine --usi file is asked `position sfen START moves ...` and `go byoyomi MS`: its bestmove
 * (USI) in out, true; false and why in why (it did not start, answer, or exited) */
bool web_usi_bot_move(const char *engine, const char *file, const char *start, const char (*moves)[SG_STORE_USI_MAX],
                      int n, int ms, char *out, size_t size, char *why, size_t why_size);

/* ---- deadlines (web_deadline.c) ---- */
void web_check_deadlines(sg_web *w);
void *web_deadline_main(void *w);  /* the thread: takes the lock itself */

/* ---- live updates (web_events.c) ---- */
unsigned web_route_events(ctx *x, int64_t id);
/* the stream's reader and its release (libmicrohttpd's content reader; no lock held) */
long web_sse_read(struct sse *s, char *buf, size_t max);  /* bytes, or WEB_SSE_END / WEB_SSE_ERROR */
void web_sse_free(struct sse *s);
enum { WEB_SSE_END = -1, WEB_SSE_ERROR = -2 };

bool web_csa_id_ok(const char *id);                     /* a game id's characters (a file name, no path) */
/* The watch routes and watchers take csa_mu (not mu, which they never hold): the list, a
 * game, the watchers' table and their conditions, csa_stopping. */
unsigned web_route_watch(ctx *x);                        /* GET /api/watch[/ID[/events]]: takes csa_mu */
unsigned web_route_watch_events(ctx *x, const char *id); /* .../events, csa_mu held (web_events.c) */
struct stat;
/* the record at path read into r (sg_csa_rec_free after) and its stat; false when it cannot be read */
bool web_csa_read(const char *path, sg_csa_rec *r, struct stat *st);
int64_t web_csa_mtime_ms(const struct stat *st);
/* the WATCH JSON of a record (docs/WEB.md), updated: its last change, now: the server's clock (ms) */
void web_csa_game_json(const sg_csa_rec *r, const char *id, int64_t updated, int64_t now, sbuf *b);
bool web_csa_find(sg_web *w, const char *id, char path[PATH_MAX]);  /* the record of game id in the folder */
csa_watch *web_csa_watch_take(sg_web *w, const char *id);  /* csa_mu held; NULL: no such game (or out of memory) */
void web_csa_watch_drop(sg_web *w, csa_watch *cw);        /* csa_mu held */
bool web_csa_start(sg_web *w);   /* the watchers' thread */
void web_csa_wake_all(sg_web *w); /* stopping: csa_stopping set, every stream woken (takes csa_mu) */
void web_csa_stop(sg_web *w);    /* after web_csa_wake_all: joins the thread */
void web_csa_free(sg_web *w);

/* ---- analyses (web_analysis.c) ---- */
/* POST /api/analysis, GET /api/analysis/ID: the session checked under mu, the service called without it */
unsigned web_route_analysis(ctx *x);
/* for a POST, the loaded session's CSRF token checked: true, or false with the 403 answered (mu held) */
bool web_check_csrf(ctx *x);
/* the same for a route that runs without mu: the session loaded and checked under it (true), or the 403 */
bool web_check_post_session(ctx *x);
/* the service's answer as the route's: 0 and JSON (ok_code), or its status and sentence; frees out */
unsigned web_service_answer(ctx *x, int code, char *out, unsigned ok_code);

/* ---- problems and the position editor (web_problems.c, web_editor.c) ---- */
/* GET /api/problems[/NAME], POST /api/reports, GET /api/reports/ID: the service, called without mu */
unsigned web_route_problems(ctx *x);
unsigned web_route_reports(ctx *x);
/* GET /api/edit?sfen=&op=...: one edit made and judged by the core; needs no lock */
unsigned web_route_edit(ctx *x);

/* ---- drills (web_drills.c) ---- */
/* /api/drills[/...] and /api/classes[/...]: the session checked under mu, the service called without it */
unsigned web_route_drills(ctx *x);

/* ---- the pages (web_files.c, web_games.c) ---- */
#define PAGE_MAX (1 << 20)          /* a page a value is added to is read whole: one over this is sent as it is */
unsigned web_serve_file(ctx *x);
/* the page of x's URL with name="value" (len bytes, HTML-escaped) added to its <body> tag, an answer that
 * no cache keeps; the page as it is when it has no <body> tag */
unsigned web_serve_file_with(ctx *x, const char *name, const char *value, size_t len);
/* GET /game.html?id=ID: the page with the game's state (GET /api/games/ID's answer for this session) in
 * its body's data-game, so its board is drawn without waiting for the API; the page alone when there
 * is no such game (it then asks the API and says why).  Takes the lock itself. */
unsigned web_route_game_page(ctx *x);

#endif
