/* komadai --usi [BOT.lua]: the USI engine over stdin/stdout (usi_engine.c).
 * The protocol's text and state are src/proto/usi.h; this file owns the
 * input (read while a search runs, through the search's poll callback), the
 * output and the bot's Lua state. */
#ifndef SG_USI_ENGINE_H
#define SG_USI_ENGINE_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <lua.h>

/* Runs until "quit" or the end of input; bot_path may be NULL (the built-in
 * evaluation).  L has the shogi modules loaded.  Returns the exit status.
 * Reads fd 0 and writes stdout. */
int sg_usi_engine_run(lua_State *L, const char *bot_path);

/* Where the engine reads and writes, for a host other than a process's
 * stdin/stdout (the fuzz target tests/fuzz/fuzz_usi.c feeds it bytes). */
typedef struct {
    /* up to n bytes into buf: the count, 0 at the end of input, -1 when
     * nothing came within timeout_ms (-1: wait as long as it takes) */
    long (*read)(void *ud, char *buf, size_t n, int timeout_ms);
    void *ud;
    FILE *out;                 /* the answers */
    uint64_t max_nodes;        /* 0, or a cap on the nodes of every search and go mate */
    int max_hash_mb;           /* 0, or a cap on the table USI_Hash asks for */
} sg_usi_engine_io;
int sg_usi_engine_run_io(lua_State *L, const char *bot_path, const sg_usi_engine_io *io);

#endif
