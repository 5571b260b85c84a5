/* The built-in's parameters by name, for tuning: the evaluation's piece
 * values on the board and in hand and positional weights (eval.h, named
 * Eval_*), and the search's margins and reductions (search.h, Search_*).
 * komadai --usi offers them as spin options, Lua reads and writes them through
 * core.eval_params and core.set_eval_param, scripts/tune fits them.  They are
 * process-wide: set them between searches, never during one. */
#ifndef SG_EVAL_PARAMS_H
#define SG_EVAL_PARAMS_H

#include <stdbool.h>
#include <stdint.h>

typedef struct {
    const char *name;     /* "Eval_Pawn", "Eval_Hand_Rook", "Search_LmrDiv" */
    int value, def, min, max;
} sg_eval_param;

/* the i-th parameter (0..), false past the last */
bool sg_eval_param_at(int i, sg_eval_param *out);
/* sets the parameter named (case ignored) to v; false when there is none or v
 * is out of its range (nothing changes) */
bool sg_eval_param_set(const char *name, int v);
/* the parameter named, NULL when there is none */
bool sg_eval_param_get(const char *name, sg_eval_param *out);
/* every parameter back to its default */
void sg_eval_params_reset(void);
/* counts the changes: a cache of scores (a search table) made under another
 * count holds another evaluation's scores */
uint64_t sg_eval_params_generation(void);

#endif
