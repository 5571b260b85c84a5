/* The one monotonic clock of the program: seconds (or milliseconds) since
 * some fixed moment, never set back, for deadlines and time spent.  Searches,
 * child processes, the sandbox, the CSA server and the CSA client's socket
 * all read it here.  The core does not: it has no clock. */
#ifndef SG_OS_CLOCK_H
#define SG_OS_CLOCK_H

/* seconds on the monotonic clock */
double sg_clock_seconds(void);
/* the same clock in milliseconds */
double sg_clock_ms(void);

#endif
