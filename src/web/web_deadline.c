/* Deadlines: a missed one loses, decided from the stored time by a thread
 * that wakes every 250 ms (and once at start, for the deadlines that passed
 * while the server was down); it also purges the expired sessions. */
#include "web_internal.h"

#include <stdlib.h>
#include <time.h>

void web_check_deadlines(sg_web *w)
{
    int64_t ids[64];
    int n = sg_store_games_overdue(w->store, web_now_ms(), ids, 64);
    for (int i = 0; i < n; i++) {
        loaded *L = malloc(sizeof *L);
        if (!L) return;
        if (web_load_game(w, ids[i], L) == 0) {
            if (!L->over) web_end_game(w, &L->row, 1 - (int)sg_game_pos(&L->g)->side, "time-up", SG_STORE_END_IF_OVERDUE, -1);
            else web_settle(w, L);
            sg_game_free(&L->g);
        }
        free(L);
    }
}

void *web_deadline_main(void *arg)
{
    sg_web *w = arg;
    pthread_mutex_lock(&w->mu);
    while (!w->stopping) {
        web_check_deadlines(w);
        web_purge_sessions(w);
        struct timespec ts;
        clock_gettime(CLOCK_REALTIME, &ts);
        ts.tv_nsec += 250000000;
        if (ts.tv_nsec >= 1000000000) { ts.tv_sec++; ts.tv_nsec -= 1000000000; }
        pthread_cond_timedwait(&w->tick, &w->mu, &ts);
    }
    pthread_mutex_unlock(&w->mu);
    return NULL;
}
