/* Evaluation for the game-tree search: the hook the search calls at its leaves
 * and the built-in evaluation.  Scores are centipawns from the side to move's
 * point of view.  The piece values here are the built-in evaluation's own and
 * the search's material counter (what a Lua view reports as material). */
#ifndef SG_EVAL_H
#define SG_EVAL_H

#include "../core/position.h"

/* An evaluation: returns the score of p for its side to move.  ud is the
 * caller's (a Lua state, a C module's weights).  The search never calls it in
 * a position with no legal move or a repetition, and memoises its scores by
 * position key for one search: it must depend on the position only. */
typedef int (*sg_eval_fn)(void *ud, const sg_pos *p);

/* value of a piece of type t on the board, and in hand (unpromoted types);
 * the board values inline, as move ordering and SEE ask them per move */
extern int sg_eval_piece_values[SG_PT_NB];
extern int sg_eval_hand_values[SG_HAND_NB];
static inline int sg_eval_piece_value(sg_ptype t) { return t > 0 && t < SG_PT_NB ? sg_eval_piece_values[t] : 0; }
int sg_eval_hand_value(sg_ptype t);
/* material of black minus white: board and hands */
int sg_eval_material(const sg_pos *p);
/* what a move changes in sg_eval_material, from the mover's side (captured:
 * the piece on the destination before the move, SG_NO_PIECE if none; drops:
 * the variant's captured pieces go to the hand, not so in Sho) */
int sg_eval_material_delta(sg_move m, sg_piece captured, bool drops);

/* The built-in evaluation: material and hands, piece-square terms, king
 * safety (attackers and defenders around each king).  ud is unused. */
int sg_eval_builtin(void *ud, const sg_pos *p);
/* The built-in evaluation's piece-square part (pawns, lances, knights and
 * silvers by rank; black minus white), and what a move (not yet made)
 * changes in it: the search keeps it move by move, as the material. */
int sg_eval_psq(const sg_pos *p);
int sg_eval_psq_delta(const sg_pos *p, sg_move m);
/* sg_eval_builtin given p's material and piece-square part */
int sg_eval_builtin_with(const sg_pos *p, int material, int psq);
/* the positional weights of the built-in evaluation (centipawns): per square
 * a slider reaches, per own gold or silver next to / two squares from its
 * king, per enemy presser there, the attack on a king (attackers squared,
 * attackers times the kinds the enemy holds), per own piece next to the king,
 * and the side to move's tempo.  The piece values, hand values and these are
 * process-wide and written only between searches (eval_params.h). */
typedef struct {
    int mobility, guard_near, guard_far, press_near, press_far, attack_sq, attack_hand, defend, tempo;
} sg_eval_weights;
extern sg_eval_weights sg_eval_W;
/* material only, for tests and as the simplest baseline. ud unused. */
int sg_eval_material_only(void *ud, const sg_pos *p);

#endif
