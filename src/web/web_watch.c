/* The live game table: the games some page is watching, each with its own
 * condition, so a change wakes the watchers of that game only. */
#include "web_internal.h"

#include <stdlib.h>

static watch **watch_slot(sg_web *w, int64_t id)
{
    watch **p = &w->watches[(uint64_t)id * 0x9e3779b97f4a7c15u >> 52];
    while (*p && (*p)->id != id) p = &(*p)->next;
    return p;
}

watch *web_watch_take(sg_web *w, int64_t id)
{
    watch **p = watch_slot(w, id);
    if (!*p) {
        watch *t = calloc(1, sizeof *t);
        if (!t) return NULL;
        t->id = id;
        pthread_cond_init(&t->cv, NULL);
        *p = t;
    }
    (*p)->refs++;
    return *p;
}

void web_watch_drop(sg_web *w, watch *t)
{
    if (--t->refs > 0) return;
    watch **p = watch_slot(w, t->id);
    *p = t->next;
    pthread_cond_destroy(&t->cv);
    free(t);
}

void web_notify(sg_web *w, int64_t id)
{
    watch *t = *watch_slot(w, id);
    if (!t) return;
    t->changes++;
    pthread_cond_broadcast(&t->cv);
}

void web_notify_all(sg_web *w)
{
    for (int i = 0; i < WATCH_BUCKETS; i++)
        for (watch *t = w->watches[i]; t; t = t->next) { t->changes++; pthread_cond_broadcast(&t->cv); }
}
