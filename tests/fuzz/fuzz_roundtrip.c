/* libFuzzer target: records written back and read again.  Byte 0 picks the
 * format the input is read as (as fuzz_record), byte 1 the format it is
 * written in (kif, ki2, csa, jkf, usi); the rest is the record.  A record that
 * reads is written, read again, and must give the same start and moves.
 * Findings: a crash or sanitizer report, a writer that raises or refuses a
 * game that was read, and a written record that does not read back the same. */
#include <stdint.h>
#include <string.h>
#include "lua_host.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const char *const FORMATS[] = {"kif", "ki2", "csa", "jkf", "bod", "usi"};

static const char CHECK[] =
    "local read = require('shogi').read\n"
    "local WRITE = {'kif', 'ki2', 'csa', 'jkf', 'usi'}\n"
    "return function(text, formats)\n"
    "  local from, wi = formats:match('^(%w+) (%d)$')\n"
    "  if not wi then return 'bad formats: ' .. formats end\n"
    "  local g = read(text, from)\n"
    "  if not g then return nil end\n"
    "  local to = WRITE[tonumber(wi) + 1]\n"
    "  local ok, out, msg = pcall(g.write, g, to)\n"
    "  if not ok then return from .. ' -> ' .. to .. ': write raised: ' .. tostring(out) end\n"
    "  if not out then return from .. ' -> ' .. to .. ': write refused: ' .. tostring(msg) end\n"
    "  local ok2, g2, msg2 = pcall(read, out, to)\n"
    "  if not ok2 or not g2 then\n"
    "    return from .. ' -> ' .. to .. ': does not read back: ' .. tostring(ok2 and msg2 or g2) .. '\\n' .. out\n"
    "  end\n"
    "  local a, b = table.concat(g:moves(), ' '), table.concat(g2:moves(), ' ')\n"
    "  local sa, sb = g:start():sfen(), g2:start():sfen()\n"
    "  if a ~= b or sa ~= sb then\n"
    "    return from .. ' -> ' .. to .. ': read back differently: ' .. sa .. ' ' .. a .. ' / ' .. sb .. ' ' .. b\n"
    "  end\n"
    "  return nil\n"
    "end\n";

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static lua_State *L;
    if (size < 2 || size > 65536) return 0;
    if (!L) L = fuzz_lua_host(CHECK);
    const char *text = (const char *)data + 2;
    size_t n = size - 2;
    luaL_Buffer b;
    luaL_buffinit(L, &b);
    luaL_addlstring(&b, text, n);
    if (!memchr(text, '\n', n)) luaL_addchar(&b, '\n');
    luaL_pushresult(&b);
    size_t len;
    const char *s = lua_tolstring(L, -1, &len);
    lua_pushfstring(L, "%s %d", FORMATS[data[0] % 6], data[1] % 5);
    fuzz_lua_check(L, s, len, lua_tostring(L, -1));
    lua_pop(L, 2);
    return 0;
}
