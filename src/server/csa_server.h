/* komadai --csa-server: what its files share.
 *   csa_net.c     the event loop: listening socket, connections, lines in and out, time-outs
 *   csa_server.c  the protocol per connection: login, commands, pairing, games
 *   csa_record.c  the game records, as shogi-server keeps them
 *   csa_hooks.c   the Lua config and its hooks
 * One thread, one poll() loop; all state hangs off one sgsv_server. */
#ifndef SGSV_SERVER_H
#define SGSV_SERVER_H

#include <stdio.h>
#include <lua.h>
#include "../proto/csa.h"

#define SGSV_LINE_MAX 1024        /* longer client lines close the connection */
#define SGSV_OUT_MAX (4 << 20)    /* a client that reads nothing past this is dropped */
#define SGSV_DEFER_MAX 8          /* lines kept from a client that moved out of turn */
#define SGSV_MONITORS_MAX 16

typedef enum {
    SGSV_ST_LOGIN, SGSV_ST_CONNECTED, SGSV_ST_WAITING, SGSV_ST_AGREE, SGSV_ST_START_WAITING, SGSV_ST_GAME
} sgsv_status;

struct sgsv_game;

typedef struct sgsv_conn {
    int fd;
    unsigned id;
    char addr[64];
    char in[SGSV_LINE_MAX + 2];
    int inlen;
    char *out;
    size_t outlen, outcap;
    double since, last_input;
    sgsv_status status;
    bool x1, crlf, closing, dead;
    double shut_at;               /* closing: when our side was shut (0: not yet) */
    char name[SG_CSA_ID_MAX + 1];
    char password[SGSV_LINE_MAX];   /* kept to let the same player log in again; never sent */
    char player_id[SG_CSA_ID_MAX + 34];   /* NAME+md5(trip), "" when not rated */
    char game_name[SG_CSA_NAME_MAX];
    char turn;                    /* '+', '-', '*' */
    struct sgsv_game *game;
    int side;
    char defer[SGSV_DEFER_MAX][SGSV_LINE_MAX + 1];
    int ndefer;
} sgsv_conn;

typedef struct sgsv_game {
    char id[SG_CSA_NAME_MAX + 3 * SG_CSA_ID_MAX + 64];
    char name[SG_CSA_NAME_MAX];
    char names[2][SG_CSA_ID_MAX + 1];
    char ids[2][SG_CSA_ID_MAX + 34];
    sgsv_conn *p[2];
    sg_csa_match m;
    sg_csa_summary info;
    sg_pos start;
    double created, turn_started;
    FILE *rec;
    char path[1024];
    unsigned monitors[SGSV_MONITORS_MAX];
    int nmonitors;
    bool finished;
} sgsv_game;

typedef struct sgsv_server {
    /* settings (command line and config) */
    char address[64];
    int port;
    int max_moves, least;
    char records[512];
    char event[64];
    int per_address;           /* connections from one address */
    double login_timeout, idle_timeout, agree_timeout;
    int max_games;             /* stop after this many finished games (0: never; tests) */
    /* state */
    int listen_fd;
    sgsv_conn **conns;
    int nconns, capconns;
    sgsv_game **games;
    int ngames, capgames;
    unsigned next_id;
    long long last_stamp;      /* game ids' time stamps, kept increasing */
    int finished_games;
    unsigned rng;
    bool stop;
    lua_State *L;
    int hooks;                 /* registry ref of the config table, LUA_NOREF without */
} sgsv_server;

/* ---- csa_net.c ------------------------------------------------------------------ */
double sgsv_now(void);
/* queues text for c (made to end its lines the way the client does) */
void sgsv_send(sgsv_conn *c, const char *text);
/* closes c after what is queued has been written */
void sgsv_close_after(sgsv_conn *c);
sgsv_conn *sgsv_conn_by_id(sgsv_server *s, unsigned id);
int sgsv_run(sgsv_server *s);

/* ---- csa_server.c --------------------------------------------------------------- */
/* a server with the default settings, not yet listening (NULL: out of memory) */
sgsv_server *sgsv_new(lua_State *L);
/* frees s, its games and its hold on the config (s may be NULL) */
void sgsv_free(sgsv_server *s);
void sgsv_on_line(sgsv_server *s, sgsv_conn *c, char *line, int len);
/* the connection is gone (closed by the client or by the server) */
void sgsv_on_close(sgsv_server *s, sgsv_conn *c);
/* timers: clocks, agree time-outs */
void sgsv_on_tick(sgsv_server *s, double now);
/* seconds until the next timer (capped by the caller) */
double sgsv_next_timer(const sgsv_server *s, double now);
void sgsv_log(sgsv_server *s, const char *fmt, ...);

/* ---- csa_record.c --------------------------------------------------------------- */
bool sgsv_record_open(sgsv_server *s, sgsv_game *g);
void sgsv_record_line(sgsv_game *g, const char *fmt, ...);
void sgsv_record_finish(sgsv_server *s, sgsv_game *g);
/* lists unfinished records under the records directory (a restart after a crash) */
void sgsv_record_scan(sgsv_server *s);

/* ---- csa_hooks.c ---------------------------------------------------------------- */
/* Loads the config (settings into s, the table kept for the hooks); NULL or an error message. */
const char *sgsv_hooks_load(sgsv_server *s, const char *path, char *err, int errsize);
/* may a and b play game? */
bool sgsv_hook_pair(sgsv_server *s, const sgsv_conn *a, const sgsv_conn *b);
/* the start position and rules of a new game (defaults: startpos, computer, the cap) */
bool sgsv_hook_game(sgsv_server *s, sgsv_game *g, sg_pos *start, sg_rules *r, char *err, int errsize);
/* after each move: may end the game with a custom verdict (winner 0/1/-1, id) */
bool sgsv_hook_end_test(sgsv_server *s, sgsv_game *g, int *winner, char id[32]);
void sgsv_hook_move(sgsv_server *s, sgsv_game *g, const char *move, int used);
void sgsv_hook_end(sgsv_server *s, sgsv_game *g);
/* a log line: the config's log hook or stderr */
void sgsv_hook_log(sgsv_server *s, const char *line);

#endif
