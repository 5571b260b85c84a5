/* The bot wiring: see l_bot.h. */
#include <string.h>
#include "l_bot.h"

/* ---- one Lua callback ------------------------------------------------------------------ */
/* fn at fn_idx, opts at opts_idx (0: none, an empty table is used) */
static void callback_init(lua_State *L, int fn_idx, int opts_idx, sg_search *s, sgl_lua_eval *e)
{
    fn_idx = lua_absindex(L, fn_idx);
    if (opts_idx) opts_idx = lua_absindex(L, opts_idx);
    e->L = L;
    e->search = s;
    e->failed = false;
    e->err[0] = '\0';
    lua_pushvalue(L, fn_idx);
    e->fn_ref = luaL_ref(L, LUA_REGISTRYINDEX);
    if (opts_idx) lua_pushvalue(L, opts_idx);
    else lua_newtable(L);
    e->opts_ref = luaL_ref(L, LUA_REGISTRYINDEX);
    e->view = sgl_eval_view_push(L, s);
    e->view_ref = luaL_ref(L, LUA_REGISTRYINDEX);
}

static void callback_free(sgl_lua_eval *e)
{
    if (!e->L) return;
    luaL_unref(e->L, LUA_REGISTRYINDEX, e->fn_ref);
    luaL_unref(e->L, LUA_REGISTRYINDEX, e->opts_ref);
    luaL_unref(e->L, LUA_REGISTRYINDEX, e->view_ref);
    e->L = NULL;
}

static void fail(sgl_lua_eval *e, const char *msg)
{
    if (!e->failed) {
        e->failed = true;
        snprintf(e->err, sizeof e->err, "%s", msg);
    }
    sg_search_abort(e->search);
}

/* calls fn(view, [move,] opts) with p bound to the view: the status, and on
 * LUA_OK the result on the stack; an error is dealt with here (a host's
 * interrupt is a stop, anything else a failure) and leaves nothing */
static int call(sgl_lua_eval *e, const sg_pos *p, bool with_move, sg_move m)
{
    lua_State *L = e->L;
    lua_rawgeti(L, LUA_REGISTRYINDEX, e->fn_ref);
    lua_rawgeti(L, LUA_REGISTRYINDEX, e->view_ref);
    sgl_eval_view_bind(e->view, p);
    if (with_move) sgl_pushmove(L, m);
    lua_rawgeti(L, LUA_REGISTRYINDEX, e->opts_ref);
    int status = lua_pcall(L, with_move ? 3 : 2, 1, 0);
    sgl_eval_view_bind(e->view, NULL);
    if (status != LUA_OK) {
        if (*sgl_interrupt_flag(L)) sg_search_stop(e->search);   /* Ctrl-C inside: a stop, not a fault */
        else fail(e, luaL_tolstring(L, -1, NULL));
        lua_settop(L, lua_gettop(L) - (*sgl_interrupt_flag(L) ? 1 : 2));
    }
    return status;
}

/* an sg_eval_fn: ud is the sgl_lua_eval */
static int eval_call(void *ud, const sg_pos *p)
{
    sgl_lua_eval *e = ud;
    if (e->failed || call(e, p, false, SG_MOVE_NONE) != LUA_OK) return 0;
    lua_State *L = e->L;
    int isnum;
    lua_Number n = lua_tonumberx(L, -1, &isnum);
    int score = 0;
    if (!isnum || n != n) {
        fail(e, lua_pushfstring(L, "the evaluation returned %s, not a number", luaL_typename(L, -1)));
        lua_pop(L, 1);
    } else {
        score = n > 30000 ? 30000 : n < -30000 ? -30000 : (int)n;
    }
    lua_pop(L, 1);
    return score;
}

static int order_call(void *ud, const sg_pos *p, sg_move m)
{
    sgl_lua_eval *e = ud;
    if (e->failed || call(e, p, true, m) != LUA_OK) return 0;
    int isnum;
    lua_Number n = lua_tonumberx(e->L, -1, &isnum);
    if (!isnum || n != n) {
        fail(e, lua_pushfstring(e->L, "the order hook returned %s, not a number", luaL_typename(e->L, -1)));
        lua_pop(e->L, 2);
        return 0;
    }
    lua_pop(e->L, 1);
    return n > 1e6 ? 1000000 : n < -1e6 ? -1000000 : (int)n;
}

static int prune_call(void *ud, const sg_pos *p, sg_move m)
{
    sgl_lua_eval *e = ud;
    if (e->failed || call(e, p, true, m) != LUA_OK) return 0;
    int prune = lua_toboolean(e->L, -1);
    lua_pop(e->L, 1);
    return prune;
}

/* ---- the wiring ------------------------------------------------------------------------- */
static const char *const HOOKS[] = {"order", "prune"};

const char *sgl_bot_wire(lua_State *L, int idx, const char *opts_field, sg_search *s, sg_search_opts *o,
                         sgl_bot *b)
{
    idx = lua_absindex(L, idx);
    memset(b, 0, sizeof *b);
    int top = lua_gettop(L);
    /* every field is checked before anything is held */
    lua_getfield(L, idx, "eval");
    int eval_idx = lua_gettop(L);
    const sgl_c_eval *ce = luaL_testudata(L, eval_idx, SGL_C_EVAL);
    bool lua_eval = lua_isfunction(L, eval_idx);
    sg_eval_fn fn = NULL;
    void *fn_ud = NULL;
    const char *err = NULL;
    if (ce) {
        if (!ce->fn) err = "option 'eval': the C evaluation has no function";
        fn = ce->fn;   /* the table holding the handle keeps it alive */
        fn_ud = ce->ud;
    } else if (lua_type(L, eval_idx) == LUA_TSTRING && strcmp(lua_tostring(L, eval_idx), "material") == 0) {
        fn = sg_eval_material_only;
    } else if (!lua_eval && !lua_isnil(L, eval_idx)
               && !(lua_type(L, eval_idx) == LUA_TSTRING && strcmp(lua_tostring(L, eval_idx), "builtin") == 0)) {
        err = "option 'eval' must be a function, \"builtin\", \"material\" or a C evaluation";
    }
    lua_getfield(L, idx, opts_field);
    int opts_idx = lua_gettop(L);
    if (!err && !lua_isnil(L, opts_idx) && !lua_istable(L, opts_idx))
        err = lua_pushfstring(L, "option '%s' must be a table", opts_field);
    int hook_idx[2];
    for (int h = 0; h < 2; h++) {
        lua_getfield(L, idx, HOOKS[h]);
        hook_idx[h] = lua_gettop(L);
        if (!err && !lua_isnil(L, -1) && !lua_isfunction(L, -1))
            err = lua_pushfstring(L, "option '%s' must be a function", HOOKS[h]);
    }
    if (err) {
        lua_pushstring(L, err);
        lua_replace(L, top + 1);
        lua_settop(L, top + 1);
        return lua_tostring(L, -1);
    }
    int opts = lua_isnil(L, opts_idx) ? 0 : opts_idx;
    if (lua_eval) {
        callback_init(L, eval_idx, opts, s, &b->eval);
        o->eval = eval_call;
        o->eval_ud = &b->eval;
    } else if (fn) {
        o->eval = fn;
        o->eval_ud = fn_ud;
    }
    if (lua_isfunction(L, hook_idx[0])) {
        callback_init(L, hook_idx[0], opts, s, &b->order);
        o->order = order_call;
        o->order_ud = &b->order;
    }
    if (lua_isfunction(L, hook_idx[1])) {
        callback_init(L, hook_idx[1], opts, s, &b->prune);
        o->prune = prune_call;
        o->prune_ud = &b->prune;
    }
    lua_settop(L, top);
    return NULL;
}

void sgl_bot_unwire(sgl_bot *b)
{
    callback_free(&b->eval);
    callback_free(&b->order);
    callback_free(&b->prune);
}

const char *sgl_bot_error(const sgl_bot *b, int k, const char **name)
{
    static const char *const NAMES[] = {"eval", "order", "prune"};
    const sgl_lua_eval *all[] = {&b->eval, &b->order, &b->prune};
    *name = NAMES[k];
    return all[k]->failed ? all[k]->err : NULL;
}
