/* The store on SQLite (store.h): one file DIR/komadai.sqlite3, WAL mode,
 * synchronous=FULL so a committed move survives a kill -9 or a power cut, and
 * a schema_migrations table: migration i runs once, in order, in a transaction. */
#include "store.h"

#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct sg_store {
    sqlite3 *db;
};

/* The migrations, oldest first; never edit one that has shipped, add the next. */
static const char *const migrations[] = {
    /* 1: the first schema */
    "CREATE TABLE users (id INTEGER PRIMARY KEY, email TEXT NOT NULL UNIQUE, name TEXT NOT NULL UNIQUE,"
    " pwhash TEXT NOT NULL, leaderboard INTEGER NOT NULL DEFAULT 0, rating REAL NOT NULL DEFAULT 1500,"
    " games INTEGER NOT NULL DEFAULT 0, created INTEGER NOT NULL);"
    "CREATE TABLE sessions (token TEXT PRIMARY KEY, csrf TEXT NOT NULL, user_id INTEGER REFERENCES users(id),"
    " created INTEGER NOT NULL);"
    "CREATE TABLE games (id INTEGER PRIMARY KEY, black_id INTEGER REFERENCES users(id),"
    " white_id INTEGER REFERENCES users(id), bot_side INTEGER NOT NULL, bot_level INTEGER NOT NULL,"
    " guest TEXT NOT NULL, deadline_seconds INTEGER NOT NULL, deadline_at INTEGER NOT NULL,"
    " status INTEGER NOT NULL, winner INTEGER NOT NULL, reason TEXT NOT NULL, seed TEXT NOT NULL,"
    " seed_sha256 TEXT NOT NULL, created INTEGER NOT NULL, ended INTEGER NOT NULL);"
    "CREATE TABLE moves (game_id INTEGER NOT NULL REFERENCES games(id), ply INTEGER NOT NULL,"
    " usi TEXT NOT NULL, at INTEGER NOT NULL, PRIMARY KEY (game_id, ply));"
    "CREATE TABLE challenges (id INTEGER PRIMARY KEY, user_id INTEGER NOT NULL REFERENCES users(id),"
    " deadline_seconds INTEGER NOT NULL, game_id INTEGER REFERENCES games(id), created INTEGER NOT NULL);"
    "CREATE INDEX games_deadline ON games(status, deadline_at);",
};
#define N_MIGRATIONS ((int)(sizeof migrations / sizeof migrations[0]))

static bool exec(sg_store *s, const char *sql)
{
    char *msg = NULL;
    if (sqlite3_exec(s->db, sql, NULL, NULL, &msg) == SQLITE_OK) return true;
    fprintf(stderr, "komadai: store: %s\n", msg ? msg : "?");
    sqlite3_free(msg);
    return false;
}

static sqlite3_stmt *prep(sg_store *s, const char *sql)
{
    sqlite3_stmt *st = NULL;
    if (sqlite3_prepare_v2(s->db, sql, -1, &st, NULL) != SQLITE_OK) {
        fprintf(stderr, "komadai: store: %s\n", sqlite3_errmsg(s->db));
        return NULL;
    }
    return st;
}

static void text_col(sqlite3_stmt *st, int i, char *out, size_t size)
{
    const unsigned char *t = sqlite3_column_text(st, i);
    snprintf(out, size, "%s", t ? (const char *)t : "");
}

/* runs a statement that returns no rows; true on SQLITE_DONE */
static bool done(sqlite3_stmt *st)
{
    int rc = st ? sqlite3_step(st) : SQLITE_ERROR;
    sqlite3_finalize(st);
    return rc == SQLITE_DONE;
}

int sg_store_schema_version(sg_store *s)
{
    sqlite3_stmt *st = prep(s, "SELECT COALESCE(MAX(version), 0) FROM schema_migrations");
    int v = st && sqlite3_step(st) == SQLITE_ROW ? sqlite3_column_int(st, 0) : -1;
    sqlite3_finalize(st);
    return v;
}

sg_store *sg_store_open(const char *dir, char *err, int errsize)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/komadai.sqlite3", dir);
    sg_store *s = calloc(1, sizeof *s);
    if (!s) { snprintf(err, (size_t)errsize, "out of memory"); return NULL; }
    if (sqlite3_open_v2(path, &s->db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_FULLMUTEX, NULL)
        != SQLITE_OK) {
        snprintf(err, (size_t)errsize, "%s: %s", path, s->db ? sqlite3_errmsg(s->db) : "cannot open");
        sg_store_close(s);
        return NULL;
    }
    sqlite3_busy_timeout(s->db, 5000);
    if (!exec(s, "PRAGMA journal_mode=WAL; PRAGMA synchronous=FULL; PRAGMA foreign_keys=ON;"
                 "CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY,"
                 " applied INTEGER NOT NULL);")) {
        snprintf(err, (size_t)errsize, "%s: %s", path, sqlite3_errmsg(s->db));
        sg_store_close(s);
        return NULL;
    }
    int have = sg_store_schema_version(s);
    if (have > N_MIGRATIONS) {
        snprintf(err, (size_t)errsize, "%s: schema version %d is newer than this komadai (%d)", path, have,
                 N_MIGRATIONS);
        sg_store_close(s);
        return NULL;
    }
    for (int v = have + 1; v <= N_MIGRATIONS; v++) {
        char mark[128];
        snprintf(mark, sizeof mark, "INSERT INTO schema_migrations VALUES (%d, strftime('%%s','now'));", v);
        if (!exec(s, "BEGIN IMMEDIATE") || !exec(s, migrations[v - 1]) || !exec(s, mark) || !exec(s, "COMMIT")) {
            snprintf(err, (size_t)errsize, "%s: migration %d failed: %s", path, v, sqlite3_errmsg(s->db));
            exec(s, "ROLLBACK");
            sg_store_close(s);
            return NULL;
        }
    }
    return s;
}

void sg_store_close(sg_store *s)
{
    if (!s) return;
    sqlite3_close(s->db);
    free(s);
}

/* ---- accounts ---- */
int64_t sg_store_user_create(sg_store *s, const char *email, const char *name, const char *pwhash)
{
    sqlite3_stmt *st = prep(s, "INSERT INTO users (email, name, pwhash, created) VALUES (?, ?, ?, strftime('%s','now'))");
    if (!st) return -1;
    sqlite3_bind_text(st, 1, email, -1, SQLITE_TRANSIENT);
    sqlite3_bind_text(st, 2, name, -1, SQLITE_TRANSIENT);
    sqlite3_bind_text(st, 3, pwhash, -1, SQLITE_TRANSIENT);
    int rc = sqlite3_step(st);
    sqlite3_finalize(st);
    if (rc == SQLITE_CONSTRAINT) return 0;
    return rc == SQLITE_DONE ? sqlite3_last_insert_rowid(s->db) : -1;
}

#define USER_COLS "id, email, name, pwhash, leaderboard, rating, games"
static void read_user(sqlite3_stmt *st, sg_store_user *u)
{
    u->id = sqlite3_column_int64(st, 0);
    text_col(st, 1, u->email, sizeof u->email);
    text_col(st, 2, u->name, sizeof u->name);
    text_col(st, 3, u->pwhash, sizeof u->pwhash);
    u->leaderboard = sqlite3_column_int(st, 4) != 0;
    u->rating = sqlite3_column_double(st, 5);
    u->games = sqlite3_column_int(st, 6);
}

bool sg_store_user_by_email(sg_store *s, const char *email, sg_store_user *out)
{
    sqlite3_stmt *st = prep(s, "SELECT " USER_COLS " FROM users WHERE email = ?");
    if (!st) return false;
    sqlite3_bind_text(st, 1, email, -1, SQLITE_TRANSIENT);
    bool ok = sqlite3_step(st) == SQLITE_ROW;
    if (ok) read_user(st, out);
    sqlite3_finalize(st);
    return ok;
}

bool sg_store_user_by_id(sg_store *s, int64_t id, sg_store_user *out)
{
    sqlite3_stmt *st = prep(s, "SELECT " USER_COLS " FROM users WHERE id = ?");
    if (!st) return false;
    sqlite3_bind_int64(st, 1, id);
    bool ok = sqlite3_step(st) == SQLITE_ROW;
    if (ok) read_user(st, out);
    sqlite3_finalize(st);
    return ok;
}

bool sg_store_user_set_leaderboard(sg_store *s, int64_t id, bool on)
{
    sqlite3_stmt *st = prep(s, "UPDATE users SET leaderboard = ? WHERE id = ?");
    if (!st) return false;
    sqlite3_bind_int(st, 1, on);
    sqlite3_bind_int64(st, 2, id);
    return done(st);
}

int sg_store_leaderboard(sg_store *s, sg_store_user *out, int max)
{
    sqlite3_stmt *st = prep(s, "SELECT " USER_COLS " FROM users WHERE leaderboard = 1 AND games > 0"
                               " ORDER BY rating DESC, id LIMIT ?");
    if (!st) return -1;
    sqlite3_bind_int(st, 1, max);
    int n = 0;
    while (n < max && sqlite3_step(st) == SQLITE_ROW) read_user(st, &out[n++]);
    sqlite3_finalize(st);
    return n;
}

/* ---- sessions ---- */
bool sg_store_session_create(sg_store *s, const sg_store_session *se)
{
    sqlite3_stmt *st = prep(s, "INSERT INTO sessions (token, csrf, user_id, created) VALUES (?, ?, ?, strftime('%s','now'))");
    if (!st) return false;
    sqlite3_bind_text(st, 1, se->token, -1, SQLITE_TRANSIENT);
    sqlite3_bind_text(st, 2, se->csrf, -1, SQLITE_TRANSIENT);
    if (se->user_id) sqlite3_bind_int64(st, 3, se->user_id); else sqlite3_bind_null(st, 3);
    return done(st);
}

bool sg_store_session_get(sg_store *s, const char *token, sg_store_session *out)
{
    sqlite3_stmt *st = prep(s, "SELECT token, csrf, COALESCE(user_id, 0) FROM sessions WHERE token = ?");
    if (!st) return false;
    sqlite3_bind_text(st, 1, token, -1, SQLITE_TRANSIENT);
    bool ok = sqlite3_step(st) == SQLITE_ROW;
    if (ok) {
        text_col(st, 0, out->token, sizeof out->token);
        text_col(st, 1, out->csrf, sizeof out->csrf);
        out->user_id = sqlite3_column_int64(st, 2);
    }
    sqlite3_finalize(st);
    return ok;
}

bool sg_store_session_delete(sg_store *s, const char *token)
{
    sqlite3_stmt *st = prep(s, "DELETE FROM sessions WHERE token = ?");
    if (!st) return false;
    sqlite3_bind_text(st, 1, token, -1, SQLITE_TRANSIENT);
    return done(st);
}

/* ---- challenges ---- */
int64_t sg_store_challenge_create(sg_store *s, int64_t user_id, int deadline_seconds)
{
    sqlite3_stmt *st = prep(s, "INSERT INTO challenges (user_id, deadline_seconds, created) VALUES (?, ?, strftime('%s','now'))");
    if (!st) return 0;
    sqlite3_bind_int64(st, 1, user_id);
    sqlite3_bind_int(st, 2, deadline_seconds);
    return done(st) ? sqlite3_last_insert_rowid(s->db) : 0;
}

static void read_challenge(sqlite3_stmt *st, sg_store_challenge *c)
{
    c->id = sqlite3_column_int64(st, 0);
    c->user_id = sqlite3_column_int64(st, 1);
    c->deadline_seconds = sqlite3_column_int(st, 2);
    c->game_id = sqlite3_column_int64(st, 3);
}

int sg_store_challenges_open(sg_store *s, sg_store_challenge *out, int max)
{
    sqlite3_stmt *st = prep(s, "SELECT id, user_id, deadline_seconds, COALESCE(game_id, 0) FROM challenges"
                               " WHERE game_id IS NULL ORDER BY id LIMIT ?");
    if (!st) return -1;
    sqlite3_bind_int(st, 1, max);
    int n = 0;
    while (n < max && sqlite3_step(st) == SQLITE_ROW) read_challenge(st, &out[n++]);
    sqlite3_finalize(st);
    return n;
}

bool sg_store_challenge_get(sg_store *s, int64_t id, sg_store_challenge *out)
{
    sqlite3_stmt *st = prep(s, "SELECT id, user_id, deadline_seconds, COALESCE(game_id, 0) FROM challenges WHERE id = ?");
    if (!st) return false;
    sqlite3_bind_int64(st, 1, id);
    bool ok = sqlite3_step(st) == SQLITE_ROW;
    if (ok) read_challenge(st, out);
    sqlite3_finalize(st);
    return ok;
}

static bool bind_game(sqlite3_stmt *st, const sg_store_game *g)
{
    if (!st) return false;
    for (int c = 0; c < 2; c++) {
        if (g->player[c]) sqlite3_bind_int64(st, 1 + c, g->player[c]); else sqlite3_bind_null(st, 1 + c);
    }
    sqlite3_bind_int(st, 3, g->bot_side);
    sqlite3_bind_int(st, 4, g->bot_level);
    sqlite3_bind_text(st, 5, g->guest, -1, SQLITE_TRANSIENT);
    sqlite3_bind_int(st, 6, g->deadline_seconds);
    sqlite3_bind_int64(st, 7, g->deadline_at);
    sqlite3_bind_text(st, 8, g->seed, -1, SQLITE_TRANSIENT);
    sqlite3_bind_text(st, 9, g->seed_sha256, -1, SQLITE_TRANSIENT);
    sqlite3_bind_int64(st, 10, g->created);
    return true;
}

#define GAME_INSERT "INSERT INTO games (black_id, white_id, bot_side, bot_level, guest, deadline_seconds," \
    " deadline_at, status, winner, reason, seed, seed_sha256, created, ended)" \
    " VALUES (?, ?, ?, ?, ?, ?, ?, 0, -1, '', ?, ?, ?, 0)"

int64_t sg_store_game_create(sg_store *s, const sg_store_game *g)
{
    sqlite3_stmt *st = prep(s, GAME_INSERT);
    if (!bind_game(st, g)) return 0;
    return done(st) ? sqlite3_last_insert_rowid(s->db) : 0;
}

int64_t sg_store_challenge_accept(sg_store *s, int64_t challenge_id, const sg_store_game *g)
{
    if (!exec(s, "BEGIN IMMEDIATE")) return 0;
    int64_t id = 0;
    sqlite3_stmt *st = prep(s, GAME_INSERT);
    if (bind_game(st, g) && done(st)) {
        id = sqlite3_last_insert_rowid(s->db);
        sqlite3_stmt *up = prep(s, "UPDATE challenges SET game_id = ? WHERE id = ? AND game_id IS NULL");
        if (up) {
            sqlite3_bind_int64(up, 1, id);
            sqlite3_bind_int64(up, 2, challenge_id);
        }
        if (!done(up) || sqlite3_changes(s->db) != 1) id = 0;
    } else {
        st = NULL;
    }
    if (!exec(s, id ? "COMMIT" : "ROLLBACK")) { exec(s, "ROLLBACK"); id = 0; }
    return id;
}

bool sg_store_game_get(sg_store *s, int64_t id, sg_store_game *out)
{
    sqlite3_stmt *st = prep(s, "SELECT id, COALESCE(black_id, 0), COALESCE(white_id, 0), bot_side, bot_level, guest,"
                               " deadline_seconds, deadline_at, status, winner, reason, seed, seed_sha256, created, ended"
                               " FROM games WHERE id = ?");
    if (!st) return false;
    sqlite3_bind_int64(st, 1, id);
    bool ok = sqlite3_step(st) == SQLITE_ROW;
    if (ok) {
        memset(out, 0, sizeof *out);
        out->id = sqlite3_column_int64(st, 0);
        out->player[0] = sqlite3_column_int64(st, 1);
        out->player[1] = sqlite3_column_int64(st, 2);
        out->bot_side = sqlite3_column_int(st, 3);
        out->bot_level = sqlite3_column_int(st, 4);
        text_col(st, 5, out->guest, sizeof out->guest);
        out->deadline_seconds = sqlite3_column_int(st, 6);
        out->deadline_at = sqlite3_column_int64(st, 7);
        out->status = sqlite3_column_int(st, 8);
        out->winner = sqlite3_column_int(st, 9);
        text_col(st, 10, out->reason, sizeof out->reason);
        text_col(st, 11, out->seed, sizeof out->seed);
        text_col(st, 12, out->seed_sha256, sizeof out->seed_sha256);
        out->created = sqlite3_column_int64(st, 13);
        out->ended = sqlite3_column_int64(st, 14);
    }
    sqlite3_finalize(st);
    return ok;
}

int sg_store_game_moves(sg_store *s, int64_t id, char (*usi)[SG_STORE_USI_MAX], int max)
{
    sqlite3_stmt *st = prep(s, "SELECT usi FROM moves WHERE game_id = ? ORDER BY ply");
    if (!st) return -1;
    sqlite3_bind_int64(st, 1, id);
    int n = 0;
    while (n < max && sqlite3_step(st) == SQLITE_ROW) { text_col(st, 0, usi[n], SG_STORE_USI_MAX); n++; }
    sqlite3_finalize(st);
    return n;
}

bool sg_store_move_add(sg_store *s, int64_t id, int ply, const char *usi, int64_t at, int64_t deadline_at)
{
    if (!exec(s, "BEGIN IMMEDIATE")) return false;
    bool ok = false;
    sqlite3_stmt *st = prep(s, "INSERT INTO moves (game_id, ply, usi, at) SELECT ?, ?, ?, ? FROM games"
                               " WHERE id = ? AND status = 0"
                               " AND (SELECT COUNT(*) FROM moves WHERE game_id = ?) = ? - 1"
                               " AND (deadline_at = 0 OR deadline_at > ?)");
    if (st) {
        sqlite3_bind_int64(st, 1, id);
        sqlite3_bind_int(st, 2, ply);
        sqlite3_bind_text(st, 3, usi, -1, SQLITE_TRANSIENT);
        sqlite3_bind_int64(st, 4, at);
        sqlite3_bind_int64(st, 5, id);
        sqlite3_bind_int64(st, 6, id);
        sqlite3_bind_int(st, 7, ply);
        sqlite3_bind_int64(st, 8, at);
        ok = done(st) && sqlite3_changes(s->db) == 1;
    }
    if (ok) {
        sqlite3_stmt *up = prep(s, "UPDATE games SET deadline_at = ? WHERE id = ?");
        if (up) { sqlite3_bind_int64(up, 1, deadline_at); sqlite3_bind_int64(up, 2, id); }
        ok = done(up);
    }
    if (!exec(s, ok ? "COMMIT" : "ROLLBACK")) { exec(s, "ROLLBACK"); ok = false; }
    return ok;
}

bool sg_store_game_end(sg_store *s, int64_t id, int winner, const char *reason, int64_t at, bool if_overdue,
                       const double *new_ratings)
{
    sg_store_game g;
    if (!sg_store_game_get(s, id, &g) || g.status != SG_STORE_PLAYING) return false;
    if (!exec(s, "BEGIN IMMEDIATE")) return false;
    sqlite3_stmt *st = prep(s, "UPDATE games SET status = 1, winner = ?, reason = ?, ended = ?, deadline_at = 0"
                               " WHERE id = ? AND status = 0 AND (? = 0 OR (deadline_at > 0 AND deadline_at <= ?))");
    bool ok = false;
    if (st) {
        sqlite3_bind_int(st, 1, winner);
        sqlite3_bind_text(st, 2, reason, -1, SQLITE_TRANSIENT);
        sqlite3_bind_int64(st, 3, at);
        sqlite3_bind_int64(st, 4, id);
        sqlite3_bind_int(st, 5, if_overdue);
        sqlite3_bind_int64(st, 6, at);
        ok = done(st) && sqlite3_changes(s->db) == 1;
    }
    for (int c = 0; ok && new_ratings && c < 2; c++) {
        sqlite3_stmt *up = prep(s, "UPDATE users SET rating = ?, games = games + 1 WHERE id = ?");
        if (up) { sqlite3_bind_double(up, 1, new_ratings[c]); sqlite3_bind_int64(up, 2, g.player[c]); }
        ok = done(up);
    }
    if (!exec(s, ok ? "COMMIT" : "ROLLBACK")) { exec(s, "ROLLBACK"); ok = false; }
    return ok;
}

static int id_list(sqlite3_stmt *st, int64_t *ids, int max)
{
    if (!st) return -1;
    int n = 0;
    while (n < max && sqlite3_step(st) == SQLITE_ROW) ids[n++] = sqlite3_column_int64(st, 0);
    sqlite3_finalize(st);
    return n;
}

int sg_store_games_of_user(sg_store *s, int64_t user_id, int64_t *ids, int max)
{
    sqlite3_stmt *st = prep(s, "SELECT id FROM games WHERE black_id = ?1 OR white_id = ?1 ORDER BY status, id DESC LIMIT ?2");
    if (!st) return -1;
    sqlite3_bind_int64(st, 1, user_id);
    sqlite3_bind_int(st, 2, max);
    return id_list(st, ids, max);
}

int sg_store_games_overdue(sg_store *s, int64_t now_ms, int64_t *ids, int max)
{
    sqlite3_stmt *st = prep(s, "SELECT id FROM games WHERE status = 0 AND deadline_at > 0 AND deadline_at <= ? LIMIT ?");
    if (!st) return -1;
    sqlite3_bind_int64(st, 1, now_ms);
    sqlite3_bind_int(st, 2, max);
    return id_list(st, ids, max);
}

int sg_store_games_bot_playing(sg_store *s, int64_t *ids, int max)
{
    sqlite3_stmt *st = prep(s, "SELECT id FROM games WHERE status = 0 AND bot_side >= 0 LIMIT ?");
    if (!st) return -1;
    sqlite3_bind_int(st, 1, max);
    return id_list(st, ids, max);
}
