/* The evaluation view (l_eval_view.c): the userdata a Lua evaluation or move
 * hook receives as its first argument, showing the position being evaluated:
 * v:at(sq), v:board(t [, changes]), v:hand(side, "P"), v:count(side, "+R"),
 * v:side(), v:material(), v:in_check(), v:king(side), v:ply(), v:builtin(),
 * v:sfen(), v:position() (docs/API.md).  One view serves every call of a
 * search: the caller binds it to a position for the call and unbinds it
 * after, so a view kept by the Lua code raises instead of reading freed
 * memory. */
#ifndef SGL_EVAL_VIEW_H
#define SGL_EVAL_VIEW_H

#include "binding.h"
#include "../search/search.h"

typedef struct sgl_eval_view sgl_eval_view;

/* pushes a new view, bound to no position, reading the ply and material of
 * searcher s (NULL: ply 0, material counted) */
sgl_eval_view *sgl_eval_view_push(lua_State *L, const sg_search *s);
/* the position the view shows (NULL: none, its methods raise) */
void sgl_eval_view_bind(sgl_eval_view *v, const sg_pos *p);

#endif
