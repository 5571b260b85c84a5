/* USI, the engine side: the text of commands parsed into values, the
 * engine's protocol state, and the lines it answers with.  Pure C: no I/O,
 * no processes (src/app/usi_engine.c runs it over stdin/stdout).
 *
 * Every bad command is refused with a sentence (sent as "info string ...")
 * and changes nothing: a malformed SFEN, an illegal move in "position" (the
 * position is kept as it was), an unknown word, a bad number. */
#ifndef SG_USI_H
#define SG_USI_H

#include "../search/search.h"

#define SG_USI_MAX_MOVES 2048
#define SG_USI_NAME_MAX 64
#define SG_USI_VALUE_MAX 256
#define SG_USI_ERR_MAX 256

typedef enum {
    SG_USI_EMPTY = 0, SG_USI_BAD, SG_USI_USI, SG_USI_ISREADY, SG_USI_SETOPTION, SG_USI_NEWGAME,
    SG_USI_POSITION, SG_USI_GO, SG_USI_STOP, SG_USI_PONDERHIT, SG_USI_GAMEOVER, SG_USI_QUIT
} sg_usi_kind;

/* "go": times in milliseconds, -1 when not given */
typedef struct {
    long btime, wtime, byoyomi, binc, winc, movetime;
    int depth;
    uint64_t nodes;
    bool infinite, ponder;
    bool mate;                 /* go mate: mate_ms (-1: infinite) */
    long mate_ms;
    int nsearchmoves;
    char searchmoves[64][6];   /* checked against the position when the search starts */
} sg_usi_go;

typedef struct {
    sg_usi_kind kind;
    char err[SG_USI_ERR_MAX];          /* SG_USI_BAD: why */
    char name[SG_USI_NAME_MAX];        /* setoption */
    char value[SG_USI_VALUE_MAX];
    sg_pos root;                       /* position: the start, and the moves (all legal) */
    int nmoves;
    sg_move moves[SG_USI_MAX_MOVES];
    sg_usi_go go;
    char result[8];                    /* gameover: win, lose, draw */
} sg_usi_cmd;

/* Parses one line (no newline).  Returns cmd->kind; SG_USI_BAD with err set
 * for anything refused. */
sg_usi_kind sg_usi_parse(const char *line, sg_variant v, sg_usi_cmd *cmd);

/* ---- the engine's state ----------------------------------------------------------------
 * IDLE: waiting; THINKING: a "go" runs; PONDERING: a "go ponder" runs (a
 * "ponderhit" makes it THINKING with the go's clock). */
typedef enum { SG_USI_IDLE = 0, SG_USI_THINKING, SG_USI_PONDERING } sg_usi_state_kind;

typedef struct {
    sg_usi_state_kind state;
    bool has_position;
    sg_pos root;
    int nmoves;
    sg_move moves[SG_USI_MAX_MOVES];
    /* the standard options */
    int hash_mb, multipv, margin_ms;
    bool ponder;
} sg_usi_state;
void sg_usi_state_init(sg_usi_state *s);

/* What the host does with a command, given the state (the state is updated):
 * answers (out: lines ending in "\n"), starts or stops a search, or refuses
 * the command (out: "info string ..."). */
typedef enum {
    SG_USI_DO_REPLY = 0,       /* write out (may be empty) */
    SG_USI_DO_NEWGAME,         /* clear the table; write out */
    SG_USI_DO_OPTION,          /* an option not of USI's own: the host's (a bot's) */
    SG_USI_DO_SEARCH,          /* start a search of the state's position with cmd->go */
    SG_USI_DO_STOP,            /* stop the running search (it answers bestmove) */
    SG_USI_DO_PONDERHIT,       /* the pondered move was played: go on with the clock */
    SG_USI_DO_QUIT
} sg_usi_action;
sg_usi_action sg_usi_step(sg_usi_state *s, const sg_usi_cmd *cmd, char *out, int size);
/* after the host answered "bestmove": back to IDLE */
static inline void sg_usi_search_done(sg_usi_state *s) { s->state = SG_USI_IDLE; }
/* the position to search: root plus moves; keys and checks (each nmoves + 1
 * long) get the history for repetition */
void sg_usi_current(const sg_usi_state *s, sg_pos *p, uint64_t *keys, bool *checks);

/* ---- what the engine writes ----------------------------------------------------------------- */
/* "info depth D seldepth S multipv K score cp X|mate N [lowerbound] nodes N nps N hashfull H time MS pv ...\n" */
int sg_usi_info_line(const sg_search_report *r, int line, bool multipv, char *out, int size);
/* "bestmove M [ponder P]\n", "bestmove resign\n", "bestmove win\n" */
int sg_usi_bestmove_line(const sg_search_report *r, bool ponder, char *out, int size);

#endif
