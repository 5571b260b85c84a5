/* Reading a CSA record as komadai --csa-server (and shogi-server) writes it,
 * while it grows: the players, the times, the start position (P1..P9, P+,
 * P-, the side), each move with its T line (the seconds it took) and the
 * comment after it ('** score pv, Floodgate's convention; '* too), and the end (the
 * %WORD, 'summary:, '$END_TIME).  Moves are read by the core (CSA notation)
 * and played on the position, so a record that breaks off mid-line or holds a
 * foul stops there with a message.  Pure C, no I/O: the caller reads the file. */
#ifndef SG_CSA_REC_H
#define SG_CSA_REC_H

#include <stdbool.h>
#include <stddef.h>
#include "../core/position.h"
#include "csa.h"

typedef struct {
    sg_move move;
    int used;            /* its T line's seconds, -1 when none (yet) */
    char *comment;       /* the '* line after it (without "'*"), or NULL */
} sg_csa_rec_move;

typedef struct {
    char names[2][64];           /* N+ and N- */
    char event[256];             /* $EVENT: the game id */
    char start_time[32], end_time[32];
    int max_moves, least, increment;
    sg_csa_time time;            /* from the game name in the id (GAME-TOTAL-BYOYOMI[F]); has_time */
    bool has_time;
    sg_pos start;                /* valid once has_start */
    bool has_start;
    sg_pos now;                  /* after the moves read */
    sg_csa_rec_move *moves;
    int n, cap;
    char end_word[16];           /* "%TORYO", "%KACHI", "%CHUDAN", ... or "" */
    char cause[40];              /* 'summary:CAUSE:... */
    int winner;                  /* from the summary: 0 black, 1 white, -1 none (draw or not yet) */
    bool summary;                /* a 'summary: line was read */
    bool finished;               /* '$END_TIME was read: the server wrote its last line */
    char error[160];             /* "" or the first line that could not be read (reading stopped there) */
} sg_csa_rec;

/* Reads len bytes of record text into r (sg_csa_rec_free after, whatever
 * the answer).  A last line without its newline is left unread (it may be
 * half written).  false only when out of memory. */
bool sg_csa_rec_read(sg_csa_rec *r, const char *text, size_t len);
/* frees the moves (n, the count read, and the other fields stay) */
void sg_csa_rec_free(sg_csa_rec *r);

#endif
