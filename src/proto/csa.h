/* The CSA server protocol (1.2.1, as shogi-server speaks it): the text of
 * what clients send and what the server answers, and the state of one game.
 * Pure C: no sockets, no clock reading, no allocation but the game's history.
 * docs/CSA.md lists what komadai sends and where it differs from shogi-server.
 * Sections: client lines; names and passwords; writing; the game. */
#ifndef SG_CSA_H
#define SG_CSA_H

#include <stddef.h>
#include "../core/game.h"
#include "clock.h"

/* ---- client lines -------------------------------------------------------------------
 * One line without its end of line (a trailing '\r' is the caller's to cut).
 * Arguments are spans of the line itself. */
typedef enum {
    SG_CSA_KEEPALIVE,    /* "" : the server answers with an empty line */
    SG_CSA_SPACE,        /* only blanks: ignored */
    SG_CSA_LOGIN,        /* LOGIN name password [x1] (well formed; see sg_csa_parse_login) */
    SG_CSA_LOGOUT,
    SG_CSA_AGREE,        /* AGREE [id] */
    SG_CSA_REJECT,       /* REJECT [id] */
    SG_CSA_MOVE,         /* "+7776FU" [",T3"] [",'comment"]: a = the move text up to ',', b = comment */
    SG_CSA_SPECIAL,      /* "%TORYO", "%KACHI", "%CHUDAN" or another %WORD: a = the word with '%' */
    SG_CSA_X_WHO, SG_CSA_X_LIST, SG_CSA_X_SHOW, SG_CSA_X_MONITOR2ON, SG_CSA_X_MONITOR2OFF,
    SG_CSA_X_CHAT, SG_CSA_X_VERSION, SG_CSA_X_HELP,
    SG_CSA_X_GAME,       /* %%GAME name [+-*]: a = name, turn; no name: leave the waiting list */
    SG_CSA_X_CHALLENGE,  /* %%CHALLENGE name [+-*] */
    SG_CSA_CHALLENGE,    /* the old "CHALLENGE" line */
    SG_CSA_UNKNOWN
} sg_csa_kind;

typedef struct { const char *s; int len; } sg_span;

typedef struct {
    sg_csa_kind kind;
    sg_span a, b;      /* arguments (len 0 when absent) */
    char turn;         /* %%GAME / %%CHALLENGE: '+', '-' or '*' */
    bool x1;           /* LOGIN ... x1 */
} sg_csa_cmd;

/* Classifies a line as shogi-server does (by its first characters). */
void sg_csa_parse_line(const char *line, int len, sg_csa_cmd *out);
/* A LOGIN line with 3 words (or 4, the last "x1") and a good name:
 * fills a (name), b (password) and x1; false otherwise. */
bool sg_csa_parse_login(const char *line, int len, sg_csa_cmd *out);

/* ---- record lines ---------------------------------------------------------------------
 * A line of a CSA record file split into its statements (the record readers'
 * hot path): at commas, but a comment (from "'") runs to the end of the line, and
 * so do a line that is a name ("N+", "N-") or a header ("$KEY:value"), which may
 * hold commas.  Statements are spans of the line, trimmed of blanks on both sides
 * (a name or header line on its right only; a comment kept as it is, with its
 * "'"); a statement before a comment that is only blanks is left out.  Writes at
 * most max spans and returns how many the line has. */
int sg_csa_statements(const char *line, int len, sg_span *out, int max);

/* ---- names and passwords -------------------------------------------------------------- */
#define SG_CSA_ID_MAX 32           /* identifiers: [A-Za-z0-9_@.-]{1,32} */
#define SG_CSA_NAME_MAX 128        /* game names */
bool sg_csa_identifier_ok(const char *s, int len);
/* GAMENAME-TOTAL-BYOYOMI or GAMENAME-TOTAL-INCREMENTF, GAMENAME an identifier */
bool sg_csa_game_name_ok(const char *s, int len);
typedef struct { int total, byoyomi, increment; bool stopwatch; } sg_csa_time;
/* the times of a good game name */
bool sg_csa_game_time(const char *s, int len, sg_csa_time *out);
/* The CSA-mode password: "GAMENAME-T-B[F][-b|-w]" or "GAMENAME...,TRIP" or a
 * bare TRIP (the default game "default-1500-0").  Fills name (the game name
 * without a turn suffix; SG_CSA_NAME_MAX bytes), the trip (len 0: none, the
 * player is not rated) and turn ('+', '-' or '*'). */
void sg_csa_parse_password(const char *pw, int len, char name[SG_CSA_NAME_MAX], sg_span *trip, char *turn);
#define SG_CSA_DEFAULT_GAME "default-1500-0"

/* ---- writing ----------------------------------------------------------------------------
 * Each returns the length written (the text is cut to fit size, always
 * zero-terminated).  Lines end in "\n". */
/* P1..P9, P+ and P- (left out when that hand is empty), then "+" or "-" */
int sg_csa_write_position(const sg_pos *p, char *buf, int size);

typedef struct {
    const char *game_id, *name[2];
    const sg_pos *start;
    int max_moves;
    sg_csa_time time;
    int least;
} sg_csa_summary;
/* BEGIN Game_Summary ... END Game_Summary for the player of side you (0 black, 1 white) */
int sg_csa_write_summary(const sg_csa_summary *s, int you, char *buf, int size);

/* %%SHOW: the summary without Your_Turn, with the clocks (Remaining_Time+/-,
 * Last_Move, Current_Turn) and the position now. */
int sg_csa_write_show(const sg_csa_summary *s, const int remaining[2], const char *last_move, int current_turn,
                      const sg_pos *now, char *buf, int size);

/* How a game ended, with shogi-server's words. */
typedef enum {
    SG_CSA_RES_NONE = 0,
    SG_CSA_RES_TORYO,            /* %TORYO */
    SG_CSA_RES_ABNORMAL,         /* the loser disconnected: said as %TORYO */
    SG_CSA_RES_TIME_UP,
    SG_CSA_RES_KACHI,            /* a correct %KACHI */
    SG_CSA_RES_ILLEGAL_KACHI,    /* a wrong one */
    SG_CSA_RES_ILLEGAL_MOVE,     /* an illegal move or %ACTION (cause in the summary) */
    SG_CSA_RES_OUTE_SENNICHITE,
    SG_CSA_RES_SENNICHITE,
    SG_CSA_RES_MAX_MOVES,
    SG_CSA_RES_CHUDAN,           /* %CHUDAN or the server stopping: no result */
    SG_CSA_RES_CUSTOM            /* a config's end test: #CHUDAN then #WIN/#LOSE/#DRAW */
} sg_csa_result;
/* The lines the player of side `to` (0/1) is sent, winner -1 for a draw:
 * "%TORYO\n#RESIGN\n#WIN\n", "#SENNICHITE\n#DRAW\n", ... */
int sg_csa_result_lines(sg_csa_result r, int winner, int to, char *buf, int size);
/* The record's line for the end ("%TORYO", "%KACHI", "%CHUDAN") or NULL */
const char *sg_csa_result_record_word(sg_csa_result r);
/* shogi-server's 'summary: type: "toryo", "abnormal", "time up", ... */
const char *sg_csa_result_summary_type(sg_csa_result r);

/* ---- the game ---------------------------------------------------------------------------
 * The rules come from the core's game (sg_game_play and the verdicts); the
 * clock is counted here from the elapsed times the caller measures.  A
 * checkmate ends nothing by itself, as on shogi-server: the mated side must
 * send %TORYO (a move is illegal, waiting runs out its time). */
typedef enum { SG_CSA_AGREEING = 0, SG_CSA_PLAYING, SG_CSA_OVER } sg_csa_phase;

typedef struct {
    sg_game game;
    sg_clock clock;
    sg_csa_phase phase;
    bool agreed[2];
    sg_csa_result result;
    int winner;                /* 0/1, -1 draw */
    char cause[40];            /* summary type: "toryo", "uchifuzume", a custom id, ... */
    char last_move[24];        /* "+7776FU,T3" or "" */
} sg_csa_match;

/* What one line (or a time-out) did.  moved: echo is the line both players
 * get ("+7776FU,T3"), used the seconds charged; ended: result and winner.
 * illegal: the text of a refused move (the record notes "'ILLEGAL_MOVE(...)").
 * repeated: out of turn, the move just played by the same side sent again
 * (a client's resend); the caller drops it. */
typedef struct {
    bool moved, ended, not_your_turn, ignored, repeated;
    char echo[24];
    int used;
    char illegal[24];
} sg_csa_event;

/* NULL on success, else why the game cannot be made (the match is then safe to free). */
const char *sg_csa_match_init(sg_csa_match *m, const sg_pos *start, const sg_rules *r, const sg_clock *c);
void sg_csa_match_free(sg_csa_match *m);
/* true once both sides agreed (the game starts: send START) */
bool sg_csa_match_agree(sg_csa_match *m, int side);
/* the side to move (0/1) */
int sg_csa_match_turn(const sg_csa_match *m);
/* A move or %WORD line of side, sent `elapsed` seconds after its clock
 * started.  When it is not side's turn: repeated if the line is the move
 * side played last (its text before any comma the same as the last move's),
 * else not_your_turn (the caller keeps the line until it is, as shogi-server
 * does). */
void sg_csa_match_line(sg_csa_match *m, int side, const sg_csa_cmd *cmd, double elapsed, sg_csa_event *ev);
/* The side to move has thought `elapsed` seconds: ends the game if its time is up. */
void sg_csa_match_tick(sg_csa_match *m, double elapsed, sg_csa_event *ev);
/* Ends the game now: the side that left loses (ABNORMAL) or, with
 * SG_CSA_RES_CHUDAN, no result. */
void sg_csa_match_stop(sg_csa_match *m, sg_csa_result r, int loser, sg_csa_event *ev);
/* Ends the game with a config's verdict (winner -1: draw) named id. */
void sg_csa_match_custom(sg_csa_match *m, int winner, const char *id, sg_csa_event *ev);

#endif
