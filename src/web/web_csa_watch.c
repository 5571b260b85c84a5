/* The watchers of a CSA records folder's games (docs/WEB.md "Watching"): a
 * game some page follows has one, shared by all its spectators.  The thread
 * below sees the file grow (inotify, and a stat poll behind it), reads it
 * once, makes the JSON once and wakes them all; their streams (web_events.c)
 * send that same text.  Under csa_mu, like the rest of web_csa.c. */
#include "web_internal.h"

#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/inotify.h>
#include <sys/stat.h>
#include <unistd.h>

#define POLL_MS 250                /* the stat poll behind inotify (a folder on NFS sends no events) */

/* reads the file again if it changed: the new JSON, a change counted, the spectators woken */
static void refresh(sg_web *w, csa_watch *cw, bool force)
{
    struct stat st;
    if (stat(cw->path, &st)) return;
    if (!force && st.st_size == cw->size && web_csa_mtime_ms(&st) == cw->mtime) return;
    sg_csa_rec r;
    struct stat st2;
    if (!web_csa_read(cw->path, &r, &st2)) return;
    cw->size = st2.st_size;
    cw->mtime = web_csa_mtime_ms(&st2);
    cw->json.len = 0;
    cw->json.oom = false;
    web_csa_game_json(&r, cw->id, cw->mtime, web_now_ms(), &cw->json);
    cw->ply = r.n;
    sg_csa_rec_free(&r);
    cw->changes++;
    pthread_cond_broadcast(&cw->cv);
    (void)w;
}

csa_watch *web_csa_watch_take(sg_web *w, const char *id)
{
    for (csa_watch *cw = w->csa_watches; cw; cw = cw->next)
        if (!strcmp(cw->id, id)) { cw->refs++; return cw; }
    char path[PATH_MAX];
    if (!web_csa_find(w, id, path)) return NULL;
    csa_watch *cw = calloc(1, sizeof *cw);
    if (!cw) return NULL;
    snprintf(cw->id, sizeof cw->id, "%s", id);
    snprintf(cw->path, sizeof cw->path, "%s", path);
    cw->wd = w->csa_inotify >= 0 ? inotify_add_watch(w->csa_inotify, path, IN_MODIFY | IN_CLOSE_WRITE) : -1;
    pthread_cond_init(&cw->cv, NULL);
    cw->refs = 1;
    refresh(w, cw, true);
    cw->next = w->csa_watches;
    w->csa_watches = cw;
    return cw;
}

void web_csa_watch_drop(sg_web *w, csa_watch *cw)
{
    if (--cw->refs > 0) return;
    csa_watch **p = &w->csa_watches;
    while (*p != cw) p = &(*p)->next;
    *p = cw->next;
    if (cw->wd >= 0) inotify_rm_watch(w->csa_inotify, cw->wd);
    pthread_cond_destroy(&cw->cv);
    free(cw->json.p);
    free(cw);
}

/* the thread: woken by inotify as a record grows, or every POLL_MS */
static void *watch_main(void *arg)
{
    sg_web *w = arg;
    char buf[4096] __attribute__((aligned(__alignof__(struct inotify_event))));
    for (;;) {
        struct pollfd pf = {.fd = w->csa_inotify, .events = POLLIN};
        if (w->csa_inotify >= 0) {
            if (poll(&pf, 1, POLL_MS) > 0) while (read(w->csa_inotify, buf, sizeof buf) > 0) {}
        } else usleep(POLL_MS * 1000);
        pthread_mutex_lock(&w->csa_mu);
        if (w->csa_stopping) { pthread_mutex_unlock(&w->csa_mu); return NULL; }
        for (csa_watch *cw = w->csa_watches; cw; cw = cw->next) refresh(w, cw, false);
        pthread_mutex_unlock(&w->csa_mu);
    }
}

void web_csa_wake_all(sg_web *w)
{
    pthread_mutex_lock(&w->csa_mu);
    w->csa_stopping = true;
    for (csa_watch *cw = w->csa_watches; cw; cw = cw->next) pthread_cond_broadcast(&cw->cv);
    pthread_mutex_unlock(&w->csa_mu);
}

bool web_csa_start(sg_web *w)
{
    if (!w->csa_dir[0]) return true;
    w->csa_inotify = inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
    if (pthread_create(&w->csa_thread, NULL, watch_main, w)) return false;
    w->csa_thread_on = true;
    return true;
}

void web_csa_stop(sg_web *w)
{
    if (w->csa_thread_on) pthread_join(w->csa_thread, NULL);
    w->csa_thread_on = false;
    if (w->csa_inotify >= 0) close(w->csa_inotify);
    w->csa_inotify = -1;
}
