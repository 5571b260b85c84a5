/* The sandbox's worker: the chunk runs in a forked process, in a fresh Lua
 * state with the capped allocator and the count hook, under setrlimit
 * (RLIMIT_CPU, RLIMIT_AS unless built with AddressSanitizer) and a
 * wall-clock kill from the host.  What no hook can stop inside one C call (a
 * backtracking pattern, a __gc that loops) ends with the process.  The
 * chunk's value comes back as plain data over a pipe:
 *   answer: status byte (sgl_sb_status), then for OK a value, for ERROR the message
 *   value:  'n' | 'f' | 't' | 'i' int64 | 'd' double | 's' u32 length, bytes
 *           | '{' (value value)* '}'     (key, value pairs)
 * Tables are copied as trees: a cycle is refused, and so is a function,
 * userdata or thread anywhere in the value. */
#include <errno.h>
#include <math.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <unistd.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <lauxlib.h>
#include <lualib.h>
#include "binding.h"
#include "sandbox.h"
#include "../os/clock.h"

#define MAX_DEPTH 100
#define MAX_MESSAGE 2000

#if defined(__SANITIZE_ADDRESS__)
#define SB_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define SB_ASAN 1
#endif
#endif

/* ---- a byte buffer (plain C memory; the encoder never raises) ---------------------- */
typedef struct {
    char *p;
    size_t n, cap, max;
    int full;
} wbuf;

static void put(wbuf *b, const void *s, size_t n)
{
    if (b->full) return;
    if (n > b->max - b->n) {
        b->full = 1;
        return;
    }
    if (b->n + n > b->cap) {
        size_t cap = b->cap ? b->cap : 256;
        while (cap < b->n + n) cap *= 2;
        char *q = realloc(b->p, cap);
        if (!q) {
            b->full = 1;
            return;
        }
        b->p = q;
        b->cap = cap;
    }
    memcpy(b->p + b->n, s, n);
    b->n += n;
}

static void put_byte(wbuf *b, char c) { put(b, &c, 1); }

/* path: the tables from the value down to here, for finding cycles */
static const char *encode(lua_State *F, int idx, wbuf *b, const void **path, int depth)
{
    if (b->full) return NULL; /* over the memory limit: the caller reports it */
    switch (lua_type(F, idx)) {
    case LUA_TNIL: put_byte(b, 'n'); return NULL;
    case LUA_TBOOLEAN: put_byte(b, lua_toboolean(F, idx) ? 't' : 'f'); return NULL;
    case LUA_TNUMBER:
        if (lua_isinteger(F, idx)) {
            int64_t v = (int64_t)lua_tointeger(F, idx);
            put_byte(b, 'i');
            put(b, &v, sizeof v);
        } else {
            double v = (double)lua_tonumber(F, idx);
            put_byte(b, 'd');
            put(b, &v, sizeof v);
        }
        return NULL;
    case LUA_TSTRING: {
        size_t n;
        const char *s = lua_tolstring(F, idx, &n);
        if (n > UINT32_MAX) return "a string too long to send";
        uint32_t len = (uint32_t)n;
        put_byte(b, 's');
        put(b, &len, sizeof len);
        put(b, s, n);
        return NULL;
    }
    case LUA_TTABLE: {
        const void *t = lua_topointer(F, idx);
        for (int i = 0; i < depth; i++)
            if (path[i] == t) return "a table that contains itself (cycles cannot leave the worker)";
        if (depth >= MAX_DEPTH) return "tables nested deeper than 100";
        path[depth] = t;
        int ti = lua_absindex(F, idx);
        put_byte(b, '{');
        lua_pushnil(F);
        while (lua_next(F, ti)) {
            int k = lua_gettop(F) - 1;
            const char *e = encode(F, k, b, path, depth + 1);
            if (!e) e = encode(F, k + 1, b, path, depth + 1);
            if (e) {
                lua_pop(F, 2);
                return e;
            }
            lua_pop(F, 1);
        }
        put_byte(b, '}');
        return NULL;
    }
    default:
        return lua_type(F, idx) == LUA_TFUNCTION
            ? "a function (only data leaves a worker; worker = false keeps functions)"
            : "a userdata or thread (only data leaves a worker)";
    }
}

/* pushes the value at *p (n bytes left) onto L; -1 when malformed */
static int decode(lua_State *L, const char **p, const char *end, int depth)
{
    if (*p >= end || !lua_checkstack(L, 3)) return -1;
    char tag = *(*p)++;
    switch (tag) {
    case 'n': lua_pushnil(L); return 0;
    case 'f': lua_pushboolean(L, 0); return 0;
    case 't': lua_pushboolean(L, 1); return 0;
    case 'i': case 'd': {
        if ((size_t)(end - *p) < 8) return -1;
        if (tag == 'i') {
            int64_t v;
            memcpy(&v, *p, 8);
            lua_pushinteger(L, (lua_Integer)v);
        } else {
            double v;
            memcpy(&v, *p, 8);
            lua_pushnumber(L, (lua_Number)v);
        }
        *p += 8;
        return 0;
    }
    case 's': {
        uint32_t len;
        if ((size_t)(end - *p) < 4) return -1;
        memcpy(&len, *p, 4);
        *p += 4;
        if ((size_t)(end - *p) < len) return -1;
        lua_pushlstring(L, *p, len);
        *p += len;
        return 0;
    }
    case '{':
        if (depth >= MAX_DEPTH) return -1;
        lua_newtable(L);
        while (*p < end && **p != '}') {
            if (decode(L, p, end, depth + 1) || decode(L, p, end, depth + 1)) return -1;
            if (lua_isnil(L, -2) || (lua_type(L, -2) == LUA_TNUMBER && isnan(lua_tonumber(L, -2))))
                return -1;
            lua_rawset(L, -3);
        }
        if (*p >= end) return -1;
        (*p)++;
        return 0;
    default:
        return -1;
    }
}

/* ---- the worker's side ------------------------------------------------------------------ */
typedef struct {
    lua_State *host;
    const char *text, *chunkname;
    size_t len;
    const sgl_sb_opts *o;
    sgl_sb_run *run;
} job;

/* in the fresh state: libraries, the env, the loaded chunk (left on the stack) */
static int setup(lua_State *F)
{
    const job *j = lua_touserdata(F, 1);
    luaL_requiref(F, LUA_GNAME, luaopen_base, 0);
    luaL_requiref(F, LUA_STRLIBNAME, luaopen_string, 0);
    luaL_requiref(F, LUA_TABLIBNAME, luaopen_table, 0);
    luaL_requiref(F, LUA_MATHLIBNAME, luaopen_math, 0);
    luaL_requiref(F, LUA_UTF8LIBNAME, luaopen_utf8, 0);
    luaL_requiref(F, LUA_COLIBNAME, luaopen_coroutine, 0);
    luaL_requiref(F, "shogi.core", luaopen_shogi_core, 0);
    lua_settop(F, 1);
    sgl_sb_pushenv(F, j->o, j->host, 0);
    /* string methods: the env's string table (no dump) */
    lua_pushliteral(F, "");
    lua_getmetatable(F, -1);
    lua_getfield(F, 2, LUA_STRLIBNAME);
    if (lua_isnil(F, -1)) {
        lua_pop(F, 1);
        lua_newtable(F);
    }
    lua_setfield(F, -2, "__index");
    lua_settop(F, 2);
    if (luaL_loadbufferx(F, j->text, j->len, j->chunkname, "t") != LUA_OK) return lua_error(F);
    lua_pushvalue(F, 2);
    lua_setupvalue(F, -2, 1);
    /* the chunk runs in a thread, as an in-process run does: a stop that a
     * pcall in the main thread caught there kept the hook quiet */
    lua_State *co = lua_newthread(F);
    lua_insert(F, -2);
    lua_xmove(F, co, 1);
    sgl_sb_arm(F, co, j->run);
    return 1;
}

static void write_all(int fd, const char *p, size_t n)
{
    while (n > 0) {
        ssize_t w = write(fd, p, n);
        if (w < 0 && errno == EINTR) continue;
        if (w <= 0) return;
        p += w;
        n -= (size_t)w;
    }
}

static void answer(int fd, int status, const char *payload, size_t n)
{
    char c = (char)status;
    write_all(fd, &c, 1);
    if (n > MAX_MESSAGE && status != SGL_SB_OK) n = MAX_MESSAGE;
    write_all(fd, payload, n);
}

static void limit(int resource, rlim_t soft, rlim_t hard)
{
    struct rlimit r = {soft, hard};
    setrlimit(resource, &r);
}

#ifndef SB_ASAN
/* the process's address space in bytes now (0 if unknown) */
static size_t vm_size(void)
{
    FILE *f = fopen("/proc/self/statm", "r");
    unsigned long pages = 0;
    if (!f) return 0;
    if (fscanf(f, "%lu", &pages) != 1) pages = 0;
    fclose(f);
    return (size_t)pages * (size_t)sysconf(_SC_PAGESIZE);
}
#endif

static void worker_main(int fd, job *j)
{
    signal(SIGXCPU, SIG_DFL); /* the CPU limit ends the process, whatever the host handles */
    /* stdin on /dev/null: the host's stdin shares its file offset with us, and
     * an exit path that tidies stdio (valgrind's libc cleanup) would move it */
    int null = open("/dev/null", O_RDONLY);
    if (null >= 0) {
        dup2(null, 0);
        if (null != 0) close(null);
    }
    rlim_t cpu = (rlim_t)ceil(j->o->cpu);
    limit(RLIMIT_CPU, cpu, cpu + 1);
    limit(RLIMIT_CORE, 0, 0);
    limit(RLIMIT_FSIZE, 0, 0);
#ifndef SB_ASAN
    size_t vm = vm_size();
    if (vm) limit(RLIMIT_AS, vm + 2 * j->o->memory + ((size_t)256 << 20), RLIM_INFINITY);
#endif
    sgl_sb_run *r = j->run;
    r->f = sgl_sb_plain_alloc;
    r->ud = NULL;
    r->used = 0;
    r->cap = (long long)j->o->memory;
    sgl_sb_start(r, j->o);
    lua_State *F = lua_newstate(sgl_sb_alloc, r);
    if (!F) {
        answer(fd, SGL_SB_MEMORY, "", 0);
        _exit(0);
    }
    lua_pushcfunction(F, setup);
    lua_pushlightuserdata(F, j);
    int st = lua_pcall(F, 1, 1, 0), nres = 0;
    lua_State *co = st == LUA_OK ? lua_tothread(F, -1) : F;
    if (st == LUA_OK) st = lua_resume(co, F, 0, &nres);
    F = co;
    const char *name = j->chunkname + (j->chunkname[0] == '@' || j->chunkname[0] == '=');
    char msg[400];
    if (st == LUA_YIELD) {
        int n = snprintf(msg, sizeof msg, "%s: the chunk yielded outside a coroutine", name);
        answer(fd, SGL_SB_ERROR, msg, (size_t)n);
        _exit(0);
    }
    if (st == LUA_OK) {
        lua_settop(F, nres ? 1 : 0);
        if (!nres) lua_pushnil(F);
    }
    if (r->stopped) {
        answer(fd, r->stopped, "", 0);
        _exit(0);
    }
    if (st != LUA_OK) {
        size_t n = 0;
        const char *err = lua_type(F, -1) == LUA_TSTRING ? lua_tolstring(F, -1, &n) : NULL;
        if (!err) {
            err = "(error object is not a string)";
            n = strlen(err);
        }
        answer(fd, SGL_SB_ERROR, err, n);
        _exit(0);
    }
    wbuf b = {NULL, 0, 0, j->o->memory, 0};
    const void *path[MAX_DEPTH];
    const char *e = lua_checkstack(F, 3 * MAX_DEPTH + 8) ? encode(F, -1, &b, path, 0)
                                                         : "no stack for the value";
    if (!e && b.full) r->stopped = SGL_SB_MEMORY;
    if (r->stopped) answer(fd, SGL_SB_MEMORY, "", 0);
    else if (e) {
        int n = snprintf(msg, sizeof msg, "%s: the chunk's value cannot leave the worker: %s", name, e);
        answer(fd, SGL_SB_ERROR, msg, (size_t)n);
    } else answer(fd, SGL_SB_OK, b.p, b.n);
    _exit(0);
}

/* ---- the host's side ---------------------------------------------------------------------- */
/* reads the answer into b until EOF or the deadline; 1: EOF, 0: deadline, -1: interrupted */
static int read_answer(int fd, wbuf *b, double deadline, const volatile int *interrupt)
{
    char chunk[65536];
    for (;;) {
        double left = deadline - sg_clock_seconds();
        if (left <= 0) return 0;
        struct pollfd pfd = {fd, POLLIN, 0};
        int k = poll(&pfd, 1, (int)(left * 1000) + 1);
        if (k < 0) {
            if (errno == EINTR) {
                if (*interrupt) return -1;
                continue;
            }
            return 1;
        }
        if (k == 0) continue;
        ssize_t n = read(fd, chunk, sizeof chunk);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return 1;
        put(b, chunk, (size_t)n);
        if (b->full) return 1;
    }
}

void sgl_sb_run_worker(lua_State *L, const char *text, size_t len, const char *chunkname,
                       const sgl_sb_opts *o, sgl_sb_status *status, char *msg, size_t size)
{
    int fds[2];
    msg[0] = 0;
    if (pipe2(fds, O_CLOEXEC) != 0) {
        *status = SGL_SB_DIED;
        snprintf(msg, size, "cannot start a worker: %s", strerror(errno));
        lua_pushnil(L);
        return;
    }
    sgl_sb_run run;
    job j = {L, text, chunkname, len, o, &run};
    fflush(NULL);
    pid_t pid = fork();
    if (pid < 0) {
        *status = SGL_SB_DIED;
        snprintf(msg, size, "cannot start a worker: %s", strerror(errno));
        close(fds[0]);
        close(fds[1]);
        lua_pushnil(L);
        return;
    }
    if (pid == 0) {
        close(fds[0]);
        worker_main(fds[1], &j);
    }
    close(fds[1]);
    wbuf b = {NULL, 0, 0, o->memory + MAX_MESSAGE + 16, 0};
    int got = read_answer(fds[0], &b, sg_clock_seconds() + o->wall, sgl_interrupt_flag(L));
    close(fds[0]);
    if (got != 1 || b.full) kill(pid, SIGKILL);
    int ws = 0;
    while (waitpid(pid, &ws, 0) < 0 && errno == EINTR) {}
    *status = SGL_SB_DIED;
    if (got == 0) *status = SGL_SB_WALL;
    else if (got < 0) *status = SGL_SB_INTERRUPT;
    else if (b.full) *status = SGL_SB_MEMORY;
    else if (WIFSIGNALED(ws) && (WTERMSIG(ws) == SIGXCPU || WTERMSIG(ws) == SIGKILL)) *status = SGL_SB_CPU;
    else if (b.n == 0) {
        if (WIFSIGNALED(ws)) snprintf(msg, size, "the worker died (signal %d)", WTERMSIG(ws));
        else snprintf(msg, size, "the worker died without an answer (exit status %d)", WEXITSTATUS(ws));
    } else {
        *status = (sgl_sb_status)b.p[0];
        if (*status == SGL_SB_ERROR) {
            size_t n = b.n - 1 < size - 1 ? b.n - 1 : size - 1;
            memcpy(msg, b.p + 1, n);
            msg[n] = 0;
        } else if (*status == SGL_SB_OK) {
            /* the bytes become a Lua string first, so no C memory is live if decoding raises */
            lua_pushlstring(L, b.p + 1, b.n - 1);
            free(b.p);
            b.p = NULL;
            size_t n;
            const char *p = lua_tolstring(L, -1, &n);
            const char *end = p + n;
            int top = lua_gettop(L);
            if (decode(L, &p, end, 0) != 0 || p != end) {
                lua_settop(L, top - 1);
                *status = SGL_SB_DIED;
                snprintf(msg, size, "the worker's answer is malformed");
                lua_pushnil(L);
                return;
            }
            lua_remove(L, top);
            return;
        } else if (*status < SGL_SB_CPU || *status > SGL_SB_INTERRUPT) {
            *status = SGL_SB_DIED;
            snprintf(msg, size, "the worker's answer is malformed");
        }
    }
    free(b.p);
    lua_pushnil(L);
}
