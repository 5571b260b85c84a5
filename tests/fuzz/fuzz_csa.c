/* libFuzzer target: the CSA server's line parser (src/proto/csa_line.c) and
 * its per-connection state machine (src/server/csa_server.c: LOGIN, AGREE,
 * REJECT, moves, %TORYO and the other %WORDs, the x1 commands, pairing,
 * games and their ends), driven without sockets: this file stands in for the
 * event loop of csa_net.c (sending into memory, a clock of its own).
 * The input is lines; the first byte of each says what happens:
 *   't'             the clock runs on by the number after it (seconds, at most 9999), timers run
 *   'x'             client ((next byte + 2) mod 3: 'a', 'b', 'c' are 0, 1, 2) disconnects;
 *                   a new client takes its place
 *   any other byte  the rest is a line from client ((byte + 2) mod 3: "aLOGIN ..." is client 0's)
 * As in csa_net.c: a '\r' before the end of a line is cut (answers then end
 * in "\r\n"), a line longer than SGSV_LINE_MAX drops the client, a client
 * the server closes (LOGOUT, the end of a CSA-mode game) is gone at once.
 * Byte 0 of the input: bit 0 a move cap of 8 (else 256) so games end by it.
 * Findings: a crash or sanitizer report; a byte sent to a client that is a
 * control character or not UTF-8 (bad input must come back escaped); a
 * client whose state and game disagree (in a game's states but not one of
 * its players, or a player of a finished game). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <lauxlib.h>
#include <lualib.h>
#include "../../src/lua/binding.h"
#include "lua_host.h"
#include "../../src/server/csa_server.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define CSA_MAX_INPUT 16384
#define CLIENTS 3

/* ---- the event loop's part (csa_net.c), in memory ------------------------------------ */
static double fake_now; /* sgsv_now takes no argument: the one clock of this process */

double sgsv_now(void) { return fake_now; }

void sgsv_send(sgsv_conn *c, const char *text)
{
    if (c->dead) return;
    for (const char *p = text; *p; p++) {
        if (*p == '\n' && c->crlf) sgsv_send(c, "\r");
        if (c->outlen + 1 > c->outcap) {
            size_t cap = c->outcap ? 2 * c->outcap : 1024;
            char *q = realloc(c->out, cap);
            if (!q) abort();
            c->out = q;
            c->outcap = cap;
        }
        c->out[c->outlen++] = *p;
    }
}

void sgsv_close_after(sgsv_conn *c) { c->closing = true; }

sgsv_conn *sgsv_conn_by_id(sgsv_server *s, unsigned id)
{
    for (int i = 0; i < s->nconns; i++)
        if (s->conns[i]->id == id && !s->conns[i]->dead) return s->conns[i];
    return NULL;
}


/* ---- checks ---------------------------------------------------------------------------- */
static void finding(const char *what, const sgsv_conn *c)
{
    fprintf(stderr, "finding: client %u (%s): %s\n", c->id, c->name, what);
    abort();
}

/* what was sent to c: UTF-8 without control characters but the line ends */
static void check_out(sgsv_conn *c)
{
    const unsigned char *s = (const unsigned char *)c->out;
    size_t n = c->outlen;
    for (size_t i = 0; i < n;) {
        unsigned ch = s[i];
        size_t k = ch < 0x80 ? 0 : ch >= 0xc2 && ch < 0xe0 ? 1 : ch >= 0xe0 && ch < 0xf0 ? 2 : ch >= 0xf0 && ch < 0xf5 ? 3 : 9;
        bool ok = k < 9 && ch != 0x7f && i + k < n &&
                  (k > 0 || ch >= 0x20 || ch == '\n' || (ch == '\r' && i + 1 < n && s[i + 1] == '\n'));
        for (size_t j = 1; ok && j <= k; j++) ok = (s[i + j] & 0xc0) == 0x80;
        if (!ok) {
            fprintf(stderr, "finding: sent '%.*s'\n", (int)(n - i < 80 ? n - i : 80), c->out + i);
            finding("a control character or a byte that is not UTF-8 was sent", c);
        }
        i += k + 1;
    }
    c->outlen = 0;
}

static void check_state(const sgsv_conn *c)
{
    bool in_game = c->status == SGSV_ST_AGREE || c->status == SGSV_ST_START_WAITING || c->status == SGSV_ST_GAME;
    if (in_game && !c->game) finding("in a game's state without a game", c);
    if (!in_game && c->game) finding("has a game but is not in a game's state", c);
    if (c->game && (c->game->finished || c->side < 0 || c->side > 1 || c->game->p[c->side] != c))
        finding("its game is finished or does not have it as a player", c);
}

/* ---- the server ------------------------------------------------------------------------- */
static sgsv_conn *new_conn(sgsv_server *s)
{
    sgsv_conn *c = calloc(1, sizeof *c);
    if (!c) abort();
    c->fd = -1;
    c->id = ++s->next_id;
    snprintf(c->addr, sizeof c->addr, "127.0.0.1");
    c->since = c->last_input = fake_now;
    c->status = SGSV_ST_LOGIN;
    c->turn = '*';
    return c;
}

static void free_conn(sgsv_conn *c)
{
    free(c->out);
    free(c);
}

/* csa_net.c's reap: closed and dropped clients go (a new one connects in their place) */
static void reap(sgsv_server *s, bool replace)
{
    for (int i = 0; i < s->nconns; i++) {
        sgsv_conn *c = s->conns[i];
        if (c->closing) c->dead = true;
        if (c->dead) sgsv_on_close(s, c);
    }
    for (int i = 0; i < s->nconns; i++) {
        if (!s->conns[i]->dead) continue;
        free_conn(s->conns[i]);
        s->conns[i] = replace ? new_conn(s) : NULL;
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static lua_State *L;
    if (size < 1 || size > CSA_MAX_INPUT) return 0;
    if (!L) L = fuzz_lua_state("");
    fake_now = 1000;
    sgsv_server *s = calloc(1, sizeof *s);
    sgsv_conn *conns[CLIENTS];
    if (!s) abort();
    s->L = L;
    snprintf(s->address, sizeof s->address, "127.0.0.1");
    snprintf(s->event, sizeof s->event, "fuzz");
    s->max_moves = (data[0] & 1) ? 8 : 256;
    s->per_address = 64;
    s->login_timeout = 30;
    s->idle_timeout = 3600;
    s->agree_timeout = 120;
    s->rng = 12345;
    s->last_stamp = 29991231235959LL; /* game ids end in 29991231235960, ...: seeds can name them */
    /* a config with a log hook only, so the server's log stays quiet */
    if (luaL_dostring(L, "return {log = function() end}") != LUA_OK) abort();
    s->hooks = luaL_ref(L, LUA_REGISTRYINDEX);
    for (int k = 0; k < CLIENTS; k++) conns[k] = new_conn(s);
    s->conns = conns;
    s->nconns = CLIENTS;
    const char *p = (const char *)data + 1, *end = (const char *)data + size;
    while (p < end) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        size_t n = nl ? (size_t)(nl - p) : (size_t)(end - p);
        if (n > 0) {
            unsigned char op = (unsigned char)p[0];
            if (op == 't') {
                char num[5] = {0};
                for (size_t i = 1; i < n && i < 5 && p[i] >= '0' && p[i] <= '9'; i++) num[i - 1] = p[i];
                fake_now += atoi(num);
                sgsv_on_tick(s, fake_now);
            } else if (op == 'x') {
                sgsv_conn *c = conns[(n > 1 ? (unsigned char)p[1] + 2u : 0u) % CLIENTS];
                c->dead = true;
            } else {
                sgsv_conn *c = conns[(op + 2u) % CLIENTS];
                char line[SGSV_LINE_MAX + 2];
                size_t len = n - 1;
                c->last_input = fake_now;
                if (len > SGSV_LINE_MAX) {
                    sgsv_send(c, "##[ERROR] line too long\n");
                    c->dead = true;
                } else if (!c->closing && !c->dead) {
                    memcpy(line, p + 1, len);
                    if (len > 0 && line[len - 1] == '\r') { len--; c->crlf = true; }
                    line[len] = '\0';
                    sgsv_on_line(s, c, line, (int)len);
                }
            }
        }
        for (int k = 0; k < CLIENTS; k++) check_out(conns[k]);
        reap(s, true);
        for (int k = 0; k < CLIENTS; k++) check_state(conns[k]);
        p += n + 1;
    }
    /* the end: every client leaves, as when the server stops */
    s->stop = true;
    for (int k = 0; k < CLIENTS; k++) conns[k]->dead = true;
    reap(s, false);
    sgsv_on_tick(s, fake_now);
    if (s->ngames != 0) { fprintf(stderr, "finding: %d games left after every client left\n", s->ngames); abort(); }
    free(s->games);
    luaL_unref(L, LUA_REGISTRYINDEX, s->hooks);
    free(s);
    lua_settop(L, 0);
    return 0;
}
