/* The USI engine loop: see usi_engine.h.
 * Input is read with read(2) from fd 0 into one line buffer, blocking between
 * searches and without blocking from the search's poll callback (every 2048
 * nodes), so "stop", "ponderhit", "isready" and "quit" are answered while it
 * thinks; "go mate" runs the df-pn solver with the same poll callback. */
#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <lauxlib.h>
#include "usi_engine.h"
#include "../proto/usi.h"
#include "../core/quote.h"
#include "../mate/dfpn.h"
#include "../search/timeman.h"
#include "../search/eval_params.h"
#include "../lua/l_bot.h"
#include "../os/clock.h"
#include "../core/version.h"

#define LINE_MAX_LEN (1 << 16)
/* the df-pn solver's nodes at the root of each search (a few milliseconds) */
#define MATE_PROBE_NODES 20000
/* a Lua call stopped by the count hook after running this long is said (info string) */
#define INTERRUPT_SAY_SECONDS 0.01

typedef struct {
    lua_State *L;
    sg_usi_engine_io io;
    int bot_ref;                 /* the bot (shogi.bot) or LUA_NOREF */
    char bot_error[1024];        /* the bot file did not load: why (said at isready and go) */
    sg_usi_state st;
    sg_usi_cmd cmd;              /* the command being handled (big: one, reused) */
    sg_search *search;
    size_t search_mb;
    sg_rules rules;
    /* input */
    char buf[LINE_MAX_LEN];
    size_t len;
    bool eof;
    /* one search */
    volatile int stop;
    bool quit, stop_seen, infinite;
    double t0, soft_at, hard_at;  /* absolute deadlines (0: none) */
    sg_usi_go go;                 /* the go being run, for ponderhit */
} engine;

static void out(engine *e, const char *s)
{
    fputs(s, e->io.out);
    fflush(e->io.out);
}

static void info_string(engine *e, const char *s)
{
    fprintf(e->io.out, "info string %s\n", s);
    fflush(e->io.out);
}

/* ---- input ---------------------------------------------------------------------------- */
/* a whole line into line (true), or false when none is ready (or at the end) */
static bool next_line(engine *e, char *line, size_t size, int timeout_ms)
{
    for (;;) {
        char *nl = memchr(e->buf, '\n', e->len);
        if (nl || (e->eof && e->len)) {
            size_t n = nl ? (size_t)(nl - e->buf) : e->len;
            size_t k = n < size - 1 ? n : size - 1;
            memcpy(line, e->buf, k);
            line[k] = '\0';
            if (k && line[k - 1] == '\r') line[k - 1] = '\0';
            size_t used = nl ? n + 1 : n;
            memmove(e->buf, e->buf + used, e->len - used);
            e->len -= used;
            return true;
        }
        if (e->eof) return false;
        if (e->len == sizeof e->buf) { e->len = 0; info_string(e, "line too long: ignored"); }
        long got = e->io.read(e->io.ud, e->buf + e->len, sizeof e->buf - e->len, timeout_ms);
        if (got < 0) return false;
        if (got == 0) { e->eof = true; continue; }
        e->len += (size_t)got;
    }
}

/* the process's input: fd 0 */
static long read_stdin(void *ud, char *buf, size_t n, int timeout_ms)
{
    (void)ud;
    for (;;) {
        struct pollfd pfd = {0, POLLIN, 0};
        int r = poll(&pfd, 1, timeout_ms);
        if (r < 0 && errno == EINTR) continue;
        if (r <= 0) return -1;
        ssize_t got = read(0, buf, n);
        if (got < 0 && errno == EINTR) continue;
        return got < 0 ? 0 : (long)got;
    }
}

/* ---- the bot -------------------------------------------------------------------------- */
/* the bot's print(...): its text as "info string" lines (stdout is the protocol's) */
static int bot_print(lua_State *L)
{
    engine *e = lua_touserdata(L, lua_upvalueindex(1));
    size_t n;
    const char *text = luaL_checklstring(L, 1, &n);
    for (const char *p = text, *end = text + n; p <= end;) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        size_t k = nl ? (size_t)(nl - p) : (size_t)(end - p);
        fprintf(e->io.out, "info string %.*s\n", (int)k, p);
        if (!nl) break;
        p = nl + 1;
    }
    fflush(e->io.out);
    return 0;
}

/* loads the bot file; a failure is kept in bot_error (the engine goes on without a bot) */
static void load_bot(engine *e, const char *path)
{
    lua_State *L = e->L;
    lua_getglobal(L, "require");
    lua_pushliteral(L, "shogi.bot");
    if (lua_pcall(L, 1, 1, 0) != LUA_OK) goto fail;
    lua_getfield(L, -1, "set_print");
    lua_pushlightuserdata(L, e);
    lua_pushcclosure(L, bot_print, 1);
    if (lua_pcall(L, 1, 0, 0) != LUA_OK) goto fail;
    lua_getfield(L, -1, "load");
    lua_pushstring(L, path);
    if (lua_pcall(L, 1, 2, 0) != LUA_OK) goto fail;
    if (lua_isnil(L, -2)) goto fail;
    lua_pop(L, 1);
    e->bot_ref = luaL_ref(L, LUA_REGISTRYINDEX);
    lua_settop(L, 0);
    return;
fail:
    snprintf(e->bot_error, sizeof e->bot_error, "the bot did not load: %s",
             lua_isstring(L, -1) ? lua_tostring(L, -1) : "(no message)");
    fprintf(stderr, "komadai: %s\n", e->bot_error);
    lua_settop(L, 0);
}

static const char *bot_field(engine *e, const char *field, const char *def, char *buf, size_t size)
{
    snprintf(buf, size, "%s", def);
    if (e->bot_ref == LUA_NOREF) return buf;
    lua_rawgeti(e->L, LUA_REGISTRYINDEX, e->bot_ref);
    lua_getfield(e->L, -1, field);
    if (lua_type(e->L, -1) == LUA_TSTRING && lua_rawlen(e->L, -1) > 0) snprintf(buf, size, "%s", lua_tostring(e->L, -1));
    lua_pop(e->L, 2);
    return buf;
}

/* "option name ..." lines of the bot's options */
static void bot_options(engine *e)
{
    if (e->bot_ref == LUA_NOREF) return;
    lua_State *L = e->L;
    lua_rawgeti(L, LUA_REGISTRYINDEX, e->bot_ref);
    lua_getfield(L, -1, "options");
    int n = (int)luaL_len(L, -1);
    for (int i = 1; i <= n; i++) {
        lua_geti(L, -1, i);
        lua_getfield(L, -1, "name");
        lua_getfield(L, -2, "type");
        lua_getfield(L, -3, "default");
        const char *name = lua_tostring(L, -3), *type = lua_tostring(L, -2);
        if (strcmp(type, "button") == 0) fprintf(e->io.out, "option name %s type button", name);
        else fprintf(e->io.out, "option name %s type %s default %s", name, type, luaL_tolstring(L, -1, NULL));
        if (strcmp(type, "button") != 0) lua_pop(L, 1);
        if (strcmp(type, "spin") == 0) {
            lua_getfield(L, -4, "min");
            fprintf(e->io.out, " min %s", luaL_tolstring(L, -1, NULL));
            lua_getfield(L, -6, "max");
            fprintf(e->io.out, " max %s", luaL_tolstring(L, -1, NULL));
            lua_pop(L, 4);
        } else if (strcmp(type, "combo") == 0) {
            lua_getfield(L, -4, "vars");
            int k = (int)luaL_len(L, -1);
            for (int j = 1; j <= k; j++) {
                lua_geti(L, -1, j);
                fprintf(e->io.out, " var %s", lua_tostring(L, -1));
                lua_pop(L, 1);
            }
            lua_pop(L, 1);
        }
        fputc('\n', e->io.out);
        lua_pop(L, 4);
    }
    lua_pop(L, 2);
}

/* "option name Eval_..." and "Search_..." lines: the built-in evaluation's and search's parameters, offered
 * when no bot file replaces it (scripts/tune spsa fits them) */
static void builtin_options(engine *e)
{
    if (e->bot_ref != LUA_NOREF) return;
    sg_eval_param p;
    for (int i = 0; sg_eval_param_at(i, &p); i++)
        fprintf(e->io.out, "option name %s type spin default %d min %d max %d\n", p.name, p.value, p.min, p.max);
}

static void bot_set(engine *e, const char *name, const char *value)
{
    sg_eval_param p;
    if (e->bot_ref == LUA_NOREF && sg_eval_param_get(name, &p)) {
        char *end;
        long v = strtol(value, &end, 10);
        if (end == value || *end || v < p.min || v > p.max || !sg_eval_param_set(name, (int)v)) {
            char msg[160];
            snprintf(msg, sizeof msg, "setoption: %s takes a whole number from %d to %d", p.name, p.min, p.max);
            info_string(e, msg);
        }
        return;
    }
    if (e->bot_ref == LUA_NOREF) {
        char msg[160], q[72];
        snprintf(msg, sizeof msg, "setoption: unknown option '%s'", sg_quote(name, strlen(name), q, sizeof q));
        info_string(e, msg);
        return;
    }
    lua_State *L = e->L;
    lua_rawgeti(L, LUA_REGISTRYINDEX, e->bot_ref);
    lua_getfield(L, -1, "set");
    lua_pushvalue(L, -2);
    lua_pushstring(L, name);
    lua_pushstring(L, value);
    if (lua_pcall(L, 3, 2, 0) != LUA_OK) {
        info_string(e, lua_tostring(L, -1));
        lua_settop(L, 0);
        return;
    }
    if (lua_isnil(L, -2)) {
        char msg[300];
        snprintf(msg, sizeof msg, "setoption: %s", lua_tostring(L, -1));
        info_string(e, msg);
    }
    lua_settop(L, 0);
}

/* ---- commands while searching --------------------------------------------------------- */
static void set_deadlines(engine *e, const sg_pos *p, double from)
{
    const sg_usi_go *g = &e->go;
    sg_clock_spec c = {
        p->side == SG_BLACK ? g->btime : g->wtime, p->side == SG_BLACK ? g->binc : g->winc,
        g->byoyomi, g->movetime, e->st.margin_ms};
    double soft, hard;
    sg_timeman_budget(&c, &soft, &hard);
    e->soft_at = soft > 0 ? from + soft : 0;
    e->hard_at = hard > 0 ? from + hard : 0;
}

static void handle_busy(engine *e, const char *line)
{
    char reply[SG_USI_ERR_MAX + 32];
    sg_usi_parse(line, SG_STANDARD, &e->cmd);
    sg_usi_action a = sg_usi_step(&e->st, &e->cmd, reply, sizeof reply);
    out(e, reply);
    switch (a) {
    case SG_USI_DO_STOP: e->stop = 1; e->stop_seen = true; break;
    case SG_USI_DO_QUIT: e->stop = 1; e->stop_seen = true; e->quit = true; break;
    case SG_USI_DO_PONDERHIT: {
        sg_pos p;
        sg_usi_current(&e->st, &p, NULL, NULL);
        set_deadlines(e, &p, sg_clock_seconds());
        e->stop_seen = true; /* the wait after a finished ponder search ends */
        break;
    }
    default: break;
    }
}

static void poll_input(void *ud)
{
    engine *e = ud;
    char line[LINE_MAX_LEN];
    /* after a stop (or quit) the rest waits: a "position" and "go" sent right
     * behind "stop" are for the next search, not refused as busy */
    while (!e->quit && !e->stop && next_line(e, line, sizeof line, 0)) handle_busy(e, line);
    if (e->eof && !e->len) { e->stop = 1; e->quit = true; }
    double now = sg_clock_seconds();
    if (e->st.state == SG_USI_THINKING && e->hard_at > 0 && now >= e->hard_at) e->stop = 1;
}

static void on_progress(void *ud, const void *report)
{
    engine *e = ud;
    const sg_search_report *r = report;
    char line[4096];
    for (int k = 0; k < r->lines; k++) {
        sg_usi_info_line(r, k, r->lines > 1, line, sizeof line);
        fputs(line, e->io.out);
    }
    fflush(e->io.out);
    if (e->st.state == SG_USI_THINKING && e->soft_at > 0 && sg_clock_seconds() >= e->soft_at) e->stop = 1;
}

/* ---- go -------------------------------------------------------------------------------- */
/* the df-pn probe's nodes at the root: a few milliseconds' worth, less under
 * a small "go nodes" (a quarter of it: they count in it) or "go depth" D
 * (64 * 4^D: about what the search spends at that depth) */
static uint64_t mate_probe_nodes(const engine *e)
{
    uint64_t n = MATE_PROBE_NODES;
    if (e->io.max_nodes && e->io.max_nodes < n) n = e->io.max_nodes;
    if (e->go.nodes && e->go.nodes / 4 < n) n = e->go.nodes / 4;
    if (e->go.depth > 0 && e->go.depth < 8 && (64u << (2 * e->go.depth)) < n) n = 64u << (2 * e->go.depth);
    return n;
}

/* the last info line(s) before bestmove: the result's depth, score, nodes, nps and pv */
static void final_info(engine *e, const sg_search_report *r)
{
    char line[4096];
    if (r->lines > 0 && r->best != SG_MOVE_NONE) {
        for (int k = 0; k < r->lines; k++) {
            sg_usi_info_line(r, k, r->lines > 1, line, sizeof line);
            fputs(line, e->io.out);
        }
    } else {   /* no move: mated (no legal move), or a declaration's win */
        fprintf(e->io.out, "info depth 0 seldepth 0 score mate %s nodes %llu nps %llu time %ld\n",
                r->declare ? "+0" : "-0", (unsigned long long)r->nodes, (unsigned long long)r->nps,
                (long)(r->seconds * 1000));
    }
}


static int hash_mb(const engine *e)
{
    return e->io.max_hash_mb && e->st.hash_mb > e->io.max_hash_mb ? e->io.max_hash_mb : e->st.hash_mb;
}

/* the search with the table USI_Hash asks for (made again when that changed;
 * 1 MB when that much cannot be had); made at isready too, so the first move
 * does not pay for it */
static void ensure_search(engine *e)
{
    size_t mb = (size_t)hash_mb(e);
    if (mb != e->search_mb) {
        sg_search_free(e->search);
        e->search = sg_search_new(mb);
        e->search_mb = e->search ? mb : 0;
    }
    if (!e->search) e->search = sg_search_new(e->search_mb = 1);
}

static void run_search(engine *e)
{
    size_t n = (size_t)e->st.nmoves + 1;
    uint64_t *keys = malloc(n * sizeof *keys);
    bool *checks = malloc(n * sizeof *checks);
    if (!keys || !checks) {
        free(keys); free(checks);
        info_string(e, "go: not enough memory");
        out(e, "bestmove resign\n");
        sg_usi_search_done(&e->st);
        return;
    }
    sg_pos p;
    sg_usi_current(&e->st, &p, keys, checks);
    ensure_search(e);
    sg_search_opts o;
    sg_search_opts_default(&o);
    o.depth = e->go.depth;
    o.multipv = e->st.multipv;
    o.mate_nodes = mate_probe_nodes(e);
    o.rules = &e->rules;
    o.history_keys = keys;
    o.history_check = checks;
    o.history_len = (int)n;
    sg_move only[64];
    int nonly = 0;
    for (int i = 0; i < e->go.nsearchmoves; i++) {
        const char *why;
        sg_move m;
        if (sg_move_from_usi(&p, e->go.searchmoves[i], &m, &why) && sg_is_legal(&p, m) == SG_LEGAL) {
            only[nonly++] = m;
            continue;
        }
        /* the whole go is refused: no search, no bestmove, nothing changed */
        char msg[128], q[24];
        snprintf(msg, sizeof msg, "go: searchmoves: %s is not a legal move here (the go is ignored)",
                 sg_quote(e->go.searchmoves[i], strlen(e->go.searchmoves[i]), q, sizeof q));
        info_string(e, msg);
        free(keys); free(checks);
        sg_usi_search_done(&e->st);
        return;
    }
    o.root_moves = only;
    o.root_moves_len = nonly;
    sgl_bot bot = {0};
    if (e->bot_ref != LUA_NOREF) {
        lua_rawgeti(e->L, LUA_REGISTRYINDEX, e->bot_ref);
        const char *err = sgl_bot_wire(e->L, -1, "values", e->search, &o, &bot);
        if (err) info_string(e, err);   /* shogi.bot checked the fields: not expected */
        lua_settop(e->L, 0);
    }
    e->stop = 0;
    e->stop_seen = false;
    e->infinite = e->go.infinite;
    e->soft_at = e->hard_at = 0;
    if (e->st.state == SG_USI_THINKING && !e->go.infinite) set_deadlines(e, &p, sg_clock_seconds());
    /* the mate probe takes a tenth of the move's time at most (pondering: 50 ms) */
    o.mate_seconds = e->hard_at > 0 ? (e->hard_at - sg_clock_seconds()) / 10 : 0.05;
    if (o.mate_seconds <= 0) o.mate_seconds = 0.001;
    sg_limits lim = sg_limits_none();
    lim.nodes = e->go.nodes;
    if (e->io.max_nodes && (!lim.nodes || lim.nodes > e->io.max_nodes)) lim.nodes = e->io.max_nodes;
    lim.stop = &e->stop;
    lim.poll = poll_input;
    lim.poll_ud = e;
    lim.progress = on_progress;
    lim.progress_ud = e;
    sg_search_report *r = malloc(sizeof *r);
    if (!r) {
        free(keys); free(checks);
        sgl_bot_unwire(&bot);
        out(e, "bestmove resign\n");
        sg_usi_search_done(&e->st);
        return;
    }
    sg_search_run(e->search, &p, &o, &lim, r);
    for (int k = 0; k < 3; k++) {
        const char *which, *why = sgl_bot_error(&bot, k, &which);
        char msg[600];
        if (why) {
            snprintf(msg, sizeof msg, "%s error: %s", which, why);
            info_string(e, msg);
        }
        if ((why = sgl_bot_warning(&bot, k, &which))) {
            snprintf(msg, sizeof msg, "%s warning: %s", which, why);
            info_string(e, msg);
        }
    }
    /* a call that ran long when the stop came (a normal one takes microseconds) */
    if (bot.interrupted && bot.interrupted_seconds >= INTERRUPT_SAY_SECONDS) {
        char msg[200];
        snprintf(msg, sizeof msg, "%s interrupted: one call ran %.0f ms and was stopped (the time limit, a stop or quit)",
                 bot.interrupted, bot.interrupted_seconds * 1000);
        info_string(e, msg);
    }
    sgl_bot_unwire(&bot);
    /* a search that ended by itself under "go infinite" or "go ponder" waits for stop/ponderhit */
    char line[LINE_MAX_LEN];
    while (!e->quit && !e->stop_seen && (e->infinite || e->st.state == SG_USI_PONDERING)) {
        if (!next_line(e, line, sizeof line, -1)) { if (e->eof) e->quit = true; continue; }
        handle_busy(e, line);
    }
    if (r->lines == 0 && r->best != SG_MOVE_NONE) r->lines = 1;
    final_info(e, r);
    char best[64];
    sg_usi_bestmove_line(r, e->st.ponder, best, sizeof best);
    out(e, best);
    sg_usi_search_done(&e->st);
    free(r);
    free(keys);
    free(checks);
}

static void run_mate(engine *e)
{
    sg_mate_table *tt = sg_mate_table_new((size_t)hash_mb(e) << 20);
    sg_dfpn_result *r = malloc(sizeof *r);
    if (!tt || !r) {
        sg_mate_table_free(tt);
        free(r);
        info_string(e, "go mate: not enough memory");
        out(e, "checkmate timeout\n");
        sg_usi_search_done(&e->st);
        return;
    }
    sg_pos p;
    sg_usi_current(&e->st, &p, NULL, NULL);
    sg_dfpn_opts o;
    sg_dfpn_opts_default(&o);
    e->stop = 0;
    e->stop_seen = false;
    e->soft_at = e->hard_at = 0;
    o.limits.stop = &e->stop;
    o.limits.seconds = e->go.mate_ms > 0 ? (double)e->go.mate_ms / 1000.0 : 0;
    o.limits.poll = poll_input;   /* stop, isready and quit are answered while it solves */
    o.limits.poll_ud = e;
    o.limits.nodes = e->io.max_nodes;
    sg_dfpn_solve(tt, &p, p.side, &o, r);
    if (r->status == SG_DFPN_MATE) {
        char buf[SG_DFPN_MAX_PV * 7 + 16];
        int n = snprintf(buf, sizeof buf, "checkmate");
        for (int i = 0; i < r->pv_len; i++) {
            char u[6];
            sg_move_to_usi(r->pv[i], u);
            n += snprintf(buf + n, sizeof buf - (size_t)n, " %s", u);
        }
        snprintf(buf + n, sizeof buf - (size_t)n, "\n");
        out(e, buf);
    } else {
        out(e, r->status == SG_DFPN_NOMATE ? "checkmate nomate\n" : "checkmate timeout\n");
    }
    sg_mate_table_free(tt);
    free(r);
    sg_usi_search_done(&e->st);
}

/* ---- the loop ------------------------------------------------------------------------------- */
static void usi_hello(engine *e)
{
    char name[128], author[128];
    bot_field(e, "name", "komadai " SG_VERSION, name, sizeof name);
    bot_field(e, "author", "the komadai authors", author, sizeof author);
    FILE *f = e->io.out;
    fprintf(f, "id name %s\nid author %s\n", name, author);
    fprintf(f, "option name USI_Hash type spin default %d min 1 max 65536\n", e->st.hash_mb);
    fprintf(f, "option name USI_Ponder type check default false\n");
    fprintf(f, "option name MultiPV type spin default 1 min 1 max %d\n", SG_MAX_MULTIPV);
    fprintf(f, "option name NetworkDelay type spin default %d min 0 max 10000\n", e->st.margin_ms);
    bot_options(e);
    builtin_options(e);
    out(e, "usiok\n");
}

static void handle_idle(engine *e, const char *line)
{
    char reply[SG_USI_ERR_MAX + 32];
    sg_usi_parse(line, SG_STANDARD, &e->cmd);
    sg_usi_action a = sg_usi_step(&e->st, &e->cmd, reply, sizeof reply);
    if (a == SG_USI_DO_REPLY && e->cmd.kind == SG_USI_ISREADY) {   /* before readyok */
        ensure_search(e);
        if (e->bot_error[0]) info_string(e, e->bot_error);
    }
    out(e, reply);
    switch (a) {
    case SG_USI_DO_REPLY:
        if (e->cmd.kind == SG_USI_USI) usi_hello(e);
        break;
    case SG_USI_DO_NEWGAME:
        if (e->search) sg_search_clear(e->search);
        break;
    case SG_USI_DO_OPTION: bot_set(e, e->cmd.name, e->cmd.value); break;
    case SG_USI_DO_SEARCH:
        e->go = e->cmd.go;
        if (e->go.mate) run_mate(e);
        else if (e->bot_error[0]) {   /* a bot that did not load plays nothing: the reason, and resign */
            info_string(e, e->bot_error);
            out(e, "bestmove resign\n");
            sg_usi_search_done(&e->st);
        }
        else run_search(e);
        break;
    case SG_USI_DO_QUIT: e->quit = true; break;
    default: break;
    }
}

int sg_usi_engine_run(lua_State *L, const char *bot_path)
{
    sg_usi_engine_io io = {read_stdin, NULL, stdout, 0, 0};
    return sg_usi_engine_run_io(L, bot_path, &io);
}

int sg_usi_engine_run_io(lua_State *L, const char *bot_path, const sg_usi_engine_io *io)
{
    engine *e = calloc(1, sizeof *e);
    if (!e) { fprintf(stderr, "komadai: not enough memory\n"); return 1; }
    e->io = *io;
    e->L = L;
    e->bot_ref = LUA_NOREF;
    sg_usi_state_init(&e->st);
    sg_rules_computer(&e->rules, SG_STANDARD);
    if (bot_path) load_bot(e, bot_path);
    char *line = malloc(LINE_MAX_LEN);
    if (!line) { free(e); return 1; }
    while (!e->quit && next_line(e, line, LINE_MAX_LEN, -1)) handle_idle(e, line);
    free(line);
    sg_search_free(e->search);
    if (e->bot_ref != LUA_NOREF) luaL_unref(L, LUA_REGISTRYINDEX, e->bot_ref);
    free(e);
    return 0;
}
