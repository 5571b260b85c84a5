/* komadai --csa-server: the Lua config and its hooks.
 * The config is loaded by shogi.csa_server.load (its one marked loader);
 * hooks run in protected mode under an instruction-count stop, and an error
 * in one is logged and the hook's answer ignored (the server keeps going). */
#include <string.h>
#include <lauxlib.h>
#include "csa_server.h"

#define HOOK_STEPS 10000000   /* a hook running this many VM instructions is stopped */

static void too_long(lua_State *L, lua_Debug *ar)
{
    (void)ar;
    luaL_error(L, "the hook ran too long (more than %d instructions)", HOOK_STEPS);
}

/* pushes the module shogi.csa_server */
static bool push_module(lua_State *L)
{
    lua_getglobal(L, "require");
    lua_pushliteral(L, "shogi.csa_server");
    if (lua_pcall(L, 1, 1, 0) != LUA_OK) return false;
    return true;
}

static bool get_hook(sgsv_server *s, const char *name)
{
    if (s->hooks == LUA_NOREF) return false;
    lua_rawgeti(s->L, LUA_REGISTRYINDEX, s->hooks);
    lua_getfield(s->L, -1, name);
    lua_remove(s->L, -2);
    if (lua_isfunction(s->L, -1)) return true;
    lua_pop(s->L, 1);
    return false;
}

static bool call(sgsv_server *s, const char *name, int nargs, int nres)
{
    lua_sethook(s->L, too_long, LUA_MASKCOUNT, HOOK_STEPS);
    int st = lua_pcall(s->L, nargs, nres, 0);
    lua_sethook(s->L, NULL, 0, 0);
    fflush(stdout); /* what a hook prints shows at once, also into a file */
    if (st == LUA_OK) return true;
    const char *msg = lua_tostring(s->L, -1);
    char line[600];
    snprintf(line, sizeof line, "hook %s: %s", name, msg ? msg : "(error object is not a string)");
    lua_pop(s->L, 1);
    if (strcmp(name, "log") == 0) {  /* the log hook itself failed: stderr */
        fprintf(stderr, "komadai: %s\n", line);
        fflush(stderr);
    } else
        sgsv_hook_log(s, line);
    return false;
}

void sgsv_hook_log(sgsv_server *s, const char *line)
{
    if (get_hook(s, "log")) {
        lua_pushstring(s->L, line);
        if (call(s, "log", 1, 0)) return;
    }
    fprintf(stderr, "komadai: csa-server: %s\n", line);
    fflush(stderr);
}

static void set_str(lua_State *L, const char *k, const char *v)
{
    lua_pushstring(L, v);
    lua_setfield(L, -2, k);
}

static void set_int(lua_State *L, const char *k, lua_Integer v)
{
    lua_pushinteger(L, v);
    lua_setfield(L, -2, k);
}

static void push_player(lua_State *L, const sgsv_conn *c)
{
    lua_createtable(L, 0, 5);
    set_str(L, "name", c->name);
    if (c->player_id[0]) set_str(L, "id", c->player_id);
    set_str(L, "game", c->game_name);
    char t[2] = {c->turn, 0};
    set_str(L, "turn", t);
    lua_pushboolean(L, c->x1);
    lua_setfield(L, -2, "x1");
}

static void push_game(lua_State *L, const sgsv_game *g)
{
    lua_createtable(L, 0, 8);
    set_str(L, "id", g->id);
    set_str(L, "name", g->name);
    set_str(L, "black", g->names[0]);
    set_str(L, "white", g->names[1]);
    if (g->path[0]) set_str(L, "record", g->path);
}

bool sgsv_hook_pair(sgsv_server *s, const sgsv_conn *a, const sgsv_conn *b)
{
    if (!get_hook(s, "pair")) return true;
    push_player(s->L, a);
    push_player(s->L, b);
    if (!call(s, "pair", 2, 1)) return false;
    bool ok = lua_toboolean(s->L, -1) || lua_isnil(s->L, -1);
    lua_pop(s->L, 1);
    return ok;
}

bool sgsv_hook_game(sgsv_server *s, sgsv_game *g, sg_pos *start, sg_rules *r, char *err, int errsize)
{
    lua_State *L = s->L;
    int top = lua_gettop(L);
    if (!push_module(L)) {
        snprintf(err, (size_t)errsize, "%s", lua_tostring(L, -1));
        lua_settop(L, top);
        return false;
    }
    lua_getfield(L, -1, "setup");
    lua_pushstring(L, g->name);
    if (get_hook(s, "game")) {
        push_game(L, g);
        if (!call(s, "game", 1, 1)) {
            snprintf(err, (size_t)errsize, "the game hook failed");
            lua_settop(L, top);
            return false;
        }
    } else
        lua_pushnil(L);
    if (!call(s, "setup", 2, 4) || lua_isnil(L, -4)) {
        snprintf(err, (size_t)errsize, "%s", lua_isstring(L, -3) ? lua_tostring(L, -3) : "the game hook failed");
        lua_settop(L, top);
        return false;
    }
    const char *sfen = lua_tostring(L, -4), *variant = lua_tostring(L, -3), *rules = lua_tostring(L, -2);
    sg_variant v = SG_STANDARD;
    sg_error e;
    bool ok = sg_variant_from_name(variant, &v) && sg_pos_read_sfen(start, sfen, v, false, &e) &&
              sg_rules_preset(r, rules, v);
    if (ok) r->max_moves = lua_isinteger(L, -1) ? (int)lua_tointeger(L, -1) : s->max_moves;
    else snprintf(err, (size_t)errsize, "bad start %s", sfen);
    lua_settop(L, top);
    return ok;
}

bool sgsv_hook_end_test(sgsv_server *s, sgsv_game *g, int *winner, char id[32])
{
    lua_State *L = s->L;
    int top = lua_gettop(L);
    if (!get_hook(s, "end_test")) return false;
    push_game(L, g);
    char sfen[256];
    sg_pos_to_sfen(sg_game_pos(&g->m.game), sfen, sizeof sfen);
    set_str(L, "sfen", sfen);
    set_int(L, "ply", sg_game_ply(&g->m.game));
    set_str(L, "last_move", g->m.last_move);
    bool ended = false;
    if (call(s, "end_test", 1, 1) && push_module(L)) {
        lua_getfield(L, -1, "verdict");
        lua_pushvalue(L, -3);
        if (call(s, "end_test", 1, 2) && lua_isstring(L, -2)) {
            const char *why = sg_custom_id_check(lua_tostring(L, -2));
            if (why) sgsv_log(s, "hook end_test: bad verdict id '%s': %s", lua_tostring(L, -2), why);
            else {
                snprintf(id, 32, "%s", lua_tostring(L, -2));
                const char *w = lua_tostring(L, -1);
                *winner = !w ? -1 : w[0] == 'b' ? 0 : 1;
                ended = true;
            }
        }
    }
    lua_settop(L, top);
    return ended;
}

void sgsv_hook_move(sgsv_server *s, sgsv_game *g, const char *move, int used)
{
    if (!get_hook(s, "on_move")) return;
    push_game(s->L, g);
    set_str(s->L, "move", move);
    set_int(s->L, "time", used);
    set_int(s->L, "ply", sg_game_ply(&g->m.game));
    char sfen[256];
    sg_pos_to_sfen(sg_game_pos(&g->m.game), sfen, sizeof sfen);
    set_str(s->L, "sfen", sfen);
    call(s, "on_move", 1, 0);
}

void sgsv_hook_end(sgsv_server *s, sgsv_game *g)
{
    if (!get_hook(s, "on_end")) return;
    push_game(s->L, g);
    set_str(s->L, "result", g->m.cause);
    if (g->m.winner >= 0 && g->m.result != SG_CSA_RES_CHUDAN) set_str(s->L, "winner", g->m.winner ? "w" : "b");
    set_int(s->L, "moves", sg_game_ply(&g->m.game));
    call(s, "on_end", 1, 0);
}

/* ---- the config's settings ------------------------------------------------------------- */
static void str_setting(lua_State *L, const char *k, char *out, size_t size)
{
    if (lua_getfield(L, -1, k) == LUA_TSTRING) snprintf(out, size, "%s", lua_tostring(L, -1));
    lua_pop(L, 1);
}

static void num_setting(lua_State *L, const char *k, double *out)
{
    if (lua_getfield(L, -1, k) == LUA_TNUMBER) *out = lua_tonumber(L, -1);
    lua_pop(L, 1);
}

static void int_setting(lua_State *L, const char *k, int *out)
{
    if (lua_getfield(L, -1, k) == LUA_TNUMBER) *out = (int)lua_tointeger(L, -1);
    lua_pop(L, 1);
}

const char *sgsv_hooks_load(sgsv_server *s, const char *path, char *err, int errsize)
{
    lua_State *L = s->L;
    int top = lua_gettop(L);
    if (!push_module(L)) {
        snprintf(err, (size_t)errsize, "%s", lua_tostring(L, -1));
        lua_settop(L, top);
        return err;
    }
    lua_getfield(L, -1, "load");
    lua_pushstring(L, path);
    if (lua_pcall(L, 1, 2, 0) != LUA_OK || lua_isnil(L, -2)) {
        snprintf(err, (size_t)errsize, "%s", lua_tostring(L, -1));
        lua_settop(L, top);
        return err;
    }
    lua_pop(L, 1);
    str_setting(L, "address", s->address, sizeof s->address);
    str_setting(L, "event", s->event, sizeof s->event);
    str_setting(L, "records", s->records, sizeof s->records);
    int_setting(L, "max_moves", &s->max_moves);
    int_setting(L, "least_time_per_move", &s->least);
    int_setting(L, "max_connections_per_address", &s->per_address);
    num_setting(L, "login_timeout", &s->login_timeout);
    num_setting(L, "idle_timeout", &s->idle_timeout);
    num_setting(L, "agree_timeout", &s->agree_timeout);
    s->hooks = luaL_ref(L, LUA_REGISTRYINDEX);
    lua_settop(L, top);
    return NULL;
}
