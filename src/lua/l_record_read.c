/* Whole records read in C for Lua (the readers of lua/shogi/record/), with no Lua value per
 * line or per move: core.csa_read and core.kif_read (src/proto/csa_read.c,
 * kif_read.c) and the move list they
 * hands over, a "shogi.texts" userdata: the moves' texts as spans of the record's
 * text, which g:play_texts plays without a string per move and which gives a
 * move's text (t[i]) and line (t:line(i)) when a reader asks for one. */
#include <stdint.h>
#include <string.h>
#include "binding.h"
#include "../proto/csa_read.h"
#include "../proto/kif_read.h"

/* ---- the move list ------------------------------------------------------------------ */
#define SGL_TEXTS "shogi.texts"

typedef struct { uint32_t off, len; int32_t line; } text_ref;

struct sgl_texts {
    text_ref *items;
    lua_Integer n, cap;
    const char *base;   /* the text (user value 1) the spans are in */
    lua_Integer hint;   /* the room made first */
};
typedef struct sgl_texts texts;

static texts *check_texts(lua_State *L, int idx) { return luaL_checkudata(L, idx, SGL_TEXTS); }

/* a new empty list over the string at idx */
static texts *new_texts(lua_State *L, int idx)
{
    idx = lua_absindex(L, idx);
    texts *t = lua_newuserdatauv(L, sizeof *t, 1);
    memset(t, 0, sizeof *t);
    luaL_setmetatable(L, SGL_TEXTS);
    size_t len;
    t->base = lua_tolstring(L, idx, &len);
    t->hint = (lua_Integer)(len / 24) + 16;   /* (a record's bytes a move, about: one allocation for most) */
    lua_pushvalue(L, idx);
    lua_setiuservalue(L, -2, 1);
    return t;
}

/* appends a span (the list owns its memory before anything can fail) */
static void texts_add(lua_State *L, texts *t, sg_span s, int line)
{
    if (t->n == t->cap) {
        void *ud;
        lua_Alloc alloc = lua_getallocf(L, &ud);
        lua_Integer cap = t->cap ? t->cap * 2 : t->hint;
        text_ref *items = alloc(ud, t->items, sizeof *items * (size_t)t->cap, sizeof *items * (size_t)cap);
        if (!items) luaL_error(L, "not enough memory for a record's moves");
        t->items = items;
        t->cap = cap;
    }
    t->items[t->n++] = (text_ref){(uint32_t)(s.s - t->base), (uint32_t)s.len, line};
}

static int texts_gc(lua_State *L)
{
    texts *t = check_texts(L, 1);
    void *ud;
    lua_Alloc alloc = lua_getallocf(L, &ud);
    if (t->items) alloc(ud, t->items, sizeof *t->items * (size_t)t->cap, 0);
    t->items = NULL;
    t->n = t->cap = 0;
    return 0;
}

static int texts_len(lua_State *L)
{
    lua_pushinteger(L, check_texts(L, 1)->n);
    return 1;
}

/* t:line(i) -> the line of move i (nil past the end) */
static int texts_line(lua_State *L)
{
    texts *t = check_texts(L, 1);
    lua_Integer i = luaL_checkinteger(L, 2);
    if (i < 1 || i > t->n) lua_pushnil(L);
    else lua_pushinteger(L, t->items[i - 1].line);
    return 1;
}

/* t[i] -> the text of move i (nil past the end); t.line: the method */
static int texts_index(lua_State *L)
{
    texts *t = check_texts(L, 1);
    int isnum;
    lua_Integer i = lua_tointegerx(L, 2, &isnum);
    if (!isnum) {
        const char *k = lua_tostring(L, 2);
        if (k && strcmp(k, "line") == 0) lua_pushcfunction(L, texts_line);
        else lua_pushnil(L);
        return 1;
    }
    if (i < 1 || i > t->n) { lua_pushnil(L); return 1; }
    lua_pushlstring(L, t->base + t->items[i - 1].off, t->items[i - 1].len);
    return 1;
}

const sgl_texts *sgl_testtexts(lua_State *L, int idx) { return luaL_testudata(L, idx, SGL_TEXTS); }

lua_Integer sgl_texts_count(const sgl_texts *t) { return t->n; }

const char *sgl_texts_at(const sgl_texts *t, lua_Integer i, size_t *len)
{
    if (i < 1 || i > t->n) return NULL;
    *len = t->items[i - 1].len;
    return t->base + t->items[i - 1].off;
}

/* ---- comments -------------------------------------------------------------------------
 * Comment lines joined by "\n" per move (t[ply] = t[ply] .. "\n" .. text, or text), made
 * into one string each: the lines of a move come one after the other, and are kept as
 * spans until the next move's (a string and a concatenation each was most of reading a
 * record with a comment on every move) */
#define JOIN_SPANS 32

typedef struct {
    int t;                 /* the table (a stack index) */
    lua_Integer ply;
    int n;
    sg_span parts[JOIN_SPANS];
} joiner;

static void join_flush(lua_State *L, joiner *j)
{
    if (j->n == 0) return;
    luaL_Buffer b;
    luaL_buffinit(L, &b);
    if (lua_rawgeti(L, j->t, j->ply) != LUA_TNIL) {   /* (what a full joiner put there before) */
        luaL_addvalue(&b);
        luaL_addchar(&b, '\n');
    } else {
        lua_pop(L, 1);
    }
    for (int i = 0; i < j->n; i++) {
        if (i > 0) luaL_addchar(&b, '\n');
        luaL_addlstring(&b, j->parts[i].s, (size_t)j->parts[i].len);
    }
    luaL_pushresult(&b);
    lua_rawseti(L, j->t, j->ply);
    j->n = 0;
}

static void join_add(lua_State *L, joiner *j, lua_Integer ply, sg_span s)
{
    if (j->n > 0 && j->ply != ply) join_flush(L, j);
    j->ply = ply;
    j->parts[j->n++] = s;
    if (j->n == JOIN_SPANS) join_flush(L, j);
}

/* ---- CSA -------------------------------------------------------------------------------
 * core.csa_read(text) -> parts | nil: a CSA record read whole (sg_csa_read), or nil
 * for one to read the general way (lua/shogi/record/csa.lua).  parts: {start = SFEN,
 * lines = N, version =, moves = texts, times = {[ply] = {used =}}, comments = {[ply] =
 * text}, notes = {[ply] = text}, headers = {kind, key, value, ...} ("+", "-" with the
 * name as value, or "$" with a key), ending = {text =, lineno =, time =, comment =}} */
typedef struct {
    lua_State *L;
    texts *moves;
    int moves_idx, times, comments, notes, headers, end_comment;
    lua_Integer nheaders;
    joiner joins[3];       /* comments, notes, the end's comment */
} csa_sink;

/* the number of a time's text, as Lua's tonumber reads it */
static void push_number(lua_State *L, sg_span s)
{
    lua_pushlstring(L, s.s, (size_t)s.len);
    if (!lua_stringtonumber(L, lua_tostring(L, -1))) lua_pushnil(L);
    lua_remove(L, -2);
}

static bool csa_item(void *ud, sg_csa_item kind, int ply, sg_span a, sg_span b, int line)
{
    csa_sink *k = ud;
    lua_State *L = k->L;
    switch (kind) {
    case SG_CSA_ITEM_MOVE:
        texts_add(L, k->moves, a, line);
        break;
    case SG_CSA_ITEM_TIME:
        lua_createtable(L, 0, 1);
        push_number(L, a);
        lua_setfield(L, -2, "used");
        lua_rawseti(L, k->times, ply);
        break;
    case SG_CSA_ITEM_COMMENT:
        join_add(L, &k->joins[0], ply, a);
        break;
    case SG_CSA_ITEM_NOTE:
        join_add(L, &k->joins[1], ply, a);
        break;
    case SG_CSA_ITEM_END_COMMENT:
        join_add(L, &k->joins[2], 1, a);
        break;
    case SG_CSA_ITEM_NAME_BLACK:
    case SG_CSA_ITEM_NAME_WHITE:
    case SG_CSA_ITEM_HEADER:
        lua_pushstring(L, kind == SG_CSA_ITEM_NAME_BLACK ? "+" : kind == SG_CSA_ITEM_NAME_WHITE ? "-" : "$");
        lua_rawseti(L, k->headers, ++k->nheaders);
        if (kind == SG_CSA_ITEM_HEADER) lua_pushlstring(L, a.s, (size_t)a.len);
        else lua_pushliteral(L, "");
        lua_rawseti(L, k->headers, ++k->nheaders);
        if (kind == SG_CSA_ITEM_HEADER) a = b;   /* the value; a name's is its text */
        lua_pushlstring(L, a.s, (size_t)a.len);
        lua_rawseti(L, k->headers, ++k->nheaders);
        break;
    }
    return true;
}

static void set_span(lua_State *L, int t, const char *key, sg_span s)
{
    lua_pushlstring(L, s.s, (size_t)s.len);
    lua_setfield(L, t, key);
}

static int core_csa_read(lua_State *L)
{
    size_t len;
    const char *text = luaL_checklstring(L, 1, &len);
    lua_settop(L, 1);
    csa_sink k = {.L = L};
    k.moves = new_texts(L, 1);
    k.moves_idx = lua_gettop(L);
    lua_newtable(L);
    k.times = lua_gettop(L);
    lua_newtable(L);
    k.comments = lua_gettop(L);
    lua_newtable(L);
    k.notes = lua_gettop(L);
    lua_newtable(L);
    k.headers = lua_gettop(L);
    lua_newtable(L);
    k.end_comment = lua_gettop(L);
    k.joins[0].t = k.comments;
    k.joins[1].t = k.notes;
    k.joins[2].t = k.end_comment;
    sg_csa_sink sink = {&k, csa_item};
    sg_csa_record rec;
    if (!sg_csa_read(text, len, &sink, &rec)) { lua_pushnil(L); return 1; }
    for (int i = 0; i < 3; i++) join_flush(L, &k.joins[i]);
    lua_createtable(L, 0, 10);
    int out = lua_gettop(L);
    lua_pushstring(L, rec.start);
    lua_setfield(L, out, "start");
    lua_pushinteger(L, rec.lines);
    lua_setfield(L, out, "lines");
    if (rec.version.s) set_span(L, out, "version", rec.version);
    const char *names[] = {"moves", "times", "comments", "notes", "headers"};
    for (int i = 0; i < 5; i++) {
        lua_pushvalue(L, k.moves_idx + i);
        lua_setfield(L, out, names[i]);
    }
    if (rec.ended) {
        lua_createtable(L, 0, 4);
        set_span(L, lua_gettop(L), "text", rec.end_text);
        lua_pushinteger(L, rec.end_line);
        lua_setfield(L, -2, "lineno");
        if (rec.end_time.s) {
            lua_createtable(L, 0, 1);
            push_number(L, rec.end_time);
            lua_setfield(L, -2, "used");
            lua_setfield(L, -2, "time");
        }
        lua_rawgeti(L, k.end_comment, 1);
        lua_setfield(L, -2, "comment");
        lua_setfield(L, out, "ending");
    }
    return 1;
}

/* ---- KIF and KI2 -------------------------------------------------------------------------
 * core.kif_read(text) -> parts | nil: a KIF or KI2 record read whole (sg_kif_read), or
 * nil for one to read the general way (lua/shogi/record/kif.lua).  parts: {lines = N,
 * ki2 = whether the moves are KI2's, moves = texts, times = {[ply] = {used =, total =}},
 * comments = {[ply] = text}, bookmarks = {[ply] = text}, headers = {name, value, ...} (a
 * board diagram's line as {line, false}, in the same list and order),
 * ending = {text =, lineno =, time =, comment =} (a move line's end word),
 * summary = the まで line, summary_line = its line} */
typedef struct {
    lua_State *L;
    texts *moves;
    int moves_idx, times, comments, bookmarks, headers, end_comment;
    lua_Integer nheaders;
    joiner joins[3];       /* comments, bookmarks, the end's comment */
} kif_sink;

static void push_time(lua_State *L, long used, long total)
{
    lua_createtable(L, 0, 2);
    lua_pushinteger(L, used);
    lua_setfield(L, -2, "used");
    if (total < 0) return;
    lua_pushinteger(L, total);
    lua_setfield(L, -2, "total");
}

static bool kif_item(void *ud, const sg_kif_event *e)
{
    kif_sink *k = ud;
    lua_State *L = k->L;
    switch (e->kind) {
    case SG_KIF_ITEM_MOVE:
    case SG_KIF_ITEM_KI2_MOVE:
        texts_add(L, k->moves, e->a, e->line);
        break;
    case SG_KIF_ITEM_TIME:
        push_time(L, e->used, e->total);
        lua_rawseti(L, k->times, e->ply);
        break;
    case SG_KIF_ITEM_COMMENT:
        join_add(L, &k->joins[0], e->ply, e->a);
        break;
    case SG_KIF_ITEM_BOOKMARK:
        join_add(L, &k->joins[1], e->ply, e->a);
        break;
    case SG_KIF_ITEM_END_COMMENT:
        join_add(L, &k->joins[2], 1, e->a);
        break;
    case SG_KIF_ITEM_HEADER:
    case SG_KIF_ITEM_BOARD:
        lua_pushlstring(L, e->a.s, (size_t)e->a.len);
        lua_rawseti(L, k->headers, ++k->nheaders);
        if (e->kind == SG_KIF_ITEM_HEADER) lua_pushlstring(L, e->b.s, (size_t)e->b.len);
        else lua_pushboolean(L, 0);
        lua_rawseti(L, k->headers, ++k->nheaders);
        break;
    }
    return true;
}

static int core_kif_read(lua_State *L)
{
    size_t len;
    const char *text = luaL_checklstring(L, 1, &len);
    lua_settop(L, 1);
    kif_sink k = {.L = L};
    k.moves = new_texts(L, 1);
    k.moves_idx = lua_gettop(L);
    lua_newtable(L);
    k.times = lua_gettop(L);
    lua_newtable(L);
    k.comments = lua_gettop(L);
    lua_newtable(L);
    k.bookmarks = lua_gettop(L);
    lua_newtable(L);
    k.headers = lua_gettop(L);
    lua_newtable(L);
    k.end_comment = lua_gettop(L);
    k.joins[0].t = k.comments;
    k.joins[1].t = k.bookmarks;
    k.joins[2].t = k.end_comment;
    sg_kif_sink sink = {&k, kif_item};
    sg_kif_record rec;
    if (!sg_kif_read(text, len, &sink, &rec)) { lua_pushnil(L); return 1; }
    for (int i = 0; i < 3; i++) join_flush(L, &k.joins[i]);
    lua_createtable(L, 0, 10);
    int out = lua_gettop(L);
    lua_pushinteger(L, rec.lines);
    lua_setfield(L, out, "lines");
    lua_pushboolean(L, rec.ki2);
    lua_setfield(L, out, "ki2");
    const char *names[] = {"moves", "times", "comments", "bookmarks", "headers"};
    for (int i = 0; i < 5; i++) {
        lua_pushvalue(L, k.moves_idx + i);
        lua_setfield(L, out, names[i]);
    }
    if (rec.summary.s) {
        set_span(L, out, "summary", rec.summary);
        lua_pushinteger(L, rec.summary_line);
        lua_setfield(L, out, "summary_line");
    }
    if (rec.ended) {
        lua_createtable(L, 0, 4);
        set_span(L, lua_gettop(L), "text", rec.end_text);
        lua_pushinteger(L, rec.end_line);
        lua_setfield(L, -2, "lineno");
        if (rec.end_timed) {
            push_time(L, rec.end_used, rec.end_total);
            lua_setfield(L, -2, "time");
        }
        lua_rawgeti(L, k.end_comment, 1);
        lua_setfield(L, -2, "comment");
        lua_setfield(L, out, "ending");
    }
    return 1;
}

static const luaL_Reg FUNCTIONS[] = {
    {"csa_read", core_csa_read},
    {"kif_read", core_kif_read},
    {NULL, NULL}};

static const luaL_Reg TEXTS_META[] = {
    {"__index", texts_index},
    {"__len", texts_len},
    {"__gc", texts_gc},
    {NULL, NULL}};

void sgl_open_record_read(lua_State *L)
{
    luaL_newmetatable(L, SGL_TEXTS);
    luaL_setfuncs(L, TEXTS_META, 0);
    lua_pop(L, 1);
    luaL_setfuncs(L, FUNCTIONS, 0);
}
