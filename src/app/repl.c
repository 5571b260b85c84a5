/* The read-eval-print loop, as in lua.c: a line is first tried as
 * "return <line>;" so expressions print their values; otherwise it is read as
 * statements, with more lines while the parser says the chunk is incomplete
 * (its error ends in "<eof>").  What is shogi about it lives in Lua, in
 * lua/shogi/repl.lua and its parts in lua/shogi/repl/: how values are shown (boards for positions and games),
 * the ':' commands, moves typed as lines, completion.
 * From a pipe or a file: no prompt, no colour, and every error is counted. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <lauxlib.h>
#include "app.h"

#define PROMPT1 "> "
#define PROMPT2 ">> "
#define REPL_KEY "komadai.repl"  /* registry: the shogi.repl module table */
#define PAD_MAX 20000            /* line numbers from a pipe, up to this line */

typedef struct {
    lua_State *L;
    bool tty;
    int errors;
    int lineno;        /* physical lines read (for messages from a pipe) */
    int chunk_line;    /* the first line of the chunk being run */
} repl;

/* Pushes the function name of shogi.repl; false (nothing pushed) without it. */
static bool push_helper(lua_State *L, const char *name)
{
    if (lua_getfield(L, LUA_REGISTRYINDEX, REPL_KEY) != LUA_TTABLE) {
        lua_pop(L, 1);
        return false;
    }
    bool ok = lua_getfield(L, -1, name) == LUA_TFUNCTION;
    lua_remove(L, -2);
    if (!ok) lua_pop(L, 1);
    return ok;
}

/* does msg start with "chunk:line:" (a place)? */
static bool has_place(const char *msg)
{
    const char *c = strchr(msg, ':');
    if (!c || c == msg || memchr(msg, '\n', (size_t)(c - msg))) return false;
    const char *d = c + 1;
    while (isdigit((unsigned char)*d)) d++;
    return d > c + 1 && *d == ':';
}

static void error_out(repl *r, int status)
{
    if (r->tty && sg_app_interrupt_take()) { /* after the terminal's "^C" */
        fputc('\n', stderr);
    }
    /* An error raised for the caller of a function the line tail-called
     * ("return shogi.game(...)") has no place: it is the user's line. */
    const char *msg = lua_tostring(r->L, -1);
    if (msg && !has_place(msg) && strncmp(msg, "interrupted!", 12) != 0) {
        lua_pushfstring(r->L, "stdin:%d: %s", r->chunk_line, msg);
        lua_replace(r->L, -2);
    }
    sg_app_report(r->L, status, false);
    r->errors++;
}

static void print_out(const char *s)
{
    fputs(s, stdout);
    size_t n = strlen(s);
    if (n == 0 || s[n - 1] != '\n') fputc('\n', stdout);
    fflush(stdout);
}

/* Loads shogi.repl and tells it about the terminal. */
static void open_helpers(repl *r)
{
    lua_State *L = r->L;
    lua_getglobal(L, "require");
    lua_pushliteral(L, "shogi.repl");
    int status = sg_app_docall(L, 1, 1);
    if (status != LUA_OK) {
        error_out(r, status);
        return;
    }
    lua_setfield(L, LUA_REGISTRYINDEX, REPL_KEY);
    if (push_helper(L, "complete")) lua_setfield(L, LUA_REGISTRYINDEX, "komadai.complete");
    if (push_helper(L, "start")) {
        lua_createtable(L, 0, 2);
        lua_pushboolean(L, r->tty);
        lua_setfield(L, -2, "tty");
        lua_pushboolean(L, r->tty && isatty(STDOUT_FILENO));
        lua_setfield(L, -2, "color");
        status = sg_app_docall(L, 1, 1);
        if (status != LUA_OK) error_out(r, status);
        else {
            if (r->tty && lua_type(L, -1) == LUA_TSTRING) print_out(lua_tostring(L, -1));
            lua_pop(L, 1);
        }
    }
}

/* Calls a helper that answers nil (not for it), or ok and a text: prints the
 * text (stdout if ok, stderr and counted if not).  Returns whether it handled
 * the line. */
static bool ask_helper(repl *r, const char *name, const char *line)
{
    lua_State *L = r->L;
    if (!push_helper(L, name)) return false;
    lua_pushstring(L, line);
    int status = sg_app_docall(L, 1, 2);
    if (status != LUA_OK) {
        error_out(r, status);
        return true;
    }
    bool handled = !lua_isnil(L, -2);
    if (handled) {
        const char *text = lua_tostring(L, -1);
        if (lua_toboolean(L, -2)) {
            if (text) print_out(text);
        } else {
            sg_app_message(text ? text : "error", false);
            r->errors++;
        }
    }
    lua_pop(L, 2);
    return handled;
}

/* Prints the values from index base to the top (and pops them). */
static void show_values(repl *r, int base)
{
    lua_State *L = r->L;
    int n = lua_gettop(L) - base + 1;
    if (n <= 0) return;
    if (push_helper(L, "show")) {
        lua_insert(L, base);
        int status = sg_app_docall(L, n, 1);
        if (status != LUA_OK) error_out(r, status);
        else {
            if (lua_type(L, -1) == LUA_TSTRING) print_out(lua_tostring(L, -1));
            lua_pop(L, 1);
        }
        return;
    }
    for (int i = base; i <= base + n - 1; i++) { /* without the helpers: as lua.c */
        if (i > base) fputc('\t', stdout);
        fputs(luaL_tolstring(L, i, NULL), stdout);
        lua_pop(L, 1);
    }
    fputc('\n', stdout);
    fflush(stdout);
    lua_settop(L, base - 1);
}

/* Builds the text to compile: blank lines first (from a pipe) so that Lua's
 * line numbers are the input's. */
static void push_source(repl *r, int first_line, const char *pre, const char *text, const char *post)
{
    lua_State *L = r->L;
    luaL_Buffer b;
    luaL_buffinit(L, &b);
    if (!r->tty && first_line <= PAD_MAX)
        for (int i = 1; i < first_line; i++) luaL_addchar(&b, '\n');
    luaL_addstring(&b, pre);
    luaL_addstring(&b, text);
    luaL_addstring(&b, post);
    luaL_pushresult(&b);
}

static int load_top(lua_State *L)
{
    size_t n;
    const char *s = lua_tolstring(L, -1, &n);
    int status = luaL_loadbuffer(L, s, n, "=stdin");
    lua_remove(L, -2);
    return status;
}

static bool incomplete(lua_State *L, int status)
{
    if (status != LUA_ERRSYNTAX) return false;
    size_t n;
    const char *msg = lua_tolstring(L, -1, &n);
    static const char mark[] = "<eof>";
    return msg && n >= sizeof mark - 1 && strcmp(msg + n - (sizeof mark - 1), mark) == 0;
}

static bool blank(const char *s)
{
    for (; *s; s++)
        if (*s != ' ' && *s != '\t') return false;
    return true;
}

static bool is_name(const char *s)
{
    while (*s == ' ' || *s == '\t') s++;
    if (!isalpha((unsigned char)*s) && *s != '_') return false;
    while (isalnum((unsigned char)*s) || *s == '_') s++;
    while (*s == ' ' || *s == '\t') s++;
    return *s == '\0';
}

/* Runs the function on the top and prints what it returns. */
static void run_chunk(repl *r)
{
    lua_State *L = r->L;
    int base = lua_gettop(L);
    int status = sg_app_docall(L, 0, LUA_MULTRET);
    if (status != LUA_OK) error_out(r, status);
    else show_values(r, base);
}

/* One chunk, starting with line.  Returns false at the end of the input. */
static bool do_chunk(repl *r, char *line)
{
    lua_State *L = r->L;
    int first = r->lineno;
    r->chunk_line = first;
    if (blank(line)) return true;
    sg_line_remember(line);
    if (ask_helper(r, "command", line)) return true;
    /* "Px7f" is a Western move and also a Lua name: a name with no value is tried as a move */
    if (is_name(line) && ask_helper(r, "move", line)) return true;
    push_source(r, first, "return ", line, ";");
    if (load_top(L) == LUA_OK) {
        run_chunk(r);
        return true;
    }
    lua_pop(L, 1);
    lua_pushstring(L, line); /* the chunk so far */
    int lines = 1;
    for (;;) {
        push_source(r, first, "", lua_tostring(L, -1), "");
        int status = load_top(L);
        if (status == LUA_OK) {
            lua_remove(L, -2);
            run_chunk(r);
            return true;
        }
        if (!incomplete(L, status)) {
            if (lines == 1 && status == LUA_ERRSYNTAX && ask_helper(r, "move", line)) {
                lua_pop(L, 2);
                return true;
            }
            lua_remove(L, -2);
            error_out(r, status);
            return true;
        }
        char *more;
        sg_line_status ls = sg_line_read(PROMPT2, &more);
        if (ls != SG_LINE_OK) {
            if (ls == SG_LINE_EOF) {  /* the input ends inside a chunk */
                lua_remove(L, -2);
                error_out(r, status);
            } else {
                lua_pop(L, 2);    /* Ctrl-C: forget the chunk */
            }
            return ls != SG_LINE_EOF;
        }
        r->lineno++;
        lines++;
        sg_line_remember(more);
        lua_pop(L, 1); /* the error */
        lua_pushfstring(L, "%s\n%s", lua_tostring(L, -1), more);
        lua_remove(L, -2);
        free(more);
    }
}

int sg_repl_run(lua_State *L, bool tty)
{
    repl r = {L, tty, 0, 0, 0};
    int top = lua_gettop(L);
    open_helpers(&r);
    sg_line_open(L, tty);
    for (;;) {
        char *line;
        sg_line_status ls = sg_line_read(tty ? PROMPT1 : "", &line);
        if (ls == SG_LINE_INTERRUPTED) continue;
        if (ls == SG_LINE_EOF) break;
        r.lineno++;
        bool more = do_chunk(&r, line);
        free(line);
        lua_settop(L, top);
        if (!more) break;
    }
    if (tty) {
        fputc('\n', stdout);
        fflush(stdout);
    }
    sg_line_close();
    return r.errors;
}
