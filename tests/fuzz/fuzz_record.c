/* libFuzzer target: the record readers (KIF, KI2, CSA, JKF, BOD, USI) through
 * shogi.read(text, format).  Byte 0 picks the format, the rest is the record
 * (a newline is added when it has none, so it is never taken for a file
 * name).  Findings: a crash or sanitizer report, nil without a message, and
 * a raised error that is not a clean "name:line: message" (a Lua runtime
 * error inside a reader: attempt to index/call/compare..., bad argument,
 * stack overflow). */
#include <stdint.h>
#include <string.h>
#include "lua_host.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const char *const FORMATS[] = {"kif", "ki2", "csa", "jkf", "bod", "usi"};

static const char CHECK[] =
    "local read = require('shogi').read\n"
    "local RUNTIME = {'attempt to', 'bad argument', 'stack overflow', 'invalid option', 'C stack',\n"
    "                 'table index is', 'number has no integer', 'invalid value', 'string length overflow'}\n"
    "return function(text, format)\n"
    "  local ok, g, msg = pcall(read, text, format)\n"
    "  if ok then\n"
    "    if g == nil and type(msg) ~= 'string' then return format .. ': nil without a message' end\n"
    "    return nil\n"
    "  end\n"
    "  local e = tostring(g)\n"
    "  for _, w in ipairs(RUNTIME) do\n"
    "    if e:find(w, 1, true) then return format .. ': raised: ' .. e end\n"
    "  end\n"
    "  if not e:find('^[^\\n]-:%d+: ') then return format .. ': raised: ' .. e end\n"
    "  return nil\n"
    "end\n";

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static lua_State *L;
    if (size < 1 || size > 65536) return 0;
    if (!L) L = fuzz_lua_host(CHECK);
    const char *text = (const char *)data + 1;
    size_t n = size - 1;
    luaL_Buffer b;
    luaL_buffinit(L, &b);
    luaL_addlstring(&b, text, n);
    if (!memchr(text, '\n', n)) luaL_addchar(&b, '\n');
    luaL_pushresult(&b);
    size_t len;
    const char *s = lua_tolstring(L, -1, &len);
    fuzz_lua_check(L, s, len, FORMATS[data[0] % 6]);
    lua_pop(L, 1);
    return 0;
}
