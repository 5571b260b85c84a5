/* The Lua binding of the core (module "shogi.core").  Only files in src/lua/
 * and src/app/ include lua.h.  Each binding file registers its part through one
 * sgl_open_* function called from luaopen_shogi_core (shogi_core.c) with the
 * module table on the top of the stack.  The binding has no rules of its own
 * and never calls up into the Lua modules of lua/shogi/.
 * Files: shogi_core.c (the module, per-state data, limits), marshal.c (values
 * at the boundary: positions, moves, squares, sides, options), l_position.c,
 * l_game.c, l_rules.c (rule sets and verdicts), l_notation.c, l_facts.c (piece
 * facts and record endings), l_tsume.c, l_genres.c (hisshi, selfmate), l_search.c (core.search), l_bot.c (a
 * bot's callbacks wired into a search, for core.search and the USI engine),
 * l_eval_view.c (the view a Lua evaluation reads). */
#ifndef SGL_BINDING_H
#define SGL_BINDING_H

#include <lua.h>
#include <lauxlib.h>
#include "../core/game.h"
#include "../search/limits.h"

#define SGL_EXPORT __attribute__((visibility("default")))
SGL_EXPORT int luaopen_shogi_core(lua_State *L);

/* ---- per-state data and limits (shogi_core.c) ----------------------------------
 * Each Lua state that opened the module has its own interrupt flag, which the
 * host (the REPL's SIGINT handler) raises; every search started from that state
 * obeys it beside the search's own stop flag. */
SGL_EXPORT volatile int *sgl_interrupt_flag(lua_State *L);
/* raises "interrupted!" if the state's flag is set (and clears it) */
void sgl_check_interrupt(lua_State *L);
/* Fills limits from the options table at idx (0: none): "nodes" and "time"
 * (seconds), with the state's interrupt flag and the given own stop flag. */
void sgl_limits(lua_State *L, int idx, sg_limits *limits, volatile int *stop);

/* ---- values at the boundary (marshal.c) ---------------------------------------- */
#define SGL_POSITION "shogi.position"
#define SGL_GAME "shogi.game"

/* A game userdata's block: the sg_game and the binding's bookkeeping.  User
 * values: 1 the info table (the record layer's), 2 the binding's own table
 * {base =, end_tests = {{name =, test =}...}, custom = a custom verdict's table}. */
typedef struct {
    sg_game g;
    int n_tests;     /* custom end tests (in user value 2) */
    int live;        /* sg_game_init succeeded */
} sgl_game;

/* userdata blocks are 8-aligned by Lua; positions and games want 16 */
#define SGL_ALIGN 16
void *sgl_aligned(void *raw);
sg_pos *sgl_testpos(lua_State *L, int idx);        /* a position userdata, else NULL */
sgl_game *sgl_testgame(lua_State *L, int idx);     /* a live game, else NULL */
sgl_game *sgl_checkgame(lua_State *L, int idx);    /* a live game, else raises */
/* a position, or the current position of a game; raises for anything else */
sg_pos *sgl_checkpos(lua_State *L, int idx);
sg_pos *sgl_testpos_or_game(lua_State *L, int idx);
void sgl_pushpos(lua_State *L, const sg_pos *p);   /* pushes a new copy */
sg_pos *sgl_newpos(lua_State *L, const sg_pos *p); /* the same, returning the copy */

/* Reads a move argument for position p: an integer move, or text in any
 * notation (USI first); prev_to is the previous move's destination for 同
 * (SG_SQ_NONE if none).  Raises a Lua error for text that names no move;
 * returns the move and fills *reason with its legality. */
sg_move sgl_checkmove(lua_State *L, int idx, const sg_pos *p, sg_square prev_to, sg_reason *reason);
/* the same, raising "illegal move X: sentence" unless legal */
sg_move sgl_checklegal(lua_State *L, int idx, const sg_pos *p, sg_square prev_to);
/* the move argument at idx as messages name it: the text given, the USI of
 * an integer move word, or "number N" for an integer that is no move */
const char *sgl_move_arg_text(lua_State *L, int idx, sg_move m, sg_reason r, char buf[24]);
/* the sentence for a refused move of p (sg_reason_text, with whose turn it is
 * when the move is the other side's) */
const char *sgl_reason_sentence(const sg_pos *p, sg_reason r, char buf[160]);
void sgl_pushmove(lua_State *L, sg_move m);         /* as a USI string */
void sgl_pushmoves(lua_State *L, const sg_move *moves, int n);
void sgl_pushsquare(lua_State *L, sg_square s);
void sgl_pushsquares(lua_State *L, sg_bb b);
sg_square sgl_checksquare(lua_State *L, int idx);
void sgl_pushside(lua_State *L, int c);             /* "b", "w", or nil for -1 */
sg_color sgl_checkside(lua_State *L, int idx);
/* options[field] of the options table at idx (0: no table) as a number >= min, def when absent;
 * raises naming the option when it is not one */
lua_Number sgl_opt_number(lua_State *L, int idx, const char *field, lua_Number def, lua_Number min);
/* Parses the "variant" option or "sho"/"standard" names: SG_STANDARD by default */
sg_variant sgl_optvariant(lua_State *L, int idx);
/* Raises on a key of the options table at idx that is not in known (NULL
 * terminated), naming the unknown key and listing the known ones. */
void sgl_check_options(lua_State *L, int idx, const char *const *known, const char *what);
/* a shallow copy of the table on the top, replacing it */
void sgl_copy_table_top(lua_State *L);

/* ---- rule sets and verdicts (l_rules.c) ----------------------------------------- */
/* Builds the rule set from a name or table at idx plus the options table at
 * opts (0 for none), for variant v.  Leaves the end-test list on the stack and
 * returns the base preset's name. */
const char *sgl_build_rules(lua_State *L, int idx, int opts, sg_variant v, sg_rules *r);
/* the rule set as a table; the end-test list (or nil) is at list */
void sgl_push_rules(lua_State *L, const sg_rules *r, const char *base, int list);
/* the names rule tables and game options may hold besides the rule fields */
bool sgl_is_rule_option(const char *key);
void sgl_push_verdict(lua_State *L, const sg_verdict *v, sg_variant variant);

/* ---- the solvers' shared pieces (l_tsume.c) -------------------------------------- */
struct sg_mate_table;
/* the state's df-pn table of mb MiB, cleared (kept for the next solve); NULL when memory is short */
struct sg_mate_table *sgl_mate_table(lua_State *L, size_t mb);
/* "jsa" "all" "composer" -> sg_futile_rule, -1 for another name */
int sgl_futile_rule(const char *name);

/* registration, one per binding file */
void sgl_open_position(lua_State *L);
void sgl_open_game(lua_State *L);
void sgl_open_genres(lua_State *L);
void sgl_open_rules(lua_State *L);
void sgl_open_notation(lua_State *L);
void sgl_open_record_text(lua_State *L);
void sgl_open_record_read(lua_State *L); /* l_record_read.c: core.csa_read, the "shogi.texts" move list */
/* a "shogi.texts" move list at idx (NULL for any other value), its count, move i's text
 * (not terminated; NULL past the end); valid while the list is */
typedef struct sgl_texts sgl_texts;
const sgl_texts *sgl_testtexts(lua_State *L, int idx);
lua_Integer sgl_texts_count(const sgl_texts *t);
const char *sgl_texts_at(const sgl_texts *t, lua_Integer i, size_t *len);
void sgl_open_facts(lua_State *L);
void sgl_open_tsume(lua_State *L);
void sgl_open_process(lua_State *L); /* l_process.c: core.spawn, core.wait_any, core.now, core.isatty */
void sgl_open_search(lua_State *L);   /* l_search.c: core.search, core.evaluate */
void sgl_open_sandbox(lua_State *L);   /* l_sandbox.c */
void sgl_open_quote(lua_State *L);     /* l_quote.c: core.quote */

#endif
