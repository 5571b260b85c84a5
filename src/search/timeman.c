/* Time management: see timeman.h. */
#include "timeman.h"

#define MIN_MS 10.0
#define MOVES_TO_GO 40.0

void sg_timeman_budget(const sg_clock_spec *c, double *soft, double *hard)
{
    *soft = *hard = 0;
    double margin = c->margin > 0 ? (double)c->margin : 0;
    if (c->movetime > 0) {
        double t = (double)c->movetime - margin;
        *soft = *hard = (t < MIN_MS ? MIN_MS : t) / 1000.0;
        return;
    }
    double left = c->time_left > 0 ? (double)c->time_left : 0;
    double byo = c->byoyomi > 0 ? (double)c->byoyomi : 0;
    double inc = c->inc > 0 ? (double)c->inc : 0;
    if (c->time_left < 0 && c->byoyomi < 0 && c->inc < 0) return;
    /* the most this move may use: what is left on the clock this move */
    double max = left + byo + inc - margin;
    if (max < MIN_MS) max = MIN_MS;
    double target = left / MOVES_TO_GO + inc + byo;
    if (left <= 0 && byo > 0) target = byo; /* byoyomi only: unused byoyomi is lost */
    double h = target * (left > 0 ? 2.5 : 1.0);
    if (h > max) h = max;
    if (target > max) target = max;
    double s = left > 0 ? target * 0.6 : target;
    if (s > h) s = h;
    *soft = (s - (left > 0 ? 0 : margin)) / 1000.0;
    *hard = h / 1000.0;
    if (*soft < MIN_MS / 1000.0) *soft = MIN_MS / 1000.0;
}
