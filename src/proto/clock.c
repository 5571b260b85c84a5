/* The CSA server's clock: see clock.h for how a move is counted. */
#include <math.h>
#include "clock.h"

void sg_clock_init(sg_clock *c, int total, int byoyomi, int increment, int least)
{
    c->total = total;
    c->byoyomi = byoyomi;
    c->increment = increment;
    c->least = least;
    c->remaining[0] = c->remaining[1] = total;
}

bool sg_clock_limited(const sg_clock *c)
{
    return c->total > 0 || c->byoyomi > 0 || c->increment > 0;
}

int sg_clock_used(const sg_clock *c, double elapsed)
{
    double f = elapsed > 0 ? floor(elapsed) : 0;
    int t = f > 2e9 ? 2000000000 : (int)f;
    return t > c->least ? t : c->least;
}

bool sg_clock_timed_out(const sg_clock *c, int side, double elapsed)
{
    if (!sg_clock_limited(c)) return false;
    long long left = (long long)c->remaining[side] - sg_clock_used(c, elapsed) + c->byoyomi + c->increment;
    return left <= 0;
}

int sg_clock_charge(sg_clock *c, int side, double elapsed)
{
    int t = sg_clock_used(c, elapsed);
    long long r = (long long)c->remaining[side] + c->increment - t;
    c->remaining[side] = r < 0 ? 0 : (int)r;
    return t;
}

double sg_clock_deadline(const sg_clock *c, int side)
{
    if (!sg_clock_limited(c)) return -1;
    long long allowed = (long long)c->remaining[side] + c->byoyomi + c->increment;
    if (allowed - c->least <= 0 || allowed <= 0) return 0;
    return (double)allowed;
}
