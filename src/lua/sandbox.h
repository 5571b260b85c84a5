/* The sandbox for other people's scripts (core.sandbox_load), shared by its
 * files: l_sandbox.c (options, the in-process run, messages),
 * sandbox_limits.c (the capped allocator and the count hook),
 * sandbox_env.c (the allow-listed environment) and sandbox_worker.c (the
 * forked worker process and the data it sends back). */
#ifndef SGL_SANDBOX_H
#define SGL_SANDBOX_H

#include <stddef.h>
#include <lua.h>

/* how a run ended */
typedef enum {
    SGL_SB_OK = 0,
    SGL_SB_ERROR,      /* the script's own error (message with its chunk name and line) */
    SGL_SB_CPU,        /* CPU limit */
    SGL_SB_MEMORY,     /* memory limit */
    SGL_SB_WALL,       /* wall-clock deadline */
    SGL_SB_INTERRUPT,  /* the host's Ctrl-C */
    SGL_SB_DIED        /* the worker died another way (message says how) */
} sgl_sb_status;

/* the standard libraries a script may have (base is always there, trimmed) */
enum {
    SGL_LIB_STRING = 1u, SGL_LIB_TABLE = 2u, SGL_LIB_MATH = 4u, SGL_LIB_UTF8 = 8u,
    SGL_LIB_COROUTINE = 16u,
    SGL_LIB_DEFAULT = SGL_LIB_STRING | SGL_LIB_TABLE | SGL_LIB_MATH | SGL_LIB_UTF8
};

typedef struct {
    double cpu;        /* seconds of CPU */
    size_t memory;     /* bytes */
    double wall;       /* seconds of wall clock */
    unsigned libs;     /* SGL_LIB_* */
    int worker;        /* run in a forked worker process (data-only results) */
    int api;           /* stack index of the api table, 0 for none */
} sgl_sb_opts;

/* The limits of one run, read by the allocator and the hook.  used and cap
 * count bytes: the whole state for a worker's fresh state, the growth since
 * the start for an in-process run. */
typedef struct {
    lua_Alloc f;
    void *ud;            /* the allocator underneath */
    long long used, cap;
    double cpu_start, cpu_limit, wall_deadline;
    int stopped;         /* 0 while running, else the sgl_sb_status that stopped it */
    unsigned ticks;      /* calls of the hook */
    lua_State *thread;   /* the thread the chunk runs in */
} sgl_sb_run;

/* ---- sandbox_limits.c ---- */
void *sgl_sb_alloc(void *ud, void *ptr, size_t osize, size_t nsize);
void *sgl_sb_plain_alloc(void *ud, void *ptr, size_t osize, size_t nsize);
double sgl_sb_cpu_now(void);
/* fills the clocks of r from o (memory cap and allocator are the caller's) */
void sgl_sb_start(sgl_sb_run *r, const sgl_sb_opts *o);
/* registers r as the run of L's state and sets the count hook on thread T;
 * returns the run it replaces (a sandbox inside a sandbox's api), which
 * disarm puts back */
void *sgl_sb_arm(lua_State *L, lua_State *T, sgl_sb_run *r);
void sgl_sb_disarm(lua_State *L, lua_State *T, void *outer);

/* ---- sandbox_env.c ---- */
/* Pushes the environment of a script onto T (libraries from T's own loaded
 * table).  When T is not A, api values are copied from A's stack (data, C
 * functions without upvalues, positions); in_process refuses __gc. */
void sgl_sb_pushenv(lua_State *T, const sgl_sb_opts *o, lua_State *A, int in_process);
/* NULL when the value at idx of A can be copied into another state, else why not */
const char *sgl_sb_check_api(lua_State *A, int idx);

/* ---- sandbox_worker.c ---- */
/* Runs the chunk in a forked worker; pushes the value, or nil and fills
 * *status and msg (size bytes) */
void sgl_sb_run_worker(lua_State *L, const char *text, size_t len, const char *chunkname,
                       const sgl_sb_opts *o, sgl_sb_status *status, char *msg, size_t size);

#endif
