/* The PostgreSQL backend (store_db.h), on libpq: --db postgresql://...  The
 * store's statements are prepared once per connection; the schema migrates
 * under an advisory lock, so processes started together migrate once; every
 * change to a game is announced with NOTIFY on the channel komadai_games (the
 * game's id as the payload, sent when the transaction commits), and a thread
 * with its own connection LISTENs and tells the site, so a page served by one
 * process sees the moves played through another. */
#include "store_db.h"

#include <libpq-fe.h>
#include <poll.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define CACHED 64
#define CHANNEL "komadai_games"
#define SCHEMA_LOCK 0x6b6f6d6164616931LL  /* the advisory lock's key while migrating */
#define INT8OID 20
#define FLOAT8OID 701
#define TEXTOID 25

typedef struct {
    PGconn *c;
    char *url;
    struct { const char *sql; char name[16]; } cache[CACHED];  /* by the address of the store's SQL text */
    int cached;
    char err[256];
    /* the listener */
    pthread_t thread;
    bool listening;
    atomic_bool stop;
    sg_store_changed_fn changed;
    void *cls;
} pg;

static PGconn *connect_to(const char *url, char *err, int errsize)
{
    PGconn *c = PQconnectdb(url);
    if (!c || PQstatus(c) != CONNECTION_OK) {
        const char *m = c ? PQerrorMessage(c) : "out of memory";
        size_t n = strcspn(m, "\n");
        snprintf(err, (size_t)errsize, "postgresql: cannot connect: %.*s", (int)n, m);
        PQfinish(c);
        return NULL;
    }
    PGresult *r = PQexec(c, "SET client_min_messages = warning");
    PQclear(r);
    return c;
}

static void *pg_open(const char *url, char *err, int errsize)
{
    pg *p = calloc(1, sizeof *p);
    if (!p || !(p->url = strdup(url))) { free(p); snprintf(err, (size_t)errsize, "out of memory"); return NULL; }
    p->c = connect_to(url, err, errsize);
    if (!p->c) { free(p->url); free(p); return NULL; }
    return p;
}

static void pg_close(void *db)
{
    pg *p = db;
    if (!p) return;
    if (p->listening) {
        atomic_store(&p->stop, true);
        pthread_join(p->thread, NULL);
    }
    PQfinish(p->c);
    free(p->url);
    free(p);
}

static void keep_error(pg *p, const PGresult *r)
{
    const char *m = r ? PQresultErrorMessage(r) : PQerrorMessage(p->c);
    size_t n = strcspn(m, "\n");
    snprintf(p->err, sizeof p->err, "%.*s", (int)n, m);
}

/* a lost connection is opened again for the next statement (its prepared statements with it) */
static void mend(pg *p)
{
    if (PQstatus(p->c) != CONNECTION_BAD) return;
    PQreset(p->c);
    p->cached = 0;
}

static int pg_run(void *db, const char *sql, const sg_sql_arg *a, int n, sg_sql_row_fn fn, void *cls)
{
    pg *p = db;
    enum { MAXARG = 16 };
    if (n > MAXARG) return SG_SQL_ERROR;
    char text[MAXARG][32];
    const char *vals[MAXARG];
    Oid types[MAXARG];
    for (int i = 0; i < n; i++) {
        switch (a[i].t) {
        case SG_SQL_NULL: vals[i] = NULL; types[i] = 0; break;
        case SG_SQL_INT: snprintf(text[i], sizeof text[i], "%lld", (long long)a[i].i); vals[i] = text[i]; types[i] = INT8OID; break;
        case SG_SQL_REAL: snprintf(text[i], sizeof text[i], "%.17g", a[i].d); vals[i] = text[i]; types[i] = FLOAT8OID; break;
        case SG_SQL_TEXT: vals[i] = a[i].s; types[i] = TEXTOID; break;
        }
    }
    PGresult *r = NULL;
    if (n == 0) r = PQexec(p->c, sql);
    else {
        const char *name = NULL;
        for (int i = 0; i < p->cached && !name; i++) if (p->cache[i].sql == sql) name = p->cache[i].name;
        if (!name && p->cached < CACHED) {
            char *nm = p->cache[p->cached].name;
            snprintf(nm, sizeof p->cache[0].name, "s%d", p->cached);
            PGresult *pr = PQprepare(p->c, nm, sql, n, types);
            if (PQresultStatus(pr) == PGRES_COMMAND_OK) { p->cache[p->cached].sql = sql; p->cached++; name = nm; }
            PQclear(pr);
        }
        r = name ? PQexecPrepared(p->c, name, n, vals, NULL, NULL, 0) : PQexecParams(p->c, sql, n, types, vals, NULL, NULL, 0);
    }
    int out = SG_SQL_ERROR;
    ExecStatusType st = PQresultStatus(r);
    if (st == PGRES_TUPLES_OK) {
        int rows = PQntuples(r), cols = PQnfields(r);
        const char *col[32];
        if (cols > 32) cols = 32;
        for (int i = 0; fn && i < rows; i++) {
            for (int k = 0; k < cols; k++) col[k] = PQgetisnull(r, i, k) ? NULL : PQgetvalue(r, i, k);
            fn(cls, cols, col);
        }
        out = rows;
    } else if (st == PGRES_COMMAND_OK) {
        out = atoi(PQcmdTuples(r));
    } else {
        const char *state = r ? PQresultErrorField(r, PG_DIAG_SQLSTATE) : NULL;
        keep_error(p, r);
        if (state && !strcmp(state, "23505")) out = SG_SQL_UNIQUE;
        else fprintf(stderr, "komadai: store: %s\n", p->err);
    }
    PQclear(r);
    if (out == SG_SQL_ERROR) mend(p);
    return out;
}

static bool pg_script(void *db, const char *sql, char *err, int errsize)
{
    pg *p = db;
    PGresult *r = PQexec(p->c, sql);
    bool ok = PQresultStatus(r) == PGRES_COMMAND_OK || PQresultStatus(r) == PGRES_TUPLES_OK;
    if (!ok) { keep_error(p, r); snprintf(err, (size_t)errsize, "%s", p->err); }
    PQclear(r);
    return ok;
}

static bool pg_lock(void *db, bool on)
{
    pg *p = db;
    char sql[96];
    snprintf(sql, sizeof sql, "SELECT pg_advisory_%slock(%lld)", on ? "" : "un", SCHEMA_LOCK);
    PGresult *r = PQexec(p->c, sql);
    bool ok = PQresultStatus(r) == PGRES_TUPLES_OK;
    if (!ok) keep_error(p, r);
    PQclear(r);
    return ok;
}

static void pg_announce(void *db, int64_t game_id)
{
    char id[24];
    snprintf(id, sizeof id, "%lld", (long long)game_id);
    sg_sql_arg a[] = {{.t = SG_SQL_TEXT, .s = id}};
    pg_run(db, "SELECT pg_notify('" CHANNEL "', $1)", a, 1, NULL, NULL);
}

/* the listener: its own connection, LISTEN, every notification to changed; after a lost
 * connection it connects again and says "any game may have changed" */
static void *listen_main(void *arg)
{
    pg *p = arg;
    PGconn *c = NULL;
    char err[256];
    while (!atomic_load(&p->stop)) {
        if (!c) {
            c = connect_to(p->url, err, sizeof err);
            PGresult *r = c ? PQexec(c, "LISTEN " CHANNEL) : NULL;
            if (!c || PQresultStatus(r) != PGRES_COMMAND_OK) {
                PQclear(r);
                PQfinish(c);
                c = NULL;
                for (int i = 0; i < 10 && !atomic_load(&p->stop); i++) usleep(100000);
                continue;
            }
            PQclear(r);
            p->changed(p->cls, 0);
        }
        struct pollfd pf = {.fd = PQsocket(c), .events = POLLIN};
        if (poll(&pf, 1, 200) < 0) continue;
        if (!PQconsumeInput(c)) { PQfinish(c); c = NULL; continue; }
        PGnotify *nt;
        while ((nt = PQnotifies(c))) {
            int64_t id = strtoll(nt->extra, NULL, 10);
            PQfreemem(nt);
            if (id > 0) p->changed(p->cls, id);
        }
    }
    PQfinish(c);
    return NULL;
}

static bool pg_listen(void *db, sg_store_changed_fn changed, void *cls)
{
    pg *p = db;
    if (p->listening) return true;
    p->changed = changed;
    p->cls = cls;
    atomic_store(&p->stop, false);
    p->listening = pthread_create(&p->thread, NULL, listen_main, p) == 0;
    return p->listening;
}

static const char *pg_error(void *db) { return ((pg *)db)->err; }

const sg_store_backend sg_store_pg = {
    .name = "postgresql",
    .dialect = SG_DIALECT_PG,
    .begin = "BEGIN",
    .open = pg_open,
    .close = pg_close,
    .run = pg_run,
    .script = pg_script,
    .lock = pg_lock,
    .listen = pg_listen,
    .announce = pg_announce,
    .error = pg_error,
};
