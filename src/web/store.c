/* The store's functions (store.h), their SQL written once for every backend
 * (store_db.h): placeholders $1, $2 ...; "INSERT ... RETURNING id" for new
 * rows; times given by the caller or taken here, never by the database.  A
 * move, a time-up and a resignation each first update the game's row, so on
 * PostgreSQL they wait for one another on its row lock and the later one
 * checks the row the earlier left (SQLite: BEGIN IMMEDIATE locks the file). */
#include "store_db.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

struct sg_store {
    const sg_store_backend *b;
    void *db;
};

#define I(v) ((sg_sql_arg){.t = SG_SQL_INT, .i = (v)})
#define D(v) ((sg_sql_arg){.t = SG_SQL_REAL, .d = (v)})
#define T(v) ((sg_sql_arg){.t = SG_SQL_TEXT, .s = (v)})
#define ID_OR_NULL(v) ((v) ? I(v) : (sg_sql_arg){.t = SG_SQL_NULL})
#define NA(a) ((int)(sizeof(a) / sizeof((a)[0])))

static int run(sg_store *s, const char *sql, const sg_sql_arg *a, int n, sg_sql_row_fn fn, void *cls)
{
    return s->b->run(s->db, sql, a, n, fn, cls);
}

static bool begin(sg_store *s) { return run(s, s->b->begin, NULL, 0, NULL, NULL) >= 0; }
static bool finish(sg_store *s, bool ok)
{
    if (ok && run(s, "COMMIT", NULL, 0, NULL, NULL) >= 0) return true;
    run(s, "ROLLBACK", NULL, 0, NULL, NULL);
    return false;
}

static int64_t ival(const char *c) { return c ? strtoll(c, NULL, 10) : 0; }
static void tval(const char *c, char *out, size_t size) { snprintf(out, size, "%s", c ? c : ""); }

/* a row of one integer column */
static void row_int(void *cls, int n, const char *const *col) { if (n > 0) *(int64_t *)cls = ival(col[0]); }

typedef struct { int64_t *ids; int n, max; } id_rows;
static void row_id(void *cls, int n, const char *const *col)
{
    id_rows *r = cls;
    if (n > 0 && r->n < r->max) r->ids[r->n++] = ival(col[0]);
}

static int64_t now_s(void) { return (int64_t)time(NULL); }

/* ---- opening: the backend, then the migrations under its lock ---- */
int sg_store_schema_version(sg_store *s)
{
    int64_t v = -1;
    if (run(s, "SELECT COALESCE(MAX(version), 0) FROM schema_migrations", NULL, 0, row_int, &v) != 1) return -1;
    return (int)v;
}

static bool migrate(sg_store *s, const char *where, char *err, int errsize)
{
    int n;
    const char *const *m = sg_store_migrations(s->b->dialect, &n);
    char why[400];
    if (!s->b->lock(s->db, true)) { snprintf(err, (size_t)errsize, "%s: cannot lock the schema: %s", where, s->b->error(s->db)); return false; }
    bool ok = s->b->script(s->db, sg_store_migrations_table(), why, sizeof why);
    if (!ok) snprintf(err, (size_t)errsize, "%s: %s", where, why);
    for (int v = 1; ok && v <= n; v++) {
        if (!begin(s)) { snprintf(err, (size_t)errsize, "%s: %s", where, s->b->error(s->db)); ok = false; break; }
        int have = sg_store_schema_version(s);  /* read inside the transaction: another process may have run it */
        if (have > n) {
            snprintf(err, (size_t)errsize, "%s: schema version %d is newer than this komadai (%d)", where, have, n);
            finish(s, false);
            ok = false;
            break;
        }
        if (have >= v) { finish(s, true); continue; }
        sg_sql_arg a[] = {I(v), I(now_s())};
        if (!s->b->script(s->db, m[v - 1], why, sizeof why) ||
            run(s, "INSERT INTO schema_migrations (version, applied) VALUES ($1, $2)", a, NA(a), NULL, NULL) != 1) {
            snprintf(err, (size_t)errsize, "%s: migration %d failed: %s", where, v, why);
            finish(s, false);
            ok = false;
            break;
        }
        if (!finish(s, true)) { snprintf(err, (size_t)errsize, "%s: migration %d not committed", where, v); ok = false; }
    }
    s->b->lock(s->db, false);
    return ok;
}

sg_store *sg_store_open(const char *db, const char *dir, char *err, int errsize)
{
    char path[4096];
    const sg_store_backend *b = &sg_store_sqlite;
    if (db && (!strncmp(db, "postgresql://", 13) || !strncmp(db, "postgres://", 11))) {
        b = &sg_store_pg;
        snprintf(path, sizeof path, "%s", db);
    } else if (db) {
        snprintf(err, (size_t)errsize, "--db '%.200s': expected a postgresql://... URL (without --db: SQLite under --data)", db);
        return NULL;
    } else {
        snprintf(path, sizeof path, "%s/komadai.sqlite3", dir);
    }
    sg_store *s = calloc(1, sizeof *s);
    if (!s) { snprintf(err, (size_t)errsize, "out of memory"); return NULL; }
    s->b = b;
    s->db = b->open(path, err, errsize);
    if (!s->db) { free(s); return NULL; }
    /* the URL may hold a password: messages name the database by its kind */
    if (!migrate(s, b->dialect == SG_DIALECT_PG ? "postgresql" : path, err, errsize)) {
        sg_store_close(s);
        return NULL;
    }
    return s;
}

void sg_store_close(sg_store *s)
{
    if (!s) return;
    s->b->close(s->db);
    free(s);
}

const char *sg_store_kind(const sg_store *s) { return s->b->name; }

bool sg_store_listen(sg_store *s, sg_store_changed_fn changed, void *cls) { return s->b->listen(s->db, changed, cls); }

/* ---- accounts ---- */
int64_t sg_store_user_create(sg_store *s, const char *email, const char *name, const char *pwhash)
{
    sg_sql_arg a[] = {T(email), T(name), T(pwhash), I(now_s())};
    int64_t id = 0;
    int rc = run(s, "INSERT INTO users (email, name, pwhash, created) VALUES ($1, $2, $3, $4) RETURNING id", a, NA(a),
                 row_int, &id);
    if (rc == SG_SQL_UNIQUE) return 0;
    return rc == 1 && id > 0 ? id : -1;
}

#define USER_COLS "id, email, name, pwhash, leaderboard, rating, games"
typedef struct { sg_store_user *u; int n, max; } user_rows;
static void row_user(void *cls, int n, const char *const *col)
{
    user_rows *r = cls;
    if (n < 7 || r->n >= r->max) return;
    sg_store_user *u = &r->u[r->n++];
    u->id = ival(col[0]);
    tval(col[1], u->email, sizeof u->email);
    tval(col[2], u->name, sizeof u->name);
    tval(col[3], u->pwhash, sizeof u->pwhash);
    u->leaderboard = ival(col[4]) != 0;
    u->rating = col[5] ? strtod(col[5], NULL) : 0;
    u->games = (int)ival(col[6]);
}

bool sg_store_user_by_email(sg_store *s, const char *email, sg_store_user *out)
{
    sg_sql_arg a[] = {T(email)};
    user_rows r = {out, 0, 1};
    return run(s, "SELECT " USER_COLS " FROM users WHERE email = $1", a, NA(a), row_user, &r) == 1 && r.n == 1;
}

bool sg_store_user_by_id(sg_store *s, int64_t id, sg_store_user *out)
{
    sg_sql_arg a[] = {I(id)};
    user_rows r = {out, 0, 1};
    return run(s, "SELECT " USER_COLS " FROM users WHERE id = $1", a, NA(a), row_user, &r) == 1 && r.n == 1;
}

bool sg_store_user_set_leaderboard(sg_store *s, int64_t id, bool on)
{
    sg_sql_arg a[] = {I(on), I(id)};
    return run(s, "UPDATE users SET leaderboard = $1 WHERE id = $2", a, NA(a), NULL, NULL) >= 0;
}

int sg_store_leaderboard(sg_store *s, sg_store_user *out, int max)
{
    sg_sql_arg a[] = {I(max)};
    user_rows r = {out, 0, max};
    if (run(s, "SELECT " USER_COLS " FROM users WHERE leaderboard = 1 AND games > 0 ORDER BY rating DESC, id LIMIT $1",
            a, NA(a), row_user, &r) < 0)
        return -1;
    return r.n;
}

/* ---- sessions: times in ms since the epoch (migration 3) ---- */
bool sg_store_session_create(sg_store *s, const sg_store_session *se, int64_t now)
{
    sg_sql_arg a[] = {T(se->token), T(se->csrf), ID_OR_NULL(se->user_id), I(now)};
    return run(s, "INSERT INTO sessions (token, csrf, user_id, created, seen) VALUES ($1, $2, $3, $4, $4)", a, NA(a), NULL,
               NULL) == 1;
}

static void row_session(void *cls, int n, const char *const *col)
{
    sg_store_session *se = cls;
    if (n < 5) return;
    tval(col[0], se->token, sizeof se->token);
    tval(col[1], se->csrf, sizeof se->csrf);
    se->user_id = ival(col[2]);
    se->created = ival(col[3]);
    se->seen = ival(col[4]);
}

bool sg_store_session_get(sg_store *s, const char *token, int64_t now, const sg_store_session_limits *lim,
                          sg_store_session *out)
{
    sg_sql_arg a[] = {T(token), I(now - lim->lifetime_ms), I(now - lim->idle_ms)};
    return run(s, "SELECT token, csrf, COALESCE(user_id, 0), created, seen FROM sessions"
                  " WHERE token = $1 AND created > $2 AND seen > $3", a, NA(a), row_session, out) == 1;
}

bool sg_store_session_touch(sg_store *s, const char *token, int64_t now)
{
    sg_sql_arg a[] = {T(token), I(now)};
    return run(s, "UPDATE sessions SET seen = $2 WHERE token = $1", a, NA(a), NULL, NULL) >= 0;
}

bool sg_store_session_delete(sg_store *s, const char *token)
{
    sg_sql_arg a[] = {T(token)};
    return run(s, "DELETE FROM sessions WHERE token = $1", a, NA(a), NULL, NULL) >= 0;
}

int sg_store_sessions_purge(sg_store *s, int64_t now, const sg_store_session_limits *lim)
{
    sg_sql_arg a[] = {I(now - lim->lifetime_ms), I(now - lim->idle_ms)};
    return run(s, "DELETE FROM sessions WHERE created <= $1 OR seen <= $2", a, NA(a), NULL, NULL);
}

/* ---- challenges ---- */
int64_t sg_store_challenge_create(sg_store *s, int64_t user_id, int deadline_seconds)
{
    sg_sql_arg a[] = {I(user_id), I(deadline_seconds), I(now_s())};
    int64_t id = 0;
    if (run(s, "INSERT INTO challenges (user_id, deadline_seconds, created) VALUES ($1, $2, $3) RETURNING id", a, NA(a),
            row_int, &id) != 1)
        return 0;
    return id;
}

typedef struct { sg_store_challenge *c; int n, max; } challenge_rows;
static void row_challenge(void *cls, int n, const char *const *col)
{
    challenge_rows *r = cls;
    if (n < 4 || r->n >= r->max) return;
    sg_store_challenge *c = &r->c[r->n++];
    c->id = ival(col[0]);
    c->user_id = ival(col[1]);
    c->deadline_seconds = (int)ival(col[2]);
    c->game_id = ival(col[3]);
}

int sg_store_challenges_open(sg_store *s, sg_store_challenge *out, int max)
{
    sg_sql_arg a[] = {I(max)};
    challenge_rows r = {out, 0, max};
    if (run(s, "SELECT id, user_id, deadline_seconds, COALESCE(game_id, 0) FROM challenges WHERE game_id IS NULL"
               " ORDER BY id LIMIT $1", a, NA(a), row_challenge, &r) < 0)
        return -1;
    return r.n;
}

bool sg_store_challenge_get(sg_store *s, int64_t id, sg_store_challenge *out)
{
    sg_sql_arg a[] = {I(id)};
    challenge_rows r = {out, 0, 1};
    return run(s, "SELECT id, user_id, deadline_seconds, COALESCE(game_id, 0) FROM challenges WHERE id = $1", a, NA(a),
               row_challenge, &r) == 1 && r.n == 1;
}

/* ---- games ---- */
static int64_t insert_game(sg_store *s, const sg_store_game *g)
{
    sg_sql_arg a[] = {ID_OR_NULL(g->player[0]), ID_OR_NULL(g->player[1]), I(g->bot_side), I(g->bot_level), T(g->guest),
                      I(g->deadline_seconds), I(g->deadline_at), T(g->seed), T(g->seed_sha256), I(g->created),
                      T(g->start[0] ? g->start : "startpos"), T(g->bot)};
    int64_t id = 0;
    if (run(s, "INSERT INTO games (black_id, white_id, bot_side, bot_level, guest, deadline_seconds, deadline_at,"
               " status, winner, reason, seed, seed_sha256, created, ended, start, bot)"
               " VALUES ($1, $2, $3, $4, $5, $6, $7, 0, -1, '', $8, $9, $10, 0, $11, $12) RETURNING id",
            a, NA(a), row_int, &id) != 1)
        return 0;
    return id;
}

int64_t sg_store_game_create(sg_store *s, const sg_store_game *g)
{
    if (!begin(s)) return 0;
    int64_t id = insert_game(s, g);
    if (id) s->b->announce(s->db, id);
    return finish(s, id != 0) ? id : 0;
}

int64_t sg_store_challenge_accept(sg_store *s, int64_t challenge_id, const sg_store_game *g)
{
    if (!begin(s)) return 0;
    int64_t id = insert_game(s, g);
    if (id) {
        sg_sql_arg a[] = {I(id), I(challenge_id)};
        if (run(s, "UPDATE challenges SET game_id = $1 WHERE id = $2 AND game_id IS NULL", a, NA(a), NULL, NULL) != 1) id = 0;
    }
    if (id) s->b->announce(s->db, id);
    return finish(s, id != 0) ? id : 0;
}

static void row_game(void *cls, int n, const char *const *col)
{
    sg_store_game *g = cls;
    if (n < 19) return;
    memset(g, 0, sizeof *g);
    g->id = ival(col[0]);
    g->player[0] = ival(col[1]);
    g->player[1] = ival(col[2]);
    g->bot_side = (int)ival(col[3]);
    g->bot_level = (int)ival(col[4]);
    tval(col[5], g->guest, sizeof g->guest);
    g->deadline_seconds = (int)ival(col[6]);
    g->deadline_at = ival(col[7]);
    g->status = (int)ival(col[8]);
    g->winner = (int)ival(col[9]);
    tval(col[10], g->reason, sizeof g->reason);
    tval(col[11], g->seed, sizeof g->seed);
    tval(col[12], g->seed_sha256, sizeof g->seed_sha256);
    g->created = ival(col[13]);
    g->ended = ival(col[14]);
    g->draw_offer = (int)ival(col[15]);
    g->draw_offer_ply = (int)ival(col[16]);
    tval(col[17], g->start, sizeof g->start);
    tval(col[18], g->bot, sizeof g->bot);
}

bool sg_store_game_get(sg_store *s, int64_t id, sg_store_game *out)
{
    sg_sql_arg a[] = {I(id)};
    return run(s, "SELECT id, COALESCE(black_id, 0), COALESCE(white_id, 0), bot_side, bot_level, guest, deadline_seconds,"
                  " deadline_at, status, winner, reason, seed, seed_sha256, created, ended, draw_offer, draw_offer_ply,"
                  " start, bot FROM games WHERE id = $1",
               a, NA(a), row_game, out) == 1;
}

typedef struct { char (*usi)[SG_STORE_USI_MAX]; int n, max; } move_rows;
static void row_move(void *cls, int n, const char *const *col)
{
    move_rows *r = cls;
    if (n > 0 && r->n < r->max) { tval(col[0], r->usi[r->n], SG_STORE_USI_MAX); r->n++; }
}

int sg_store_game_moves(sg_store *s, int64_t id, char (*usi)[SG_STORE_USI_MAX], int max)
{
    sg_sql_arg a[] = {I(id)};
    move_rows r = {usi, 0, max};
    if (run(s, "SELECT usi FROM moves WHERE game_id = $1 ORDER BY ply", a, NA(a), row_move, &r) < 0) return -1;
    return r.n;
}

bool sg_store_move_add(sg_store *s, int64_t id, int ply, const char *usi, int64_t at, int64_t deadline_at)
{
    if (!begin(s)) return false;
    /* the game's row first: still playing, its deadline not passed (and, on PostgreSQL, locked) */
    sg_sql_arg g[] = {I(deadline_at), I(id), I(at)};
    bool ok = run(s, "UPDATE games SET deadline_at = $1, draw_offer = -1 WHERE id = $2 AND status = 0"
                     " AND (deadline_at = 0 OR deadline_at > $3)",
                  g, NA(g), NULL, NULL) == 1;
    sg_sql_arg m[] = {I(id), I(ply), T(usi), I(at)};
    ok = ok && run(s, "INSERT INTO moves (game_id, ply, usi, at) SELECT $1, $2, $3, $4"
                      " WHERE (SELECT COUNT(*) FROM moves WHERE game_id = $1) = $2 - 1",
                   m, NA(m), NULL, NULL) == 1;
    if (ok) s->b->announce(s->db, id);
    return finish(s, ok);
}

bool sg_store_game_end(sg_store *s, int64_t id, int winner, const char *reason, int64_t at, sg_store_end_if when,
                       int offered_by, const double *new_ratings)
{
    sg_store_game g;
    if (!sg_store_game_get(s, id, &g) || g.status != SG_STORE_PLAYING) return false;
    if (!begin(s)) return false;
    sg_sql_arg a[] = {I(winner), T(reason), I(at), I(id), I(when), I(offered_by)};
    bool ok = run(s, "UPDATE games SET status = 1, winner = $1, reason = $2, ended = $3, deadline_at = 0, draw_offer = -1"
                     " WHERE id = $4 AND status = 0 AND ($5 = 0 OR ($5 = 1 AND deadline_at > 0 AND deadline_at <= $3)"
                     " OR ($5 = 2 AND draw_offer = $6))",
                  a, NA(a), NULL, NULL) == 1;
    for (int c = 0; ok && new_ratings && c < 2; c++) {
        sg_sql_arg u[] = {D(new_ratings[c]), I(g.player[c])};
        ok = run(s, "UPDATE users SET rating = $1, games = games + 1 WHERE id = $2", u, NA(u), NULL, NULL) >= 0;
    }
    if (ok) s->b->announce(s->db, id);
    return finish(s, ok);
}

bool sg_store_draw_offer(sg_store *s, int64_t id, int by, int ply)
{
    if (!begin(s)) return false;
    sg_sql_arg a[] = {I(id), I(by), I(ply)};
    bool ok = run(s, "UPDATE games SET draw_offer = $2, draw_offer_ply = $3 WHERE id = $1 AND status = 0 AND draw_offer = -1"
                     " AND (SELECT COUNT(*) FROM moves WHERE game_id = $1) = $3", a, NA(a), NULL, NULL) == 1;
    if (ok) s->b->announce(s->db, id);
    return finish(s, ok);
}

bool sg_store_draw_decline(sg_store *s, int64_t id, int offered_by)
{
    if (!begin(s)) return false;
    sg_sql_arg a[] = {I(id), I(offered_by)};
    bool ok = run(s, "UPDATE games SET draw_offer = -1 WHERE id = $1 AND status = 0 AND draw_offer = $2", a, NA(a), NULL,
                  NULL) == 1;
    if (ok) s->b->announce(s->db, id);
    return finish(s, ok);
}

static int ids_of(sg_store *s, const char *sql, const sg_sql_arg *a, int n, int64_t *ids, int max)
{
    id_rows r = {ids, 0, max};
    if (run(s, sql, a, n, row_id, &r) < 0) return -1;
    return r.n;
}

int sg_store_games_of_user(sg_store *s, int64_t user_id, int64_t *ids, int max)
{
    sg_sql_arg a[] = {I(user_id), I(max)};
    return ids_of(s, "SELECT id FROM games WHERE black_id = $1 OR white_id = $1 ORDER BY status, id DESC LIMIT $2", a,
                  NA(a), ids, max);
}

int sg_store_games_overdue(sg_store *s, int64_t now_ms, int64_t *ids, int max)
{
    sg_sql_arg a[] = {I(now_ms), I(max)};
    return ids_of(s, "SELECT id FROM games WHERE status = 0 AND deadline_at > 0 AND deadline_at <= $1 LIMIT $2", a, NA(a),
                  ids, max);
}

int sg_store_games_bot_playing(sg_store *s, int64_t *ids, int max)
{
    sg_sql_arg a[] = {I(max)};
    return ids_of(s, "SELECT id FROM games WHERE status = 0 AND bot_side >= 0 LIMIT $1", a, NA(a), ids, max);
}
