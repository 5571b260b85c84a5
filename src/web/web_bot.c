/* The bot: the built-in search at the game's level, in a thread of its own
 * that thinks without the lock and plays with it, through the same path as
 * a person's move (so the core judges it and the store keeps it). */
#include "web_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/notation.h"
#include "../search/search.h"

const web_bot_level web_bot_levels[BOT_LEVELS] = {
    {0.05, 1, "beginner"}, {0.2, 2, "casual"}, {0.5, 0, "club"}, {1.5, 0, "strong"}, {4.0, 0, "strongest"},
};

typedef struct { sg_web *w; int64_t id; } bot_job;

void web_bot_name(const sg_store_game *g, char *out, size_t size)
{
    if (g->bot[0]) snprintf(out, size, "%s (level %d)", g->bot, g->bot_level);
    else snprintf(out, size, "komadai level %d", g->bot_level);
}

int web_bot_index(const sg_web *w, const char *name)
{
    for (int i = 0; i < w->n_bot_files; i++) if (!strcmp(w->bot_files[i].name, name)) return i;
    return -1;
}

/* the search's answer at `root` within the level's limits */
static void think(const sg_web *w, const sg_pos *root, int level, sg_search_report *rep)
{
    sg_search *s = sg_search_new(16);
    sg_search_opts o;
    sg_search_opts_default(&o);
    sg_rules r;
    web_init_rules(w, &r);
    o.rules = &r;
    o.depth = web_bot_levels[level - 1].depth;
    sg_limits lim = sg_limits_none();
    lim.seconds = web_bot_levels[level - 1].seconds;
    volatile int stop = 0;
    lim.stop = &stop;
    memset(rep, 0, sizeof *rep);
    if (s) sg_search_run(s, root, &o, &lim, rep);
    sg_search_free(s);
}

static void *bot_main(void *arg)
{
    bot_job *j = arg;
    sg_web *w = j->w;
    loaded *L = malloc(sizeof *L);
    /* 1. what to think about, read under the lock */
    pthread_mutex_lock(&w->mu);
    int ply = -1, level = 1, file = -1;
    sg_pos root;
    char start[SG_STORE_SFEN_MAX] = "startpos";
    if (L && web_load_game(w, j->id, L) == 0) {
        if (!L->over && L->row.bot_side == (int)sg_game_pos(&L->g)->side) {
            ply = L->n;
            root = *sg_game_pos(&L->g);
            level = L->row.bot_level;
            if (L->row.bot[0]) file = web_bot_index(w, L->row.bot);
            snprintf(start, sizeof start, "%s", L->row.start[0] ? L->row.start : "startpos");
        }
        sg_game_free(&L->g);
    }
    pthread_mutex_unlock(&w->mu);
    if (ply >= 0 && L->row.bot[0] && file < 0)
        fprintf(stderr, "komadai: game %lld: its bot '%s' is not in the config: the built-in evaluation plays\n",
                (long long)j->id, L->row.bot);
    if (ply >= 0) {
        /* 2. think without it: the bot file's engine, or the built-in search */
        sg_search_report rep;
        char answer[32] = "";
        if (file >= 0) {
            char why[256];
            memset(&rep, 0, sizeof rep);
            rep.best = SG_MOVE_NONE;
            int ms = (int)(web_bot_levels[level - 1].seconds * 1000);
            if (!web_usi_bot_move(w->engine, w->bot_files[file].file, start, (const char (*)[SG_STORE_USI_MAX])L->usi, ply,
                                  ms, answer, sizeof answer, why, sizeof why)) {
                fprintf(stderr, "komadai: game %lld: the bot %s: %s; the built-in evaluation plays\n", (long long)j->id,
                        w->bot_files[file].name, why);
                file = -1;
            }
        }
        if (file < 0) think(w, &root, level, &rep);
        /* 3. play, if the game is still where it was */
        pthread_mutex_lock(&w->mu);
        if (!w->stopping && web_load_game(w, j->id, L) == 0) {
            char why[256];
            if (L->n == ply && !L->over && file >= 0) {
                /* the engine's word: a move, resign or win (a declaration, judged by the core) */
                sg_verdict v;
                if (!strcmp(answer, "resign")) web_end_game(w, &L->row, 1 - L->row.bot_side, "resignation", SG_STORE_END_ANY, -1);
                else if (!strcmp(answer, "win")) {
                    if (sg_game_declare(&L->g, &v) == SG_CLAIM_OK) web_end_game(w, &L->row, L->row.bot_side, "declaration", SG_STORE_END_ANY, -1);
                } else if (web_commit_move(w, L, answer, why, sizeof why))
                    fprintf(stderr, "komadai: game %lld: the bot's move %s: %s\n", (long long)j->id, answer, why);
            } else if (L->n == ply && !L->over) {
                if (rep.declare) {
                    sg_verdict v;
                    if (sg_game_declare(&L->g, &v) == SG_CLAIM_OK) web_end_game(w, &L->row, L->row.bot_side, "declaration", SG_STORE_END_ANY, -1);
                } else if (rep.best != SG_MOVE_NONE) {
                    char usi[16];
                    sg_move_format(&root, rep.best, SG_NOTATION_USI, SG_SQ_NONE, 0, usi, sizeof usi);
                    if (web_commit_move(w, L, usi, why, sizeof why))
                        fprintf(stderr, "komadai: game %lld: the bot's move %s: %s\n", (long long)j->id, usi, why);
                }
            }
            sg_game_free(&L->g);
        }
        pthread_mutex_unlock(&w->mu);
    }
    free(L);
    pthread_mutex_lock(&w->mu);
    w->bots--;
    pthread_cond_broadcast(&w->bots_done);
    pthread_mutex_unlock(&w->mu);
    free(j);
    return NULL;
}

void web_start_bot(sg_web *w, int64_t id)
{
    if (w->stopping) return;
    bot_job *j = malloc(sizeof *j);
    if (!j) return;
    j->w = w;
    j->id = id;
    pthread_t t;
    pthread_attr_t a;
    pthread_attr_init(&a);
    pthread_attr_setdetachstate(&a, PTHREAD_CREATE_DETACHED);
    if (pthread_create(&t, &a, bot_main, j) == 0) w->bots++;
    else free(j);
    pthread_attr_destroy(&a);
}
