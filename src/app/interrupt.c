/* Ctrl-C, in the manner of lua.c: the SIGINT handler arms a count hook that
 * raises "interrupted!" at the next Lua instruction, and sets the binding's
 * flag so C loops (perft, the solver) stop too.  The hook stays armed until the
 * protected call returns, so a pcall inside the interrupted code cannot swallow
 * the stop.  The session and its variables survive. */
#include <signal.h>
#include <string.h>
#include <lauxlib.h>
#include "app.h"
#include "../lua/binding.h"

/* The state shared with the signal handler.  A handler receives no argument,
 * so, as in lua.c, this has to be static: the state being run (NULL between
 * calls) and whether a SIGINT came. */
static lua_State *volatile running;
static volatile int *volatile running_flag;   /* the binding's flag of that state */
static volatile sig_atomic_t seen;

static void stop_hook(lua_State *L, lua_Debug *ar)
{
    (void)ar;
    luaL_error(L, "interrupted!");
}

static void on_sigint(int sig)
{
    (void)sig;
    seen = 1;
    volatile int *flag = running_flag;
    if (flag) *flag = 1;
    lua_State *L = running;
    if (L) lua_sethook(L, stop_hook, LUA_MASKCOUNT, 1);
}

void sg_app_catch_sigint(bool catch)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sigemptyset(&sa.sa_mask);
    sa.sa_handler = catch ? on_sigint : SIG_DFL;
    sa.sa_flags = SA_RESTART; /* select() still returns EINTR: the prompt sees it */
    sigaction(SIGINT, &sa, NULL);
}

bool sg_app_interrupt_take(void)
{
    bool was = seen != 0;
    seen = 0;
    return was;
}

/* Drops the lines at the end of a traceback that only show the C caller (the
 * REPL or the script runner) and a traceback left with no frame at all. */
static void push_trimmed(lua_State *L, const char *tb)
{
    static const char *const tails[] = {"\n\t[C]: in ?", "\nstack traceback:"};
    size_t n = strlen(tb);
    for (bool again = true; again;) {
        again = false;
        for (size_t i = 0; i < sizeof tails / sizeof *tails; i++) {
            size_t k = strlen(tails[i]);
            if (n >= k && memcmp(tb + n - k, tails[i], k) == 0) {
                n -= k;
                again = true;
            }
        }
    }
    lua_pushlstring(L, tb, n);
}

static int msghandler(lua_State *L)
{
    lua_sethook(L, NULL, 0, 0); /* this call was interrupted or failed: stop raising */
    const char *msg = lua_tostring(L, 1);
    if (msg == NULL) {
        if (luaL_callmeta(L, 1, "__tostring") && lua_type(L, -1) == LUA_TSTRING)
            return 1; /* an error object that describes itself */
        msg = lua_pushfstring(L, "(error object is a %s value)", luaL_typename(L, 1));
    }
    luaL_traceback(L, L, msg, 1);
    push_trimmed(L, lua_tostring(L, -1));
    return 1;
}

int sg_app_docall(lua_State *L, int narg, int nres)
{
    int base = lua_gettop(L) - narg; /* the function's index */
    lua_pushcfunction(L, msghandler);
    lua_insert(L, base);
    volatile int *flag = sgl_interrupt_flag(L);
    *flag = 0;
    seen = 0;
    running_flag = flag;
    running = L;
    int status = lua_pcall(L, narg, nres, base);
    running = NULL;
    running_flag = NULL;
    lua_sethook(L, NULL, 0, 0);
    *flag = 0;
    lua_remove(L, base);
    return status;
}
