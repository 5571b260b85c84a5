/* The site's service (src/web/web.h sg_web_service_fn) over Lua's shogi.web_service.
 * An analysis is a job: its record read and checked in a new lua_State by the request's thread (so a
 * bad record is a 400 at once), then searched in a thread of its own with that state, its progress and
 * its answer kept here under the service's own mutex (never the site's lock).  Finished jobs are kept
 * for KEEP_MS, and at most KEEP_MAX of them, for their pages to read. */
#include <pthread.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <time.h>

#include <lauxlib.h>
#include <lua.h>

#include "app.h"

#define KEEP_MS (30 * 60 * 1000)   /* a finished analysis stays readable half an hour ... */
#define KEEP_MAX 64                /* ... and only the newest of them */
#define RECORD_MAX 16384           /* a record's bytes: what the site's body cap lets through anyway */

typedef enum { JOB_RUNNING, JOB_DONE, JOB_ERROR } job_state;

typedef struct job {
    struct job *next;
    struct sg_web_service *s;
    char id[33];
    job_state state;
    int done, total;
    char *result;                /* JOB_DONE: the JSON answer; JOB_ERROR: the message */
    bool cancel;
    lua_State *L;                /* the job's own, while it runs */
    pthread_t thread;
    int64_t ended_ms;
} job;

struct sg_web_service {
    pthread_mutex_t mu;
    job *jobs;                   /* newest first */
    int running, max_jobs;
    double default_seconds, max_seconds;
    sg_web_drills *drills;       /* NULL: no drills served (web_drills.c) */
};

static int64_t now_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (int64_t)t.tv_sec * 1000 + t.tv_nsec / 1000000;
}

static char *dup_printf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static char *dup_printf(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char *p = NULL;
    if (vasprintf(&p, fmt, ap) < 0) p = NULL;
    va_end(ap);
    return p;
}

/* s as the inside of a JSON string (the messages quote the reader's, which may hold any byte) */
static char *json_quoted(const char *s)
{
    size_t n = strlen(s);
    char *out = malloc(6 * n + 3), *o = out;
    if (!out) return NULL;
    *o++ = '"';
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        if (*p == '"' || *p == '\\') { *o++ = '\\'; *o++ = (char)*p; }
        else if (*p < 0x20) o += sprintf(o, "\\u%04x", *p);
        else *o++ = (char)*p;
    }
    *o++ = '"';
    *o = 0;
    return out;
}

sg_web_service *sg_web_service_new(int max_jobs, double default_seconds, double max_seconds)
{
    sg_web_service *s = calloc(1, sizeof *s);
    if (!s) return NULL;
    pthread_mutex_init(&s->mu, NULL);
    s->max_jobs = max_jobs;
    s->default_seconds = default_seconds;
    s->max_seconds = max_seconds;
    return s;
}

static void job_free(job *j)
{
    pthread_join(j->thread, NULL);  /* it has ended (or been told to): the join is short */
    free(j->result);
    free(j);
}

/* the finished jobs past KEEP_MS, or past the KEEP_MAX newest; mu held */
static void prune(sg_web_service *s)
{
    int64_t now = now_ms();
    int kept = 0;
    for (job **pp = &s->jobs; *pp;) {
        job *j = *pp;
        if (j->state != JOB_RUNNING && (now - j->ended_ms > KEEP_MS || ++kept > KEEP_MAX)) {
            *pp = j->next;
            job_free(j);
        } else pp = &j->next;
    }
}

/* progress(done, total), called by shogi.analyse after each position: kept; a stopping service ends the job */
static int job_progress(lua_State *L)
{
    job *j = lua_touserdata(L, lua_upvalueindex(1));
    int done = (int)luaL_checkinteger(L, 1), total = (int)luaL_checkinteger(L, 2);
    pthread_mutex_lock(&j->s->mu);
    j->done = done;
    j->total = total;
    bool cancel = j->cancel;
    pthread_mutex_unlock(&j->s->mu);
    if (cancel) return luaL_error(L, "the analysis was stopped (the site is stopping)");
    return 0;
}

static void *job_main(void *arg)
{
    job *j = arg;
    lua_State *L = j->L;
    lua_getfield(L, -1, "analyse_run");
    lua_pushlightuserdata(L, j);
    lua_pushcclosure(L, job_progress, 1);
    int rc = lua_pcall(L, 1, 2, 0);
    const char *text = rc == LUA_OK && lua_isstring(L, -2) ? lua_tostring(L, -2)
                       : lua_isstring(L, -1)                ? lua_tostring(L, -1)
                                                            : "the analysis failed";
    bool ok = rc == LUA_OK && lua_isstring(L, -2);
    char *result = strdup(text);
    lua_close(L);
    sg_web_service *s = j->s;
    pthread_mutex_lock(&s->mu);
    j->L = NULL;
    j->state = ok && result ? JOB_DONE : JOB_ERROR;
    j->result = result;
    j->ended_ms = now_ms();
    s->running--;
    pthread_mutex_unlock(&s->mu);
    return NULL;
}

static int start(sg_web_service *s, const char *json_in, char **out)
{
    if (s->max_jobs == 0) {  /* a service for the drills alone */
        *out = strdup("this server runs no analyses (analysis_jobs = 0 in its config)");
        return 404;
    }
    pthread_mutex_lock(&s->mu);
    prune(s);
    if (s->running >= s->max_jobs) {
        int n = s->max_jobs;
        pthread_mutex_unlock(&s->mu);
        *out = dup_printf("the server runs at most %d analyses at once: try again when one has ended", n);
        return 429;
    }
    s->running++;  /* the place taken before the record is read, so no two requests take the last one */
    pthread_mutex_unlock(&s->mu);

    char err[512];
    int code = 500;
    job *j = calloc(1, sizeof *j);
    lua_State *L = j ? sg_app_new_state(err, sizeof err) : NULL;
    if (!j) snprintf(err, sizeof err, "out of memory");
    if (L) {
        /* shogi.web_service.analyse_prepare(json, limits): the record read here, a 400 when it is bad */
        lua_getglobal(L, "require");
        lua_pushliteral(L, "shogi.web_service");
        if (lua_pcall(L, 1, 1, 0) != LUA_OK) {
            snprintf(err, sizeof err, "%s", lua_tostring(L, -1));
        } else {
            lua_getfield(L, -1, "analyse_prepare");
            lua_pushstring(L, json_in ? json_in : "");
            lua_createtable(L, 0, 3);
            lua_pushnumber(L, s->max_seconds);
            lua_setfield(L, -2, "max_seconds");
            lua_pushnumber(L, s->default_seconds);
            lua_setfield(L, -2, "default_seconds");
            lua_pushinteger(L, RECORD_MAX);
            lua_setfield(L, -2, "max_bytes");
            if (lua_pcall(L, 2, 2, 0) != LUA_OK) snprintf(err, sizeof err, "%s", lua_tostring(L, -1));
            else if (lua_isnil(L, -2)) {
                snprintf(err, sizeof err, "%s", lua_isstring(L, -1) ? lua_tostring(L, -1) : "the record is not valid");
                code = 400;
            } else {
                j->total = (int)lua_tointeger(L, -2);
                lua_pop(L, 2);  /* the module stays on the stack for job_main */
                code = 0;
            }
        }
    }
    unsigned char rnd[16];
    if (!code && getrandom(rnd, sizeof rnd, 0) != (ssize_t)sizeof rnd) { code = 500; snprintf(err, sizeof err, "no random id"); }
    if (!code) {
        for (int i = 0; i < 16; i++) sprintf(j->id + 2 * i, "%02x", rnd[i]);
        j->s = s;
        j->L = L;
        pthread_mutex_lock(&s->mu);
        if (pthread_create(&j->thread, NULL, job_main, j) != 0) code = 503;
        else { j->next = s->jobs; s->jobs = j; }
        pthread_mutex_unlock(&s->mu);
        if (code) snprintf(err, sizeof err, "no thread for the analysis");
    }
    if (code) {
        if (L) lua_close(L);
        free(j);
        pthread_mutex_lock(&s->mu);
        s->running--;
        pthread_mutex_unlock(&s->mu);
        *out = strdup(err);
        return code;
    }
    *out = dup_printf("{\"id\":\"%s\",\"status\":\"running\",\"done\":0,\"total\":%d}", j->id, j->total);
    return 0;
}

/* json_in: {"id":"HEX"} as the site makes it (it checked the id's characters) */
static int status(sg_web_service *s, const char *json_in, char **out)
{
    const char *p = json_in ? strstr(json_in, "\"id\":\"") : NULL;
    char id[33] = "";
    if (p && strlen(p + 6) >= 34 && p[6 + 32] == '"') memcpy(id, p + 6, 32);
    pthread_mutex_lock(&s->mu);
    prune(s);
    job *j = s->jobs;
    while (j && (!id[0] || strcmp(j->id, id))) j = j->next;
    int code = 0;
    if (!j) {
        code = 404;
        *out = strdup("no such analysis (an ended one is kept half an hour)");
    } else if (j->state == JOB_RUNNING)
        *out = dup_printf("{\"id\":\"%s\",\"status\":\"running\",\"done\":%d,\"total\":%d}", j->id, j->done, j->total);
    else if (j->state == JOB_DONE)
        *out = dup_printf("{\"id\":\"%s\",\"done\":%d,\"total\":%d,%s", j->id, j->total, j->total, j->result + 1);
    else {
        char *q = json_quoted(j->result);
        *out = q ? dup_printf("{\"id\":\"%s\",\"status\":\"error\",\"done\":%d,\"total\":%d,\"error\":%s}", j->id, j->done,
                              j->total, q)
                 : NULL;
        free(q);
    }
    pthread_mutex_unlock(&s->mu);
    return code;
}

int sg_web_service_call(void *ud, const char *name, const char *json_in, char **out)
{
    sg_web_service *s = ud;
    *out = NULL;
    if (!strcmp(name, "analysis.start")) return start(s, json_in, out);
    if (!strcmp(name, "analysis.status")) return status(s, json_in, out);
    if (!strcmp(name, "drills") || !strcmp(name, "drills.csv")) {
        if (s->drills) return sg_web_drills_call(s->drills, name, json_in, out);
        *out = strdup("this server has no drills (start it with --drills DIR)");
        return 404;
    }
    *out = dup_printf("no service '%s'", name);
    return 404;
}

void sg_web_service_set_drills(sg_web_service *s, sg_web_drills *d) { s->drills = d; }

void sg_web_service_free(sg_web_service *s)
{
    if (!s) return;
    sg_web_drills_free(s->drills);
    pthread_mutex_lock(&s->mu);
    for (job *j = s->jobs; j; j = j->next) j->cancel = true;
    job *all = s->jobs;
    s->jobs = NULL;
    pthread_mutex_unlock(&s->mu);
    while (all) {
        job *next = all->next;
        job_free(all);  /* a running one ends at its next position */
        all = next;
    }
    pthread_mutex_destroy(&s->mu);
    free(s);
}
