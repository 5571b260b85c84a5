/* The site's drills (docs/WEB.md "Drills"): one lua_State running shogi.web_drills, which holds the
 * drill files (loaded once, through the sandbox, at start) and the students' sessions of
 * shogi.drill.  One request at a time in it (its own mutex, never the site's lock), each within
 * max_seconds: a watchdog thread sets the binding's interrupt flag (the search and the solver stop)
 * and fired, which a count hook of the request's own thread reads every HOOK_COUNT instructions; once
 * fired, the hook raises at every instruction until the request's call returns, so no pcall inside
 * the drill's code can swallow the stop (the Ctrl-C of interrupt.c, on a clock).  The watchdog never
 * touches the Lua state: only the flag and fired. */
#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <lauxlib.h>
#include <lua.h>

#include "app.h"
#include "../lua/binding.h"

struct sg_web_drills {
    pthread_mutex_t mu;          /* one request at a time in L */
    lua_State *L;
    volatile int *flag;          /* the binding's interrupt flag of L, taken once: the watchdog may not touch L's stack */
    double max_seconds;
    pthread_mutex_t dog_mu;      /* guards what follows */
    pthread_cond_t dog_cv;
    struct timespec deadline;    /* of the request running, when armed */
    bool armed, stopping;
    atomic_bool fired;           /* the request's time is up: read by the hook without the mutex */
    pthread_t dog;
};

#define HOOK_COUNT 1000  /* instructions between two looks at fired */
static const char DRILLS_KEY = 0;  /* the registry's pointer to the sg_web_drills of a state */

static void stop_hook(lua_State *L, lua_Debug *ar)
{
    (void)ar;
    luaL_error(L, "the drill's time limit for a request was reached");
}

static void watch_hook(lua_State *L, lua_Debug *ar)
{
    lua_rawgetp(L, LUA_REGISTRYINDEX, &DRILLS_KEY);
    sg_web_drills *d = lua_touserdata(L, -1);
    lua_pop(L, 1);
    if (d && atomic_load(&d->fired)) {
        lua_sethook(L, stop_hook, LUA_MASKCOUNT, 1);  /* every instruction from now on */
        stop_hook(L, ar);
    }
}

static void *dog_main(void *arg)
{
    sg_web_drills *d = arg;
    pthread_mutex_lock(&d->dog_mu);
    while (!d->stopping) {
        /* nothing to watch, or fired already: wait for the next request (never spin past a deadline) */
        if (!d->armed || atomic_load(&d->fired)) { pthread_cond_wait(&d->dog_cv, &d->dog_mu); continue; }
        if (pthread_cond_timedwait(&d->dog_cv, &d->dog_mu, &d->deadline) == ETIMEDOUT && d->armed) {
            atomic_store(&d->fired, true);
            *d->flag = 1;
        }
    }
    pthread_mutex_unlock(&d->dog_mu);
    return NULL;
}

static void arm(sg_web_drills *d)
{
    pthread_mutex_lock(&d->dog_mu);
    clock_gettime(CLOCK_REALTIME, &d->deadline);  /* pthread_cond_timedwait's clock */
    double whole = (double)(long)d->max_seconds;
    d->deadline.tv_sec += (time_t)whole;
    d->deadline.tv_nsec += (long)((d->max_seconds - whole) * 1e9);
    if (d->deadline.tv_nsec >= 1000000000L) { d->deadline.tv_sec++; d->deadline.tv_nsec -= 1000000000L; }
    d->armed = true;
    atomic_store(&d->fired, false);
    pthread_cond_signal(&d->dog_cv);
    pthread_mutex_unlock(&d->dog_mu);
    lua_sethook(d->L, watch_hook, LUA_MASKCOUNT, HOOK_COUNT);
}

/* the request's call has returned: the stop, if it came, undone; whether it came */
static bool disarm(sg_web_drills *d)
{
    pthread_mutex_lock(&d->dog_mu);
    d->armed = false;
    bool fired = atomic_exchange(&d->fired, false);
    if (fired) *d->flag = 0;
    pthread_mutex_unlock(&d->dog_mu);
    lua_sethook(d->L, NULL, 0, 0);
    return fired;
}

/* a list of strings from C as a Lua list (NULL: nil) */
static void push_list(lua_State *L, const char *const *list, int n)
{
    if (!list) { lua_pushnil(L); return; }
    lua_createtable(L, n, 0);
    for (int i = 0; i < n; i++) {
        lua_pushstring(L, list[i]);
        lua_rawseti(L, -2, i + 1);
    }
}

sg_web_drills *sg_web_drills_new(const char *dir, const char *data_dir, const char *const *teachers, int n_teachers,
                                 double max_seconds, char *err, size_t errsize)
{
    sg_web_drills *d = calloc(1, sizeof *d);
    if (!d) { snprintf(err, errsize, "out of memory"); return NULL; }
    d->max_seconds = max_seconds;
    d->L = sg_app_new_state(err, errsize);
    if (!d->L) { free(d); return NULL; }
    lua_State *L = d->L;
    /* shogi.web_drills.init{dir =, data =, teachers =} -> the warnings (a list) | nil, msg */
    lua_getglobal(L, "require");
    lua_pushliteral(L, "shogi.web_drills");
    bool ok = lua_pcall(L, 1, 1, 0) == LUA_OK;
    if (ok) {
        lua_getfield(L, -1, "init");
        lua_createtable(L, 0, 3);
        lua_pushstring(L, dir);
        lua_setfield(L, -2, "dir");
        lua_pushstring(L, data_dir);
        lua_setfield(L, -2, "data");
        push_list(L, teachers, n_teachers);
        lua_setfield(L, -2, "teachers");
        ok = lua_pcall(L, 1, 2, 0) == LUA_OK && !lua_isnil(L, -2);
    }
    if (!ok) {
        snprintf(err, errsize, "%s", lua_isstring(L, -1) ? lua_tostring(L, -1) : "the drills did not load");
        lua_close(L);
        free(d);
        return NULL;
    }
    /* the warnings: a bad drill file (left out) or a faulty exercise (skipped), each with its reason */
    lua_Integer n = luaL_len(L, -2);
    for (lua_Integer i = 1; i <= n; i++) {
        lua_geti(L, -2, i);
        fprintf(stderr, "komadai: --drills: %s\n", lua_tostring(L, -1));
        lua_pop(L, 1);
    }
    lua_settop(L, 0);
    d->flag = sgl_interrupt_flag(L);
    lua_pushlightuserdata(L, d);
    lua_rawsetp(L, LUA_REGISTRYINDEX, &DRILLS_KEY);
    pthread_mutex_init(&d->mu, NULL);
    pthread_mutex_init(&d->dog_mu, NULL);
    pthread_cond_init(&d->dog_cv, NULL);
    if (pthread_create(&d->dog, NULL, dog_main, d) != 0) {
        snprintf(err, errsize, "no thread for the drills' time limit");
        lua_close(L);
        free(d);
        return NULL;
    }
    return d;
}

int sg_web_drills_call(sg_web_drills *d, const char *name, const char *json_in, char **out)
{
    *out = NULL;
    pthread_mutex_lock(&d->mu);
    lua_State *L = d->L;
    lua_settop(L, 0);
    lua_getglobal(L, "require");
    lua_pushliteral(L, "shogi.web_drills");
    int code = 500;
    const char *text = "the drills' module did not load";
    if (lua_pcall(L, 1, 1, 0) == LUA_OK) {
        /* M.call(name, json) -> status (0: done), text */
        lua_getfield(L, -1, "call");
        lua_pushstring(L, name);
        lua_pushstring(L, json_in ? json_in : "");
        arm(d);
        int rc = lua_pcall(L, 2, 2, 0);
        bool fired = disarm(d);
        if (fired && rc != LUA_OK) {  /* (a call that ended as the time came is answered as it ended) */
            code = 503;
            char msg[160];
            snprintf(msg, sizeof msg, "judging this took over the server's %g s a request: try again, or tell the teacher",
                     d->max_seconds);
            *out = strdup(msg);
        } else if (rc != LUA_OK) {
            text = lua_isstring(L, -1) ? lua_tostring(L, -1) : "the drill failed";
            fprintf(stderr, "komadai: drills: %s\n", text);  /* a bug, not the student's input: logged */
            code = 500;
        } else {
            code = (int)lua_tointeger(L, -2);
            text = lua_isstring(L, -1) ? lua_tostring(L, -1) : "";
        }
    }
    if (!*out) *out = strdup(text);
    lua_settop(L, 0);
    pthread_mutex_unlock(&d->mu);
    return code;
}

void sg_web_drills_free(sg_web_drills *d)
{
    if (!d) return;
    pthread_mutex_lock(&d->dog_mu);
    d->stopping = true;
    pthread_cond_signal(&d->dog_cv);
    pthread_mutex_unlock(&d->dog_mu);
    pthread_join(d->dog, NULL);
    lua_close(d->L);
    pthread_cond_destroy(&d->dog_cv);
    pthread_mutex_destroy(&d->dog_mu);
    pthread_mutex_destroy(&d->mu);
    free(d);
}
