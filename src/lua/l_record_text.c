/* The record readers' hot paths for Lua (lua/shogi/record*.lua), in C because they
 * run on every line of every record (docs/BATCH.md, "Speed"): core.lines (line
 * ends), core.csa_statements (a CSA line's statements, sg_csa_statements),
 * core.csa_lines and core.kif_run (a game's body of moves, times and comments,
 * taken exactly as the Lua readers' loops would) and core.ki2_moves (a KI2 line's
 * moves, sg_ki2_moves).  Every other line is left to them, so what they refuse they
 * refuse in their own words. */
#include <limits.h>
#include <stdint.h>
#include <stdbool.h>
#include <string.h>
#include "binding.h"
#include "../core/endings.h"
#include "../proto/csa.h"
#include "../proto/ki2.h"
#include "../proto/kif_read.h"
#include "../proto/text_lines.h"

/* ---- lines ------------------------------------------------------------------------
 * core.lines(text) -> {line, ...}: text split at its line ends (sg_text_line: LF,
 * CRLF, CR, or a run of CRs before an LF).  (The record readers' hot path.) */
static int core_lines(lua_State *L)
{
    size_t len;
    const char *s = luaL_checklstring(L, 1, &len);
    lua_createtable(L, (int)(len / 32) + 1, 0);
    lua_Integer n = 0;
    size_t pos = 0, start = 0, end;
    for (bool first = true; sg_text_line(s, len, &pos, &end, first); first = false, start = pos) {
        lua_pushlstring(L, s + start, end - start);
        lua_rawseti(L, -2, ++n);
    }
    return 1;
}

/* ---- encodings ------------------------------------------------------------------------
 * core.utf8_check(bytes) -> true | false, position: whether bytes are UTF-8 as Lua's
 * utf8.len (strict: no surrogates, nothing past U+10FFFF, no overlong form) reads them,
 * and where the first sequence it refuses starts (utf8.len's second result); ASCII
 * runs eight bytes at a time (utf8.len decodes every character: most of decoding a
 * record).  core.sjis_lead(bytes) -> whether they hold a byte that only Shift_JIS uses
 * to start a character (0x81-0x8D, 0x90-0xA0: EUC-JP has none of them but SS2 and SS3). */
static int core_utf8_check(lua_State *L)
{
    static const uint32_t LIMITS[] = {~(uint32_t)0, 0x80, 0x800, 0x10000u, 0x200000u, 0x4000000u};
    size_t len;
    const unsigned char *s = (const unsigned char *)luaL_checklstring(L, 1, &len);
    size_t i = 0;
    while (i < len) {
        uint64_t w;
        if (i + 8 <= len && (memcpy(&w, s + i, 8), (w & 0x8080808080808080ull) == 0)) { i += 8; continue; }
        unsigned int c = s[i];
        if (c < 0x80) { i++; continue; }
        /* (Lua's utf8_decode: a byte past the end reads as the string's terminating zero) */
        uint32_t res = 0;
        int count = 0;
        bool bad = false;
        for (; c & 0x40; c <<= 1) {
            count++;
            unsigned int cc = i + (size_t)count < len ? s[i + (size_t)count] : 0;
            if ((cc & 0xC0) != 0x80) { bad = true; break; }
            res = (res << 6) | (cc & 0x3F);
        }
        if (!bad) {
            res |= (uint32_t)(c & 0x7F) << (count * 5);
            bad = count > 5 || res > 0x7FFFFFFFu || res < LIMITS[count] || res > 0x10FFFFu
                || (res >= 0xD800u && res <= 0xDFFFu);
        }
        if (bad) {
            lua_pushboolean(L, 0);
            lua_pushinteger(L, (lua_Integer)i + 1);
            return 2;
        }
        i += (size_t)count + 1;
    }
    lua_pushboolean(L, 1);
    return 1;
}

static int core_sjis_lead(lua_State *L)
{
    size_t len;
    const unsigned char *s = (const unsigned char *)luaL_checklstring(L, 1, &len);
    bool found = false;
    for (size_t i = 0; i < len && !found; i++) found = (s[i] >= 0x81 && s[i] <= 0x8D) || (s[i] >= 0x90 && s[i] <= 0xA0);
    lua_pushboolean(L, found);
    return 1;
}

/* ---- CSA statements ------------------------------------------------------------------
 * core.csa_statements(lines) -> statements, their line numbers: every line's
 * statements (sg_csa_statements) in order, up to a line "/" (the end of a
 * record in a file of several).  The CSA reader's hot path. */
static int core_csa_statements(lua_State *L)
{
    luaL_checktype(L, 1, LUA_TTABLE);
    lua_Integer count = (lua_Integer)lua_rawlen(L, 1), n = 0;
    lua_createtable(L, (int)count, 0);
    lua_createtable(L, (int)count, 0);
    sg_span spans[64];
    for (lua_Integer i = 1; i <= count; i++) {
        lua_rawgeti(L, 1, i);
        size_t len;
        const char *line = lua_tolstring(L, -1, &len);
        if (!line) return luaL_error(L, "line %d is not a string", (int)i);
        if (len == 1 && line[0] == '/') { lua_pop(L, 1); break; }
        if (len > INT_MAX) return luaL_error(L, "line %d is too long", (int)i);
        int k = sg_csa_statements(line, (int)len, spans, 64);
        if (k > 64) return luaL_error(L, "line %d has more than 64 statements", (int)i);
        for (int j = 0; j < k; j++) {
            lua_pushlstring(L, spans[j].s, (size_t)spans[j].len);
            lua_rawseti(L, -4, ++n);
            lua_pushinteger(L, i);
            lua_rawseti(L, -3, n);
        }
        lua_pop(L, 1);
    }
    return 2;
}

/* core.csa_lines(lines, i, moves, move_lines, times, comments, after_move) -> next i, moves taken:
 * the CSA reader's hot path.  From line i on, takes the lines whose every
 * statement is of what fills nearly every line of a game's body, as the
 * reader's loop would: a move ("+7776FU": its text onto moves, its line number
 * onto move_lines: no table per move), a time
 * after a move ("T12": times[#moves] = {used = tonumber}), a "'*" comment (onto
 * comments[#moves], lines joined by "\n") or nothing.  Stops at the first line
 * with a statement of any other kind, or a time it does not take (none after a
 * move yet, not a number, over a year), and at a "/" line, for the loop to read
 * whole.  The caller calls it only while the start position and the side are
 * known and no end is stated. */
#define CSA_YEAR (366.0 * 24 * 3600)
#define CSA_TIME_MAX 32

typedef enum { ST_EMPTY, ST_MOVE, ST_TIME, ST_COMMENT } csa_kind;

/* "T" digits ["." digits], as the loop's "^T(%d+%.?%d*)$" */
static bool csa_time_text(const char *s, int len)
{
    int i = 1, d = 0;
    while (i < len && s[i] >= '0' && s[i] <= '9') { i++; d++; }
    if (d == 0) return false;
    if (i < len && s[i] == '.') i++;
    while (i < len && s[i] >= '0' && s[i] <= '9') i++;
    return i == len;
}

/* the kind of a statement the hot path takes, or -1 */
static int csa_hot_kind(const sg_span *st, bool *after_move)
{
    const char *s = st->s;
    int len = st->len;
    if (len == 0) return ST_EMPTY;
    if (len >= 2 && (s[0] == '+' || s[0] == '-') && s[1] >= '0' && s[1] <= '9') { *after_move = true; return ST_MOVE; }
    if (len >= 2 && s[0] == '\'' && s[1] == '*') return ST_COMMENT;
    if (s[0] == 'T' && *after_move && len < CSA_TIME_MAX && csa_time_text(s, len)) return ST_TIME;
    return -1;
}

static int core_csa_lines(lua_State *L)
{
    luaL_checktype(L, 1, LUA_TTABLE);
    lua_Integer i = luaL_checkinteger(L, 2);
    luaL_checktype(L, 3, LUA_TTABLE);
    luaL_checktype(L, 4, LUA_TTABLE);
    luaL_checktype(L, 5, LUA_TTABLE);
    luaL_checktype(L, 6, LUA_TTABLE);
    bool after_move = lua_toboolean(L, 7);
    lua_Integer count = (lua_Integer)lua_rawlen(L, 1), taken = 0;
    lua_Integer nmoves = (lua_Integer)lua_rawlen(L, 3);
    sg_span spans[64];
    int kinds[64];
    for (; i <= count; i++) {
        lua_rawgeti(L, 1, i);
        size_t len;
        const char *line = lua_tolstring(L, -1, &len);
        if (!line || len > INT_MAX || (len == 1 && line[0] == '/')) { lua_pop(L, 1); break; }
        int n = sg_csa_statements(line, (int)len, spans, 64);
        bool hot = n <= 64, after = after_move;
        for (int j = 0; hot && j < n; j++) {
            kinds[j] = csa_hot_kind(&spans[j], &after);
            hot = kinds[j] >= 0;
        }
        /* a time the loop would refuse as over a year stays the loop's (checked before anything is taken) */
        for (int j = 0; hot && j < n; j++) {
            if (kinds[j] != ST_TIME) continue;
            char num[CSA_TIME_MAX];
            memcpy(num, spans[j].s + 1, (size_t)spans[j].len - 1);
            num[spans[j].len - 1] = 0;
            if (!lua_stringtonumber(L, num)) { hot = false; break; }
            hot = lua_tonumber(L, -1) <= CSA_YEAR;
            lua_pop(L, 1);
        }
        if (!hot) { lua_pop(L, 1); break; }
        for (int j = 0; j < n; j++) {
            const sg_span *st = &spans[j];
            if (kinds[j] == ST_MOVE) {
                lua_pushlstring(L, st->s, (size_t)st->len);
                lua_rawseti(L, 3, ++nmoves);
                lua_pushinteger(L, i);
                lua_rawseti(L, 4, nmoves);
                taken++;
            } else if (kinds[j] == ST_TIME) {
                char num[CSA_TIME_MAX];
                memcpy(num, st->s + 1, (size_t)st->len - 1);
                num[st->len - 1] = 0;
                lua_createtable(L, 0, 1);
                lua_stringtonumber(L, num);
                lua_setfield(L, -2, "used");
                lua_rawseti(L, 5, nmoves);
            } else if (kinds[j] == ST_COMMENT) {
                lua_rawgeti(L, 6, nmoves);
                if (lua_isnil(L, -1)) {
                    lua_pop(L, 1);
                    lua_pushlstring(L, st->s + 2, (size_t)st->len - 2);
                } else {
                    lua_pushliteral(L, "\n");
                    lua_pushlstring(L, st->s + 2, (size_t)st->len - 2);
                    lua_concat(L, 3);
                }
                lua_rawseti(L, 6, nmoves);
            }
        }
        after_move = after;
        lua_pop(L, 1);
    }
    lua_pushinteger(L, i);
    lua_pushinteger(L, taken);
    return 2;
}

/* core.kif_run(lines, i, moves, times, comments, first, offset) -> next i, comment lines taken:
 * the KIF reader's hot path.  From line i on, takes what fills nearly every line
 * of a game's body, as the reader's loop would: a move line "  12 ７六歩(77)   (
 * 0:01/00:00:05)" whose number is the next ({text =, lineno =, ki2 = false}
 * onto moves, {used =, total =} as times[ply]), and a "*" comment line (onto the
 * list comments[ply of the last move]).  Stops at the first line of any other
 * kind, or a move line with anything the loop reads its own way (another number,
 * 同 apart from its square, a branch mark, a time of another shape, an end word).
 * The caller calls it only after the moves have begun and before an end. */
static bool ascii_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r'; }
static bool digit(char c) { return c >= '0' && c <= '9'; }

static int core_kif_run(lua_State *L)
{
    luaL_checktype(L, 1, LUA_TTABLE);
    lua_Integer i = luaL_checkinteger(L, 2);
    luaL_checktype(L, 3, LUA_TTABLE);
    luaL_checktype(L, 4, LUA_TTABLE);
    luaL_checktype(L, 5, LUA_TTABLE);
    lua_Integer first = luaL_checkinteger(L, 6), offset = luaL_checkinteger(L, 7);
    lua_Integer count = (lua_Integer)lua_rawlen(L, 1), comments = 0;
    lua_Integer nmoves = (lua_Integer)lua_rawlen(L, 3);
    for (; i <= count; i++) {
        lua_rawgeti(L, 1, i);
        size_t len;
        const char *s = lua_tolstring(L, -1, &len);
        if (!s) { lua_pop(L, 1); break; }
        if (len > 0 && s[0] == '*') {
            lua_Integer ply = first + nmoves - 1;
            if (lua_rawgeti(L, 5, ply) != LUA_TTABLE) {
                lua_pop(L, 1);
                lua_newtable(L);
                lua_pushvalue(L, -1);
                lua_rawseti(L, 5, ply);
            }
            lua_pushlstring(L, s + 1, len - 1);
            lua_rawseti(L, -2, (lua_Integer)lua_rawlen(L, -2) + 1);
            lua_pop(L, 2);
            comments++;
            continue;
        }
        /* "^%s*(%d+)%s+(%S+)(.*)$" */
        size_t k = 0;
        while (k < len && ascii_space(s[k])) k++;
        size_t d0 = k;
        while (k < len && digit(s[k])) k++;
        size_t nd = k - d0, sp = k;
        while (k < len && ascii_space(s[k])) k++;
        size_t t0 = k;
        while (k < len && !ascii_space(s[k])) k++;
        size_t tl = k - t0;
        if (nd == 0 || nd > 9 || sp == t0 || tl == 0) { lua_pop(L, 1); break; }
        long n = 0;
        for (size_t j = d0; j < d0 + nd; j++) n = n * 10 + (s[j] - '0');
        lua_Integer ply = (lua_Integer)n - offset;
        bool has;
        long used = 0, total = 0;
        sg_ending_meaning meaning;
        char word[64];
        bool short_word = tl < sizeof word;
        if (short_word) { memcpy(word, s + t0, tl); word[tl] = 0; }
        if (ply != first + nmoves || (tl == 3 && memcmp(s + t0, "\xe5\x90\x8c", 3) == 0) /* 同 alone */
            || (tl > 1 && s[t0 + tl - 1] == '+') || !sg_kif_time(s + k, len - k, &has, &used, &total)
            || !short_word || sg_ending_parse(word, SG_REC_KIF, SG_BLACK, &meaning)) {
            lua_pop(L, 1);
            break;
        }
        lua_createtable(L, 0, 3);
        lua_pushlstring(L, s + t0, tl);
        lua_setfield(L, -2, "text");
        lua_pushinteger(L, i);
        lua_setfield(L, -2, "lineno");
        lua_pushboolean(L, 0);
        lua_setfield(L, -2, "ki2");
        lua_rawseti(L, 3, ++nmoves);
        if (has) {
            lua_createtable(L, 0, 2);
            lua_pushinteger(L, used);
            lua_setfield(L, -2, "used");
            lua_pushinteger(L, total);
            lua_setfield(L, -2, "total");
            lua_rawseti(L, 4, ply);
        }
        lua_pop(L, 1);
    }
    lua_pushinteger(L, i);
    lua_pushinteger(L, comments);
    return 2;
}

/* core.ki2_moves(line) -> {move, ...}: a KI2 line's moves (sg_ki2_moves), each
 * from its side mark, its trailing blanks cut.  The KIF reader's KI2 lines. */
static int core_ki2_moves(lua_State *L)
{
    size_t len;
    const char *line = luaL_checklstring(L, 1, &len);
    if (len > INT_MAX) return luaL_argerror(L, 1, "line too long");
    sg_span spans[64];
    int n = sg_ki2_moves(line, (int)len, spans, 64);
    lua_createtable(L, n, 0);
    if (n > 64) { /* a line of more than 64 moves: a second pass with room for them all */
        sg_span *all = lua_newuserdatauv(L, sizeof *all * (size_t)n, 0);
        sg_ki2_moves(line, (int)len, all, n);
        for (int j = 0; j < n; j++) {
            lua_pushlstring(L, all[j].s, (size_t)all[j].len);
            lua_rawseti(L, -3, j + 1);
        }
        lua_pop(L, 1);
        return 1;
    }
    for (int j = 0; j < n; j++) {
        lua_pushlstring(L, spans[j].s, (size_t)spans[j].len);
        lua_rawseti(L, -2, j + 1);
    }
    return 1;
}

static const luaL_Reg FUNCTIONS[] = {
    {"lines", core_lines},
    {"utf8_check", core_utf8_check},
    {"sjis_lead", core_sjis_lead},
    {"csa_statements", core_csa_statements},
    {"csa_lines", core_csa_lines},
    {"kif_run", core_kif_run},
    {"ki2_moves", core_ki2_moves},
    {NULL, NULL}};

void sgl_open_record_text(lua_State *L)
{
    luaL_setfuncs(L, FUNCTIONS, 0);
}
