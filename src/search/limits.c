/* The monotonic clock searches measure their deadlines with. */
#include <time.h>
#include "limits.h"

double sg_clock_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}
