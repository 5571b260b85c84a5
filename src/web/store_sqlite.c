/* The SQLite backend (store_db.h): one file DIR/komadai.sqlite3, WAL mode,
 * synchronous=FULL so a committed move survives a kill -9 or a power cut.
 * The store's statements are prepared once and kept; their $N placeholders
 * are read as SQLite's ?N.  One process: no news to other processes. */
#include "store_db.h"

#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CACHED 64

typedef struct {
    sqlite3 *db;
    struct { const char *sql; sqlite3_stmt *st; } cache[CACHED];  /* by the address of the store's SQL text */
    int cached;
} lite;

static void *lite_open(const char *path, char *err, int errsize)
{
    lite *l = calloc(1, sizeof *l);
    if (!l) { snprintf(err, (size_t)errsize, "out of memory"); return NULL; }
    if (sqlite3_open_v2(path, &l->db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_FULLMUTEX, NULL)
        != SQLITE_OK) {
        snprintf(err, (size_t)errsize, "%s: %s", path, l->db ? sqlite3_errmsg(l->db) : "cannot open");
        sqlite3_close(l->db);
        free(l);
        return NULL;
    }
    sqlite3_busy_timeout(l->db, 5000);
    char *msg = NULL;
    if (sqlite3_exec(l->db, "PRAGMA journal_mode=WAL; PRAGMA synchronous=FULL; PRAGMA foreign_keys=ON;", NULL, NULL,
                     &msg) != SQLITE_OK) {
        snprintf(err, (size_t)errsize, "%s: %s", path, msg ? msg : sqlite3_errmsg(l->db));
        sqlite3_free(msg);
        sqlite3_close(l->db);
        free(l);
        return NULL;
    }
    return l;
}

static void lite_close(void *db)
{
    lite *l = db;
    if (!l) return;
    for (int i = 0; i < l->cached; i++) sqlite3_finalize(l->cache[i].st);
    sqlite3_close(l->db);
    free(l);
}

/* the statement of sql, prepared (once for the first CACHED texts) */
static sqlite3_stmt *prepare(lite *l, const char *sql, bool *keep)
{
    for (int i = 0; i < l->cached; i++)
        if (l->cache[i].sql == sql) { *keep = true; return l->cache[i].st; }
    char text[2048];
    size_t n = 0;
    for (const char *c = sql; *c && n + 1 < sizeof text; c++) text[n++] = *c == '$' ? '?' : *c;
    text[n] = 0;
    sqlite3_stmt *st = NULL;
    if (sqlite3_prepare_v2(l->db, text, -1, &st, NULL) != SQLITE_OK) {
        fprintf(stderr, "komadai: store: %s\n", sqlite3_errmsg(l->db));
        return NULL;
    }
    *keep = l->cached < CACHED;
    if (*keep) { l->cache[l->cached].sql = sql; l->cache[l->cached].st = st; l->cached++; }
    return st;
}

static int lite_run(void *db, const char *sql, const sg_sql_arg *a, int n, sg_sql_row_fn fn, void *cls)
{
    lite *l = db;
    bool keep = false;
    sqlite3_stmt *st = prepare(l, sql, &keep);
    if (!st) return SG_SQL_ERROR;
    for (int i = 0; i < n; i++) {
        switch (a[i].t) {
        case SG_SQL_NULL: sqlite3_bind_null(st, i + 1); break;
        case SG_SQL_INT: sqlite3_bind_int64(st, i + 1, a[i].i); break;
        case SG_SQL_REAL: sqlite3_bind_double(st, i + 1, a[i].d); break;
        case SG_SQL_TEXT: sqlite3_bind_text(st, i + 1, a[i].s, -1, SQLITE_TRANSIENT); break;
        }
    }
    int cols = sqlite3_column_count(st), rows = 0, rc;
    const char *col[32];
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        int k = cols < 32 ? cols : 32;
        for (int i = 0; i < k; i++) col[i] = (const char *)sqlite3_column_text(st, i);
        if (fn) fn(cls, k, col);
        rows++;
    }
    int out = cols > 0 ? rows : sqlite3_changes(l->db);
    if (rc != SQLITE_DONE) {
        int ext = sqlite3_extended_errcode(l->db);
        out = ext == SQLITE_CONSTRAINT_UNIQUE || ext == SQLITE_CONSTRAINT_PRIMARYKEY ? SG_SQL_UNIQUE : SG_SQL_ERROR;
        if (out == SG_SQL_ERROR) fprintf(stderr, "komadai: store: %s\n", sqlite3_errmsg(l->db));
    }
    if (keep) { sqlite3_reset(st); sqlite3_clear_bindings(st); }
    else sqlite3_finalize(st);
    return out;
}

static bool lite_script(void *db, const char *sql, char *err, int errsize)
{
    lite *l = db;
    char *msg = NULL;
    if (sqlite3_exec(l->db, sql, NULL, NULL, &msg) == SQLITE_OK) return true;
    snprintf(err, (size_t)errsize, "%s", msg ? msg : sqlite3_errmsg(l->db));
    sqlite3_free(msg);
    return false;
}

/* BEGIN IMMEDIATE takes the file's write lock: migrations need no other */
static bool lite_lock(void *db, bool on) { (void)db; (void)on; return true; }
static bool lite_listen(void *db, sg_store_changed_fn changed, void *cls) { (void)db; (void)changed; (void)cls; return false; }
static void lite_announce(void *db, int64_t game_id) { (void)db; (void)game_id; }
static const char *lite_error(void *db) { return sqlite3_errmsg(((lite *)db)->db); }

const sg_store_backend sg_store_sqlite = {
    .name = "sqlite",
    .dialect = SG_DIALECT_SQLITE,
    .begin = "BEGIN IMMEDIATE",
    .open = lite_open,
    .close = lite_close,
    .run = lite_run,
    .script = lite_script,
    .lock = lite_lock,
    .listen = lite_listen,
    .announce = lite_announce,
    .error = lite_error,
};
