/* Time management: how long one move may think, from the USI clock.
 * soft: start no new iteration after it; hard: stop the search.  Both leave
 * the safety margin (USI option NetworkDelay, 100 ms by default) for the
 * engine's own latency and the GUI's: a move is sent by byoyomi - margin at
 * the latest, so it never loses on time with byoyomi (nor with a Fischer
 * increment as long as the increment exceeds the margin). */
#ifndef SG_TIMEMAN_H
#define SG_TIMEMAN_H

#include <stdbool.h>

typedef struct {
    long time_left, inc, byoyomi, movetime;  /* ms, -1 when not given */
    long margin;                             /* ms */
} sg_clock_spec;

/* seconds; 0 means no limit (nothing was given) */
void sg_timeman_budget(const sg_clock_spec *c, double *soft, double *hard);

#endif
