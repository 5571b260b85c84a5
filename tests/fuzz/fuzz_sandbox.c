/* libFuzzer target: the sandbox (core.sandbox_load) with the input as a Lua
 * script, in a worker with small limits (cpu 0.2 s, 8 MiB, wall 3 s).
 * Findings: a crash or sanitizer report in the host, a raised error, a stop
 * without a message, a worker that died without an answer. */
#include <stdint.h>
#include "lua_host.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const char CHECK[] =
    "local load = require('shogi.core').sandbox_load\n"
    "local OPTS = {cpu = 0.2, memory = 8 * 1024 * 1024, wall = 3, libs = {'string', 'table', 'math', 'utf8', 'coroutine'}}\n"
    "return function(text)\n"
    "  local ok, v, msg = pcall(load, text, '=fuzz', OPTS)\n"
    "  if not ok then return 'raised: ' .. tostring(v) end\n"
    "  if v == nil and msg ~= nil and type(msg) ~= 'string' then return 'a message that is not a string' end\n"
    "  if type(msg) == 'string' and msg:find('^fuzz: the worker') then return msg end\n"
    "  return nil\n"
    "end\n";

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static lua_State *L;
    if (size > 4096) return 0;
    if (!L) L = fuzz_lua_host(CHECK);
    fuzz_lua_check(L, (const char *)data, size, "");
    return 0;
}
