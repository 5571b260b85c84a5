/* A CSA record read while it grows (csa_rec.h). */
#include "csa_rec.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "../core/notation.h"

static bool starts(const char *s, const char *w) { return strncmp(s, w, strlen(w)) == 0; }

static void copy(char *dst, size_t size, const char *s) { snprintf(dst, size, "%s", s); }

static void fail(sg_csa_rec *r, int line, const char *fmt, const char *what)
{
    if (r->error[0]) return;
    char m[120];
    snprintf(m, sizeof m, fmt, what);
    snprintf(r->error, sizeof r->error, "line %d: %s", line, m);
}

/* the game name's times: the id is EVENT+GAME-TOTAL-BYOYOMI[F]+BLACK+WHITE+STAMP */
static void times_from_event(sg_csa_rec *r)
{
    const char *a = strchr(r->event, '+');
    if (!a) return;
    a++;
    const char *b = strchr(a, '+');
    int len = b ? (int)(b - a) : (int)strlen(a);
    sg_csa_time t;
    if (sg_csa_game_time(a, len, &t)) { r->time = t; r->has_time = true; }
}

/* shogi-server's "$TIME_LIMIT:HH:MM+SS" */
static void time_limit(sg_csa_rec *r, const char *s)
{
    int h, m, b;
    if (sscanf(s, "%d:%d+%d", &h, &m, &b) == 3 && h >= 0 && m >= 0 && b >= 0) {
        r->time = (sg_csa_time){.total = h * 3600 + m * 60, .byoyomi = b};
        r->has_time = true;
    }
}

/* ---- the start position: P1..P9, P+ / P-, the side line, or PI --------------------- */
typedef struct {
    sg_piece board[9][9];    /* [rank][column from the left, file 9 first] */
    int hand[2][SG_HAND_NB];
    int rows;
    bool sho;
} diagram;

static bool p_row(diagram *d, const char *s)
{
    int rank = s[1] - '1';
    if (strlen(s) < 29) return false;
    for (int c = 0; c < 9; c++) {
        const char *cell = s + 2 + 3 * c;
        if (cell[0] == ' ' && cell[1] == '*') { d->board[rank][c] = SG_NO_PIECE; continue; }
        if (cell[0] != '+' && cell[0] != '-') return false;
        char name[3] = {cell[1], cell[2], 0};
        int n;
        sg_ptype t = sg_ptype_parse(name, &n);
        if (t == SG_NO_PT || n != 2) return false;
        if (t == SG_ELEPHANT || t == SG_PRINCE) d->sho = true;
        d->board[rank][c] = sg_make_piece(cell[0] == '+' ? SG_BLACK : SG_WHITE, t);
    }
    d->rows |= 1 << rank;
    return true;
}

/* "P+00FU00KA": pieces in hand (only the 00 square: a record's placements are its P1..P9) */
static bool p_hand(diagram *d, const char *s)
{
    int side = s[1] == '+' ? 0 : 1;
    for (s += 2; *s; s += 4) {
        if (strlen(s) < 4 || s[0] != '0' || s[1] != '0') return false;
        char name[3] = {s[2], s[3], 0};
        int n;
        sg_ptype t = sg_ptype_parse(name, &n);
        if (t == SG_NO_PT || n != 2 || t >= SG_HAND_NB) return false;
        d->hand[side][t]++;
    }
    return true;
}

static bool make_start(sg_csa_rec *r, diagram *d, bool pi, sg_color side)
{
    char sfen[256];
    int k = 0;
    if (pi) {
        snprintf(sfen, sizeof sfen, "%s", sg_variant_get(SG_STANDARD)->start_sfen);
        char *b = strstr(sfen, " b ");
        if (b && side == SG_WHITE) b[1] = 'w';
    } else {
        for (int rank = 0; rank < 9; rank++) {
            int empty = 0;
            for (int c = 0; c < 9; c++) {
                sg_piece pc = d->board[rank][c];
                if (!pc) { empty++; continue; }
                if (empty) k += snprintf(sfen + k, sizeof sfen - (size_t)k, "%d", empty);
                empty = 0;
                char l[3];
                sg_piece_letters(pc, l);
                k += snprintf(sfen + k, sizeof sfen - (size_t)k, "%s", l);
            }
            if (empty) k += snprintf(sfen + k, sizeof sfen - (size_t)k, "%d", empty);
            if (rank < 8) sfen[k++] = '/';
        }
        k += snprintf(sfen + k, sizeof sfen - (size_t)k, " %c ", side == SG_BLACK ? 'b' : 'w');
        int held = 0;
        for (int c = 0; c < 2; c++)
            for (sg_ptype t = SG_GOLD; t >= SG_PAWN; t--) {
                if (!d->hand[c][t]) continue;
                char l[3];
                sg_piece_letters(sg_make_piece((sg_color)c, t), l);
                if (d->hand[c][t] > 1) k += snprintf(sfen + k, sizeof sfen - (size_t)k, "%d", d->hand[c][t]);
                k += snprintf(sfen + k, sizeof sfen - (size_t)k, "%s", l);
                held++;
            }
        if (!held) k += snprintf(sfen + k, sizeof sfen - (size_t)k, "-");
        snprintf(sfen + k, sizeof sfen - (size_t)k, " 1");
    }
    sg_error err;
    if (!sg_pos_read_sfen(&r->start, sfen, d->sho ? SG_SHO : SG_STANDARD, false, &err)) return false;
    r->now = r->start;
    r->has_start = true;
    return true;
}

/* ---- the moves ------------------------------------------------------------------- */
static bool add_move(sg_csa_rec *r, sg_move m)
{
    if (r->n == r->cap) {
        int cap = r->cap ? r->cap * 2 : 128;
        sg_csa_rec_move *p = realloc(r->moves, sizeof *p * (size_t)cap);
        if (!p) return false;
        r->moves = p;
        r->cap = cap;
    }
    r->moves[r->n++] = (sg_csa_rec_move){.move = m, .used = -1};
    return true;
}

static void summary(sg_csa_rec *r, const char *s)
{
    /* CAUSE:BLACK RESULT:WHITE RESULT */
    const char *c = strchr(s, ':');
    size_t cl = c ? (size_t)(c - s) : strlen(s);
    if (cl >= sizeof r->cause) cl = sizeof r->cause - 1;
    memcpy(r->cause, s, cl);
    r->cause[cl] = '\0';
    r->summary = true;
    r->winner = -1;
    if (!c) return;
    const char *second = strchr(c + 1, ':');
    size_t fl = second ? (size_t)(second - c - 1) : strlen(c + 1);
    if (fl >= 4 && memcmp(c + 1 + fl - 4, " win", 4) == 0) r->winner = 0;
    else if (second && strlen(second) >= 4 && strcmp(second + strlen(second) - 4, " win") == 0) r->winner = 1;
}

/* one statement (a line, or a part of one between commas); false when out of memory */
static bool statement(sg_csa_rec *r, diagram *d, const char *s, int line)
{
    if (r->error[0] && (s[0] == '+' || s[0] == '-' || s[0] == 'T')) return true;  /* the moves stopped */
    if (s[0] == '\'') {
        s++;
        if (s[0] == '*' && !r->error[0]) {  /* (after a line not read, no move to hang it on) */
            while (*s == '*') s++;   /* "'** 30 ...": the server's '*' and the client's (shogi-server's records) */
            while (*s == ' ') s++;
            if (r->n > 0 && !r->moves[r->n - 1].comment && !r->end_word[0]) {
                char *t = malloc(strlen(s) + 1);
                if (!t) return false;
                strcpy(t, s);
                r->moves[r->n - 1].comment = t;
            }
        } else if (starts(s, "summary:")) summary(r, s + 8);
        else if (starts(s, "$END_TIME:")) { copy(r->end_time, sizeof r->end_time, s + 10); r->finished = true; }
        else if (starts(s, "Max_Moves:")) r->max_moves = atoi(s + 10);
        else if (starts(s, "Least_Time_Per_Move:")) r->least = atoi(s + 20);
        else if (starts(s, "Increment:")) r->increment = r->time.increment = atoi(s + 10);
        return true;
    }
    if (starts(s, "N+") || starts(s, "N-")) { copy(r->names[s[1] == '-'], sizeof r->names[0], s + 2); return true; }
    if (starts(s, "$EVENT:")) { copy(r->event, sizeof r->event, s + 7); if (!r->has_time) times_from_event(r); return true; }
    if (starts(s, "$START_TIME:")) { copy(r->start_time, sizeof r->start_time, s + 12); return true; }
    if (starts(s, "$TIME_LIMIT:")) { time_limit(r, s + 12); return true; }
    if (s[0] == 'V' || s[0] == '$') return true;
    if (s[0] == 'P' && !r->has_start) {
        bool ok = s[1] >= '1' && s[1] <= '9' ? p_row(d, s)
                : (s[1] == '+' || s[1] == '-') ? p_hand(d, s)
                : s[1] == 'I' && s[2] == '\0';
        if (!ok) fail(r, line, "cannot read the position line '%.40s'", s);
        if (s[1] == 'I' && ok) d->rows = -1;
        return true;
    }
    if ((s[0] == '+' || s[0] == '-') && s[1] == '\0' && !r->has_start) {
        bool pi = d->rows == -1;
        if (!pi && d->rows != 0x1ff) fail(r, line, "%s", "the position has not all of P1..P9");
        else if (!make_start(r, d, pi, s[0] == '+' ? SG_BLACK : SG_WHITE)) fail(r, line, "%s", "the position is not one the core reads");
        return true;
    }
    if ((s[0] == '+' || s[0] == '-') && r->has_start && !r->end_word[0]) {
        sg_move m;
        sg_error err;
        sg_square prev = r->n ? sg_move_to(r->moves[r->n - 1].move) : SG_SQ_NONE;
        if (!sg_move_parse(&r->now, s, SG_NOTATION_CSA, prev, &m, &err)) { fail(r, line, "%.60s", err.msg); return true; }
        if (!add_move(r, m)) return false;
        sg_undo u;
        sg_do_move(&r->now, m, &u);
        return true;
    }
    if (s[0] == 'T' && r->n > 0 && r->moves[r->n - 1].used < 0) { r->moves[r->n - 1].used = atoi(s + 1); return true; }
    if (s[0] == '%' && r->has_start) { copy(r->end_word, sizeof r->end_word, s); return true; }
    return true;
}

bool sg_csa_rec_read(sg_csa_rec *r, const char *text, size_t len)
{
    memset(r, 0, sizeof *r);
    r->winner = -1;
    diagram d;
    memset(&d, 0, sizeof d);
    char buf[1024];
    int line = 0;
    for (size_t i = 0; i < len;) {
        const char *nl = memchr(text + i, '\n', len - i);
        if (!nl) break;  /* half written */
        size_t l = (size_t)(nl - (text + i));
        line++;
        if (l >= sizeof buf) l = sizeof buf - 1;
        memcpy(buf, text + i, l);
        buf[l] = '\0';
        if (l && buf[l - 1] == '\r') buf[--l] = '\0';
        i = (size_t)(nl - text) + 1;
        if (buf[0] == '\'') { if (!statement(r, &d, buf, line)) return false; continue; }
        for (char *p = buf; p;) {  /* "+7776FU,T12": statements apart by commas */
            char *c = strchr(p, ',');
            if (c) *c = '\0';
            if (*p && !statement(r, &d, p, line)) return false;
            p = c ? c + 1 : NULL;
        }
    }
    return true;
}

void sg_csa_rec_free(sg_csa_rec *r)
{
    for (int i = 0; r->moves && i < r->n; i++) free(r->moves[i].comment);
    free(r->moves);
    r->moves = NULL;
    r->cap = 0;   /* n is kept: the count of moves read */
}
