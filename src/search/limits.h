/* What bounds one search (perft, the df-pn solver, the game-tree search):
 * nodes, wall-clock time, a stop flag of the search's own, a flag shared with
 * the host (the REPL's Ctrl-C), and a progress callback.  Each search gets its
 * own value, so a USI "stop" or one server connection stops only its search;
 * nothing here is process-wide. */
#ifndef SG_LIMITS_H
#define SG_LIMITS_H

#include <stdbool.h>
#include <stdint.h>

typedef struct sg_limits {
    uint64_t nodes;                  /* 0: no limit */
    double seconds;                  /* wall clock; 0: no limit */
    volatile int *stop;              /* this search's own flag: non-zero stops it (may be NULL) */
    const volatile int *interrupt;   /* a host-wide flag obeyed as well (Ctrl-C; may be NULL) */
    /* Called by the search with a report of its own type (perft: none; the
     * game-tree search: once per iteration).  May be NULL. */
    void (*progress)(void *ud, const void *report);
    void *progress_ud;
    /* Called every few thousand nodes, so a host can read its input without a
     * thread (a USI "stop", a socket) and raise *stop.  May be NULL. */
    void (*poll)(void *ud);
    void *poll_ud;
} sg_limits;

/* no limits at all */
static inline sg_limits sg_limits_none(void) { return (sg_limits){0}; }

/* has the search's own flag or the host's flag been raised? */
static inline bool sg_limits_stop_asked(const sg_limits *l)
{
    return l && ((l->stop && *l->stop) || (l->interrupt && *l->interrupt));
}

#endif
