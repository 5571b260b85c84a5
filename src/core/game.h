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

/* One entry per position reached: entry i is the position after i moves. */
typedef struct {
    sg_move move;            /* the move that led here (SG_MOVE_NONE for entry 0) */
    sg_undo undo;            /* what undoing that move needs */
    uint64_t key;            /* sg_pos_key: board, both hands, side to move */
    bool in_check;           /* the side to move is in check here */
} sg_game_entry;

struct sg_game {
    sg_pos start;
    sg_pos pos;              /* the current position */
    sg_rules rules;
    sg_game_entry *hist;     /* hist[0..ply] */
    int ply;                 /* moves played */
    int cap;                 /* entries allocated */
    sg_verdict verdict;      /* decided ends (outcome SG_OUTCOME_NONE while open) */
    sg_alloc_fn alloc;
    void *alloc_ud;
};

/* Results of sg_game_play besides the sg_reason codes of movegen.h. */
enum {
    SG_PLAY_GAME_OVER = SG_REASON_NB,  /* the game has ended: sg_game_result says how */
    SG_PLAY_NO_MEMORY                  /* the history could not grow */
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
/* takes back the last move and any verdict; false at the start */
bool sg_game_undo(sg_game *g);
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
/* a custom end (winner -1 for a draw) */
bool sg_game_end_custom(sg_game *g, sg_outcome outcome, int winner);
/* The side to move declares.  SG_CLAIM_OK: the game is won.  A fault: the
 * game is unchanged (the evidence in *v), unless the rule set makes a wrong
 * declaration lose: then the game ends and *v is that verdict.
 * Call only on an open game. */
sg_claim sg_game_declare(sg_game *g, sg_verdict *v);
/* The 24-point count, asked by either side.  SG_CLAIM_OK: the game ended
 * (win or draw, in *v); else the fault, game unchanged.  Only on an open game. */
sg_claim sg_game_impasse(sg_game *g, sg_verdict *v);

#endif
