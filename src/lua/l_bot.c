/* The bot wiring: see l_bot.h. */
#include <string.h>
#include "l_bot.h"
#include "bot_watch.h"
#include "../os/clock.h"

/* instructions between two calls of the count hook */
#define HOOK_COUNT 1000
/* the registry key of the bot wired last (a light userdata): the hook's */
static const char BOT_KEY = 'b';

/* ---- one Lua callback ------------------------------------------------------------------ */
/* fn at fn_idx, opts at opts_idx (0: none, an empty table is used) */
static void callback_init(lua_State *L, int fn_idx, int opts_idx, sg_search *s, sgl_bot *b, sgl_lua_eval *e)
{
    fn_idx = lua_absindex(L, fn_idx);
    if (opts_idx) opts_idx = lua_absindex(L, opts_idx);
    e->L = L;
    e->search = s;
    e->bot = b;
    e->failed = false;
    e->err[0] = e->warn[0] = '\0';
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

static const char *callback_name(const sgl_bot *b, const sgl_lua_eval *e)
{ return e == &b->eval ? "eval" : e == &b->order ? "order" : "prune"; }

/* ---- the count hook: the search's limits while Lua runs ---------------------------------- */
static void bot_hook(lua_State *L, lua_Debug *ar)
{
    lua_rawgetp(L, LUA_REGISTRYINDEX, &BOT_KEY);
    sgl_bot *b = lua_touserdata(L, -1);
    lua_pop(L, 1);
    if (!b || !b->running) {   /* a coroutine's copy of the hook, after the call */
        lua_sethook(L, NULL, 0, 0);
        return;
    }
    /* the hook that was there (the sandbox's limits, the host's Ctrl-C) first: it may raise */
    if (b->prev_hook && b->prev_hook != bot_hook) b->prev_hook(L, ar);
    if (!b->raising) {
        double now = sg_clock_seconds();
        if (b->first_tick == 0) b->first_tick = now;
        if (!sg_search_check_now(b->running->search)) return;
        b->raising = true;
        if (!b->interrupted || now - b->first_tick > b->interrupted_seconds) {
            b->interrupted = callback_name(b, b->running);
            b->interrupted_seconds = now - b->first_tick;
        }
    }
    lua_sethook(L, bot_hook, LUA_MASKCOUNT, 1);   /* again at every instruction: no pcall swallows it */
    luaL_error(L, "the search was stopped (a time limit or a stop) while the %s function ran",
               callback_name(b, b->running));
}

/* the watchdog's signal handler, on the search's thread: a call of b that outlasted a tick gets
 * the hook (lua_sethook is safe there, as lua.c's Ctrl-C handler uses it) */
void sgl_bot_arm_lazy(sgl_bot *b)
{
    if (b->in_call && b->lazy_L && lua_gethook(b->lazy_L) != bot_hook)
        lua_sethook(b->lazy_L, bot_hook, LUA_MASKCOUNT, HOOK_COUNT);
}

/* calls fn(view, [move,] opts) with p bound to the view: the status, and on
 * LUA_OK the result on the stack; an error is dealt with here (a host's
 * interrupt or the hook's stop is a stop, anything else a failure) and
 * leaves nothing */
static int call(sgl_lua_eval *e, const sg_pos *p, bool with_move, sg_move m)
{
    lua_State *L = e->L;
    sgl_bot *b = e->bot;
    lua_rawgeti(L, LUA_REGISTRYINDEX, e->fn_ref);
    lua_rawgeti(L, LUA_REGISTRYINDEX, e->view_ref);
    sgl_eval_view_bind(e->view, p);
    if (with_move) sgl_pushmove(L, m);
    lua_rawgeti(L, LUA_REGISTRYINDEX, e->opts_ref);
    /* the count hook: lazy (armed by the watchdog when the call outlasts a tick) when no hook is
     * there, else set now unless a line or call hook (a debugger's) is there */
    b->prev_hook = lua_gethook(L);
    b->prev_mask = lua_gethookmask(L);
    b->prev_count = lua_gethookcount(L);
    bool lazy = !b->prev_hook && b->watch;
    bool hooked = lazy || !b->prev_hook || b->prev_mask == LUA_MASKCOUNT;
    if (hooked) {
        b->running = e;
        b->raising = false;
        b->first_tick = 0;
    }
    if (lazy) {
        b->lazy_L = L;
        b->in_call = 1;
        sgl_watch_enter(b->watch);
    } else if (hooked) {
        int count = b->prev_hook && b->prev_count < HOOK_COUNT ? b->prev_count : HOOK_COUNT;
        lua_sethook(L, bot_hook, LUA_MASKCOUNT, count);
    }
    int status = lua_pcall(L, with_move ? 3 : 2, 1, 0);
    if (lazy) {   /* first no more arming, then the hook the watchdog may have armed goes */
        b->in_call = 0;
        sgl_watch_leave(b->watch);
    }
    bool stopped = hooked && b->raising;
    if (hooked) {
        /* a hook set during the call (a SIGINT handler's, the sandbox's armed stop) stays */
        if (lua_gethook(L) == bot_hook) lua_sethook(L, b->prev_hook, b->prev_mask, b->prev_count);
        b->running = NULL;
    }
    sgl_eval_view_bind(e->view, NULL);
    if (status != LUA_OK) {
        if (stopped || *sgl_interrupt_flag(L)) {
            sg_search_stop(e->search);   /* a stop or Ctrl-C inside: not a fault */
            lua_pop(L, 1);
        } else {
            fail(e, luaL_tolstring(L, -1, NULL));
            lua_pop(L, 2);
        }
    }
    return status;
}

/* a score out of the search's range: clamped to +-limit, and a warning kept (once) */
static double clamp_score(sgl_lua_eval *e, double n, double limit, const char *what)
{
    if (n >= -limit && n <= limit) return n;
    if (!e->warn[0])
        snprintf(e->warn, sizeof e->warn, "the %s returned %g, %s: counted as %s%g", what, n,
                 n == n * 2 && n != 0 ? "an infinite score" : "out of its range",
                 n < 0 ? "-" : "", limit);
    return n < 0 ? -limit : limit;
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
    if (!isnum) {
        fail(e, lua_pushfstring(L, "the evaluation returned %s, not a number", luaL_typename(L, -1)));
        lua_pop(L, 1);
    } else if (n != n) {
        fail(e, "the evaluation returned NaN (not a number: a 0/0 or a sum with one)");
    } else {
        score = (int)clamp_score(e, n, 30000, "evaluation");
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
        fail(e, isnum ? "the order hook returned NaN (not a number)"
                      : lua_pushfstring(e->L, "the order hook returned %s, not a number", luaL_typename(e->L, -1)));
        lua_pop(e->L, isnum ? 1 : 2);
        return 0;
    }
    lua_pop(e->L, 1);
    return (int)clamp_score(e, n, 1e6, "order hook");
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
        callback_init(L, eval_idx, opts, s, b, &b->eval);
        o->eval = eval_call;
        o->eval_ud = &b->eval;
    } else if (fn) {
        o->eval = fn;
        o->eval_ud = fn_ud;
    }
    if (lua_isfunction(L, hook_idx[0])) {
        callback_init(L, hook_idx[0], opts, s, b, &b->order);
        o->order = order_call;
        o->order_ud = &b->order;
    }
    if (lua_isfunction(L, hook_idx[1])) {
        callback_init(L, hook_idx[1], opts, s, b, &b->prune);
        o->prune = prune_call;
        o->prune_ud = &b->prune;
    }
    if (b->eval.L || b->order.L || b->prune.L) {   /* the hook finds the bot here */
        b->watch = sgl_watch_start(b);
        lua_rawgetp(L, LUA_REGISTRYINDEX, &BOT_KEY);
        b->outer = lua_touserdata(L, -1);
        lua_pushlightuserdata(L, b);
        lua_rawsetp(L, LUA_REGISTRYINDEX, &BOT_KEY);
    }
    lua_settop(L, top);
    return NULL;
}

void sgl_bot_unwire(sgl_bot *b)
{
    sgl_watch_stop(b->watch);
    b->watch = NULL;
    lua_State *L = b->eval.L ? b->eval.L : b->order.L ? b->order.L : b->prune.L;
    if (L) {
        if (b->outer) lua_pushlightuserdata(L, b->outer);
        else lua_pushnil(L);
        lua_rawsetp(L, LUA_REGISTRYINDEX, &BOT_KEY);
        b->outer = NULL;
    }
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

const char *sgl_bot_warning(const sgl_bot *b, int k, const char **name)
{
    static const char *const NAMES[] = {"eval", "order", "prune"};
    const sgl_lua_eval *all[] = {&b->eval, &b->order, &b->prune};
    *name = NAMES[k];
    return all[k]->warn[0] ? all[k]->warn : NULL;
}
