/* The site's schema (docs/WEB.md "Schema"), one list of migrations per
 * database dialect, oldest first: migration i runs once, in order, in a
 * transaction, and schema_migrations records it.  Never edit one that has
 * shipped; add the next to both lists, the same change in each dialect. */
#include "store_db.h"

static const char *const sqlite_migrations[] = {
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
    /* 2: a player's games and the open challenges found without a scan */
    "CREATE INDEX games_black ON games(black_id);"
    "CREATE INDEX games_white ON games(white_id);"
    "CREATE INDEX challenges_game ON challenges(game_id);",
    /* 3: sessions expire (idle and absolute): their last use, both times in ms like the games' */
    "ALTER TABLE sessions ADD COLUMN seen INTEGER NOT NULL DEFAULT 0;"
    "UPDATE sessions SET created = created * 1000, seen = created * 1000;"
    "CREATE INDEX sessions_seen ON sessions(seen);"
    "CREATE INDEX sessions_created ON sessions(created);",
    /* 4: a draw offer standing in a game: who made it (-1 none) and at which move count;
     * and the position a game started from (a bot game may start from any) */
    "ALTER TABLE games ADD COLUMN draw_offer INTEGER NOT NULL DEFAULT -1;"
    "ALTER TABLE games ADD COLUMN draw_offer_ply INTEGER NOT NULL DEFAULT -1;"
    "ALTER TABLE games ADD COLUMN start TEXT NOT NULL DEFAULT 'startpos';",
    /* 5: the bot file a bot game plays (its name in the config; '' the built-in evaluation) */
    "ALTER TABLE games ADD COLUMN bot TEXT NOT NULL DEFAULT '';",
};

static const char *const pg_migrations[] = {
    /* 1: the first schema */
    "CREATE TABLE users (id BIGSERIAL PRIMARY KEY, email TEXT NOT NULL UNIQUE, name TEXT NOT NULL UNIQUE,"
    " pwhash TEXT NOT NULL, leaderboard INTEGER NOT NULL DEFAULT 0, rating DOUBLE PRECISION NOT NULL DEFAULT 1500,"
    " games INTEGER NOT NULL DEFAULT 0, created BIGINT NOT NULL);"
    "CREATE TABLE sessions (token TEXT PRIMARY KEY, csrf TEXT NOT NULL, user_id BIGINT REFERENCES users(id),"
    " created BIGINT NOT NULL);"
    "CREATE TABLE games (id BIGSERIAL PRIMARY KEY, black_id BIGINT REFERENCES users(id),"
    " white_id BIGINT REFERENCES users(id), bot_side INTEGER NOT NULL, bot_level INTEGER NOT NULL,"
    " guest TEXT NOT NULL, deadline_seconds INTEGER NOT NULL, deadline_at BIGINT NOT NULL,"
    " status INTEGER NOT NULL, winner INTEGER NOT NULL, reason TEXT NOT NULL, seed TEXT NOT NULL,"
    " seed_sha256 TEXT NOT NULL, created BIGINT NOT NULL, ended BIGINT NOT NULL);"
    "CREATE TABLE moves (game_id BIGINT NOT NULL REFERENCES games(id), ply INTEGER NOT NULL,"
    " usi TEXT NOT NULL, at BIGINT NOT NULL, PRIMARY KEY (game_id, ply));"
    "CREATE TABLE challenges (id BIGSERIAL PRIMARY KEY, user_id BIGINT NOT NULL REFERENCES users(id),"
    " deadline_seconds INTEGER NOT NULL, game_id BIGINT REFERENCES games(id), created BIGINT NOT NULL);"
    "CREATE INDEX games_deadline ON games(status, deadline_at);",
    /* 2: a player's games and the open challenges found without a scan */
    "CREATE INDEX games_black ON games(black_id);"
    "CREATE INDEX games_white ON games(white_id);"
    "CREATE INDEX challenges_game ON challenges(game_id);",
    /* 3: sessions expire (idle and absolute): their last use, both times in ms like the games' */
    "ALTER TABLE sessions ADD COLUMN seen BIGINT NOT NULL DEFAULT 0;"
    "UPDATE sessions SET created = created * 1000, seen = created * 1000;"
    "CREATE INDEX sessions_seen ON sessions(seen);"
    "CREATE INDEX sessions_created ON sessions(created);",
    /* 4: a draw offer standing in a game: who made it (-1 none) and at which move count;
     * and the position a game started from (a bot game may start from any) */
    "ALTER TABLE games ADD COLUMN draw_offer INTEGER NOT NULL DEFAULT -1;"
    "ALTER TABLE games ADD COLUMN draw_offer_ply INTEGER NOT NULL DEFAULT -1;"
    "ALTER TABLE games ADD COLUMN start TEXT NOT NULL DEFAULT 'startpos';",
    /* 5: the bot file a bot game plays (its name in the config; '' the built-in evaluation) */
    "ALTER TABLE games ADD COLUMN bot TEXT NOT NULL DEFAULT '';",
};

_Static_assert(sizeof sqlite_migrations == sizeof pg_migrations, "every migration in both dialects");

const char *const *sg_store_migrations(sg_dialect d, int *n)
{
    *n = (int)(sizeof sqlite_migrations / sizeof sqlite_migrations[0]);
    return d == SG_DIALECT_PG ? pg_migrations : sqlite_migrations;
}

/* the table of applied migrations, made before the first */
const char *sg_store_migrations_table(void)
{
    return "CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, applied BIGINT NOT NULL)";
}
