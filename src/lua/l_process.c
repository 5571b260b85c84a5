/* Child processes for Lua (userdata "shogi.process"), over src/os/process.c:
 *   local p, msg = core.spawn({"fairy-stockfish"}, {cwd = ".", stderr = "null", group = true})
 *   (group = false: the child stays in our process group, so killing ours reaches it)
 *   p:write("usi\n"); local line, why = p:read_line(2.5)   -- why: "timeout" | "eof" | "too-long" | "error"
 *   core.wait_any({p1, p2}, 1.0) -> index of a process with a line to read, or nil
 *   p:wait(0.5) -> "exit", code | "signal", number | nil (still running);  p:kill()
 *   core.now() -> seconds on a monotonic clock;  core.isatty(fd) -> bool
 * A process is killed when its userdata is collected or closed. */
#include <errno.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>
#include "binding.h"
#include "../os/process.h"
#include "../os/clock.h"

#define SGL_PROCESS "shogi.process"
#define MAX_ARGS 255
#define MAX_WAIT 256

typedef struct {
    sg_proc p;
    char line[SG_PROC_BUF];
} process_box;

#define checkproc(L, i) ((process_box *)luaL_checkudata(L, i, SGL_PROCESS))

/* seconds (nil: no limit) -> milliseconds (-1: no limit) */
static int opt_timeout(lua_State *L, int idx)
{
    if (lua_isnoneornil(L, idx)) return -1;
    lua_Number s = luaL_checknumber(L, idx);
    luaL_argcheck(L, s >= 0 && s == s, idx, "timeout must be a number of seconds >= 0");
    if (s > 1e6) return -1;
    return (int)(s * 1000.0 + 0.5);
}

/* After a signal interrupted a wait: Ctrl-C in komadai (the binding's flag) or in lua5.4 (lua.c arms a
 * hook) raises "interrupted!"; any other signal lets the wait go on. */
static void after_signal(lua_State *L)
{
    sgl_check_interrupt(L);
    if (lua_gethook(L) != NULL) luaL_error(L, "interrupted!");
}

/* milliseconds left until deadline_ms on the monotonic clock (-1: none) */
static int left_of(double deadline_ms)
{
    if (deadline_ms < 0) return -1;
    double left = deadline_ms - sg_clock_seconds() * 1000.0;
    return left <= 0 ? 0 : (int)left;
}

static int l_spawn(lua_State *L)
{
    luaL_checktype(L, 1, LUA_TTABLE);
    const char *argv[MAX_ARGS + 1];
    int n = (int)luaL_len(L, 1);
    luaL_argcheck(L, n >= 1, 1, "the program and its arguments expected ({\"prog\", \"arg\", ...})");
    luaL_argcheck(L, n <= MAX_ARGS, 1, "too many arguments");
    for (int i = 1; i <= n; i++) {
        lua_geti(L, 1, i);
        if (lua_type(L, -1) != LUA_TSTRING)
            luaL_argerror(L, 1, lua_pushfstring(L, "argument %d is not a string", i));
        argv[i - 1] = lua_tostring(L, -1); /* kept alive by the table */
        lua_pop(L, 1);
    }
    argv[n] = NULL;
    const char *cwd = NULL;
    sg_proc_stderr err_mode = SG_PROC_STDERR_INHERIT;
    bool same_group = false;
    if (!lua_isnoneornil(L, 2)) {
        luaL_checktype(L, 2, LUA_TTABLE);
        lua_getfield(L, 2, "cwd");
        if (!lua_isnil(L, -1)) {
            if (lua_type(L, -1) != LUA_TSTRING) luaL_argerror(L, 2, "option 'cwd' must be a string");
            cwd = lua_tostring(L, -1);
        }
        lua_getfield(L, 2, "group");
        same_group = lua_type(L, -1) == LUA_TBOOLEAN && !lua_toboolean(L, -1);
        lua_pop(L, 1);
        lua_getfield(L, 2, "stderr");
        if (!lua_isnil(L, -1)) {
            static const char *const modes[] = {"inherit", "null", "stdout", NULL};
            err_mode = (sg_proc_stderr)luaL_checkoption(L, -1, NULL, modes);
        }
        lua_pop(L, 1); /* cwd stays on the stack while it is used */
    }
    process_box *b = lua_newuserdatauv(L, sizeof *b, 0);
    sg_proc_init(&b->p);
    luaL_setmetatable(L, SGL_PROCESS);
    int rc = sg_proc_spawn(&b->p, argv, cwd, err_mode, same_group);
    if (rc != 0) {
        luaL_pushfail(L);
        lua_pushfstring(L, "cannot start '%s'%s%s: %s", argv[0], cwd ? " in " : "", cwd ? cwd : "",
                        strerror(rc));
        return 2;
    }
    return 1;
}

static int l_write(lua_State *L)
{
    process_box *b = checkproc(L, 1);
    size_t len;
    const char *s = luaL_checklstring(L, 2, &len);
    int rc = sg_proc_write(&b->p, s, len);
    if (rc != 0) {
        luaL_pushfail(L);
        lua_pushstring(L, rc == EPIPE ? "closed" : strerror(rc));
        return 2;
    }
    lua_pushboolean(L, 1);
    return 1;
}

static int l_read_line(lua_State *L)
{
    process_box *b = checkproc(L, 1);
    int ms = opt_timeout(L, 2);
    static const char *const why[] = {"", "timeout", "eof", "too-long", "error", "interrupted"};
    double deadline = ms < 0 ? -1 : sg_clock_seconds() * 1000.0 + ms;
    sg_proc_read r;
    while ((r = sg_proc_read_line(&b->p, b->line, sizeof b->line, left_of(deadline))) == SG_PROC_INTERRUPTED)
        after_signal(L);
    if (r == SG_PROC_LINE) {
        lua_pushstring(L, b->line);
        return 1;
    }
    luaL_pushfail(L);
    lua_pushstring(L, why[r]);
    return 2;
}

static int l_ready(lua_State *L)
{
    lua_pushboolean(L, sg_proc_ready(&checkproc(L, 1)->p));
    return 1;
}

static int l_close_input(lua_State *L)
{
    sg_proc_close_input(&checkproc(L, 1)->p);
    return 0;
}

static int push_status(lua_State *L, const sg_proc *p)
{
    lua_pushstring(L, p->signaled ? "signal" : "exit");
    lua_pushinteger(L, p->status);
    return 2;
}

static int l_wait(lua_State *L)
{
    process_box *b = checkproc(L, 1);
    int ms = opt_timeout(L, 2);
    if (b->p.pid <= 0) return luaL_error(L, "wait: the process was never started");
    if (!sg_proc_reap(&b->p, ms)) {
        luaL_pushfail(L);
        return 1;
    }
    return push_status(L, &b->p);
}

static int l_running(lua_State *L)
{
    process_box *b = checkproc(L, 1);
    lua_pushboolean(L, b->p.pid > 0 && !sg_proc_reap(&b->p, 0));
    return 1;
}

static int l_signal(lua_State *L)
{
    process_box *b = checkproc(L, 1);
    static const char *const names[] = {"TERM", "INT", "KILL", "STOP", "CONT", NULL};
    static const int sigs[] = {SIGTERM, SIGINT, SIGKILL, SIGSTOP, SIGCONT};
    sg_proc_signal(&b->p, sigs[luaL_checkoption(L, 2, "TERM", names)]);
    return 0;
}

static int l_kill(lua_State *L)
{
    process_box *b = checkproc(L, 1);
    sg_proc_kill(&b->p);
    if (b->p.exited) return push_status(L, &b->p);
    return 0;
}

static int l_pid(lua_State *L)
{
    lua_pushinteger(L, checkproc(L, 1)->p.pid);
    return 1;
}

static int l_gc(lua_State *L)
{
    sg_proc_kill(&checkproc(L, 1)->p);
    return 0;
}

static int l_tostring(lua_State *L)
{
    process_box *b = checkproc(L, 1);
    if (b->p.exited) lua_pushfstring(L, "process %d (%s %d)", (int)b->p.pid,
                                     b->p.signaled ? "signal" : "exit", b->p.status);
    else lua_pushfstring(L, "process %d", (int)b->p.pid);
    return 1;
}

/* core.wait_any({p1, p2, ...} [, seconds]): false marks an empty slot */
static int l_wait_any(lua_State *L)
{
    luaL_checktype(L, 1, LUA_TTABLE);
    int ms = opt_timeout(L, 2);
    int n = (int)luaL_len(L, 1);
    luaL_argcheck(L, n <= MAX_WAIT, 1, "too many processes");
    sg_proc *procs[MAX_WAIT];
    for (int i = 1; i <= n; i++) {
        lua_geti(L, 1, i);
        process_box *b = luaL_testudata(L, -1, SGL_PROCESS);
        if (!b && lua_toboolean(L, -1))
            luaL_argerror(L, 1, lua_pushfstring(L, "element %d is not a process", i));
        procs[i - 1] = b ? &b->p : NULL;
        lua_pop(L, 1); /* the table keeps it alive */
    }
    double deadline = ms < 0 ? -1 : sg_clock_seconds() * 1000.0 + ms;
    int k;
    while ((k = sg_proc_wait_any(procs, n, left_of(deadline))) == -2) after_signal(L);
    if (k < 0) {
        luaL_pushfail(L);
        return 1;
    }
    lua_pushinteger(L, k + 1);
    return 1;
}

static int l_now(lua_State *L)
{
    lua_pushnumber(L, sg_clock_seconds());
    return 1;
}

/* core.isatty([fd = 1]): is the descriptor a terminal (progress lines only there) */
static int l_isatty(lua_State *L)
{
    lua_pushboolean(L, isatty((int)luaL_optinteger(L, 1, 1)));
    return 1;
}

static const luaL_Reg methods[] = {
    {"write", l_write},
    {"read_line", l_read_line},
    {"ready", l_ready},
    {"close_input", l_close_input},
    {"wait", l_wait},
    {"running", l_running},
    {"signal", l_signal},
    {"kill", l_kill},
    {"pid", l_pid},
    {NULL, NULL},
};

static const luaL_Reg metamethods[] = {
    {"__gc", l_gc},
    {"__close", l_gc},
    {"__tostring", l_tostring},
    {"__index", NULL},
    {NULL, NULL},
};

void sgl_open_process(lua_State *L)
{
    luaL_newmetatable(L, SGL_PROCESS);
    luaL_setfuncs(L, metamethods, 0);
    luaL_newlib(L, methods);
    lua_setfield(L, -2, "__index");
    lua_pop(L, 1);
    lua_pushcfunction(L, l_spawn);
    lua_setfield(L, -2, "spawn");
    lua_pushcfunction(L, l_wait_any);
    lua_setfield(L, -2, "wait_any");
    lua_pushcfunction(L, l_now);
    lua_setfield(L, -2, "now");
    lua_pushcfunction(L, l_isatty);
    lua_setfield(L, -2, "isatty");
}
