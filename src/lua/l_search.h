/* The game-tree search for Lua (l_search.c): core.search, the position view
 * a Lua evaluation reads, and the Lua evaluation callback the USI engine
 * (src/app/usi_engine.c) uses too. */
#ifndef SGL_SEARCH_H
#define SGL_SEARCH_H

#include "binding.h"
#include "../search/search.h"

/* A Lua evaluation: fn(view, opts) -> number, called through lua_pcall.
 * On an error the message is kept in err and the search is aborted.
 * The search memoises scores by position key (src/search/search.c), so the
 * function must depend only on the position and opts: the same leaf reached
 * again (a transposition, the next iteration) is not evaluated again. */
typedef struct {
    lua_State *L;
    int fn_ref, opts_ref, view_ref;   /* registry references */
    sg_search *search;                /* for the view's ply and material */
    bool failed;
    char err[512];
} sgl_lua_eval;

/* fn at fn_idx, opts at opts_idx (0: none, an empty table is used). */
void sgl_lua_eval_init(lua_State *L, int fn_idx, int opts_idx, sg_search *s, sgl_lua_eval *e);
void sgl_lua_eval_free(sgl_lua_eval *e);
/* an sg_eval_fn: ud is the sgl_lua_eval */
int sgl_lua_eval_call(void *ud, const sg_pos *p);
/* move hooks fn(view, usi_move, opts): the same (not memoised);
 * order returns a number (a bonus), prune a boolean (true: skip the move) */
void sgl_lua_hook_init(lua_State *L, int fn_idx, int opts_idx, sg_search *s, sgl_lua_eval *e);
int sgl_lua_order_call(void *ud, const sg_pos *p, sg_move m);
int sgl_lua_prune_call(void *ud, const sg_pos *p, sg_move m);

/* A C evaluation from a C module: a full userdata with the metatable
 * registered as SGL_C_EVAL (luaL_newmetatable) holding this struct.  Passed
 * as `eval` to core.search (and core.evaluate), it is called directly, without
 * Lua.  See examples/bots/c_eval/. */
#define SGL_C_EVAL "shogi.c_eval"
typedef struct {
    sg_eval_fn fn;
    void *ud;
} sgl_c_eval;

#endif
