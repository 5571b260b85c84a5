/* The monotonic clock (see clock.h). */
#include <time.h>
#include "clock.h"

static struct timespec now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts;
}

double sg_clock_seconds(void)
{
    struct timespec ts = now();
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

double sg_clock_ms(void)
{
    struct timespec ts = now();
    return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec * 1e-6;
}
