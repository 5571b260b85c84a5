/* The game site (docs/WEB.md): an HTTP server (libmicrohttpd) for the pages
 * of build/web and the JSON API behind them, games judged by the core, kept
 * in the store (store.h), the bot played by the built-in search. */
#ifndef SG_WEB_H
#define SG_WEB_H

#include <stdbool.h>

#define SG_WEB_DEADLINES_MAX 16
#define SG_WEB_DEADLINE_MIN 60       /* a minute ... */
#define SG_WEB_DEADLINE_MAX 604800   /* ... to a week: what a deadline may be */
#define SG_WEB_BOTS_MAX 16
#define SG_WEB_BOT_NAME_MAX 48       /* a bot's name in the config, and its NUL */

/* A service the program above the site offers it (src/app/web_service.c: Lua): the site (which may not
 * call up into Lua) names what it wants and hands a JSON request; the answer is 0 and a JSON text in
 * *out, or an HTTP status (400, 404, 422, 429, 500, 503) and a sentence in *out.  *out is malloc'd (or NULL when
 * out of memory) and the site frees it.  Called without the site's lock, from any request's thread.
 * Names: "analysis.start" (the request body; answers {"id":...}), "analysis.status" ({"id":...});
 * "problems.list" (""), "problems.show" ({"name":...}), "problems.check" (the request body; answers
 * {"id":...}), "problems.check.status" ({"id":...}): docs/WEB.md "Problems";
 * "drills" and "drills.csv" ({method, path, sid, user, body}: web_drills.c; the second answers CSV text). */
typedef int (*sg_web_service_fn)(void *ud, const char *name, const char *json_in, char **out);

typedef struct {
    const char *addr;       /* "127.0.0.1" unless public */
    int port;
    const char *data_dir;   /* the SQLite store's folder (made if missing) */
    const char *db;         /* NULL: SQLite under data_dir; else a postgresql:// URL */
    const char *root;       /* the pages' folder */
    const char *watch;      /* NULL, or a CSA server's records folder to watch (docs/WEB.md "Watching") */
    long session_idle;      /* seconds a session lives unused; 0: the default (SG_WEB_SESSION_IDLE) */
    long session_lifetime;  /* seconds a session lives at most; 0: the default (SG_WEB_SESSION_LIFETIME) */
    int max_moves;          /* the move cap; 0: the rule set's (500); -1: none */
    int n_deadlines;        /* the deadlines a challenge may choose, seconds a move; 0: the default list */
    int deadlines[SG_WEB_DEADLINES_MAX];
    /* the bot files a player may choose beside the built-in evaluation: each played by a USI engine
     * process, `engine --usi FILE` (engine: the komadai executable), at the level's time a move */
    int n_bots;
    struct { const char *name, *file; } bots[SG_WEB_BOTS_MAX];
    const char *engine;
    sg_web_service_fn service;  /* NULL: the routes that need it answer 404 */
    void *service_ud;
} sg_web_opts;

#define SG_WEB_SESSION_IDLE (30L * 86400)       /* a month unused: longer than any move's deadline (a week) */
#define SG_WEB_SESSION_LIFETIME (90L * 86400)   /* then log in again */

typedef struct sg_web sg_web;

/* Opens the store and starts serving; NULL and a sentence in err on failure. */
sg_web *sg_web_start(const sg_web_opts *o, char *err, int errsize);
/* the port it listens on (the one asked, or the one the system chose for 0) */
int sg_web_port(const sg_web *w);
/* Stops serving (open event streams end), waits for the bots, closes the store. */
void sg_web_stop(sg_web *w);

#endif
