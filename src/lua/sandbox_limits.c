/* The sandbox's limits inside a Lua state: an allocator that counts and caps
 * bytes, and a count hook that checks the CPU and wall clocks.  Once a limit
 * is hit the hook fires on every instruction and raises each time, so a
 * script's pcall cannot swallow the stop. */
#include <time.h>
#include <stdlib.h>
#include <lauxlib.h>
#include "binding.h"
#include "sandbox.h"
#include "../os/clock.h"

/* instructions between two calls of the hook, and calls between two looks at the clocks */
#define HOOK_COUNT 1000
#define CLOCK_EVERY 10

/* the registry key of the current run's sgl_sb_run (a light userdata) */
static const char RUN_KEY = 'r';

static void hook(lua_State *L, lua_Debug *ar);

/* the stop is raised at the next instruction of the run's thread (lua_sethook
 * only sets fields: the manual allows it even in a signal handler) */
static void stop(sgl_sb_run *r, int why)
{
    if (!r->stopped) r->stopped = why;
    if (r->thread) lua_sethook(r->thread, hook, LUA_MASKCOUNT, 1);
}

void *sgl_sb_plain_alloc(void *ud, void *ptr, size_t osize, size_t nsize)
{
    (void)ud; (void)osize;
    if (nsize == 0) {
        free(ptr);
        return NULL;
    }
    return realloc(ptr, nsize);
}

void *sgl_sb_alloc(void *ud, void *ptr, size_t osize, size_t nsize)
{
    sgl_sb_run *r = ud;
    size_t old = ptr ? osize : 0;
    if (nsize > old) {
        size_t grow = nsize - old;
        if (r->used > r->cap || grow > (size_t)(r->cap - r->used)) {
            stop(r, SGL_SB_MEMORY);
            return NULL;
        }
    }
    void *q = r->f(r->ud, ptr, osize, nsize);
    if (q == NULL && nsize > 0) {
        stop(r, SGL_SB_MEMORY); /* the process limit came first */
        return NULL;
    }
    r->used += (long long)nsize - (long long)old;
    return q;
}

double sgl_sb_cpu_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

void sgl_sb_start(sgl_sb_run *r, const sgl_sb_opts *o)
{
    r->cpu_start = sgl_sb_cpu_now();
    r->cpu_limit = o->cpu;
    r->wall_deadline = sg_clock_seconds() + o->wall;
    r->stopped = 0;
    r->ticks = 0;
    r->thread = NULL;
}

static const char *stop_word(int stopped)
{
    switch (stopped) {
    case SGL_SB_CPU: return "cpu limit exceeded";
    case SGL_SB_MEMORY: return "memory limit exceeded";
    case SGL_SB_WALL: return "wall-clock deadline exceeded";
    case SGL_SB_INTERRUPT: return "interrupted!";
    default: return "stopped";
    }
}

static void hook(lua_State *L, lua_Debug *ar)
{
    (void)ar;
    lua_rawgetp(L, LUA_REGISTRYINDEX, &RUN_KEY);
    sgl_sb_run *r = lua_touserdata(L, -1);
    lua_pop(L, 1);
    if (r == NULL) { /* a coroutine left over from a finished run */
        lua_sethook(L, NULL, 0, 0);
        return;
    }
    if (!r->stopped && *sgl_interrupt_flag(L)) r->stopped = SGL_SB_INTERRUPT; /* the host's Ctrl-C */
    if (!r->stopped && ++r->ticks % CLOCK_EVERY == 0) {
        if (sgl_sb_cpu_now() - r->cpu_start > r->cpu_limit) r->stopped = SGL_SB_CPU;
        else if (sg_clock_seconds() > r->wall_deadline) r->stopped = SGL_SB_WALL;
    }
    if (r->stopped) {
        lua_sethook(L, hook, LUA_MASKCOUNT, 1);
        luaL_error(L, "%s", stop_word(r->stopped));
    }
}

void *sgl_sb_arm(lua_State *L, lua_State *T, sgl_sb_run *r)
{
    lua_rawgetp(L, LUA_REGISTRYINDEX, &RUN_KEY);
    void *outer = lua_touserdata(L, -1);
    lua_pop(L, 1);
    lua_pushlightuserdata(L, r);
    lua_rawsetp(L, LUA_REGISTRYINDEX, &RUN_KEY);
    r->thread = T;
    lua_sethook(T, hook, LUA_MASKCOUNT, HOOK_COUNT);
    return outer;
}

void sgl_sb_disarm(lua_State *L, lua_State *T, void *outer)
{
    if (outer) lua_pushlightuserdata(L, outer);
    else lua_pushnil(L);
    lua_rawsetp(L, LUA_REGISTRYINDEX, &RUN_KEY);
    lua_sethook(T, NULL, 0, 0);
}
