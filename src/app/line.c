/* Reading lines for the REPL: GNU readline on a terminal (its callback
 * interface, so Ctrl-C at the prompt gives a fresh line), getline from a pipe
 * or a file.  History lives in a file (KOMADAI_HISTORY, else
 * ~/.komadai_history; an empty KOMADAI_HISTORY keeps none); completion asks the
 * Lua function registered under "komadai.complete". */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/select.h>
#include <unistd.h>
#include <readline/readline.h>
#include <readline/history.h>
#include <lauxlib.h>
#include "app.h"

#define HISTORY_KEEP 1000

/* readline keeps its own state in globals and calls back without a context
 * pointer, so its glue has to keep its state in one static object too. */
static struct {
    bool tty;
    lua_State *L;
    char *history;         /* the history file, NULL for none */
    char *line;            /* the line handed over by on_line */
    bool done;
    char **cands;          /* completion candidates (NULL-terminated) */
    int next;
} rl;

/* ---- completion ----------------------------------------------------------------------- */
static void free_cands(void)
{
    if (!rl.cands) return;
    for (char **c = rl.cands; *c; c++) free(*c);
    free(rl.cands);
    rl.cands = NULL;
}

/* Asks complete(text, line_before_text) for the candidates; errors give none. */
static void load_cands(const char *text, int start)
{
    lua_State *L = rl.L;
    free_cands();
    int top = lua_gettop(L);
    if (lua_getfield(L, LUA_REGISTRYINDEX, "komadai.complete") != LUA_TFUNCTION) {
        lua_settop(L, top);
        return;
    }
    lua_pushstring(L, text);
    lua_pushlstring(L, rl_line_buffer, start > 0 ? (size_t)start : 0);
    if (lua_pcall(L, 2, 1, 0) == LUA_OK && lua_istable(L, -1)) {
        lua_Integer n = luaL_len(L, -1);
        rl.cands = calloc((size_t)n + 1, sizeof *rl.cands);
        for (lua_Integer i = 1, k = 0; rl.cands && i <= n; i++) {
            if (lua_rawgeti(L, -1, i) == LUA_TSTRING) {
                char *s = strdup(lua_tostring(L, -1));
                if (s) rl.cands[k++] = s;
            }
            lua_pop(L, 1);
        }
    }
    lua_settop(L, top);
}

static char *next_cand(const char *text, int state)
{
    (void)text;
    if (state == 0) rl.next = 0;
    if (!rl.cands || !rl.cands[rl.next]) return NULL;
    return strdup(rl.cands[rl.next++]);
}

static char **attempt_completion(const char *text, int start, int end)
{
    (void)end;
    rl_attempted_completion_over = 1;  /* no file names */
    rl_completion_append_character = '\0';
    load_cands(text, start);
    char **m = rl_completion_matches(text, next_cand);
    free_cands();
    return m;
}

/* ---- history ------------------------------------------------------------------------------ */
static void open_history(void)
{
    const char *env = getenv("KOMADAI_HISTORY");
    if (env) {
        if (!*env) return;
        rl.history = strdup(env);
    } else {
        const char *home = getenv("HOME");
        if (!home || !*home) return;
        size_t n = strlen(home) + sizeof "/.komadai_history";
        rl.history = malloc(n);
        if (rl.history) snprintf(rl.history, n, "%s/.komadai_history", home);
    }
    if (rl.history && read_history(rl.history) != 0)
        write_history(rl.history); /* create it, so lines can be appended */
}

void sg_line_remember(const char *line)
{
    if (!rl.tty || !*line) return;
    HIST_ENTRY *last = history_get(history_base + history_length - 1);
    if (last && strcmp(last->line, line) == 0) return;
    add_history(line);
    if (rl.history) append_history(1, rl.history);
}

void sg_line_close(void)
{
    if (rl.history) history_truncate_file(rl.history, HISTORY_KEEP);
    free(rl.history);
    rl.history = NULL;
}

/* ---- reading ---------------------------------------------------------------------------------- */
void sg_line_open(lua_State *L, bool tty)
{
    rl.L = L;
    rl.tty = tty;
    if (!tty) return;
    rl_readline_name = SG_PROGNAME;
    rl_catch_signals = 0; /* SIGINT is ours (interrupt.c) */
    rl_basic_word_break_characters = " \t\n\"\\'`@$><=;|&{(,+-*/%^~#[])}";
    rl_attempted_completion_function = attempt_completion;
    using_history();
    open_history();
}

static void on_line(char *line)
{
    rl.line = line;
    rl.done = true;
    rl_callback_handler_remove();
}

static sg_line_status read_plain(char **out)
{
    char *buf = NULL;
    size_t cap = 0;
    sg_app_catch_sigint(false); /* waiting on a pipe: Ctrl-C ends the program */
    ssize_t n = getline(&buf, &cap, stdin);
    sg_app_catch_sigint(true);
    if (n < 0) {
        free(buf);
        return SG_LINE_EOF;
    }
    while (n > 0 && (buf[n - 1] == '\n' || buf[n - 1] == '\r')) buf[--n] = '\0';
    *out = buf;
    return SG_LINE_OK;
}

sg_line_status sg_line_read(const char *prompt, char **out)
{
    *out = NULL;
    if (!rl.tty) return read_plain(out);
    rl.done = false;
    rl.line = NULL;
    sg_app_interrupt_take();
    rl_callback_handler_install(prompt, on_line);
    int fd = fileno(rl_instream ? rl_instream : stdin);
    while (!rl.done) {
        if (sg_app_interrupt_take()) { /* Ctrl-C: drop the line, give a fresh prompt */
            rl_free_line_state();
            rl_callback_sigcleanup();
            rl_callback_handler_remove();
            fputc('\n', rl_outstream ? rl_outstream : stdout);
            fflush(rl_outstream ? rl_outstream : stdout);
            return SG_LINE_INTERRUPTED;
        }
        fd_set fds;
        FD_ZERO(&fds);
        FD_SET(fd, &fds);
        int r = select(fd + 1, &fds, NULL, NULL, NULL);
        if (r < 0) {
            if (errno == EINTR) continue;
            rl_callback_handler_remove();
            return SG_LINE_EOF;
        }
        rl_callback_read_char();
    }
    if (!rl.line) return SG_LINE_EOF;
    *out = rl.line;
    return SG_LINE_OK;
}
