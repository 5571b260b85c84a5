/* libFuzzer target: the USI engine's command loop (src/app/usi_engine.c over
 * src/proto/usi.c), fed the input as its stdin would be, without a process:
 * sg_usi_engine_run_io with a reader over the bytes and the answers into
 * memory.  Byte 0: bits 0-1 the engine (0, 1: built-in; 2: the material bot;
 * 3: the pst bot, examples/bots), bit 2 the node cap of every search and go
 * mate (300 or 3000; the search polls its input every 2048 nodes, so only
 * the larger cap reads commands while it thinks); the rest are the command
 * lines.  The reader hands over one line per call and, when the engine polls
 * without waiting (from a search), has nothing ready every other call, so
 * commands arrive both between and during searches.
 * Findings: a crash or sanitizer report; an answer line that is not one an
 * engine sends (id, option, usiok, readyok, info, bestmove, checkmate); a
 * bestmove that is not "resign", "win" or a USI move [ponder MOVE]; a byte
 * that is a control character or not UTF-8 (bad input must come back
 * escaped, never as raw bytes). */
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <lua.h>
#include <lauxlib.h>
#include <lualib.h>
#include "../../src/lua/binding.h"
#include "lua_host.h"
#include "../../src/app/usi_engine.h"
#include "../../src/core/notation.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define USI_MAX_INPUT 8192

typedef struct {
    const char *p;
    size_t n, at;
    unsigned polls;
} feed;

static long feed_read(void *ud, char *buf, size_t n, int timeout_ms)
{
    feed *f = ud;
    if (timeout_ms == 0 && (f->polls++ & 1)) return -1;
    if (f->at == f->n) return 0;
    const char *nl = memchr(f->p + f->at, '\n', f->n - f->at);
    size_t k = nl ? (size_t)(nl - (f->p + f->at)) + 1 : f->n - f->at;
    if (k > n) k = n;
    memcpy(buf, f->p + f->at, k);
    f->at += k;
    return (long)k;
}

/* the first byte that is a control character (but '\n') or not part of valid UTF-8 */
static bool utf8_ok(const unsigned char *s, size_t n, size_t *bad)
{
    for (size_t i = 0; i < n;) {
        unsigned c = s[i];
        size_t k = c < 0x80 ? 0 : c >= 0xc2 && c < 0xe0 ? 1 : c >= 0xe0 && c < 0xf0 ? 2 : c >= 0xf0 && c < 0xf5 ? 3 : 9;
        bool ok = k < 9 && (k > 0 || c >= 0x20 || c == '\n') && c != 0x7f && i + k < n;
        for (size_t j = 1; ok && j <= k; j++) ok = (s[i + j] & 0xc0) == 0x80;
        if (!ok) { *bad = i; return false; }
        i += k + 1;
    }
    return true;
}

static bool usi_move(const char *s, size_t n)
{
    char m[8];
    if (n < 4 || n > 5) return false;
    memcpy(m, s, n);
    m[n] = '\0';
    sg_square from, to;
    bool promote;
    sg_ptype drop;
    return sg_usi_split(m, &from, &to, &promote, &drop);
}

static const char *bad_line(const char *l, size_t n)
{
    static const char *const STARTS[] = {"id name ", "id author ", "option name ", "info ", "checkmate", NULL};
    if ((n == 5 && memcmp(l, "usiok", 5) == 0) || (n == 7 && memcmp(l, "readyok", 7) == 0)) return NULL;
    for (int i = 0; STARTS[i]; i++)
        if (n >= strlen(STARTS[i]) && memcmp(l, STARTS[i], strlen(STARTS[i])) == 0) return NULL;
    if (n > 9 && memcmp(l, "bestmove ", 9) == 0) {
        const char *m = l + 9, *end = l + n;
        const char *sp = memchr(m, ' ', (size_t)(end - m));
        size_t ml = sp ? (size_t)(sp - m) : (size_t)(end - m);
        if (!sp && ((ml == 6 && memcmp(m, "resign", 6) == 0) || (ml == 3 && memcmp(m, "win", 3) == 0))) return NULL;
        if (!usi_move(m, ml)) return "bestmove is not a move";
        if (!sp) return NULL;
        if ((size_t)(end - sp) < 8 || memcmp(sp, " ponder ", 8) != 0 || !usi_move(sp + 8, (size_t)(end - sp - 8)))
            return "bestmove with something other than ponder MOVE";
        return NULL;
    }
    return "not a line a USI engine sends";
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static lua_State *L;
    if (size < 1 || size > USI_MAX_INPUT) return 0;
    if (!L) L = fuzz_lua_state("");
    static const char *const BOTS[] = {NULL, NULL, KOMADAI_ROOT "/examples/bots/material.lua",
                                       KOMADAI_ROOT "/examples/bots/pst.lua"};
    char *out = NULL;
    size_t outlen = 0;
    FILE *f = open_memstream(&out, &outlen);
    if (!f) abort();
    feed in = {(const char *)data + 1, size - 1, 0, 0};
    sg_usi_engine_io io = {feed_read, &in, f, (data[0] & 4) ? 3000 : 300, 1};
    int rc = sg_usi_engine_run_io(L, BOTS[data[0] & 3], &io);
    fclose(f);
    lua_settop(L, 0);
    if (rc != 0) { fprintf(stderr, "finding: exit status %d\n", rc); abort(); }
    size_t at;
    if (!utf8_ok((const unsigned char *)out, outlen, &at)) {
        fprintf(stderr, "finding: byte %zu of the answers is a control character or not UTF-8: %.*s\n", at,
                (int)(outlen - at < 80 ? outlen - at : 80), out + at);
        abort();
    }
    for (size_t i = 0; i < outlen;) {
        const char *nl = memchr(out + i, '\n', outlen - i);
        if (!nl) { fprintf(stderr, "finding: the answers do not end in a newline\n"); abort(); }
        size_t n = (size_t)(nl - (out + i));
        const char *why = bad_line(out + i, n);
        if (why) { fprintf(stderr, "finding: %s: '%.*s'\n", why, (int)n, out + i); abort(); }
        i += n + 1;
    }
    free(out);
    return 0;
}
