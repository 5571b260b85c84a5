/* komadai --csa-server: the protocol per connection, as shogi-server answers
 * it: login, the x1 commands, pairing by game name, the games and their
 * ends.  docs/CSA.md says what is sent and where komadai differs. */
#include "../core/version.h"
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <lauxlib.h>
#include "csa_server.h"
#include "../proto/md5.h"
#include "../core/quote.h"

sgsv_server *sgsv_new(lua_State *L)
{
    sgsv_server *s = calloc(1, sizeof *s);
    if (!s) return NULL;
    s->L = L;
    s->hooks = LUA_NOREF;
    snprintf(s->address, sizeof s->address, "127.0.0.1");
    snprintf(s->event, sizeof s->event, "komadai");
    s->max_moves = 256;
    s->per_address = 64;
    s->login_timeout = 30;
    s->idle_timeout = 3600;
    s->agree_timeout = 120;
    s->rng = (unsigned)time(NULL);
    return s;
}

void sgsv_free(sgsv_server *s)
{
    if (!s) return;
    for (int i = 0; i < s->ngames; i++) free(s->games[i]);
    free(s->games);
    free(s->conns);
    if (s->hooks != LUA_NOREF) luaL_unref(s->L, LUA_REGISTRYINDEX, s->hooks);
    free(s);
}

void sgsv_log(sgsv_server *s, const char *fmt, ...)
{
    char line[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    sgsv_hook_log(s, line);
}

static void sendf(sgsv_conn *c, const char *fmt, ...)
{
    char buf[2048];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    sgsv_send(c, buf);
}

static const char *status_name(sgsv_status st)
{
    static const char *const NAMES[] = {"login", "connected", "game_waiting", "agree_waiting", "start_waiting",
                                        "game"};
    return NAMES[st];
}

static const char *shown_name(const sgsv_conn *c) { return c->player_id[0] ? c->player_id : c->name; }

/* ---- games --------------------------------------------------------------------------- */
static bool add_game(sgsv_server *s, sgsv_game *g)
{
    if (s->ngames == s->capgames) {
        int cap = s->capgames ? 2 * s->capgames : 32;
        sgsv_game **p = realloc(s->games, sizeof *p * (size_t)cap);
        if (!p) return false;
        s->games = p;
        s->capgames = cap;
    }
    s->games[s->ngames++] = g;
    return true;
}

static sgsv_game *find_game(sgsv_server *s, const char *id, int len)
{
    for (int i = 0; i < s->ngames; i++)
        if (!s->games[i]->finished && (int)strlen(s->games[i]->id) == len && memcmp(s->games[i]->id, id, (size_t)len) == 0)
            return s->games[i];
    return NULL;
}

static void monitors_send(sgsv_server *s, sgsv_game *g, const char *text)
{
    char buf[4096];
    for (int i = 0; i < g->nmonitors; i++) {
        sgsv_conn *c = sgsv_conn_by_id(s, g->monitors[i]);
        if (!c) continue;
        int n = 0;
        for (const char *p = text; *p;) {
            const char *nl = strchr(p, '\n');
            int l = nl ? (int)(nl - p) : (int)strlen(p);
            n += snprintf(buf + n, sizeof buf - (size_t)n, "##[MONITOR2][%s] %.*s\n", g->id, l, p);
            if (n >= (int)sizeof buf - 200) break;
            p = nl ? nl + 1 : p + l;
        }
        snprintf(buf + n, sizeof buf - (size_t)n, "##[MONITOR2][%s] +OK\n", g->id);
        sgsv_send(c, buf);
    }
}

/* the game is over (or rejected): players back to connected, CSA-mode ones closed */
static void release(sgsv_server *s, sgsv_game *g)
{
    g->finished = true;
    for (int k = 0; k < 2; k++) {
        sgsv_conn *c = g->p[k];
        if (!c) continue;
        c->game = NULL;
        c->status = SGSV_ST_CONNECTED;
        c->ndefer = 0;
        if (!c->x1) sgsv_close_after(c);
    }
    sg_csa_match_free(&g->m);
    s->finished_games++;
    if (s->max_games > 0 && s->finished_games >= s->max_games) s->stop = true;
}

static void finish(sgsv_server *s, sgsv_game *g)
{
    const sg_csa_match *m = &g->m;
    char buf[256];
    sgsv_record_finish(s, g); /* on disk before anyone is told */
    for (int k = 0; k < 2; k++) {
        if (!g->p[k]) continue;
        sg_csa_result_lines(m->result, m->winner, k, buf, sizeof buf);
        sgsv_send(g->p[k], buf);
    }
    const char *word = sg_csa_result_record_word(m->result);
    if (word || m->result == SG_CSA_RES_TIME_UP) {
        snprintf(buf, sizeof buf, "%s", word ? word : "#TIME_UP");
        monitors_send(s, g, buf);
    }
    sgsv_log(s, "game finished %s: %s", g->id, m->cause);
    sgsv_hook_end(s, g);
    release(s, g);
}

static void handle_event(sgsv_server *s, sgsv_game *g, const sg_csa_event *ev, const sg_csa_cmd *cmd);

/* runs the kept lines of the player whose turn it now is */
static void run_deferred(sgsv_server *s, sgsv_game *g)
{
    while (!g->finished && g->m.phase == SG_CSA_PLAYING) {
        sgsv_conn *c = g->p[sg_csa_match_turn(&g->m)];
        if (!c || c->ndefer == 0) return;
        char line[SGSV_LINE_MAX + 1];
        snprintf(line, sizeof line, "%s", c->defer[0]);
        memmove(c->defer[0], c->defer[1], sizeof c->defer[0] * (size_t)(c->ndefer - 1));
        c->ndefer--;
        sg_csa_cmd cmd;
        sg_csa_parse_line(line, (int)strlen(line), &cmd);
        sg_csa_event ev;
        sg_csa_match_line(&g->m, c->side, &cmd, sgsv_now() - g->turn_started, &ev);
        handle_event(s, g, &ev, &cmd);
    }
}

static void handle_event(sgsv_server *s, sgsv_game *g, const sg_csa_event *ev, const sg_csa_cmd *cmd)
{
    if (ev->moved) {
        /* on disk before either player is told */
        const char *comma = strchr(ev->echo, ',');
        int ml = comma ? (int)(comma - ev->echo) : (int)strlen(ev->echo);
        sgsv_record_line(g, "%.*s\nT%d", ml, ev->echo, ev->used);
        if (cmd && cmd->b.len > 0 && !ev->ended) {
            int cl = cmd->b.len > 400 ? 400 : cmd->b.len;
            sgsv_record_line(g, "'*%.*s", cl, cmd->b.s);
        }
        char line[64];
        snprintf(line, sizeof line, "%s\n", ev->echo);
        for (int k = 0; k < 2; k++)
            if (g->p[k]) sgsv_send(g->p[k], line);
        char mon[64];
        snprintf(mon, sizeof mon, "%.*s\nT%d", ml, ev->echo, ev->used);
        monitors_send(s, g, mon);
        g->turn_started = sgsv_now();
        char mv[16];
        snprintf(mv, sizeof mv, "%.*s", ml, ev->echo);
        sgsv_hook_move(s, g, mv, ev->used);
        if (!ev->ended && g->m.phase == SG_CSA_PLAYING) {
            int winner;
            char id[32];
            if (sgsv_hook_end_test(s, g, &winner, id)) {
                sg_csa_event e2;
                sg_csa_match_custom(&g->m, winner, id, &e2);
                if (e2.ended) { finish(s, g); return; }
            }
        }
    }
    if (ev->illegal[0] && ev->ended) sgsv_record_line(g, "'ILLEGAL_MOVE(%s)", ev->illegal);
    if (ev->ended) { finish(s, g); return; }
    if (ev->moved) run_deferred(s, g);
}

static void write_summary(sgsv_game *g)
{
    char buf[4096];
    for (int k = 0; k < 2; k++) {
        sg_csa_write_summary(&g->info, k, buf, sizeof buf);
        sgsv_send(g->p[k], buf);
    }
}

static long long stamp(sgsv_server *s)
{
    time_t t = time(NULL);
    struct tm tm;
    localtime_r(&t, &tm);
    long long v = (long long)(tm.tm_year + 1900) * 10000000000LL + (long long)(tm.tm_mon + 1) * 100000000LL +
                  (long long)tm.tm_mday * 1000000LL + tm.tm_hour * 10000LL + tm.tm_min * 100LL + tm.tm_sec;
    if (v <= s->last_stamp) v = s->last_stamp + 1;
    s->last_stamp = v;
    return v;
}

static void start_game(sgsv_server *s, sgsv_conn *a, sgsv_conn *b)
{
    /* turns: a preference wins; else at random, as shogi-server decides */
    sgsv_conn *black;
    if (b->turn == '+' || a->turn == '-') black = b;
    else if (a->turn == '+' || b->turn == '-') black = a;
    else {
        s->rng = s->rng * 1103515245u + 12345u;
        black = (s->rng >> 16) & 1 ? a : b;
    }
    sgsv_conn *white = black == a ? b : a;
    sgsv_game *g = calloc(1, sizeof *g);
    if (!g || !add_game(s, g)) {
        free(g);
        sgsv_send(a, "##[ERROR] the server is out of memory\n");
        return;
    }
    g->p[0] = black;
    g->p[1] = white;
    snprintf(g->name, sizeof g->name, "%s", a->game_name);
    for (int k = 0; k < 2; k++) {
        snprintf(g->names[k], sizeof g->names[k], "%s", g->p[k]->name);
        snprintf(g->ids[k], sizeof g->ids[k], "%s", g->p[k]->player_id);
    }
    snprintf(g->id, sizeof g->id, "%s+%s+%s+%s+%lld", s->event, g->name, black->name, white->name, stamp(s));
    sg_rules r;
    char err[256];
    sg_csa_time t;
    sg_csa_game_time(g->name, (int)strlen(g->name), &t);
    sg_clock clock;
    sg_clock_init(&clock, t.total, t.byoyomi, t.increment, s->least);
    const char *why = NULL;
    if (!sgsv_hook_game(s, g, &g->start, &r, err, sizeof err)) why = err;
    else why = sg_csa_match_init(&g->m, &g->start, &r, &clock);
    g->info = (sg_csa_summary){g->id, {g->names[0], g->names[1]}, &g->start, r.max_moves, t, s->least};
    g->created = g->turn_started = sgsv_now();
    if (why) {
        sgsv_log(s, "cannot make game %s: %s", g->id, why);
        for (int k = 0; k < 2; k++) sendf(g->p[k], "##[ERROR] cannot make the game: %s\n", why);
        sg_csa_match_free(&g->m);
        g->finished = true;
        for (int k = 0; k < 2; k++) {
            g->p[k]->status = SGSV_ST_CONNECTED;
            if (!g->p[k]->x1) sgsv_close_after(g->p[k]);
        }
        return;
    }
    for (int k = 0; k < 2; k++) {
        g->p[k]->game = g;
        g->p[k]->side = k;
        g->p[k]->status = SGSV_ST_AGREE;
        g->p[k]->ndefer = 0;
    }
    if (!sgsv_record_open(s, g)) sgsv_log(s, "cannot write the record %s", g->path);
    sgsv_log(s, "game created %s", g->id);
    write_summary(g);
}

static bool can_pair(const sgsv_conn *a, const sgsv_conn *b)
{
    if (a == b || b->status != SGSV_ST_WAITING || strcmp(a->game_name, b->game_name) != 0) return false;
    if (strcmp(a->name, b->name) == 0) return false;
    return !((a->turn == '+' && b->turn == '+') || (a->turn == '-' && b->turn == '-'));
}

/* %%GAME / %%CHALLENGE (and a CSA-mode login) */
static void want_game(sgsv_server *s, sgsv_conn *c, const char *name, char turn, bool challenge)
{
    if (!sg_csa_game_name_ok(name, (int)strlen(name))) {
        char q[SG_CSA_NAME_MAX * 4];
        sendf(c, "##[ERROR] bad game name: %s.\n", sg_quote(name, strlen(name), q, sizeof q));
        sendf(c, "##[ERROR] game name should consist of three parts like game-1500-60.\n");
        return;
    }
    if (c->status != SGSV_ST_CONNECTED && c->status != SGSV_ST_WAITING) {
        sendf(c, "##[ERROR] you are in %s status. GAME is valid in connected or game_waiting status\n",
              status_name(c->status));
        return;
    }
    snprintf(c->game_name, sizeof c->game_name, "%s", name);
    c->turn = turn;
    for (int i = 0; i < s->nconns; i++) {
        sgsv_conn *b = s->conns[i];
        if (!b->dead && can_pair(c, b) && sgsv_hook_pair(s, c, b)) {
            start_game(s, c, b);
            return;
        }
    }
    if (challenge) {
        sendf(c, "##[ERROR] can't find rival for %s\n", name);
        c->status = SGSV_ST_CONNECTED;
        c->game_name[0] = '\0';
        return;
    }
    c->status = SGSV_ST_WAITING;
}

/* ---- login ----------------------------------------------------------------------------- */
static void login(sgsv_server *s, sgsv_conn *c, const char *line, int len)
{
    sg_csa_cmd cmd;
    if (!sg_csa_parse_login(line, len, &cmd)) {
        sgsv_send(c, "LOGIN:incorrect\n");
        int words = 0;
        for (int i = 0; i < len; i++)
            if (line[i] != ' ' && (i == 0 || line[i - 1] == ' ')) words++;
        if (words >= 4) sgsv_send(c, "type 'LOGIN name password' or 'LOGIN name password x1'\n");
        return;
    }
    char name[SG_CSA_ID_MAX + 1];
    snprintf(name, sizeof name, "%.*s", cmd.a.len, cmd.a.s);
    for (int i = 0; i < s->nconns; i++) {
        sgsv_conn *o = s->conns[i];
        if (o == c || o->dead || o->closing || o->status == SGSV_ST_LOGIN || strcmp(o->name, name) != 0) continue;
        /* the same name again: the same password outside a game replaces the old connection */
        if (o->status != SGSV_ST_GAME && strlen(o->password) == (size_t)cmd.b.len &&
            memcmp(o->password, cmd.b.s, (size_t)cmd.b.len) == 0) {
            sgsv_log(s, "player %s logs in again; the former connection is closed", name);
            o->dead = true;
            sgsv_on_close(s, o);
            continue;
        }
        sgsv_send(c, "LOGIN:incorrect\n");
        if (cmd.x1) sendf(c, "username %s is already connected\n", name);
        sgsv_close_after(c);
        return;
    }
    snprintf(c->name, sizeof c->name, "%s", name);
    snprintf(c->password, sizeof c->password, "%.*s", cmd.b.len, cmd.b.s);
    c->x1 = cmd.x1;
    c->status = SGSV_ST_CONNECTED;
    sg_span trip = {cmd.b.s, cmd.b.len};
    char game[SG_CSA_NAME_MAX];
    char turn = '*';
    if (!c->x1) sg_csa_parse_password(cmd.b.s, cmd.b.len, game, &trip, &turn);
    /* x1: the whole password is the trip */
    while (trip.len > 0 && trip.s[0] == ' ') { trip.s++; trip.len--; }
    if (trip.len > 0) {
        char hex[33];
        sg_md5_hex(trip.s, (size_t)trip.len, hex);
        snprintf(c->player_id, sizeof c->player_id, "%s+%s", c->name, hex);
    }
    sendf(c, "LOGIN:%s OK\n", c->name);
    sgsv_log(s, "user %s run in %s mode", shown_name(c), c->x1 ? "x1" : "CSA");
    if (c->x1) sgsv_send(c, "##[LOGIN] +OK x1\n");
    else want_game(s, c, game, turn, false);
}

/* ---- commands -------------------------------------------------------------------------- */
static void cmd_who(sgsv_server *s, sgsv_conn *c)
{
    for (int i = 0; i < s->nconns; i++) {
        const sgsv_conn *o = s->conns[i];
        if (o->dead || o->status == SGSV_ST_LOGIN) continue;
        if (o->status == SGSV_ST_CONNECTED)
            sendf(c, "##[WHO] %s %s %s\n", shown_name(o), o->x1 ? "x1" : "CSA", status_name(o->status));
        else {
            char turn = o->game ? (o->side == 0 ? '+' : '-') : o->turn;
            sendf(c, "##[WHO] %s %s %s %s %c\n", shown_name(o), o->x1 ? "x1" : "CSA", status_name(o->status),
                  o->game ? o->game->name : o->game_name, turn);
        }
    }
    sgsv_send(c, "##[WHO] +OK\n");
}

static void cmd_show(sgsv_server *s, sgsv_conn *c, sg_span id)
{
    sgsv_game *g = find_game(s, id.s, id.len);
    if (g) {
        char buf[4096], out[8192];
        sg_csa_write_show(&g->info, g->m.clock.remaining, g->m.last_move, sg_game_ply(&g->m.game),
                          sg_game_pos(&g->m.game), buf, sizeof buf);
        int n = 0;
        for (char *p = buf; *p && n < (int)sizeof out - 64;) {
            char *nl = strchr(p, '\n');
            int l = nl ? (int)(nl - p) : (int)strlen(p);
            n += snprintf(out + n, sizeof out - (size_t)n, "##[SHOW] %.*s\n", l, p);
            p = nl ? nl + 1 : p + l;
        }
        sgsv_send(c, out);
    }
    sgsv_send(c, "##[SHOW] +OK\n");
}

static void cmd_monitor(sgsv_server *s, sgsv_conn *c, sg_span id, bool on)
{
    sgsv_game *g = find_game(s, id.s, id.len);
    if (!g) return;
    int k = 0; /* drops c and monitors that have gone */
    for (int i = 0; i < g->nmonitors; i++)
        if (g->monitors[i] != c->id && sgsv_conn_by_id(s, g->monitors[i])) g->monitors[k++] = g->monitors[i];
    g->nmonitors = k;
    if (!on) return;
    if (g->nmonitors == SGSV_MONITORS_MAX) {
        sgsv_send(c, "##[ERROR] too many monitors on this game\n");
        return;
    }
    g->monitors[g->nmonitors++] = c->id;
    /* the record so far, as shogi-server sends its file */
    FILE *f = fopen(g->path, "r");
    char line[1100];
    if (f) {
        while (fgets(line, sizeof line, f)) {
            line[strcspn(line, "\n")] = '\0';
            sendf(c, "##[MONITOR2][%s] %s\n", g->id, line);
        }
        fclose(f);
    }
    sendf(c, "##[MONITOR2][%s] +OK\n", g->id);
}

static void unknown(sgsv_conn *c, const char *line, int len)
{
    char q[256];   /* what is echoed: sg_quote (no control character or bad byte goes back) */
    /* a LOGIN line is never echoed whole: it holds a password */
    if (len >= 5 && memcmp(line, "LOGIN", 5) == 0) {
        int i = 5;
        while (i < len && line[i] == ' ') i++;
        int j = i;
        while (j < len && line[j] != ' ') j++;
        sendf(c, "##[ERROR] unknown command: LOGIN %s...\n", sg_quote(line + i, (size_t)(j - i > 32 ? 32 : j - i), q, 140));
        return;
    }
    sendf(c, "##[ERROR] unknown command: %s\n", sg_quote(line, (size_t)(len > 200 ? 200 : len), q, sizeof q));
}

static void in_game(sgsv_server *s, sgsv_conn *c, const sg_csa_cmd *cmd, const char *line)
{
    sgsv_game *g = c->game;
    sg_csa_event ev;
    sg_csa_match_line(&g->m, c->side, cmd, sgsv_now() - g->turn_started, &ev);
    if (ev.repeated) { /* a resend of its last move, ignored as shogi-server does */
        sgsv_log(s, "%s: ignored %.*s in game %s, its last move sent again out of turn", c->name, cmd->a.len,
                 cmd->a.s, g->id);
        return;
    }
    if (ev.not_your_turn) {
        sgsv_record_line(g, "'Deferred %.*s", cmd->a.len > 40 ? 40 : cmd->a.len, cmd->a.s);
        if (c->ndefer < SGSV_DEFER_MAX) snprintf(c->defer[c->ndefer++], sizeof c->defer[0], "%s", line);
        return;
    }
    handle_event(s, g, &ev, cmd);
}

void sgsv_on_line(sgsv_server *s, sgsv_conn *c, char *line, int len)
{
    if (c->status == SGSV_ST_LOGIN) { login(s, c, line, len); return; }
    sg_csa_cmd cmd;
    sg_csa_parse_line(line, len, &cmd);
    sgsv_game *g = c->game;
    switch (cmd.kind) {
    case SG_CSA_KEEPALIVE: sgsv_send(c, "\n"); return;
    case SG_CSA_SPACE: return;
    case SG_CSA_MOVE:
    case SG_CSA_SPECIAL:
        if (c->status == SGSV_ST_GAME) in_game(s, c, &cmd, line);
        return;
    case SG_CSA_AGREE:
        if (c->status != SGSV_ST_AGREE) {
            sendf(c, "##[ERROR] you are in %s status. AGREE is valid in agree_waiting status\n", status_name(c->status));
            return;
        }
        c->status = SGSV_ST_START_WAITING;
        if (sg_csa_match_agree(&g->m, c->side)) {
            for (int k = 0; k < 2; k++) {
                g->p[k]->status = SGSV_ST_GAME;
                sendf(g->p[k], "START:%s\n", g->id);
            }
            g->turn_started = sgsv_now();
            sgsv_log(s, "game started %s", g->id);
        }
        return;
    case SG_CSA_REJECT:
        if (c->status != SGSV_ST_AGREE) {
            sendf(c, "##[ERROR] you are in %s status. REJECT is valid in agree_waiting status\n", status_name(c->status));
            return;
        }
        for (int k = 0; k < 2; k++) sendf(g->p[k], "REJECT:%s by %s\n", g->id, c->name);
        sgsv_record_finish(s, g);
        release(s, g);
        return;
    case SG_CSA_LOGOUT:
        sgsv_send(c, "LOGOUT:completed\n");
        sgsv_close_after(c);
        return;
    case SG_CSA_CHALLENGE: sgsv_send(c, "CHALLENGE ACCEPTED\n"); return;
    default: break;
    }
    if (!c->x1) { unknown(c, line, len); return; }
    char name[SG_CSA_NAME_MAX];
    switch (cmd.kind) {
    case SG_CSA_X_WHO: cmd_who(s, c); break;
    case SG_CSA_X_LIST:
        for (int i = 0; i < s->ngames; i++)
            if (!s->games[i]->finished) sendf(c, "##[LIST] %s\n", s->games[i]->id);
        sgsv_send(c, "##[LIST] +OK\n");
        break;
    case SG_CSA_X_SHOW: cmd_show(s, c, cmd.a); break;
    case SG_CSA_X_MONITOR2ON: cmd_monitor(s, c, cmd.a, true); break;
    case SG_CSA_X_MONITOR2OFF: cmd_monitor(s, c, cmd.a, false); break;
    case SG_CSA_X_CHAT: {
        char text[600];  /* control characters and bad bytes are not passed on (sg_quote) */
        sg_quote(cmd.a.s, (size_t)(cmd.a.len > 500 ? 500 : cmd.a.len), text, sizeof text);
        for (int i = 0; i < s->nconns; i++) {
            sgsv_conn *o = s->conns[i];
            if (!o->dead && o->x1 && o->status != SGSV_ST_LOGIN) sendf(o, "##[CHAT][%s] %s\n", c->name, text);
        }
        break;
    }
    case SG_CSA_X_VERSION:
        sgsv_send(c, "##[VERSION] komadai " SG_VERSION " CSA server (shogi-server protocol 1.2)\n##[VERSION] +OK\n");
        break;
    case SG_CSA_X_HELP:
        sgsv_send(c, "##[HELP] available commands \"%%WHO\", \"%%CHAT str\", \"%%GAME game_name +\", "
                       "\"%%GAME game_name -\"\n");
        break;
    case SG_CSA_X_GAME:
    case SG_CSA_X_CHALLENGE:
        if (cmd.a.len == 0) {
            if (c->status == SGSV_ST_CONNECTED || c->status == SGSV_ST_WAITING) {
                c->status = SGSV_ST_CONNECTED;
                c->game_name[0] = '\0';
            } else
                sendf(c, "##[ERROR] you are in %s status. GAME is valid in connected or game_waiting status\n",
                      status_name(c->status));
            break;
        }
        snprintf(name, sizeof name, "%.*s", cmd.a.len >= SG_CSA_NAME_MAX ? SG_CSA_NAME_MAX - 1 : cmd.a.len, cmd.a.s);
        want_game(s, c, name, cmd.turn, cmd.kind == SG_CSA_X_CHALLENGE);
        break;
    default: unknown(c, line, len); break;
    }
}

void sgsv_on_close(sgsv_server *s, sgsv_conn *c)
{
    sgsv_game *g = c->game;
    c->game = NULL;
    if (!g || g->finished) return;
    if (g->m.phase == SG_CSA_AGREEING) {
        for (int k = 0; k < 2; k++)
            if (g->p[k] != c) sendf(g->p[k], "REJECT:%s by %s\n", g->id, c->name);
        g->p[c->side] = NULL;
        sgsv_record_finish(s, g);
        release(s, g);
        return;
    }
    sg_csa_event ev;
    g->p[c->side] = NULL;
    sg_csa_match_stop(&g->m, s->stop ? SG_CSA_RES_CHUDAN : SG_CSA_RES_ABNORMAL, c->side, &ev);
    sgsv_log(s, "%s left game %s", c->name, g->id);
    finish(s, g);
}

void sgsv_on_tick(sgsv_server *s, double now)
{
    for (int i = 0; i < s->ngames; i++) {
        sgsv_game *g = s->games[i];
        if (g->finished) continue;
        if (g->m.phase == SG_CSA_AGREEING && now - g->created > s->agree_timeout) {
            for (int k = 0; k < 2; k++)
                if (g->p[k]) sendf(g->p[k], "REJECT:%s by the Server (timed out)\n", g->id);
            sgsv_record_finish(s, g);
            release(s, g);
            continue;
        }
        sg_csa_event ev;
        sg_csa_match_tick(&g->m, now - g->turn_started, &ev);
        if (ev.ended) finish(s, g);
    }
    /* finished games are freed here, after every use this round */
    int k = 0;
    for (int i = 0; i < s->ngames; i++) {
        if (s->games[i]->finished) free(s->games[i]);
        else s->games[k++] = s->games[i];
    }
    s->ngames = k;
}

double sgsv_next_timer(const sgsv_server *s, double now)
{
    double best = 1.0;
    for (int i = 0; i < s->ngames; i++) {
        const sgsv_game *g = s->games[i];
        if (g->finished || g->m.phase != SG_CSA_PLAYING) continue;
        double d = sg_clock_deadline(&g->m.clock, sg_csa_match_turn(&g->m));
        if (d < 0) continue;
        double left = g->turn_started + d - now;
        if (left < best) best = left;
    }
    return best < 0 ? 0 : best;
}
