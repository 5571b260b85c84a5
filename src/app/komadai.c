/* komadai: the shogi REPL and script runner, with the options of lua5.4.
 *   komadai [options] [script [args]]
 * Options are run in order: -e CODE, -l MOD (or -l g=MOD), then the script;
 * -i enters the REPL after them; "-" runs stdin as a script; "--" ends the
 * options.  With nothing to run, the REPL reads stdin (with prompts when it is
 * a terminal, silently from a pipe or file).  Exit status: 0, or 1 after an
 * uncaught error (in the REPL from a pipe: after any error). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <lualib.h>
#include <lauxlib.h>
#include "app.h"
#include "lua_embed.h"
#include "../lua/binding.h"
#include "usi_engine.h"
#include "../core/version.h"

static void usage(FILE *out)
{
    fprintf(out,
            "usage: " SG_PROGNAME " [options] [script [args]]\n"
            "Available options are:\n"
            "  -e stat   execute string 'stat'\n"
            "  -i        enter the REPL after running the other options and script\n"
            "  -l mod    require library 'mod' into global 'mod'\n"
            "  -l g=mod  require library 'mod' into global 'g'\n"
            "  -v, --version  show version information\n"
            "  --usi [BOT.lua | NAME.so]  run as a USI engine: a bot file, a C evaluation\n"
            "            module (its luaopen_NAME), or the built-in evaluation without either\n"
            "  --drill FILE...  play drills at the prompt (--due first: only the exercises due)\n"
            "  -h, --help     show this help\n"
            "  --        stop handling options\n"
            "  -         stop handling options and execute stdin\n"
            "  --csa-server PORT [--config FILE.lua] [--max-moves N] [--least-time-per-move S]\n"
            "            [--records DIR]   serve games over the CSA protocol (docs/CSA.md)\n"
            "  --serve [ADDR:]PORT [--config site.lua] [--data DIR] [--db URL] [--watch DIR] [--public]\n"
            "            [--problems DIR|FILE] [--csa-server PORT ... --records DIR]\n"
            "                              serve the game site: play the bot and people, watch a CSA\n"
            "                              server's games, show and check problems (docs/WEB.md)\n"
            "With no script, the REPL reads stdin (help() there lists the topics).\n"
            "Environment: KOMADAI_HISTORY names the history file (default ~/.komadai_history;\n"
            "empty: no history).\n");
}

void sg_app_message(const char *msg, bool prefix)
{
    if (prefix) fputs(SG_PROGNAME ": ", stderr);
    fputs(msg, stderr);
    fputc('\n', stderr);
    fflush(stderr);
}

int sg_app_report(lua_State *L, int status, bool prefix)
{
    if (status != LUA_OK) {
        const char *msg = lua_tostring(L, -1);
        sg_app_message(msg ? msg : "(error object is not a string)", prefix);
        lua_pop(L, 1);
    }
    return status;
}

/* ---- the embedded modules ---------------------------------------------------------- */
/* package.preload loader: upvalue 1 is the sg_embedded_module */
static int load_embedded(lua_State *L)
{
    const sg_embedded_module *m = lua_touserdata(L, lua_upvalueindex(1));
    if (luaL_loadbuffer(L, m->source, m->size, m->chunk) != LUA_OK) return lua_error(L);
    lua_pushstring(L, m->name);
    lua_pushstring(L, ":preload:");
    lua_call(L, 2, 1);
    return 1;
}

static int open_program(lua_State *L)
{
    luaL_openlibs(L);
    luaL_getsubtable(L, LUA_REGISTRYINDEX, LUA_PRELOAD_TABLE);
    lua_pushcfunction(L, luaopen_shogi_core);
    lua_setfield(L, -2, "shogi.core");
    lua_pushcfunction(L, sg_app_open_net);
    lua_setfield(L, -2, "komadai.net");
    for (const sg_embedded_module *m = sg_embedded_modules; m->name; m++) {
        lua_pushlightuserdata(L, (void *)(uintptr_t)m); /* the table is const; the loader only reads it */
        lua_pushcclosure(L, load_embedded, 1);
        lua_setfield(L, -2, m->name);
    }
    lua_pop(L, 1);
    lua_getglobal(L, "require");
    lua_pushliteral(L, "shogi");
    lua_call(L, 1, 1);
    lua_setglobal(L, "shogi");
    /* help: loads shogi.help at its first use, so startup stays small */
    luaL_loadstring(L, "return function(...) return require('shogi.help').help(...) end");
    lua_call(L, 0, 1);
    lua_setglobal(L, "help");
    return 0;
}

lua_State *sg_app_new_state(char *err, size_t errsize)
{
    lua_State *L = luaL_newstate();
    if (!L) { snprintf(err, errsize, "cannot create a Lua state: not enough memory"); return NULL; }
    lua_pushcfunction(L, open_program);  /* protected: a module that fails to load is an error here */
    if (lua_pcall(L, 0, 0, 0) != LUA_OK) {
        snprintf(err, errsize, "%s", lua_isstring(L, -1) ? lua_tostring(L, -1) : "the program's modules did not load");
        lua_close(L);
        return NULL;
    }
    return L;
}

/* ---- running chunks ---------------------------------------------------------------- */
static int dochunk(lua_State *L, int status)
{
    if (status == LUA_OK) status = sg_app_docall(L, 0, 0);
    return sg_app_report(L, status, true);
}

static int dostring(lua_State *L, const char *code, const char *name)
{
    return dochunk(L, luaL_loadbuffer(L, code, strlen(code), name));
}

/* -l g=mod or -l mod: global g (or mod) = require(mod) */
static int dolibrary(lua_State *L, const char *spec)
{
    char name[256];
    const char *eq = strchr(spec, '=');
    const char *mod = eq ? eq + 1 : spec;
    size_t n = eq ? (size_t)(eq - spec) : strlen(spec);
    if (n >= sizeof name) n = sizeof name - 1;
    memcpy(name, spec, n);
    name[n] = '\0';
    if (!eq) { /* as lua.c: "a.b-c" gives the global "a" */
        char *dash = strchr(name, '-');
        if (dash) *dash = '\0';
        char *dot = strchr(name, '.');
        if (dot) *dot = '\0';
    }
    lua_getglobal(L, "require");
    lua_pushstring(L, mod);
    int status = sg_app_docall(L, 1, 1);
    if (status == LUA_OK) lua_setglobal(L, name);
    return sg_app_report(L, status, true);
}

/* arg: the script at 0, its arguments at 1.., the interpreter and options below
 * (no script: the interpreter at 0) */
static void create_arg_table(lua_State *L, char **argv, int argc, int script)
{
    if (script == argc) script = 0;
    lua_createtable(L, argc - script - 1, script + 1);
    for (int i = 0; i < argc; i++) {
        lua_pushstring(L, argv[i]);
        lua_rawseti(L, -2, i - script);
    }
    lua_setglobal(L, "arg");
}

static int handle_script(lua_State *L, char **argv, int argc, int script)
{
    const char *fname = argv[script];
    if (strcmp(fname, "-") == 0 && strcmp(argv[script - 1], "--") != 0) fname = NULL; /* stdin */
    int status = luaL_loadfile(L, fname);
    if (status == LUA_OK) {
        int n = argc - script - 1;
        luaL_checkstack(L, n + 1, "too many arguments to script");
        for (int i = script + 1; i < argc; i++) lua_pushstring(L, argv[i]);
        status = sg_app_docall(L, n, LUA_MULTRET);
    }
    return sg_app_report(L, status, true);
}

/* ---- the options --------------------------------------------------------------------- */
enum { HAS_ERROR = 1, HAS_I = 2, HAS_V = 4, HAS_E = 8, HAS_H = 16 };

/* Checks the options; returns the flags and sets *script to the index of the
 * script (argc when none). */
static int collect_args(char **argv, int argc, int *script)
{
    int args = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        *script = i;
        if (a[0] != '-') return args;
        switch (a[1]) {
        case '\0': return args; /* "-": stdin as the script */
        case '-':
            if (a[2] != '\0') return HAS_ERROR;
            *script = i + 1;
            return args;
        case 'i':
            if (a[2] != '\0') return HAS_ERROR;
            args |= HAS_I;
            break;
        case 'v':
            if (a[2] != '\0') return HAS_ERROR;
            args |= HAS_V;
            break;
        case 'h':
            if (a[2] != '\0') return HAS_ERROR;
            args |= HAS_H;
            break;
        case 'e':
            args |= HAS_E;
            /* fall through */
        case 'l':
            if (a[2] == '\0') {
                i++;
                if (i >= argc || argv[i][0] == '-') return HAS_ERROR;
            }
            break;
        default:
            return HAS_ERROR;
        }
    }
    *script = argc;
    return args;
}

/* Runs -e and -l in order; returns false at the first error. */
static bool run_args(lua_State *L, char **argv, int script)
{
    for (int i = 1; i < script; i++) {
        char opt = argv[i][1];
        if (opt != 'e' && opt != 'l') continue;
        const char *val = argv[i][2] ? argv[i] + 2 : argv[++i];
        int status = opt == 'e' ? dostring(L, val, "=(command line)") : dolibrary(L, val);
        if (status != LUA_OK) return false;
    }
    return true;
}

static void print_version(void)
{
    printf(SG_PROGNAME " " SG_VERSION " (" LUA_RELEASE ")\n");
    fflush(stdout);
}

/* shogi.drill.prompt.on_over() under komadai --drill: the input ends (stdin
 * from /dev/null, what was buffered dropped), so the REPL stops after the line
 * that ended the drill, as at the end of the input */
static int drill_over(lua_State *L)
{
    (void)L;
    if (!freopen("/dev/null", "r", stdin)) fclose(stdin);
    return 0;
}

/* komadai --drill FILE...: the drill's first board, then the REPL until the
 * drill ends (its last exercise or :quit: the summary, then the exit); the exit
 * status as the REPL's (1 when the drill cannot start) */
static int run_drill(lua_State *L, int n, char **files)
{
    lua_getglobal(L, "require");
    lua_pushliteral(L, "shogi.drill.prompt");
    if (sg_app_report(L, sg_app_docall(L, 1, 1), true) != LUA_OK) return 1;
    lua_pushcfunction(L, drill_over);
    lua_setfield(L, -2, "on_over");
    lua_pop(L, 1);
    lua_getglobal(L, "require");
    lua_pushliteral(L, "shogi.repl");
    if (sg_app_report(L, sg_app_docall(L, 1, 1), true) != LUA_OK) return 1;
    lua_getfield(L, -1, "open_drill");
    luaL_checkstack(L, n, "too many drill files");
    for (int i = 0; i < n; i++) lua_pushstring(L, files[i]);
    if (sg_app_report(L, sg_app_docall(L, n, 2), true) != LUA_OK) return 1;
    const char *text = lua_tostring(L, -1);
    bool ok = lua_toboolean(L, -2);
    if (text && ok) {
        fputs(text, stdout);
        fputc('\n', stdout);
        fflush(stdout);
    } else if (text) {
        sg_app_message(text, true);
    }
    lua_pop(L, 3);
    if (!ok) return 1;
    bool tty = isatty(STDIN_FILENO);
    int errors = sg_repl_run(L, tty);
    return errors > 0 && !tty ? (errors > 125 ? 125 : errors) : 0;
}

/* The program proper, run in protected mode: sets the exit status through its third argument. */
static int pmain(lua_State *L)
{
    int argc = (int)lua_tointeger(L, 1);
    char **argv = lua_touserdata(L, 2);
    int *status = lua_touserdata(L, 3);   /* the exit status; 1 until all went well */
    if (argc > 1 && strcmp(argv[1], "--csa-server") == 0) { /* the CSA game server (csa_server_main.c) */
        open_program(L);
        *status = sg_app_csa_server_main(L, argc, argv) == 0 ? 0 : 1;
        return 0;
    }
    if (argc > 1 && strcmp(argv[1], "--serve") == 0) { /* the game site (web_main.c, src/web/) */
        open_program(L);
        *status = sg_app_web_main(L, argc, argv);
        return 0;
    }
    int script = argc;
    if (argc == 2 && strcmp(argv[1], "--help") == 0) { usage(stdout); *status = 0; return 0; }
    if (argc == 2 && strcmp(argv[1], "--version") == 0) { print_version(); *status = 0; return 0; }
    if (argc >= 2 && strcmp(argv[1], "--usi") == 0) { /* the USI engine: nothing else on the line */
        if (argc > 3) { fprintf(stderr, SG_PROGNAME ": --usi takes one bot file at most\n"); return 0; }
        open_program(L);
        *status = sg_usi_engine_run(L, argc == 3 ? argv[2] : NULL);
        return 0;
    }
    if (argc >= 2 && strcmp(argv[1], "--drill") == 0) { /* drills at the prompt: shogi.repl.open_drill */
        open_program(L);
        create_arg_table(L, argv, argc, argc);
        sg_app_catch_sigint(true);
        *status = run_drill(L, argc - 2, argv + 2);
        return 0;
    }
    int args = collect_args(argv, argc, &script);
    if (args & HAS_ERROR) {
        const char *bad = argv[script];
        if (bad[1] == 'e' || bad[1] == 'l')
            fprintf(stderr, SG_PROGNAME ": '%s' needs an argument\n", bad);
        else
            fprintf(stderr, SG_PROGNAME ": unrecognized option '%s'\n", bad);
        usage(stderr);
        return 0;
    }
    if (args & HAS_H) {
        usage(stdout);
        *status = 0;
        return 0;
    }
    open_program(L);
    create_arg_table(L, argv, argc, script);
    bool tty = isatty(STDIN_FILENO);
    if (args & HAS_V) print_version();
    sg_app_catch_sigint(true);
    if (!run_args(L, argv, script)) return 0;
    if (script < argc && handle_script(L, argv, argc, script) != LUA_OK) return 0;
    if ((args & HAS_I) || (script == argc && !(args & (HAS_E | HAS_V)))) {
        /* from a pipe or a file the exit status counts the errors (at most 125) */
        int errors = sg_repl_run(L, tty);
        if (errors > 0 && !tty) {
            *status = errors > 125 ? 125 : errors;
            return 0;
        }
    }
    *status = 0;
    return 0;
}

int main(int argc, char **argv)
{
    lua_State *L = luaL_newstate();
    if (L == NULL) {
        sg_app_message("cannot create state: not enough memory", true);
        return EXIT_FAILURE;
    }
    int exit_status = EXIT_FAILURE;
    lua_pushcfunction(L, pmain);
    lua_pushinteger(L, argc);
    lua_pushlightuserdata(L, argv);
    lua_pushlightuserdata(L, &exit_status);
    int status = lua_pcall(L, 3, 0, 0);
    sg_app_report(L, status, true);
    lua_close(L);
    return status == LUA_OK ? exit_status : EXIT_FAILURE;
}
