/* Rule sets and verdicts for Lua: rule-set tables to sg_rules and back
 * (core.rules), and verdicts as tables.  The rules themselves live in the
 * core (src/core/rules.c); this only names the options. */
#include <stddef.h>
#include <string.h>
#include "binding.h"

/* ---- rule sets ----------------------------------------------------------------------- */
typedef enum { OPT_BOOL, OPT_INT, OPT_STRING, OPT_OTHER } opt_kind;
typedef struct { const char *key; opt_kind kind; size_t offset; } rule_opt;

static const rule_opt RULE_OPTS[] = {
    {"sennichite", OPT_BOOL, offsetof(sg_rules, sennichite)},
    {"perpetual_check", OPT_BOOL, offsetof(sg_rules, perpetual_check)},
    {"impasse24", OPT_BOOL, offsetof(sg_rules, impasse24)},
    {"impasse_points", OPT_INT, offsetof(sg_rules, impasse_points)},
    {"declaration", OPT_BOOL, offsetof(sg_rules, declaration)},
    {"declaration_points_b", OPT_INT, offsetof(sg_rules, declaration_points[SG_BLACK])},
    {"declaration_points_w", OPT_INT, offsetof(sg_rules, declaration_points[SG_WHITE])},
    {"declaration_pieces", OPT_INT, offsetof(sg_rules, declaration_pieces)},
    {"declaration_loses", OPT_BOOL, offsetof(sg_rules, declaration_loses)},
    {"max_moves", OPT_INT, offsetof(sg_rules, max_moves)},
    {"name", OPT_STRING, offsetof(sg_rules, name)},
    {"base", OPT_OTHER, 0},
    {"variant", OPT_OTHER, 0},
    {"end_tests", OPT_OTHER, 0},
    {NULL, OPT_OTHER, 0}};

static const rule_opt *find_opt(const char *key)
{
    for (const rule_opt *o = RULE_OPTS; o->key; o++)
        if (strcmp(o->key, key) == 0) return o;
    return NULL;
}

bool sgl_is_rule_option(const char *key) { return find_opt(key) != NULL; }

/* raises on a key of table t that is neither a rule option nor in extra */
static void check_keys(lua_State *L, int t, const char *const *extra, const char *what)
{
    lua_pushnil(L);
    while (lua_next(L, t)) {
        lua_pop(L, 1);
        bool ok = false;
        if (lua_type(L, -1) == LUA_TSTRING) {
            const char *k = lua_tostring(L, -1);
            ok = find_opt(k) != NULL;
            for (int i = 0; extra && extra[i] && !ok; i++) ok = strcmp(extra[i], k) == 0;
        }
        if (!ok) {
            lua_pushfstring(L, "unknown %s option '%s'", what, luaL_tolstring(L, -1, NULL));
            lua_error(L);
        }
    }
}

/* overrides the fields of *r that table t sets (a rule option's type is checked) */
static void read_rule_fields(lua_State *L, int t, sg_rules *r)
{
    for (const rule_opt *o = RULE_OPTS; o->key; o++) {
        if (o->kind == OPT_OTHER) continue;
        int ty = lua_getfield(L, t, o->key);
        if (ty != LUA_TNIL) {
            char *field = (char *)r + o->offset;
            if (o->kind == OPT_BOOL) {
                if (ty != LUA_TBOOLEAN) luaL_error(L, "rule option '%s' must be true or false", o->key);
                *(bool *)(void *)field = lua_toboolean(L, -1);
            } else if (o->kind == OPT_INT) {
                if (!lua_isinteger(L, -1)) luaL_error(L, "rule option '%s' must be an integer", o->key);
                lua_Integer i = lua_tointeger(L, -1);
                if (i < 0 || i > 100000000) luaL_error(L, "rule option '%s' is out of range", o->key);
                *(int *)(void *)field = (int)i;
            } else {
                size_t len;
                const char *s = lua_tolstring(L, -1, &len);
                if (ty != LUA_TSTRING || len == 0 || len >= sizeof r->name)
                    luaL_error(L, "rule option 'name' must be a string of 1 to %d characters", (int)sizeof r->name - 1);
                memcpy(r->name, s, len + 1);
            }
        }
        lua_pop(L, 1);
    }
}

/* the preset named by t.base (default "jsa"), or by the string at idx */
static const char *preset_of(lua_State *L, int idx, sg_rules *r, sg_variant v)
{
    const char *base = "jsa";
    if (lua_type(L, idx) == LUA_TSTRING) {
        base = lua_tostring(L, idx);
    } else if (lua_type(L, idx) == LUA_TTABLE) {
        int ty = lua_getfield(L, idx, "base");
        if (ty == LUA_TSTRING) base = lua_tostring(L, -1);
        else if (ty != LUA_TNIL) luaL_error(L, "rule option 'base' must be \"jsa\" or \"computer\"");
        lua_pop(L, 1); /* the table keeps the string alive */
    }
    if (!sg_rules_preset(r, base, v))
        luaL_error(L, "unknown rule set '%s' (\"jsa\", \"computer\" or a rule-set table)", base);
    return strcmp(base, "computer") == 0 ? "computer" : "jsa";
}

/* Appends the end tests of table t (field end_tests: functions or
 * {name =, test = function}) to the list at index list. */
static void read_end_tests(lua_State *L, int t, int list)
{
    int ty = lua_getfield(L, t, "end_tests");
    if (ty == LUA_TNIL) { lua_pop(L, 1); return; }
    if (ty != LUA_TTABLE) luaL_error(L, "rule option 'end_tests' must be a list of functions");
    int src = lua_gettop(L);
    lua_Integer n = luaL_len(L, src);
    for (lua_Integer i = 1; i <= n; i++) {
        lua_Integer k = luaL_len(L, list) + 1;
        lua_createtable(L, 0, 2);
        int e = lua_gettop(L);
        int ety = lua_geti(L, src, i);
        if (ety == LUA_TFUNCTION) {
            lua_setfield(L, e, "test");
            lua_pushfstring(L, "end test %d", (int)i);
            lua_setfield(L, e, "name");
        } else if (ety == LUA_TTABLE) {
            if (lua_getfield(L, -1, "test") != LUA_TFUNCTION)
                luaL_error(L, "end test %d: the 'test' field must be a function", (int)i);
            lua_setfield(L, e, "test");
            if (lua_getfield(L, -1, "name") != LUA_TSTRING) {
                lua_pop(L, 1);
                lua_pushfstring(L, "end test %d", (int)i);
            }
            lua_setfield(L, e, "name");
            lua_pop(L, 1);
        } else {
            luaL_error(L, "end test %d must be a function or {name = ..., test = function}", (int)i);
        }
        lua_seti(L, list, k);
    }
    lua_pop(L, 1);
}

/* Builds the rule set from a name or table at idx plus the options table at
 * opts (0 for none), for variant v.  Leaves the end-test list on the stack and
 * returns the base preset's name. */
const char *sgl_build_rules(lua_State *L, int idx, int opts, sg_variant v, sg_rules *r)
{
    if (idx && !lua_isnoneornil(L, idx) && lua_type(L, idx) != LUA_TSTRING && lua_type(L, idx) != LUA_TTABLE)
        luaL_error(L, "option 'rules' must be a rule-set name or table");
    const char *base = preset_of(L, idx, r, v);
    lua_newtable(L);
    int list = lua_gettop(L);
    if (idx && lua_type(L, idx) == LUA_TTABLE) {
        check_keys(L, idx, NULL, "rule");
        int ty = lua_getfield(L, idx, "variant");
        if (ty == LUA_TSTRING) {
            sg_variant rv;
            if (!sg_variant_from_name(lua_tostring(L, -1), &rv) || rv != v)
                luaL_error(L, "the rule set is for variant '%s', the position is %s", lua_tostring(L, -1),
                           sg_variant_get(v)->name);
        }
        lua_pop(L, 1);
        read_rule_fields(L, idx, r);
        read_end_tests(L, idx, list);
    }
    if (opts) {
        read_rule_fields(L, opts, r);
        if (lua_getfield(L, opts, "end_tests") != LUA_TNIL) {
            lua_pop(L, 1);
            lua_newtable(L);            /* the option replaces the rule set's list */
            lua_replace(L, list);
            read_end_tests(L, opts, list);
        } else {
            lua_pop(L, 1);
        }
    }
    const char *why = sg_rules_check(r);
    if (why) luaL_error(L, "bad rule set: %s", why);
    return base;
}

/* the rule set as a table; the end-test list (or nil) is at list */
void sgl_push_rules(lua_State *L, const sg_rules *r, const char *base, int list)
{
    lua_createtable(L, 0, 16);
    lua_pushstring(L, r->name);
    lua_setfield(L, -2, "name");
    lua_pushstring(L, base);
    lua_setfield(L, -2, "base");
    lua_pushstring(L, sg_variant_get(r->variant)->name);
    lua_setfield(L, -2, "variant");
    for (const rule_opt *o = RULE_OPTS; o->key; o++) {
        const char *field = (const char *)r + o->offset;
        if (o->kind == OPT_BOOL) lua_pushboolean(L, *(const bool *)(const void *)field);
        else if (o->kind == OPT_INT) lua_pushinteger(L, *(const int *)(const void *)field);
        else continue;
        lua_setfield(L, -2, o->key);
    }
    lua_createtable(L, 0, 0);
    if (list) {
        lua_Integer n = luaL_len(L, list);
        for (lua_Integer i = 1; i <= n; i++) {
            lua_geti(L, list, i);
            lua_createtable(L, 0, 2);
            lua_getfield(L, -2, "name");
            lua_setfield(L, -2, "name");
            lua_getfield(L, -2, "test");
            lua_setfield(L, -2, "test");
            lua_seti(L, -3, i);
            lua_pop(L, 1);
        }
    }
    lua_setfield(L, -2, "end_tests");
}

/* ---- verdicts ---------------------------------------------------------------------------- */
static void set_pair(lua_State *L, const char *key, const int v[2])
{
    lua_createtable(L, 0, 2);
    lua_pushinteger(L, v[0]);
    lua_setfield(L, -2, "b");
    lua_pushinteger(L, v[1]);
    lua_setfield(L, -2, "w");
    lua_setfield(L, -2, key);
}

void sgl_push_verdict(lua_State *L, const sg_verdict *v, sg_variant variant)
{
    char text[SG_VERDICT_TEXT_MAX];
    lua_createtable(L, 0, 10);
    lua_pushstring(L, v->outcome == SG_OUTCOME_WIN ? "win" : "draw");
    lua_setfield(L, -2, "outcome");
    sgl_pushside(L, v->winner);
    lua_setfield(L, -2, "winner");
    if (v->outcome == SG_OUTCOME_WIN) {
        sgl_pushside(L, v->loser_side);
        lua_setfield(L, -2, "loser");
    }
    lua_pushstring(L, sg_verdict_id(v));
    lua_setfield(L, -2, "reason");
    lua_pushinteger(L, v->ply);
    lua_setfield(L, -2, "ply");
    sg_verdict_text(v, variant, text, (int)sizeof text);
    lua_pushstring(L, text);
    lua_setfield(L, -2, "text");
    switch (v->reason) {
    case SG_END_SENNICHITE: case SG_END_PERPETUAL_CHECK:
        lua_createtable(L, 0, 3);
        lua_pushinteger(L, v->occurrences[0]);
        lua_setfield(L, -2, "start");
        lua_pushinteger(L, v->occurrences[3] - v->occurrences[0]);
        lua_setfield(L, -2, "length");
        lua_createtable(L, 4, 0);
        for (int i = 0; i < 4; i++) {
            lua_pushinteger(L, v->occurrences[i]);
            lua_rawseti(L, -2, i + 1);
        }
        lua_setfield(L, -2, "plies");
        lua_setfield(L, -2, "cycle");
        sgl_pushside(L, v->checking_side);
        lua_setfield(L, -2, "checking_side");
        break;
    case SG_END_IMPASSE_24: case SG_END_DECLARATION: case SG_END_WRONG_DECLARATION: {
        set_pair(L, "points", v->points);
        set_pair(L, "camp_pieces", v->camp_pieces);
        lua_pushinteger(L, v->needed);
        lua_setfield(L, -2, "needed");
        if (v->reason == SG_END_WRONG_DECLARATION) {
            lua_pushstring(L, sg_claim_id(v->fault));
            lua_setfield(L, -2, "fault");
        }
        break;
    }
    case SG_END_CUSTOM:
        lua_pushboolean(L, 1);
        lua_setfield(L, -2, "custom");
        break;
    case SG_END_MAX_MOVES:
        lua_pushinteger(L, v->max_moves);
        lua_setfield(L, -2, "max_moves");
        break;
    default: break;
    }
}

/* a shallow copy of the table on the top, replacing it */
/* core.rules(name_or_table [, variant]) -> the complete rule-set table (raises on a bad one) */
static int core_rules(lua_State *L)
{
    sg_variant v = sgl_optvariant(L, 2);
    if (lua_type(L, 1) != LUA_TSTRING && lua_type(L, 1) != LUA_TTABLE)
        return luaL_typeerror(L, 1, "rule-set name or table");
    if (lua_istable(L, 1) && lua_isnoneornil(L, 2)) {
        if (lua_getfield(L, 1, "variant") == LUA_TSTRING && !sg_variant_from_name(lua_tostring(L, -1), &v))
            return luaL_error(L, "unknown variant '%s'", lua_tostring(L, -1));
        lua_pop(L, 1);
    }
    sg_rules r;
    const char *base = sgl_build_rules(L, 1, 0, v, &r);
    sgl_push_rules(L, &r, base, lua_gettop(L));
    return 1;
}

void sgl_open_rules(lua_State *L)
{
    lua_pushcfunction(L, core_rules);
    lua_setfield(L, -2, "rules");
}
