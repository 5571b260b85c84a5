/* A game: a start position, the moves played (with what undo needs), the key
 * and in-check flag of every position reached, the rule set and the verdict.
 * Sections: the struct; making and freeing; playing and undoing; results.
 * Memory grows with the game (doubling, through the caller's allocator), never
 * per move and with no fixed limit on length. */
#ifndef SG_GAME_H
#define SG_GAME_H

#include <stddef.h>
#include "rules.h"

/* The allocator, with lua_Alloc's contract: nsize 0 frees and returns NULL,
 * otherwise returns the resized block or NULL (the old block stays valid). */
typedef void *(*sg_alloc_fn)(void *ud, void *ptr, size_t osize, size_t nsize);

/* One entry per position reached (sg_game_entry, rules.h): entry i is the
 * position after i moves. */

/* A custom end test (a rule set's Lua end tests, through the binding): run by
 * the game after every move that leaves it open with moves to play.  Returns
 * SG_TEST_OPEN, or SG_TEST_ENDED with *out filled (checked by the game), or
 * SG_TEST_FAILED when the test itself failed (the caller keeps its message). */
typedef enum { SG_TEST_OPEN = 0, SG_TEST_ENDED, SG_TEST_FAILED } sg_test_status;
typedef struct {
    sg_outcome outcome;
    int winner;              /* SG_BLACK, SG_WHITE, or -1 for a draw */
    char id[32];             /* the verdict's id (sg_custom_id_check) */
} sg_custom_end;
typedef struct sg_game sg_game;
typedef sg_test_status (*sg_end_test_fn)(void *ud, sg_game *g, sg_custom_end *out);

struct sg_game {
    sg_pos start;
    sg_pos pos;              /* the current position */
    sg_rules rules;
    sg_game_entry *hist;     /* hist[0..ply] */
    int ply;                 /* moves played */
    int top;                 /* the moves ahead of ply kept for redo: hist[ply+1..top] (a cursor) */
    int cap;                 /* entries allocated */
    sg_verdict verdict;      /* decided ends (outcome SG_OUTCOME_NONE while open) */
    sg_alloc_fn alloc;
    void *alloc_ud;
    sg_end_test_fn end_test; /* NULL: none */
    void *end_test_ud;
    bool in_end_test;        /* the test is running: the game may not change */
    const char *error;       /* after SG_PLAY_BAD_VERDICT: why the test's verdict is not valid */
    bool ended_by_action;    /* the verdict came from an act after the last move (resigning,
                                declaring, a stated end), not from the move itself */
};

/* Results of sg_game_play besides the sg_reason codes of movegen.h. */
enum {
    SG_PLAY_GAME_OVER = SG_REASON_NB,  /* the game has ended: sg_game_result says how */
    SG_PLAY_NO_MEMORY,                 /* the history could not grow */
    SG_PLAY_TEST_FAILED,               /* the custom end test failed (move taken back) */
    SG_PLAY_BAD_VERDICT,               /* it returned a verdict that is not valid (g->error; taken back) */
    SG_PLAY_BUSY                       /* the game's end test is running */
};

/* ---- making and freeing -------------------------------------------------------------
 * alloc NULL uses the C library.  Returns NULL on success, else a sentence
 * (bad rule set, a rule set for another variant, no memory); g is then empty
 * and safe to free. */
const char *sg_game_init(sg_game *g, const sg_pos *start, const sg_rules *r, sg_alloc_fn alloc, void *ud);
/* idempotent; leaves g empty */
void sg_game_free(sg_game *g);
/* a copy of src with its own memory; false when out of memory */
bool sg_game_copy(sg_game *dst, const sg_game *src);

/* ---- playing and undoing ------------------------------------------------------------
 * SG_LEGAL after playing m; otherwise the game is unchanged and the result is
 * SG_PLAY_GAME_OVER (the game has ended, including a mate or a Sho finish
 * found now), SG_PLAY_NO_MEMORY, or the sg_reason the move breaks. */
int sg_game_play(sg_game *g, sg_move m);
/* the same, when the caller has already asked sg_is_legal(sg_game_pos(g), m)
 * and passes its answer (saves a second check in the Lua binding) */
int sg_game_play_judged(sg_game *g, sg_move m, sg_reason judged);
/* Sets the custom end test (NULL: none); it runs after every move from now on. */
void sg_game_set_end_test(sg_game *g, sg_end_test_fn fn, void *ud);
/* Runs the end test on the current position if the game is open (a start
 * position, or when what the test reads has changed): returns SG_LEGAL,
 * SG_PLAY_TEST_FAILED, SG_PLAY_BAD_VERDICT or SG_PLAY_BUSY. */
int sg_game_check_end(sg_game *g);
/* takes back the last move and any verdict; false at the start.  The move is
 * kept ahead of the cursor until another move is played there. */
bool sg_game_undo(sg_game *g);
/* plays again the next move kept ahead of the cursor: SG_LEGAL, or what
 * sg_game_play says (the game over, an end test's failure); SG_PLAY_GAME_OVER
 * also when there is no move ahead */
int sg_game_redo(sg_game *g);
/* moves ahead of the cursor */
static inline int sg_game_ahead(const sg_game *g) { return g->top - g->ply; }
/* takes back an end that an act made after the last move (a resignation, a
 * declaration, a claim, a stated or custom end set directly), leaving the
 * moves; false when the game is open or its end came with a move */
bool sg_game_undo_end(sg_game *g);
static inline const sg_pos *sg_game_pos(const sg_game *g) { return &g->pos; }
static inline int sg_game_ply(const sg_game *g) { return g->ply; }
/* the i-th move, 1-based */
static inline sg_move sg_game_move(const sg_game *g, int i) { return g->hist[i].move; }

/* ---- results ---------------------------------------------------------------------------
 * true and the verdict when the game has ended (a decided end, or the side to
 * move has no legal move); false while it goes on. */
bool sg_game_result(const sg_game *g, sg_verdict *v);
static inline bool sg_game_decided(const sg_game *g) { return g->verdict.outcome != SG_OUTCOME_NONE; }
/* Ends an open game (returns false if it has ended): */
bool sg_game_resign(sg_game *g, sg_color who);
bool sg_game_agree_draw(sg_game *g);
/* A custom end (winner -1 for a draw) with its id.  NULL on success, else a
 * sentence saying why the verdict is not valid (the game unchanged). */
const char *sg_game_end_custom(sg_game *g, sg_outcome outcome, int winner, const char *id);
/* An end a record, a clock or an arbiter states: SG_END_RESIGNATION,
 * SG_END_TIME_UP or SG_END_ILLEGAL_MOVE with the loser; SG_END_AGREEMENT or
 * SG_END_IMPASSE_24 as a draw (loser -1; the points are counted as evidence).
 * false when the game has ended or the pair makes no sense. */
bool sg_game_end_stated(sg_game *g, sg_end reason, int loser);
/* The side to move declares.  SG_CLAIM_OK: the game is won.  A fault: the
 * game is unchanged (the evidence in *v), unless the rule set makes a wrong
 * declaration lose: then the game ends and *v is that verdict.
 * Call only on an open game. */
sg_claim sg_game_declare(sg_game *g, sg_verdict *v);
/* The 24-point count, asked by either side.  SG_CLAIM_OK: the game ended
 * (win or draw, in *v); else the fault, game unchanged.  Only on an open game. */
sg_claim sg_game_impasse(sg_game *g, sg_verdict *v);

#endif
