/* The site's service (src/web/web.h sg_web_service_fn) over Lua's shogi.web_service and
 * shogi.web_problems.
 * An analysis (or a composer's report) is a job: its request read and checked in a new lua_State by the
 * request's thread (so a bad record is a 400 at once), then run in a thread of its own with that state,
 * its progress and its answer kept here under the service's own mutex (never the site's lock).  Finished
 * jobs are kept for KEEP_MS, and at most KEEP_MAX of them, for their pages to read.  The problem pages'
 * other calls (the list, one problem) are answered at once, each in a new lua_State. */
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
#include "../lua/binding.h"

#define KEEP_MS (30 * 60 * 1000)   /* a finished analysis stays readable half an hour ... */
#define KEEP_MAX 64                /* ... and only the newest of them */
#define RECORD_MAX 16384           /* a record's bytes: what the site's body cap lets through anyway */

typedef enum { JOB_RUNNING, JOB_DONE, JOB_ERROR } job_state;

/* what a job runs: module.prepare(json, limits [, root]) -> a count of steps (or true) | nil, msg [, status]
 * in the request's thread, then module.run(progress) -> JSON | nil, msg in the job's */
typedef enum { KIND_ANALYSIS, KIND_REPORT, KIND_NB } job_kind_id;
typedef struct {
    const char *module, *prepare, *run;
    const char *what;            /* "analyses", "reports": the 429's and the 404's words */
    const char *absent;          /* the 404's sentence when the config allows none */
    bool timed;                  /* stopped at the service's max_seconds (its hook), progress in seconds */
} job_kind;

static const job_kind KINDS[KIND_NB] = {
    [KIND_ANALYSIS] = {"shogi.web_service", "analyse_prepare", "analyse_run", "analyses",
                       "this server runs no analyses (analysis_jobs = 0 in its config)", false},
    [KIND_REPORT] = {"shogi.web_problems", "check_prepare", "check_run", "reports",
                     "this server runs no composer's reports (problem_jobs = 0 in its config)", true},
};

typedef struct job {
    struct job *next;
    struct sg_web_service *s;
    char id[33];
    job_kind_id kind;
    job_state state;
    int done, total;
    char *result;                /* JOB_DONE: the JSON answer; JOB_ERROR: the message */
    bool cancel;
    lua_State *L;                /* the job's own, while it runs */
    volatile int *interrupt;     /* L's interrupt flag (the solvers obey it), while it runs */
    bool finished;               /* the run has returned: no one touches interrupt any more */
    bool timed_out;              /* the watchdog stopped it at the deadline */
    pthread_cond_t cv;           /* signalled when finished (the watchdog waits on it) */
    pthread_t thread, watchdog;
    bool has_watchdog;
    int64_t started_ms, deadline_ms, ended_ms;
} job;

struct sg_web_service {
    pthread_mutex_t mu;
    job *jobs;                   /* newest first */
    int running[KIND_NB], max_jobs[KIND_NB];
    double default_seconds, max_seconds;
    int n_bots;                  /* the config's bot files: an analysis's engine by name, */
    const char *const *bot_names, *const *bot_files;
    const char *program;         /* ... each played by `program --usi FILE` */
    double report_seconds;       /* a composer's report's most seconds (problem_max_seconds) */
    char *problems;              /* the served problem folder or file, or NULL */
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
    s->max_jobs[KIND_ANALYSIS] = max_jobs;
    s->default_seconds = default_seconds;
    s->max_seconds = max_seconds;
    return s;
}

void sg_web_service_bots(sg_web_service *s, const char *program, int n, const char *const names[], const char *const files[])
{
    s->program = program;
    s->n_bots = n;
    s->bot_names = names;
    s->bot_files = files;
}

int sg_web_service_problems(sg_web_service *s, const char *root, int max_jobs, double max_seconds)
{
    free(s->problems);
    s->problems = root ? strdup(root) : NULL;
    s->max_jobs[KIND_REPORT] = max_jobs;
    s->report_seconds = max_seconds;
    return root && !s->problems ? -1 : 0;
}

static void job_free(job *j)
{
    pthread_join(j->thread, NULL);  /* it has ended (or been told to): the join is short */
    pthread_cond_destroy(&j->cv);
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

/* a timed job's count hook: past its deadline (or when the service stops) every hook raises again, so no
 * pcall in the module swallows the stop; the solver's own limit (time =) stops its search first */
static void job_hook(lua_State *L, lua_Debug *ar)
{
    (void)ar;
    job *j = *(job **)lua_getextraspace(L);
    pthread_mutex_lock(&j->s->mu);
    bool cancel = j->cancel;
    pthread_mutex_unlock(&j->s->mu);
    if (cancel) luaL_error(L, "the report was stopped (the site is stopping)");
    if (now_ms() > j->deadline_ms) luaL_error(L, "the report took longer than the site allows");
}

/* a timed job's watchdog: at the deadline (or when the service stops) it raises L's interrupt flag, so a
 * solver in C stops at once (as Ctrl-C stops it at the prompt); the hook above does it in Lua */
static void *watchdog_main(void *arg)
{
    job *j = arg;
    struct timespec at;
    clock_gettime(CLOCK_REALTIME, &at);
    int64_t ms = j->deadline_ms - now_ms();
    if (ms < 0) ms = 0;
    at.tv_sec += (time_t)(ms / 1000);
    at.tv_nsec += (long)(ms % 1000) * 1000000L;
    if (at.tv_nsec >= 1000000000L) { at.tv_sec++; at.tv_nsec -= 1000000000L; }
    pthread_mutex_lock(&j->s->mu);
    while (!j->finished && !j->cancel && pthread_cond_timedwait(&j->cv, &j->s->mu, &at) == 0) {}
    if (!j->finished) {
        j->timed_out = !j->cancel;
        *j->interrupt = 1;
    }
    pthread_mutex_unlock(&j->s->mu);
    return NULL;
}

static void *job_main(void *arg)
{
    job *j = arg;
    lua_State *L = j->L;
    sg_web_service *s = j->s;
    j->interrupt = sgl_interrupt_flag(L);
    if (KINDS[j->kind].timed) {
        *(job **)lua_getextraspace(L) = j;
        lua_sethook(L, job_hook, LUA_MASKCOUNT, 10000);
        j->has_watchdog = pthread_create(&j->watchdog, NULL, watchdog_main, j) == 0;
    }
    lua_getfield(L, -1, KINDS[j->kind].run);
    lua_pushlightuserdata(L, j);
    lua_pushcclosure(L, job_progress, 1);
    int rc = lua_pcall(L, 1, 2, 0);
    const char *text = rc == LUA_OK && lua_isstring(L, -2) ? lua_tostring(L, -2)
                       : lua_isstring(L, -1)                ? lua_tostring(L, -1)
                                                            : "the analysis failed";
    bool ok = rc == LUA_OK && lua_isstring(L, -2);
    pthread_mutex_lock(&s->mu);
    j->finished = true;  /* before L goes: the watchdog may not raise its flag after this */
    pthread_cond_signal(&j->cv);
    bool timed_out = j->timed_out || (!ok && KINDS[j->kind].timed && now_ms() > j->deadline_ms);
    pthread_mutex_unlock(&s->mu);
    if (j->has_watchdog) pthread_join(j->watchdog, NULL);
    char *result = !ok && timed_out
        ? dup_printf("the report took longer than this site's %g s (problem_max_seconds in its config)", s->report_seconds)
        : strdup(text);
    lua_close(L);
    pthread_mutex_lock(&s->mu);
    j->L = NULL;
    j->state = ok && result ? JOB_DONE : JOB_ERROR;
    j->result = result;
    j->ended_ms = now_ms();
    s->running[j->kind]--;
    pthread_mutex_unlock(&s->mu);
    return NULL;
}

/* a new Lua state with require(module) on its stack; NULL and err filled when it fails */
static lua_State *open_module(const char *module, char *err, size_t errsize)
{
    lua_State *L = sg_app_new_state(err, errsize);
    if (!L) return NULL;
    lua_getglobal(L, "require");
    lua_pushstring(L, module);
    if (lua_pcall(L, 1, 1, 0) != LUA_OK) {
        snprintf(err, errsize, "%s", lua_tostring(L, -1));
        lua_close(L);
        return NULL;
    }
    return L;
}

/* the prepare's arguments after the request: its limits (and the served problems); how many pushed */
static int push_limits(sg_web_service *s, job_kind_id k, lua_State *L)
{
    lua_createtable(L, 0, 5);
    if (k == KIND_REPORT) {
        lua_pushnumber(L, s->report_seconds);
        lua_setfield(L, -2, "max_seconds");
        if (s->problems) lua_pushstring(L, s->problems); else lua_pushnil(L);
        return 2;
    }
    lua_pushnumber(L, s->max_seconds);
    lua_setfield(L, -2, "max_seconds");
    lua_pushnumber(L, s->default_seconds);
    lua_setfield(L, -2, "default_seconds");
    lua_pushinteger(L, RECORD_MAX);
    lua_setfield(L, -2, "max_bytes");
    /* the config's bot files an analysis may name as its engine, and the program that plays them */
    lua_createtable(L, 0, s->n_bots);
    for (int i = 0; i < s->n_bots; i++) {
        lua_pushstring(L, s->bot_files[i]);
        lua_setfield(L, -2, s->bot_names[i]);
    }
    lua_setfield(L, -2, "bots");
    lua_pushstring(L, s->program ? s->program : "komadai");
    lua_setfield(L, -2, "program");
    return 1;
}

static int start(sg_web_service *s, job_kind_id k, const char *json_in, char **out)
{
    const job_kind *kind = &KINDS[k];
    pthread_mutex_lock(&s->mu);
    prune(s);
    if (s->running[k] >= s->max_jobs[k]) {
        int n = s->max_jobs[k];
        pthread_mutex_unlock(&s->mu);
        if (!n) { *out = strdup(kind->absent); return 404; }
        *out = dup_printf("the server runs at most %d %s at once: try again when one has ended", n, kind->what);
        return 429;
    }
    s->running[k]++;  /* the place taken before the request is read, so no two requests take the last one */
    pthread_mutex_unlock(&s->mu);

    char err[512];
    int code = 500;
    job *j = calloc(1, sizeof *j);
    if (j) pthread_cond_init(&j->cv, NULL);
    lua_State *L = j ? open_module(kind->module, err, sizeof err) : NULL;
    if (!j) snprintf(err, sizeof err, "out of memory");
    if (L) {
        /* module.prepare(json, limits ...): the request read here, a 400 (or its status) when it is bad */
        lua_getfield(L, -1, kind->prepare);
        lua_pushstring(L, json_in ? json_in : "");
        int n = push_limits(s, k, L);
        if (lua_pcall(L, 1 + n, 3, 0) != LUA_OK) snprintf(err, sizeof err, "%s", lua_tostring(L, -1));
        else if (lua_isnil(L, -3)) {
            snprintf(err, sizeof err, "%s", lua_isstring(L, -2) ? lua_tostring(L, -2) : "the request is not valid");
            code = lua_isinteger(L, -1) ? (int)lua_tointeger(L, -1) : 400;
        } else {
            j->total = lua_isinteger(L, -3) ? (int)lua_tointeger(L, -3) : 0;
            lua_pop(L, 3);  /* the module stays on the stack for job_main */
            code = 0;
        }
    }
    unsigned char rnd[16];
    if (!code && getrandom(rnd, sizeof rnd, 0) != (ssize_t)sizeof rnd) { code = 500; snprintf(err, sizeof err, "no random id"); }
    if (!code) {
        for (int i = 0; i < 16; i++) sprintf(j->id + 2 * i, "%02x", rnd[i]);
        j->s = s;
        j->L = L;
        j->kind = k;
        j->started_ms = now_ms();
        j->deadline_ms = j->started_ms + (int64_t)(s->report_seconds * 1000);
        pthread_mutex_lock(&s->mu);
        if (pthread_create(&j->thread, NULL, job_main, j) != 0) code = 503;
        else { j->next = s->jobs; s->jobs = j; }
        pthread_mutex_unlock(&s->mu);
        if (code) snprintf(err, sizeof err, "no thread for the job");
    }
    if (code) {
        if (L) lua_close(L);
        if (j) pthread_cond_destroy(&j->cv);
        free(j);
        pthread_mutex_lock(&s->mu);
        s->running[k]--;
        pthread_mutex_unlock(&s->mu);
        *out = strdup(err);
        return code;
    }
    if (kind->timed)
        *out = dup_printf("{\"id\":\"%s\",\"status\":\"running\",\"elapsed\":0,\"limit\":%g}", j->id, s->report_seconds);
    else
        *out = dup_printf("{\"id\":\"%s\",\"status\":\"running\",\"done\":0,\"total\":%d}", j->id, j->total);
    return 0;
}

/* problems.list and problems.show: module function fn(root, json) -> JSON | nil, msg, status, at once */
static int call_now(sg_web_service *s, const char *fn, const char *json_in, char **out)
{
    if (!s->problems) { *out = strdup("this server serves no problems (komadai --serve PORT --problems DIR)"); return 404; }
    char err[512];
    lua_State *L = open_module("shogi.web_problems", err, sizeof err);
    if (!L) { *out = strdup(err); return 500; }
    lua_getfield(L, -1, fn);
    lua_pushstring(L, s->problems);
    lua_pushstring(L, json_in ? json_in : "");
    int code = 0;
    if (lua_pcall(L, 2, 3, 0) != LUA_OK) {
        code = 500;
        *out = strdup(lua_isstring(L, -1) ? lua_tostring(L, -1) : "the call failed");
    } else if (!lua_isstring(L, -3)) {
        code = lua_isinteger(L, -1) ? (int)lua_tointeger(L, -1) : 500;
        *out = strdup(lua_isstring(L, -2) ? lua_tostring(L, -2) : "the call failed");
    } else *out = strdup(lua_tostring(L, -3));
    lua_close(L);
    return code;
}

/* json_in: {"id":"HEX"} as the site makes it (it checked the id's characters); a job of kind k only */
static int status(sg_web_service *s, job_kind_id k, const char *json_in, char **out)
{
    const char *p = json_in ? strstr(json_in, "\"id\":\"") : NULL;
    char id[33] = "";
    if (p && strlen(p + 6) >= 34 && p[6 + 32] == '"') memcpy(id, p + 6, 32);
    pthread_mutex_lock(&s->mu);
    prune(s);
    job *j = s->jobs;
    while (j && (!id[0] || strcmp(j->id, id) || j->kind != k)) j = j->next;
    int code = 0;
    /* the progress: positions searched (an analysis), or seconds spent of the limit (a report) */
    char progress[96];
    if (j && KINDS[k].timed)
        snprintf(progress, sizeof progress, "\"elapsed\":%.1f,\"limit\":%g",
                 (double)((j->state == JOB_RUNNING ? now_ms() : j->ended_ms) - j->started_ms) / 1000, s->report_seconds);
    else if (j)
        snprintf(progress, sizeof progress, "\"done\":%d,\"total\":%d", j->state == JOB_DONE ? j->total : j->done, j->total);
    if (!j) {
        code = 404;
        *out = dup_printf("no such %s (an ended one is kept half an hour)", k == KIND_REPORT ? "report" : "analysis");
    } else if (j->state == JOB_RUNNING)
        *out = dup_printf("{\"id\":\"%s\",\"status\":\"running\",%s}", j->id, progress);
    else if (j->state == JOB_DONE)
        *out = dup_printf("{\"id\":\"%s\",%s,%s", j->id, progress, j->result + 1);
    else {
        char *q = json_quoted(j->result);
        *out = q ? dup_printf("{\"id\":\"%s\",\"status\":\"error\",%s,\"error\":%s}", j->id, progress, q) : NULL;
        free(q);
    }
    pthread_mutex_unlock(&s->mu);
    return code;
}

/* a line played from a position (shogi.web_service.line): at once, in a Lua state of its own; a 400 names
 * the move the core refused */
static int line(const char *json_in, char **out)
{
    char err[512];
    lua_State *L = open_module("shogi.web_service", err, sizeof err);
    if (!L) { *out = strdup(err); return 500; }
    int code = 500;
    lua_getfield(L, -1, "line");
    lua_pushstring(L, json_in ? json_in : "");
    if (lua_pcall(L, 1, 2, 0) == LUA_OK) code = lua_isstring(L, -2) ? 0 : 400;
    const char *text = !code ? lua_tostring(L, -2) : lua_isstring(L, -1) ? lua_tostring(L, -1) : "the line could not be read";
    *out = strdup(text);
    lua_close(L);
    return *out ? code : 500;
}

int sg_web_service_call(void *ud, const char *name, const char *json_in, char **out)
{
    sg_web_service *s = ud;
    *out = NULL;
    if (!strcmp(name, "analysis.start")) return start(s, KIND_ANALYSIS, json_in, out);
    if (!strcmp(name, "analysis.status")) return status(s, KIND_ANALYSIS, json_in, out);
    if (!strcmp(name, "problems.list")) return call_now(s, "list", json_in, out);
    if (!strcmp(name, "problems.show")) return call_now(s, "show", json_in, out);
    if (!strcmp(name, "problems.check")) return start(s, KIND_REPORT, json_in, out);
    if (!strcmp(name, "problems.check.status")) return status(s, KIND_REPORT, json_in, out);
    if (!strcmp(name, "drills") || !strcmp(name, "drills.csv")) {
        if (s->drills) return sg_web_drills_call(s->drills, name, json_in, out);
        *out = strdup("this server has no drills (start it with --drills DIR)");
        return 404;
    }
    if (!strcmp(name, "analysis.line")) return line(json_in, out);
    *out = dup_printf("no service '%s'", name);
    return 404;
}

void sg_web_service_set_drills(sg_web_service *s, sg_web_drills *d) { s->drills = d; }

void sg_web_service_free(sg_web_service *s)
{
    if (!s) return;
    sg_web_drills_free(s->drills);
    pthread_mutex_lock(&s->mu);
    for (job *j = s->jobs; j; j = j->next) {
        j->cancel = true;
        pthread_cond_signal(&j->cv);  /* a report's watchdog stops its solver now */
    }
    job *all = s->jobs;
    s->jobs = NULL;
    pthread_mutex_unlock(&s->mu);
    while (all) {
        job *next = all->next;
        job_free(all);  /* a running one ends at its next position */
        all = next;
    }
    pthread_mutex_destroy(&s->mu);
    free(s->problems);
    free(s);
}
