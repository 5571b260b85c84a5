/* The bot wiring (l_bot.c): what a bot gives the C search (its evaluation,
 * its move-ordering and pruning hooks, the option values they read) made into
 * the search's callbacks, once for every host: core.search (l_search.c) and
 * the USI engine (src/app/usi_engine.c). */
#ifndef SGL_BOT_H
#define SGL_BOT_H

#include <signal.h>
#include "binding.h"
#include "l_eval_view.h"
#include "../search/search.h"

/* A C evaluation from a C module: a full userdata with the metatable
 * registered as SGL_C_EVAL (luaL_newmetatable) holding this struct.  Passed
 * as `eval` to core.search (and core.evaluate), it is called directly, without
 * Lua.  See examples/bots/c_eval/. */
#define SGL_C_EVAL "shogi.c_eval"
typedef struct {
    sg_eval_fn fn;
    void *ud;
} sgl_c_eval;

/* One Lua callback of the search: fn(view, opts) -> number for the evaluation,
 * fn(view, usi_move, opts) for a move hook (order returns a bonus, prune a
 * boolean: true skips the move), called through lua_pcall.  On an error the
 * message is kept in err and the search is aborted.
 * The search memoises scores by position key (src/search/search.c), so an
 * evaluation must depend only on the position and opts: the same leaf reached
 * again (a transposition, the next iteration) is not evaluated again. */
struct sgl_bot;
typedef struct {
    lua_State *L;
    int fn_ref, opts_ref, view_ref;   /* registry references */
    sgl_eval_view *view;
    sg_search *search;                /* for the view's ply and material */
    struct sgl_bot *bot;              /* the bot this callback belongs to */
    bool failed;
    char err[512];
    char warn[256];                   /* a score clamped (huge or infinite): said once */
} sgl_lua_eval;

/* A bot wired into a search: the three callbacks (each unused when its
 * lua_State is NULL).
 * While a callback runs, a count hook (every 1000 instructions) asks the
 * search whether to stop (sg_search_check_now: the host's poll, the stop
 * flags, the time limit) and raises out of the Lua call when so; from then on
 * it raises at every instruction, so a pcall inside the bot cannot swallow
 * the stop.  A hook that was set before (the sandbox's, the host's Ctrl-C) is
 * called from it first and put back after the call; one set during the call
 * (a SIGINT handler's) is left in place.
 * The hook is lazy when no hook was there before: a count hook makes Lua stop
 * at every instruction (a third of a plain evaluation's time), and nearly every
 * call ends in microseconds.  So a watchdog thread (bot_watch.c) looks at the
 * calls every SGL_WATCH_TICK_MS; a call still running after a tick gets the
 * hook armed from a signal handler on the search's thread, as lua.c arms its
 * Ctrl-C hook, and again every tick while it runs. */
typedef struct sgl_watch sgl_watch;
typedef struct sgl_bot {
    sgl_lua_eval eval, order, prune;
    /* the hook's state */
    sgl_lua_eval *running;            /* the callback being run, or NULL */
    lua_Hook prev_hook;               /* the hook before the call */
    int prev_mask, prev_count;
    bool raising;                     /* the stop was seen in this call */
    double first_tick;                /* the hook's first call in this call (0: none yet) */
    void *outer;                      /* the bot wired before this one (a search inside a callback) */
    /* the longest call the hook stopped: its callback's name and seconds (0: none) */
    const char *interrupted;
    double interrupted_seconds;
    /* the lazy hook: the watchdog (NULL: none, the hook is set at every call), the state the
     * callbacks run in, and whether one runs now (read by the signal handler on this thread) */
    sgl_watch *watch;
    lua_State *lazy_L;
    volatile sig_atomic_t in_call;
} sgl_bot;

/* Wires the bot described by the table at idx into o for searcher s:
 *   eval        a Lua function, a C evaluation, "builtin", "material" or nil
 *               (the built-in evaluation)
 *   [opts_field] nil or a table: the opts every Lua callback receives
 *   order, prune nil or functions
 * Returns NULL with the stack as it was, or a message saying which field is
 * wrong, pushed on the stack (nothing held, o unchanged). */
const char *sgl_bot_wire(lua_State *L, int idx, const char *opts_field, sg_search *s, sg_search_opts *o,
                         sgl_bot *b);
/* releases what sgl_bot_wire holds (idempotent; a zeroed sgl_bot too) */
void sgl_bot_unwire(sgl_bot *b);
/* the k-th callback (0 eval, 1 order, 2 prune): its name, and its error
 * message or NULL when it did not fail */
const char *sgl_bot_error(const sgl_bot *b, int k, const char **name);
/* the k-th callback's warning (a score out of range, clamped) or NULL */
const char *sgl_bot_warning(const sgl_bot *b, int k, const char **name);

#endif
