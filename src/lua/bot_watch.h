/* The watchdog of a bot's Lua callbacks (l_bot.h says why): a thread that
 * looks at the callbacks of one wired bot every SGL_WATCH_TICK_MS and, while
 * one call goes on past a tick, sends the search's thread a signal
 * (SIGURG, with the bot as its value) whose handler arms the bot's hook. */
#ifndef SGL_BOT_WATCH_H
#define SGL_BOT_WATCH_H

#include <stdbool.h>

#define SGL_WATCH_TICK_MS 2

struct sgl_bot;
typedef struct sgl_watch sgl_watch;
/* the handler's work, on the search's thread: arm the hook of b (async-signal-safe; l_bot.c) */
void sgl_bot_arm_lazy(struct sgl_bot *b);

/* Starts watching b from the calling thread (the search's); NULL when a
 * thread or the signal cannot be had (the caller then hooks every call). */
sgl_watch *sgl_watch_start(struct sgl_bot *b);
/* a call begins or ends (on the search's thread) */
void sgl_watch_enter(sgl_watch *w);
void sgl_watch_leave(sgl_watch *w);
/* Stops the thread; a signal it sent is handled before this returns.  NULL: nothing. */
void sgl_watch_stop(sgl_watch *w);

#endif
