/* komadai --csa-server: what its files share.
 *   csa_net.c     the event loop: listening socket, connections, lines in and out, time-outs
 *   csa_server.c  the protocol per connection: login, commands, pairing, games
 *   csa_record.c  the game records, as shogi-server keeps them
 *   csa_hooks.c   the Lua config and its hooks
 * One thread, one poll() loop; all state hangs off one sg_csa_server. */
#ifndef SG_CSA_SERVER_H
#define SG_CSA_SERVER_H

#include <stdio.h>
#include <lua.h>
#include "../proto/csa.h"

#define SG_CSA_LINE_MAX 1024        /* longer client lines close the connection */
#define SG_CSA_OUT_MAX (4 << 20)    /* a client that reads nothing past this is dropped */
#define SG_CSA_DEFER_MAX 8          /* lines kept from a client that moved out of turn */
#define SG_CSA_MONITORS_MAX 16

typedef enum { ST_LOGIN, ST_CONNECTED, ST_WAITING, ST_AGREE, ST_START_WAITING, ST_GAME } sg_csa_status;

struct sg_csa_game;

typedef struct sg_csa_conn {
    int fd;
    unsigned id;
    char addr[64];
    char in[SG_CSA_LINE_MAX + 2];
    int inlen;
    char *out;
    size_t outlen, outcap;
    double since, last_input;
    sg_csa_status status;
    bool x1, crlf, closing, dead;
    double shut_at;               /* closing: when our side was shut (0: not yet) */
    char name[SG_CSA_ID_MAX + 1];
    char password[SG_CSA_LINE_MAX];   /* kept to let the same player log in again; never sent */
    char player_id[SG_CSA_ID_MAX + 34];   /* NAME+md5(trip), "" when not rated */
    char game_name[SG_CSA_NAME_MAX];
    char turn;                    /* '+', '-', '*' */
    struct sg_csa_game *game;
    int side;
    char defer[SG_CSA_DEFER_MAX][SG_CSA_LINE_MAX + 1];
    int ndefer;
} sg_csa_conn;

typedef struct sg_csa_game {
    char id[SG_CSA_NAME_MAX + 3 * SG_CSA_ID_MAX + 64];
    char name[SG_CSA_NAME_MAX];
    char names[2][SG_CSA_ID_MAX + 1];
    char ids[2][SG_CSA_ID_MAX + 34];
    sg_csa_conn *p[2];
    sg_csa_match m;
    sg_csa_summary info;
    sg_pos start;
    double created, turn_started;
    FILE *rec;
    char path[1024];
    unsigned monitors[SG_CSA_MONITORS_MAX];
    int nmonitors;
    bool finished;
} sg_csa_game;

typedef struct {
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
    sg_csa_conn **conns;
    int nconns, capconns;
    sg_csa_game **games;
    int ngames, capgames;
    unsigned next_id;
    long long last_stamp;      /* game ids' time stamps, kept increasing */
    int finished_games;
    unsigned rng;
    bool stop;
    lua_State *L;
    int hooks;                 /* registry ref of the config table, LUA_NOREF without */
} sg_csa_server;

/* ---- csa_net.c ------------------------------------------------------------------ */
double sg_csa_now(void);
/* queues text for c (made to end its lines the way the client does) */
void sg_csa_send(sg_csa_conn *c, const char *text);
/* closes c after what is queued has been written */
void sg_csa_close_after(sg_csa_conn *c);
sg_csa_conn *sg_csa_conn_by_id(sg_csa_server *s, unsigned id);
int sg_csa_run(sg_csa_server *s);

/* ---- csa_server.c --------------------------------------------------------------- */
void sg_csa_on_line(sg_csa_server *s, sg_csa_conn *c, char *line, int len);
/* the connection is gone (closed by the client or by the server) */
void sg_csa_on_close(sg_csa_server *s, sg_csa_conn *c);
/* timers: clocks, agree time-outs */
void sg_csa_on_tick(sg_csa_server *s, double now);
/* seconds until the next timer (capped by the caller) */
double sg_csa_next_timer(const sg_csa_server *s, double now);
void sg_csa_log(sg_csa_server *s, const char *fmt, ...);

/* ---- csa_record.c --------------------------------------------------------------- */
bool sg_csa_record_open(sg_csa_server *s, sg_csa_game *g);
void sg_csa_record_line(sg_csa_game *g, const char *fmt, ...);
void sg_csa_record_finish(sg_csa_server *s, sg_csa_game *g);
/* lists unfinished records under the records directory (a restart after a crash) */
void sg_csa_record_scan(sg_csa_server *s);

/* ---- csa_hooks.c ---------------------------------------------------------------- */
/* Loads the config (settings into s, the table kept for the hooks); NULL or an error message. */
const char *sg_csa_hooks_load(sg_csa_server *s, const char *path, char *err, int errsize);
/* may a and b play game? */
bool sg_csa_hook_pair(sg_csa_server *s, const sg_csa_conn *a, const sg_csa_conn *b);
/* the start position and rules of a new game (defaults: startpos, computer, the cap) */
bool sg_csa_hook_game(sg_csa_server *s, sg_csa_game *g, sg_pos *start, sg_rules *r, char *err, int errsize);
/* after each move: may end the game with a custom verdict (winner 0/1/-1, id) */
bool sg_csa_hook_end_test(sg_csa_server *s, sg_csa_game *g, int *winner, char id[32]);
void sg_csa_hook_move(sg_csa_server *s, sg_csa_game *g, const char *move, int used);
void sg_csa_hook_end(sg_csa_server *s, sg_csa_game *g);
/* a log line: the config's log hook or stderr */
void sg_csa_hook_log(sg_csa_server *s, const char *line);

/* the entry point: komadai --csa-server PORT [options] */
int sg_csa_server_main(lua_State *L, int argc, char **argv);

#endif
