/* The watchdog of a bot's Lua callbacks: see bot_watch.h. */
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "bot_watch.h"

struct sgl_watch {
    struct sgl_bot *bot;
    pthread_t owner, thread;
    atomic_ulong seq;            /* odd while a call runs */
    pthread_mutex_t mu;
    pthread_cond_t cv;           /* on CLOCK_MONOTONIC */
    bool quit;
};

/* The handler gets the bot as the signal's value.  Set once (pthread_once): */
static bool have_signal;
static pthread_once_t once = PTHREAD_ONCE_INIT;

static void on_signal(int sig, siginfo_t *si, void *uctx)
{
    (void)sig;
    (void)uctx;
    if (si->si_code == SI_QUEUE && si->si_value.sival_ptr) sgl_bot_arm_lazy(si->si_value.sival_ptr);
}

/* SIGURG, ignored by default and used by nothing here: taken only when nobody else handles it */
static void install(void)
{
    struct sigaction old;
    if (sigaction(SIGURG, NULL, &old) || (old.sa_flags & SA_SIGINFO) || (old.sa_handler != SIG_DFL && old.sa_handler != SIG_IGN))
        return;
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sigemptyset(&sa.sa_mask);
    sa.sa_sigaction = on_signal;
    sa.sa_flags = SA_SIGINFO | SA_RESTART;   /* a system call the signal meets goes on */
    have_signal = sigaction(SIGURG, &sa, NULL) == 0;
}

static void *watch_main(void *arg)
{
    sgl_watch *w = arg;
    unsigned long last = 0;
    pthread_mutex_lock(&w->mu);
    while (!w->quit) {
        struct timespec t;
        clock_gettime(CLOCK_MONOTONIC, &t);
        t.tv_nsec += SGL_WATCH_TICK_MS * 1000000L;
        if (t.tv_nsec >= 1000000000L) { t.tv_sec++; t.tv_nsec -= 1000000000L; }
        pthread_cond_timedwait(&w->cv, &w->mu, &t);
        if (w->quit) break;
        unsigned long s = atomic_load(&w->seq);
        /* the same call as a tick ago, still running: arm (again: a nested search may have
         * cleared the hook meanwhile) */
        if ((s & 1) && s == last) pthread_sigqueue(w->owner, SIGURG, (union sigval){.sival_ptr = w->bot});
        last = s;
    }
    pthread_mutex_unlock(&w->mu);
    return NULL;
}

sgl_watch *sgl_watch_start(struct sgl_bot *b)
{
    pthread_once(&once, install);
    if (!have_signal) return NULL;
    sgl_watch *w = calloc(1, sizeof *w);
    if (!w) return NULL;
    w->bot = b;
    w->owner = pthread_self();
    atomic_init(&w->seq, 0);
    pthread_condattr_t ca;
    pthread_condattr_init(&ca);
    pthread_condattr_setclock(&ca, CLOCK_MONOTONIC);
    pthread_cond_init(&w->cv, &ca);
    pthread_condattr_destroy(&ca);
    pthread_mutex_init(&w->mu, NULL);
    /* the watchdog takes no signal: they are all for the search's thread */
    sigset_t all, was;
    sigfillset(&all);
    pthread_sigmask(SIG_SETMASK, &all, &was);
    int rc = pthread_create(&w->thread, NULL, watch_main, w);
    pthread_sigmask(SIG_SETMASK, &was, NULL);
    if (rc) {
        pthread_cond_destroy(&w->cv);
        pthread_mutex_destroy(&w->mu);
        free(w);
        return NULL;
    }
    return w;
}

void sgl_watch_enter(sgl_watch *w) { atomic_fetch_add(&w->seq, 1); }
void sgl_watch_leave(sgl_watch *w) { atomic_fetch_add(&w->seq, 1); }

void sgl_watch_stop(sgl_watch *w)
{
    if (!w) return;
    pthread_mutex_lock(&w->mu);
    w->quit = true;
    pthread_cond_signal(&w->cv);
    pthread_mutex_unlock(&w->mu);
    pthread_join(w->thread, NULL);
    /* a signal the watchdog sent is pending on this thread now: a system call's return
     * delivers it, while the bot it names still exists (its handler finds no call running) */
    sched_yield();
    pthread_cond_destroy(&w->cv);
    pthread_mutex_destroy(&w->mu);
    free(w);
}
