/* The komadai executable: what its files share.
 *   komadai.c    main: options in the manner of lua.c, the Lua state, scripts
 *   interrupt.c  Ctrl-C: the SIGINT handler, the stop hook, protected calls
 *   repl.c       the read-eval-print loop (tty and pipe)
 *   line.c       reading lines: readline (history, completion) or fgets
 *   net.c        komadai.net: a TCP client socket for Lua scripts (the CSA client)
 *   csa_server_main.c  komadai --csa-server: its command line (the server is src/server/)
 *   web_main.c   komadai --serve: its command line and config (the site is src/web/)
 *   web_service.c  what the site asks of Lua (its analyses, its problem pages), each in a Lua state of its own
 *   web_drills.c   the site's drills: one Lua state running shogi.web_drills, a time limit a request
 * Only these files include readline (line.c) and lua.h (all). */
#ifndef SG_APP_H
#define SG_APP_H

#include <stdbool.h>
#include <stddef.h>
#include <lua.h>

#define SG_PROGNAME "komadai"

/* ---- interrupt.c -----------------------------------------------------------------
 * Calls the function below narg arguments on the stack, in protected mode, with
 * a message handler adding a short traceback; Ctrl-C during the call raises
 * "interrupted!" (in Lua code through a count hook, in C loops through
 * sgl_interrupt_flag(L)).  Returns the lua_pcall status; on error the message
 * (with traceback) is on the stack. */
int sg_app_docall(lua_State *L, int narg, int nres);
/* Catches SIGINT for the rest of the program (a caught signal interrupts a
 * call or a prompt) or restores the default action (catch = false). */
void sg_app_catch_sigint(bool catch);
/* True (once) when a SIGINT arrived since the last call (or since the start
 * of the last sg_app_docall). */
bool sg_app_interrupt_take(void);

/* ---- komadai.c ---------------------------------------------------------------------- */
/* Prints a message on stderr, prefixed "komadai: " when prefix is true. */
void sg_app_message(const char *msg, bool prefix);
/* A new Lua state as the program's own: the libraries, the embedded modules, `shogi`; NULL and the
 * reason in err when it cannot be made (web_service.c makes one per analysis). */
lua_State *sg_app_new_state(char *err, size_t errsize);
/* Reports a non-OK status: the message on the top of the stack (popped). */
int sg_app_report(lua_State *L, int status, bool prefix);

/* ---- repl.c ------------------------------------------------------------------------- */
/* Runs the REPL on stdin until end of input.  tty: prompts, readline, colour
 * on a terminal stdout.  Returns the number of errors met. */
int sg_repl_run(lua_State *L, bool tty);

/* ---- net.c --------------------------------------------------------------------------
 * The module komadai.net (a line-oriented TCP client), preloaded by komadai. */
int sg_app_open_net(lua_State *L);

/* ---- csa_server_main.c --------------------------------------------------------------
 * komadai --csa-server PORT [options] (argv[1] is "--csa-server"): runs the
 * CSA game server until it stops; 0 or 1 (a bad command line, no socket). */
int sg_app_csa_server_main(lua_State *L, int argc, char **argv);
/* the same in two steps, for a server run beside the site (web_main.c): the server its
 * command line describes, or NULL after the message; then its loop (the caller's thread,
 * SIGINT/SIGTERM unblocked there) until it stops, and its release */
struct sgsv_server;
struct sgsv_server *sg_app_csa_server_new(lua_State *L, int argc, char **argv);
int sg_app_csa_server_run(struct sgsv_server *s);
/* komadai --serve [ADDR:]PORT [options] (web_main.c; the site is src/web/):
 * serves until SIGINT or SIGTERM; 0, or 1 for a bad command line or no socket. */
int sg_app_web_main(lua_State *L, int argc, char **argv);

/* ---- web_service.c ------------------------------------------------------------------
 * The site's service (web.h sg_web_service_fn) over Lua's shogi.web_service: analyses run each in a
 * thread and a lua_State of its own, at most max_jobs at once, seconds a move capped by max_seconds. */
typedef struct sg_web_service sg_web_service;
sg_web_service *sg_web_service_new(int max_jobs, double default_seconds, double max_seconds);
/* the config's bot files an analysis may be asked to use (POST /api/analysis {engine: NAME}), each run as
 * `program --usi FILE`; the strings are the caller's and must outlive the service */
void sg_web_service_bots(sg_web_service *s, const char *program, int n, const char *const names[], const char *const files[]);
/* the problem pages' part: root the served problem folder or file (NULL: none), at most max_jobs composer's
 * reports at once, each stopped after max_seconds; -1 when out of memory */
int sg_web_service_problems(sg_web_service *s, const char *root, int max_jobs, double max_seconds);
int sg_web_service_call(void *ud, const char *name, const char *json_in, char **out);
/* the running jobs stopped (an analysis within a position's search, a report's solver at once) and joined,
 * the rest freed */
void sg_web_service_free(sg_web_service *s);

/* ---- web_drills.c -------------------------------------------------------------------
 * The site's drills (docs/WEB.md "Drills"): the drill files of dir loaded through the sandbox (a bad
 * file or a faulty exercise printed on stderr with its reason, and left out), the classes and the
 * students' progress under data_dir/drills; teachers: the accounts that may make classes (NULL: any).
 * Each request in one Lua state, at most max_seconds.  NULL and the reason in err when dir has no
 * drill that loads. */
typedef struct sg_web_drills sg_web_drills;
sg_web_drills *sg_web_drills_new(const char *dir, const char *data_dir, const char *const *teachers, int n_teachers,
                                 double max_seconds, char *err, size_t errsize);
int sg_web_drills_call(sg_web_drills *d, const char *name, const char *json_in, char **out);
void sg_web_drills_free(sg_web_drills *d);
/* the service's "drills" and "drills.csv" answered by d (web_service.c; d freed with the service) */
void sg_web_service_set_drills(sg_web_service *s, sg_web_drills *d);

/* ---- line.c ------------------------------------------------------------------------- */
typedef enum { SG_LINE_OK, SG_LINE_EOF, SG_LINE_INTERRUPTED } sg_line_status;
/* Prepares line editing: history from the history file, completion through
 * the Lua function complete(text) -> array of strings, found in the registry
 * under the key "komadai.complete". */
void sg_line_open(lua_State *L, bool tty);
/* Reads one line (without its newline) into a malloc'd string. */
sg_line_status sg_line_read(const char *prompt, char **line);
/* Remembers a line in the history (and its file). */
void sg_line_remember(const char *line);
/* Saves and trims the history file. */
void sg_line_close(void);

#endif
