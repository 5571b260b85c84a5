/* The Lua modules compiled into the executable (see embed.lua). */
#ifndef SG_LUA_EMBED_H
#define SG_LUA_EMBED_H
#include <stddef.h>
typedef struct {
    const char *name;     /* module name for require, e.g. "shogi.tsume" */
    const char *chunk;    /* chunk name for error messages: "@lua/shogi/tsume.lua" */
    const char *source;
    size_t size;
} sg_embedded_module;
extern const sg_embedded_module sg_embedded_modules[];
#endif
