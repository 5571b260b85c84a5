/* The site's storage (docs/WEB.md "Schema"): accounts, sessions, challenges,
 * games, moves with their deadlines, ratings.  These functions and their SQL
 * are written once (store.c) over a backend chosen when the store opens:
 * SQLite (store_sqlite.c, the default) or PostgreSQL (store_pg.c); the schema
 * and its migrations are store_schema.c.  Every function is one transaction:
 * when it returns true the change is on disk (SQLite: WAL, synchronous=FULL;
 * PostgreSQL: a commit).  The caller serializes calls on one store (one lock
 * in the site, web_internal.h); several processes may share one PostgreSQL database. */
#ifndef SG_WEB_STORE_H
#define SG_WEB_STORE_H

#include <stdbool.h>
#include <stdint.h>

#define SG_STORE_NAME_MAX 64
#define SG_STORE_EMAIL_MAX 256
#define SG_STORE_HASH_MAX 160
#define SG_STORE_TOKEN_MAX 80
#define SG_STORE_USI_MAX 8
#define SG_STORE_SFEN_MAX 256
#define SG_STORE_BOT_MAX 48         /* a configured bot's name, and its NUL */

typedef struct sg_store sg_store;

typedef struct {
    int64_t id;
    char email[SG_STORE_EMAIL_MAX];
    char name[SG_STORE_NAME_MAX];
    char pwhash[SG_STORE_HASH_MAX];
    bool leaderboard;
    double rating;
    int games;
} sg_store_user;

typedef struct {
    char token[SG_STORE_TOKEN_MAX];
    char csrf[SG_STORE_TOKEN_MAX];
    int64_t user_id;               /* 0: a guest */
    int64_t created, seen;         /* ms since the epoch: made, last used */
} sg_store_session;

/* a session ends idle_ms after its last use or lifetime_ms after it was made */
typedef struct { int64_t idle_ms, lifetime_ms; } sg_store_session_limits;

typedef struct {
    int64_t id, user_id, game_id;  /* game_id 0 while open */
    int deadline_seconds;
} sg_store_challenge;

enum { SG_STORE_PLAYING = 0, SG_STORE_ENDED = 1 };

typedef struct {
    int64_t id;
    int64_t player[2];             /* user ids of Black and White; 0: the bot or a guest */
    int bot_side;                  /* -1: two people; else the bot's colour */
    int bot_level;
    char guest[SG_STORE_TOKEN_MAX];/* the session that plays the bot without an account ("" if none) */
    int deadline_seconds;          /* per move; 0: none */
    int64_t deadline_at;           /* ms since the epoch the side to move must move by; 0: none */
    int status;                    /* SG_STORE_PLAYING or SG_STORE_ENDED */
    int winner;                    /* 0 Black, 1 White, -1 draw or none */
    char reason[64];               /* the verdict's id ("checkmate", "resignation", "time-up") */
    char seed[80], seed_sha256[80];
    int64_t created, ended;        /* ms since the epoch */
    int draw_offer;                /* the colour offering a draw, -1 none (a move or the end clears it) */
    int draw_offer_ply;            /* the moves played when it was offered */
    char start[SG_STORE_SFEN_MAX]; /* the position it started from: "startpos" or an SFEN */
    char bot[SG_STORE_BOT_MAX];    /* the bot file's name in the config ("" the built-in evaluation) */
} sg_store_game;

/* when sg_store_game_end may end a game */
typedef enum {
    SG_STORE_END_ANY = 0,
    SG_STORE_END_IF_OVERDUE = 1,   /* a time-up: only while its stored deadline is at or before `at` */
    SG_STORE_END_IF_OFFERED = 2,   /* an agreed draw: only while offered_by's offer stands */
} sg_store_end_if;

/* Opens the database and brings its schema up to date: db a PostgreSQL URL
 * (postgresql://... or postgres://...), or NULL for (creating) DIR/komadai.sqlite3.
 * NULL and a sentence in err on failure. */
sg_store *sg_store_open(const char *db, const char *dir, char *err, int errsize);
void sg_store_close(sg_store *s);
int sg_store_schema_version(sg_store *s);
/* the backend's name ("sqlite", "postgresql") */
const char *sg_store_kind(const sg_store *s);

/* a game changed, maybe in another process on the same database (0: any may have) */
typedef void (*sg_store_changed_fn)(void *cls, int64_t game_id);
/* changed is called, from a thread of the store's, for every game any process
 * changes (PostgreSQL: LISTEN/NOTIFY); false where the database cannot tell
 * (SQLite: one process) */
bool sg_store_listen(sg_store *s, sg_store_changed_fn changed, void *cls);

/* accounts: create returns the id, 0 when the email or name is taken, -1 on a failure */
int64_t sg_store_user_create(sg_store *s, const char *email, const char *name, const char *pwhash);
bool sg_store_user_by_email(sg_store *s, const char *email, sg_store_user *out);
bool sg_store_user_by_id(sg_store *s, int64_t id, sg_store_user *out);
bool sg_store_user_set_leaderboard(sg_store *s, int64_t id, bool on);
/* the leaderboard: opted-in players with a game, best first */
int sg_store_leaderboard(sg_store *s, sg_store_user *out, int max);

/* sessions (times in ms since the epoch): get finds one only while it lives
 * under lim at now; touch records its use; purge deletes the expired ones
 * and returns how many (-1 on a failure) */
bool sg_store_session_create(sg_store *s, const sg_store_session *se, int64_t now);
bool sg_store_session_get(sg_store *s, const char *token, int64_t now, const sg_store_session_limits *lim,
                          sg_store_session *out);
bool sg_store_session_touch(sg_store *s, const char *token, int64_t now);
bool sg_store_session_delete(sg_store *s, const char *token);
int sg_store_sessions_purge(sg_store *s, int64_t now, const sg_store_session_limits *lim);

/* challenges */
int64_t sg_store_challenge_create(sg_store *s, int64_t user_id, int deadline_seconds);
int sg_store_challenges_open(sg_store *s, sg_store_challenge *out, int max);
bool sg_store_challenge_get(sg_store *s, int64_t id, sg_store_challenge *out);
/* accepting: the game is made and the challenge closed in one transaction; the game's id or 0 */
int64_t sg_store_challenge_accept(sg_store *s, int64_t challenge_id, const sg_store_game *g);

/* games */
int64_t sg_store_game_create(sg_store *s, const sg_store_game *g);
bool sg_store_game_get(sg_store *s, int64_t id, sg_store_game *out);
/* the moves (USI), ply 1 first; returns the count (at most max) or -1 */
int sg_store_game_moves(sg_store *s, int64_t id, char (*usi)[SG_STORE_USI_MAX], int max);
/* appends move number ply (the game's moves so far + 1), played at `at`, and the new deadline;
 * false when that ply exists already, the game has ended or its stored deadline is not after `at` */
bool sg_store_move_add(sg_store *s, int64_t id, int ply, const char *usi, int64_t at, int64_t deadline_at);
/* ends the game (ratings given: both players' new ratings, one transaction) when `when`
 * allows (so a move and a time-up cannot both win, and a move lapses the draw offer an
 * acceptance needs); false when the game had ended already (or `when` did not hold) */
bool sg_store_game_end(sg_store *s, int64_t id, int winner, const char *reason, int64_t at, sg_store_end_if when,
                       int offered_by, const double *new_ratings);
/* colour `by` offers a draw at move count ply: false when the game has ended, has another
 * move count or an offer already stands */
bool sg_store_draw_offer(sg_store *s, int64_t id, int by, int ply);
/* the offer of colour offered_by declined: false when no such offer stands */
bool sg_store_draw_decline(sg_store *s, int64_t id, int offered_by);
int sg_store_games_of_user(sg_store *s, int64_t user_id, int64_t *ids, int max);
/* games still playing whose deadline has passed at now_ms */
int sg_store_games_overdue(sg_store *s, int64_t now_ms, int64_t *ids, int max);
/* games still playing against the bot */
int sg_store_games_bot_playing(sg_store *s, int64_t *ids, int max);

#endif
