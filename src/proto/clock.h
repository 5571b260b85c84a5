/* The CSA server's clock, counted as shogi-server counts it.
 *
 * A move's time is the whole seconds elapsed since the clock was started for
 * that side (the previous move's echo, or START), rounded down, and at least
 * the least time per move: used = max(floor(elapsed), least).  The mover's
 * remaining time becomes remaining + increment - used, never below 0; the
 * byoyomi is not stored, it is only allowed on top of what is left.
 * A side is out of time when remaining - used + byoyomi + increment <= 0 and
 * the game has a time control at all (total, byoyomi or increment not 0).
 * So with 0 total and 10 s byoyomi, a move after 9.99 s is in time (used 9)
 * and one at 10.0 s is not.  Pure arithmetic: no clock is read here. */
#ifndef SG_CSA_CLOCK_H
#define SG_CSA_CLOCK_H

#include <stdbool.h>

typedef struct {
    int total;          /* seconds each side starts with */
    int byoyomi;        /* seconds allowed per move once the total is spent */
    int increment;      /* Fischer: seconds added for every move made */
    int least;          /* least time charged for a move */
    int remaining[2];   /* black, white */
} sg_clock;

void sg_clock_init(sg_clock *c, int total, int byoyomi, int increment, int least);
/* does the game have a time control (a side can run out)? */
bool sg_clock_limited(const sg_clock *c);
/* the seconds a move that took `elapsed` seconds is charged */
int sg_clock_used(const sg_clock *c, double elapsed);
/* is side out of time after `elapsed` seconds of thinking? */
bool sg_clock_timed_out(const sg_clock *c, int side, double elapsed);
/* Charges side for a move made after `elapsed` seconds; returns the seconds
 * charged (the ",T" of the echo). */
int sg_clock_charge(sg_clock *c, int side, double elapsed);
/* The seconds of thinking after which side is out of time (0 when any move
 * would be late), or -1 when the game has no time control. */
double sg_clock_deadline(const sg_clock *c, int side);

#endif
