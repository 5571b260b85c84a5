/* USI engine side: see usi.h. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <errno.h>
#include "usi.h"
#include "../core/quote.h"

/* ---- tokens --------------------------------------------------------------------------------- */
typedef struct { const char *p; } lexer;

/* the next word (into out); false at the end */
static bool word(lexer *lx, char *out, size_t size)
{
    while (*lx->p == ' ' || *lx->p == '\t' || *lx->p == '\r') lx->p++;
    if (!*lx->p) return false;
    size_t n = 0;
    while (*lx->p && *lx->p != ' ' && *lx->p != '\t' && *lx->p != '\r') {
        if (n + 1 < size) out[n++] = *lx->p;
        lx->p++;
    }
    out[n] = '\0';
    return true;
}

static sg_usi_kind bad(sg_usi_cmd *c, const char *fmt, const char *a, const char *b)
{
    /* words quoted in a message: sg_quote, cut at about 60 bytes */
    char qa[64], qb[64];
    sg_quote(a ? a : "", a ? strlen(a) : 0, qa, sizeof qa);
    sg_quote(b ? b : "", b ? strlen(b) : 0, qb, sizeof qb);
    c->kind = SG_USI_BAD;
    snprintf(c->err, sizeof c->err, fmt, qa, qb);
    return SG_USI_BAD;
}

static bool number(const char *s, long min, long max, long *out)
{
    if (!*s) return false;
    char *end;
    errno = 0;
    long v = strtol(s, &end, 10);
    if (*end || errno || v < min || v > max) return false;
    *out = v;
    return true;
}

/* ---- position ---------------------------------------------------------------------------------- */
static sg_usi_kind parse_position(lexer *lx, sg_variant v, sg_usi_cmd *c)
{
    char w[128], sfen[SG_SFEN_MAX * 2];
    if (!word(lx, w, sizeof w)) return bad(c, "position: startpos or sfen expected", NULL, NULL);
    sg_error e;
    bool have_moves_word = false;
    if (strcmp(w, "startpos") == 0) {
        sg_pos_from_sfen(&c->root, "startpos", v, &e);
    } else if (strcmp(w, "sfen") == 0) {
        size_t n = 0;
        sfen[0] = '\0';
        int fields = 0;
        while (word(lx, w, sizeof w)) {
            if (strcmp(w, "moves") == 0) { have_moves_word = true; break; }
            if (++fields > 4) return bad(c, "position: the sfen has more than four fields ('%s')", w, NULL);
            n += (size_t)snprintf(sfen + n, sizeof sfen - n, "%s%s", n ? " " : "", w);
            if (n >= sizeof sfen) return bad(c, "position: the sfen is too long", NULL, NULL);
        }
        if (fields == 0) return bad(c, "position: sfen text expected after 'sfen'", NULL, NULL);
        if (!sg_pos_from_sfen(&c->root, sfen, v, &e)) {
            c->kind = SG_USI_BAD;
            snprintf(c->err, sizeof c->err, "position: sfen:%d:%d: %s", e.line, e.col, e.msg);
            return SG_USI_BAD;
        }
    } else {
        return bad(c, "position: startpos or sfen expected, not '%s'", w, NULL);
    }
    if (!have_moves_word && word(lx, w, sizeof w)) {
        if (strcmp(w, "moves") != 0) return bad(c, "position: 'moves' expected, not '%s'", w, NULL);
    }
    sg_pos p = c->root;
    c->nmoves = 0;
    while (word(lx, w, sizeof w)) {
        sg_move m;
        const char *why;
        if (c->nmoves >= SG_USI_MAX_MOVES) return bad(c, "position: more than 2048 moves", NULL, NULL);
        if (!sg_move_from_usi(&p, w, &m, &why)) {
            char q[64];
            c->kind = SG_USI_BAD;
            snprintf(c->err, sizeof c->err, "position: move %d '%s' is not a move: %s", c->nmoves + 1,
                     sg_quote(w, strlen(w), q, sizeof q), why);
            return SG_USI_BAD;
        }
        sg_reason r = sg_is_legal(&p, m);
        if (r != SG_LEGAL) {
            c->kind = SG_USI_BAD;
            snprintf(c->err, sizeof c->err, "position: move %d %s is illegal: %s", c->nmoves + 1, w,
                     sg_reason_text(r));
            return SG_USI_BAD;
        }
        sg_undo u;
        sg_do_move(&p, m, &u);
        c->moves[c->nmoves++] = m;
    }
    return c->kind = SG_USI_POSITION;
}

/* ---- go ------------------------------------------------------------------------------------------- */
static sg_usi_kind parse_go(lexer *lx, sg_usi_cmd *c)
{
    sg_usi_go *g = &c->go;
    memset(g, 0, sizeof *g);
    g->btime = g->wtime = g->byoyomi = g->binc = g->winc = g->movetime = -1;
    g->mate_ms = -1;
    char w[64], num[64];
    static const char *const TIMES[] = {"btime", "wtime", "byoyomi", "binc", "winc", "movetime", NULL};
    long *dst[] = {&g->btime, &g->wtime, &g->byoyomi, &g->binc, &g->winc, &g->movetime};
    while (word(lx, w, sizeof w)) {
        int t = -1;
        for (int i = 0; TIMES[i]; i++) if (strcmp(w, TIMES[i]) == 0) t = i;
        long v;
        if (t >= 0) {
            if (!word(lx, num, sizeof num)) return bad(c, "go: %s needs a number of milliseconds", w, NULL);
            if (!number(num, 0, 1000L * 3600 * 24 * 30, &v))
                return bad(c, "go: %s takes milliseconds, not '%s'", w, num);
            *dst[t] = v;
        } else if (strcmp(w, "depth") == 0) {
            /* 0: no depth limit (the clock, nodes or stop end the search), as a search's depth 0 */
            if (!word(lx, num, sizeof num) || !number(num, 0, SG_MAX_PLY - 8, &v))
                return bad(c, "go: depth takes a number from 0 (no limit) to 120", NULL, NULL);
            g->depth = (int)v;
        } else if (strcmp(w, "nodes") == 0) {
            if (!word(lx, num, sizeof num) || !number(num, 1, 1000000000000L, &v))
                return bad(c, "go: nodes takes a positive number", NULL, NULL);
            g->nodes = (uint64_t)v;
        } else if (strcmp(w, "infinite") == 0) {
            g->infinite = true;
        } else if (strcmp(w, "ponder") == 0) {
            g->ponder = true;
        } else if (strcmp(w, "mate") == 0) {
            g->mate = true;
            if (word(lx, num, sizeof num) && strcmp(num, "infinite") != 0) {
                if (!number(num, 1, 1000L * 3600 * 24 * 30, &v))
                    return bad(c, "go: mate takes milliseconds or infinite, not '%s'", num, NULL);
                g->mate_ms = v;
            }
        } else if (strcmp(w, "searchmoves") == 0) {
            while (word(lx, num, sizeof num) && g->nsearchmoves < 64) {
                size_t len = strlen(num) < 5 ? strlen(num) : 5;
                memcpy(g->searchmoves[g->nsearchmoves], num, len);
                g->searchmoves[g->nsearchmoves++][len] = '\0';
            }
        } else {
            return bad(c, "go: unknown word '%s'", w, NULL);
        }
    }
    return c->kind = SG_USI_GO;
}

/* ---- setoption ------------------------------------------------------------------------------------ */
static sg_usi_kind parse_setoption(lexer *lx, sg_usi_cmd *c)
{
    char w[SG_USI_VALUE_MAX];
    if (!word(lx, w, sizeof w) || strcmp(w, "name") != 0)
        return bad(c, "setoption: 'setoption name NAME [value VALUE]' expected", NULL, NULL);
    /* the name: the words up to "value" (a name may have spaces: "Skill Level") */
    size_t n = 0;
    bool more = false;
    c->name[0] = c->value[0] = '\0';
    while ((more = word(lx, w, sizeof w)) && strcmp(w, "value") != 0) {
        size_t k = strlen(w);
        if (n + k + (n ? 1 : 0) >= sizeof c->name) return bad(c, "setoption: the option's name is too long", NULL, NULL);
        if (n) c->name[n++] = ' ';
        memcpy(c->name + n, w, k + 1);
        n += k;
    }
    if (n == 0) return bad(c, "setoption: the option's name is missing", NULL, NULL);
    if (more) {
        /* the rest of the line, spaces included */
        while (*lx->p == ' ') lx->p++;
        snprintf(c->value, sizeof c->value, "%s", lx->p);
        size_t len = strlen(c->value);
        while (len && (c->value[len - 1] == ' ' || c->value[len - 1] == '\r')) c->value[--len] = '\0';
    }
    return c->kind = SG_USI_SETOPTION;
}

sg_usi_kind sg_usi_parse(const char *line, sg_variant v, sg_usi_cmd *c)
{
    c->kind = SG_USI_EMPTY;
    c->err[0] = '\0';
    lexer lx = {line};
    char w[64];
    if (!word(&lx, w, sizeof w)) return SG_USI_EMPTY;
    static const struct { const char *name; sg_usi_kind kind; } PLAIN[] = {
        {"usi", SG_USI_USI}, {"isready", SG_USI_ISREADY}, {"usinewgame", SG_USI_NEWGAME},
        {"stop", SG_USI_STOP}, {"ponderhit", SG_USI_PONDERHIT}, {"quit", SG_USI_QUIT}};
    for (size_t i = 0; i < sizeof PLAIN / sizeof PLAIN[0]; i++) {
        if (strcmp(w, PLAIN[i].name) != 0) continue;
        char extra[64];
        if (word(&lx, extra, sizeof extra)) return bad(c, "%s takes no arguments ('%s')", w, extra);
        return c->kind = PLAIN[i].kind;
    }
    if (strcmp(w, "position") == 0) return parse_position(&lx, v, c);
    if (strcmp(w, "go") == 0) return parse_go(&lx, c);
    if (strcmp(w, "setoption") == 0) return parse_setoption(&lx, c);
    if (strcmp(w, "gameover") == 0) {
        if (!word(&lx, c->result, sizeof c->result)
            || (strcmp(c->result, "win") && strcmp(c->result, "lose") && strcmp(c->result, "draw")))
            return bad(c, "gameover: win, lose or draw expected", NULL, NULL);
        return c->kind = SG_USI_GAMEOVER;
    }
    return bad(c, "unknown command '%s'", w, NULL);
}

/* ---- the state machine ------------------------------------------------------------------------------ */
void sg_usi_state_init(sg_usi_state *s)
{
    memset(s, 0, sizeof *s);
    sg_error e;
    sg_pos_from_sfen(&s->root, "startpos", SG_STANDARD, &e);
    s->hash_mb = 16;
    s->multipv = 1;
    s->margin_ms = 100;
}

static sg_usi_action refuse(char *out, int size, const char *why)
{
    snprintf(out, (size_t)size, "info string %s\n", why);
    return SG_USI_DO_REPLY;
}

static bool set_int(const char *value, long min, long max, int *dst)
{
    long v;
    if (!number(value, min, max, &v)) return false;
    *dst = (int)v;
    return true;
}

sg_usi_action sg_usi_step(sg_usi_state *s, const sg_usi_cmd *c, char *out, int size)
{
    out[0] = '\0';
    bool busy = s->state != SG_USI_IDLE;
    switch (c->kind) {
    case SG_USI_EMPTY: return SG_USI_DO_REPLY;
    case SG_USI_BAD: return refuse(out, size, c->err);
    case SG_USI_USI: return SG_USI_DO_REPLY;  /* the host writes id and options */
    case SG_USI_ISREADY:
        snprintf(out, (size_t)size, "readyok\n");
        return SG_USI_DO_REPLY;
    case SG_USI_QUIT: return SG_USI_DO_QUIT;
    case SG_USI_STOP:
        return busy ? SG_USI_DO_STOP : SG_USI_DO_REPLY; /* nothing to stop: silently ignored */
    case SG_USI_PONDERHIT:
        if (s->state != SG_USI_PONDERING) return refuse(out, size, "ponderhit: not pondering");
        s->state = SG_USI_THINKING;
        return SG_USI_DO_PONDERHIT;
    case SG_USI_GAMEOVER:
        return busy ? SG_USI_DO_STOP : SG_USI_DO_REPLY;
    default: break;
    }
    if (busy) return refuse(out, size, "a search is running: send stop first");
    switch (c->kind) {
    case SG_USI_NEWGAME: return SG_USI_DO_NEWGAME;
    case SG_USI_POSITION:
        s->root = c->root;
        s->nmoves = c->nmoves;
        memcpy(s->moves, c->moves, sizeof(sg_move) * (size_t)c->nmoves);
        s->has_position = true;
        return SG_USI_DO_REPLY;
    case SG_USI_GO:
        if (!s->has_position) return refuse(out, size, "go: no position yet (send position first)");
        s->state = c->go.ponder ? SG_USI_PONDERING : SG_USI_THINKING;
        return SG_USI_DO_SEARCH;
    case SG_USI_SETOPTION:
        if (strcasecmp(c->name, "USI_Hash") == 0) {
            if (!set_int(c->value, 1, 65536, &s->hash_mb)) return refuse(out, size, "USI_Hash takes 1 to 65536 (MiB)");
        } else if (strcasecmp(c->name, "MultiPV") == 0) {
            if (!set_int(c->value, 1, SG_MAX_MULTIPV, &s->multipv)) return refuse(out, size, "MultiPV takes 1 to 16");
        } else if (strcasecmp(c->name, "NetworkDelay") == 0) {
            if (!set_int(c->value, 0, 10000, &s->margin_ms)) return refuse(out, size, "NetworkDelay takes 0 to 10000 (ms)");
        } else if (strcasecmp(c->name, "USI_Ponder") == 0) {
            if (strcasecmp(c->value, "true") && strcasecmp(c->value, "false")) return refuse(out, size, "USI_Ponder takes true or false");
            s->ponder = strcasecmp(c->value, "true") == 0;
        } else {
            return SG_USI_DO_OPTION;
        }
        return SG_USI_DO_REPLY;
    default: return SG_USI_DO_REPLY;
    }
}

void sg_usi_current(const sg_usi_state *s, sg_pos *p, uint64_t *keys, bool *checks)
{
    *p = s->root;
    if (keys) { keys[0] = sg_pos_key(p); checks[0] = sg_in_check(p); }
    for (int i = 0; i < s->nmoves; i++) {
        sg_undo u;
        sg_do_move(p, s->moves[i], &u);
        if (keys) { keys[i + 1] = sg_pos_key(p); checks[i + 1] = sg_in_check(p); }
    }
}

/* ---- output ---------------------------------------------------------------------------------------------- */
int sg_usi_info_line(const sg_search_report *r, int k, bool multipv, char *out, int size)
{
    const sg_search_line *l = &r->line[k];
    int n = snprintf(out, (size_t)size, "info depth %d seldepth %d", r->depth, r->seldepth);
    if (multipv) n += snprintf(out + n, (size_t)(size - n), " multipv %d", k + 1);
    int mate = sg_score_mate_plies(l->score);
    if (mate) n += snprintf(out + n, (size_t)(size - n), " score mate %d", mate);
    else n += snprintf(out + n, (size_t)(size - n), " score cp %d", l->score);
    if (l->bound == SG_BOUND_LOWER) n += snprintf(out + n, (size_t)(size - n), " lowerbound");
    if (l->bound == SG_BOUND_UPPER) n += snprintf(out + n, (size_t)(size - n), " upperbound");
    n += snprintf(out + n, (size_t)(size - n), " nodes %llu nps %llu hashfull %d time %ld pv",
                  (unsigned long long)r->nodes, (unsigned long long)r->nps, r->hashfull,
                  (long)(r->seconds * 1000));
    for (int i = 0; i < l->pv_len && n + 8 < size; i++) {
        char u[6];
        sg_move_to_usi(l->pv[i], u);
        n += snprintf(out + n, (size_t)(size - n), " %s", u);
    }
    if (n + 1 < size) { out[n++] = '\n'; out[n] = '\0'; }
    return n;
}

int sg_usi_bestmove_line(const sg_search_report *r, bool ponder, char *out, int size)
{
    if (r->declare) return snprintf(out, (size_t)size, "bestmove win\n");
    /* lost: no legal move, or a mate against the side to move is proven */
    if (r->best == SG_MOVE_NONE || r->score <= -SG_SCORE_MATE_MIN)
        return snprintf(out, (size_t)size, "bestmove resign\n");
    char u[6], pu[6];
    sg_move_to_usi(r->best, u);
    if (ponder && r->lines > 0 && r->line[0].pv_len > 1) {
        sg_move_to_usi(r->line[0].pv[1], pu);
        return snprintf(out, (size_t)size, "bestmove %s ponder %s\n", u, pu);
    }
    return snprintf(out, (size_t)size, "bestmove %s\n", u);
}
