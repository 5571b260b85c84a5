/* komadai --serve [ADDR:]PORT [--config site.lua] [--data DIR] [--db URL] [--root DIR] [--watch DIR] [--drills DIR]
 * [--problems DIR|FILE] [--public]:
 * the game site's command line (the site is src/web/, docs/WEB.md).  The
 * config is a Lua file returning a table {listen =, port =, data =, db =, root =, watch =,
 * session_idle =, session_lifetime =, max_moves =, deadlines = {...}, bots = {NAME = FILE},
 * analysis_jobs =, analysis_max_seconds =, drills =, teachers = {...}, drill_seconds =, problems =,
 * problem_jobs =, problem_max_seconds =} (docs/WEB.md);
 * the command line wins over it.  Stops on SIGINT or SIGTERM. */
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <lauxlib.h>
#include <lua.h>

#include "app.h"
#include "../server/csa_server.h"
#include "../web/web.h"

static bool parse_listen(const char *s, char *addr, size_t size, int *port)
{
    const char *colon = strrchr(s, ':');
    const char *p = colon ? colon + 1 : s;
    char *end;
    long v = strtol(p, &end, 10);
    if (!*p || *end || v < 0 || v > 65535) return false;
    *port = (int)v;
    if (colon) {
        if ((size_t)(colon - s) >= size || colon == s) return false;
        memcpy(addr, s, (size_t)(colon - s));
        addr[colon - s] = 0;
    }
    return true;
}

/* the pages next to the program (build/web) or in the install's share dir */
static void default_root(char *out, size_t size)
{
    char exe[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    snprintf(out, size, "build/web");
    if (n <= 0) return;
    exe[n] = 0;
    char *slash = strrchr(exe, '/');
    if (!slash) return;
    *slash = 0;
    if (snprintf(out, size, "%s/web", exe) < (int)size && access(out, R_OK) == 0) return;
    if (snprintf(out, size, "%s/../share/komadai/web", exe) >= (int)size) snprintf(out, size, "build/web");
}

static const char *config_string(lua_State *L, const char *key, char *out, size_t size)
{
    lua_getfield(L, -1, key);
    const char *s = lua_tostring(L, -1);
    if (s) snprintf(out, size, "%s", s);
    lua_pop(L, 1);
    return s ? out : NULL;
}

/* config[key], a whole number from lo to hi, into *out (left as it is when absent); false after an error */
static bool config_number(lua_State *L, const char *config, const char *key, long lo, long hi, long *out)
{
    lua_getfield(L, -1, key);
    bool ok = true;
    if (!lua_isnil(L, -1)) {
        int isnum = 0;
        lua_Integer v = lua_tointegerx(L, -1, &isnum);
        if (!isnum || v < lo || v > hi) {
            fprintf(stderr, "komadai: --config %s: %s: expected a whole number from %ld to %ld\n", config, key, lo, hi);
            ok = false;
        } else *out = (long)v;
    }
    lua_pop(L, 1);
    return ok;
}

/* config[key], a number from lo to hi, into *out (left as it is when absent); false after an error */
static bool config_real(lua_State *L, const char *config, const char *key, double lo, double hi, double *out)
{
    lua_getfield(L, -1, key);
    bool ok = true;
    if (!lua_isnil(L, -1)) {
        int isnum = 0;
        double v = lua_tonumberx(L, -1, &isnum);
        if (!isnum || !(v >= lo && v <= hi)) {
            fprintf(stderr, "komadai: --config %s: %s: expected a number from %g to %g\n", config, key, lo, hi);
            ok = false;
        } else *out = v;
    }
    lua_pop(L, 1);
    return ok;
}

static int cmp_int(const void *a, const void *b) { return (*(const int *)a > *(const int *)b) - (*(const int *)a < *(const int *)b); }

/* config.deadlines: a list of seconds a move (each a minute to a week), kept ascending; false after an error */
static bool config_deadlines(lua_State *L, const char *config, sg_web_opts *o)
{
    lua_getfield(L, -1, "deadlines");
    bool ok = true;
    if (!lua_isnil(L, -1)) {
        lua_Integer n = lua_istable(L, -1) ? luaL_len(L, -1) : -1;
        if (n < 1 || n > SG_WEB_DEADLINES_MAX) {
            fprintf(stderr, "komadai: --config %s: deadlines: expected a list of 1 to %d numbers of seconds\n", config,
                    SG_WEB_DEADLINES_MAX);
            ok = false;
        }
        for (lua_Integer i = 1; ok && i <= n; i++) {
            lua_geti(L, -1, i);
            int isnum = 0;
            lua_Integer v = lua_tointegerx(L, -1, &isnum);
            lua_pop(L, 1);
            if (!isnum || v < SG_WEB_DEADLINE_MIN || v > SG_WEB_DEADLINE_MAX) {
                fprintf(stderr, "komadai: --config %s: deadlines[%lld]: expected whole seconds from %d (a minute) to %d (a week)\n",
                        config, (long long)i, SG_WEB_DEADLINE_MIN, SG_WEB_DEADLINE_MAX);
                ok = false;
            } else o->deadlines[o->n_deadlines++] = (int)v;
        }
        if (ok) {
            qsort(o->deadlines, (size_t)o->n_deadlines, sizeof o->deadlines[0], cmp_int);
            int k = 0;
            for (int i = 0; i < o->n_deadlines; i++) if (!k || o->deadlines[k - 1] != o->deadlines[i]) o->deadlines[k++] = o->deadlines[i];
            o->n_deadlines = k;
        }
    }
    lua_pop(L, 1);
    return ok;
}

/* config.bots = {NAME = "FILE.lua", ...}: the bot files a player may choose, each loaded once here
 * with shogi.bot.load (a broken one stops the start with its reason); FILE relative to the
 * config's folder; kept in names and files, sorted by name; false after an error */
typedef struct { char name[SG_WEB_BOT_NAME_MAX], file[PATH_MAX]; } config_bot;
static int cmp_bot(const void *a, const void *b) { return strcmp(((const config_bot *)a)->name, ((const config_bot *)b)->name); }

static bool config_bots(lua_State *L, const char *config, config_bot *bots, int *n)
{
    int base = lua_gettop(L);  /* restored at the end: the loop's key stays pushed when bots is absent */
    lua_getfield(L, -1, "bots");
    bool ok = true;
    *n = 0;
    if (!lua_isnil(L, -1) && !lua_istable(L, -1)) {
        fprintf(stderr, "komadai: --config %s: bots: expected a table {NAME = \"FILE.lua\", ...}\n", config);
        ok = false;
    }
    char dir[PATH_MAX];
    snprintf(dir, sizeof dir, "%s", config);
    char *slash = strrchr(dir, '/');
    if (slash) *slash = 0; else snprintf(dir, sizeof dir, ".");
    for (lua_pushnil(L); ok && lua_istable(L, -2) && lua_next(L, -2); lua_pop(L, 1)) {
        const char *name = lua_type(L, -2) == LUA_TSTRING ? lua_tostring(L, -2) : NULL;
        const char *file = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : NULL;
        size_t nl = name ? strlen(name) : 0;
        bool name_ok = nl >= 1 && nl < SG_WEB_BOT_NAME_MAX && strspn(name, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.-") == nl;
        if (!name_ok || !file || *n == SG_WEB_BOTS_MAX) {
            fprintf(stderr, "komadai: --config %s: bots: %s\n", config,
                    *n == SG_WEB_BOTS_MAX ? "at most 16 bots"
                    : !name_ok ? "each name 1 to 47 letters, digits, '_', '.' or '-'"
                               : "each value the path of a bot file (a string)");
            ok = false;
            break;
        }
        config_bot *b = &bots[(*n)++];
        snprintf(b->name, sizeof b->name, "%s", name);
        int fl = file[0] == '/' ? snprintf(b->file, sizeof b->file, "%s", file)
                                : snprintf(b->file, sizeof b->file, "%.*s/%s", (int)(sizeof dir / 2), dir, file);
        if (fl < 0 || (size_t)fl >= sizeof b->file) {
            fprintf(stderr, "komadai: --config %s: bots: %s: the path is too long\n", config, name);
            ok = false;
            break;
        }
        /* loaded once now, so a broken bot stops the start rather than a game */
        int top = lua_gettop(L);
        lua_getglobal(L, "require");
        lua_pushliteral(L, "shogi.bot");
        bool loaded = lua_pcall(L, 1, 1, 0) == LUA_OK;
        if (loaded) {
            lua_getfield(L, -1, "load");
            lua_pushstring(L, b->file);
            loaded = lua_pcall(L, 1, 2, 0) == LUA_OK && !lua_isnil(L, -2);
        }
        if (!loaded) {
            fprintf(stderr, "komadai: --config %s: bots: %s: %s\n", config, name,
                    lua_isstring(L, -1) ? lua_tostring(L, -1) : "the bot did not load");
            ok = false;
        }
        lua_settop(L, top);
    }
    lua_settop(L, base);
    if (ok) qsort(bots, (size_t)*n, sizeof bots[0], cmp_bot);
    return ok;
}

/* config.teachers = {"NAME", ...}: the accounts that may make classes (docs/WEB.md "Drills"); false after an error */
#define TEACHERS_MAX 64
#define TEACHER_NAME_MAX 128  /* an account's name and its NUL, with room to spare */
static bool config_teachers(lua_State *L, const char *config, char names[][TEACHER_NAME_MAX], int *n)
{
    lua_getfield(L, -1, "teachers");
    bool ok = true;
    if (!lua_isnil(L, -1)) {
        lua_Integer len = lua_istable(L, -1) ? luaL_len(L, -1) : -1;
        if (len < 1 || len > TEACHERS_MAX) ok = false;
        for (lua_Integer i = 1; ok && i <= len; i++) {
            lua_geti(L, -1, i);
            size_t sl = 0;
            const char *v = lua_type(L, -1) == LUA_TSTRING ? lua_tolstring(L, -1, &sl) : NULL;
            if (!v || sl == 0 || sl >= TEACHER_NAME_MAX) ok = false;
            else snprintf(names[(*n)++], TEACHER_NAME_MAX, "%s", v);
            lua_pop(L, 1);
        }
        if (!ok) fprintf(stderr, "komadai: --config %s: teachers: expected a list of 1 to %d account names\n", config, TEACHERS_MAX);
    }
    lua_pop(L, 1);
    return ok;
}

int sg_app_web_main(lua_State *L, int argc, char **argv)
{
    char addr[160] = "127.0.0.1", data[PATH_MAX] = "komadai-data", root[PATH_MAX], cfg_listen[160], db[2048] = "";
    char watch[PATH_MAX] = "";  /* a CSA server's records folder, shown on the watch pages */
    char drills[PATH_MAX] = "";  /* a folder of drill files, played on the drill pages */
    static char teachers[TEACHERS_MAX][TEACHER_NAME_MAX];
    int n_teachers = -1;         /* -1: no list, any account may make a class */
    double drill_seconds = 10;   /* the most a drill's request may take (a search, the solver) */
    bool have_drills = false;
    char problems[PATH_MAX] = "";  /* a problem folder or file, shown on the problem pages */
    int port = -1;
    bool pub = false, have_addr = false, have_data = false, have_root = false, have_db = false, have_watch = false,
         have_problems = false;
    const char *config = NULL;
    int csa_argc = 0;
    char **csa_argv = NULL;
    long session_idle = 0, session_lifetime = 0, max_moves = -2;
    /* analyses (web_service.c): how many at once, the most seconds a move a page may ask (0.1 unless it asks) */
    long analysis_jobs = 2;
    double analysis_max_seconds = 1.0;
    /* composer's reports (web_service.c): how many at once, the most seconds each may take */
    long problem_jobs = 1;
    double problem_max_seconds = 10.0;
    sg_web_opts o = {0};
    static config_bot bots[SG_WEB_BOTS_MAX];
    int n_bots = 0;
    default_root(root, sizeof root);
    if (argc < 3) goto usage;
    if (!parse_listen(argv[2], addr, sizeof addr, &port)) {
        fprintf(stderr, "komadai: --serve '%s': expected [ADDR:]PORT (PORT 0 to 65535)\n", argv[2]);
        return 1;
    }
    have_addr = strchr(argv[2], ':') != NULL;
    for (int i = 3; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(a, "--public")) { pub = true; continue; }
        if (!strcmp(a, "--csa-server")) {  /* the rest is the CSA server's: argv[i] "--csa-server", argv[i + 1] PORT */
            csa_argc = argc - (i - 1);
            csa_argv = argv + (i - 1);
            break;
        }
        if (!v) { fprintf(stderr, "komadai: --serve: '%s' needs an argument or is unknown\n", a); goto usage; }
        if (!strcmp(a, "--config")) config = v;
        else if (!strcmp(a, "--data")) { snprintf(data, sizeof data, "%s", v); have_data = true; }
        else if (!strcmp(a, "--root")) { snprintf(root, sizeof root, "%s", v); have_root = true; }
        else if (!strcmp(a, "--db")) { snprintf(db, sizeof db, "%s", v); have_db = true; }
        else if (!strcmp(a, "--watch")) { snprintf(watch, sizeof watch, "%s", v); have_watch = true; }
        else if (!strcmp(a, "--drills")) { snprintf(drills, sizeof drills, "%s", v); have_drills = true; }
        else if (!strcmp(a, "--problems")) { snprintf(problems, sizeof problems, "%s", v); have_problems = true; }
        else { fprintf(stderr, "komadai: --serve: unknown option '%s'\n", a); goto usage; }
        i++;
    }
    if (config) {
        if (luaL_dofile(L, config) != LUA_OK || !lua_istable(L, -1)) {
            fprintf(stderr, "komadai: --config %s: %s\n", config,
                    lua_isstring(L, -1) ? lua_tostring(L, -1) : "the file must return a table");
            return 1;
        }
        if (!have_addr && config_string(L, "listen", cfg_listen, sizeof cfg_listen)) {
            snprintf(addr, sizeof addr, "%s", cfg_listen);
            have_addr = true;
        }
        if (!have_data) config_string(L, "data", data, sizeof data);
        if (!have_root) config_string(L, "root", root, sizeof root);
        if (!have_db) config_string(L, "db", db, sizeof db);
        if (!have_watch) config_string(L, "watch", watch, sizeof watch);
        if (!have_drills) config_string(L, "drills", drills, sizeof drills);
        lua_getfield(L, -1, "teachers");
        bool listed = !lua_isnil(L, -1);
        lua_pop(L, 1);
        if (listed) n_teachers = 0;
        if (!have_problems) config_string(L, "problems", problems, sizeof problems);
        /* seconds; a tenth of a century at most */
        if (!config_number(L, config, "session_idle", 1, 315360000L, &session_idle) ||
            !config_number(L, config, "session_lifetime", 1, 315360000L, &session_lifetime) ||
            !config_number(L, config, "max_moves", 0, 100000L, &max_moves) || !config_deadlines(L, config, &o) ||
            !config_bots(L, config, bots, &n_bots) || !config_number(L, config, "analysis_jobs", 0, 64, &analysis_jobs) ||
            !config_real(L, config, "analysis_max_seconds", 0.01, 1, &analysis_max_seconds) ||
            !config_teachers(L, config, teachers, &n_teachers) ||
            !config_real(L, config, "drill_seconds", 0.1, 600, &drill_seconds) ||
            !config_number(L, config, "problem_jobs", 0, 64, &problem_jobs) ||
            !config_real(L, config, "problem_max_seconds", 0.1, 600, &problem_max_seconds))
            return 1;
        lua_pop(L, 1);
    }
    if (pub && !have_addr) snprintf(addr, sizeof addr, "0.0.0.0");
    /* the signals are taken by sigwait here, so every thread starts with them blocked */
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGINT);
    sigaddset(&set, SIGTERM);
    pthread_sigmask(SIG_BLOCK, &set, NULL);
    signal(SIGPIPE, SIG_IGN);
    char index[PATH_MAX + 16];
    snprintf(index, sizeof index, "%s/index.html", root);
    if (access(index, R_OK) != 0) {
        fprintf(stderr, "komadai: --serve: no pages in %s (build them with 'make web-assets', or give --root DIR)\n",
                root);
        return 1;
    }
    /* the bot files, each played by this program's own USI engine (komadai --usi FILE) */
    static char exe[PATH_MAX];
    ssize_t en = readlink("/proc/self/exe", exe, sizeof exe - 1);
    exe[en > 0 ? en : 0] = 0;
    o.engine = exe;
    o.n_bots = n_bots;
    for (int i = 0; i < n_bots; i++) { o.bots[i].name = bots[i].name; o.bots[i].file = bots[i].file; }
    /* the one-process form: a CSA server beside the site, whose records the site watches */
    sgsv_server *csa = NULL;
    if (csa_argv) {
        if (!(csa = sg_app_csa_server_new(L, csa_argc, csa_argv))) return 1;
        if (!csa->records[0]) {
            fprintf(stderr, "komadai: --serve ... --csa-server: give --records DIR (the site watches the games there)\n");
            sgsv_free(csa);
            return 1;
        }
        mkdir(csa->records, 0755);
        if (!watch[0]) snprintf(watch, sizeof watch, "%s", csa->records);
    }
    o.addr = addr;
    o.port = port;
    o.data_dir = data;
    o.db = db[0] ? db : NULL;
    o.root = root;
    o.watch = watch[0] ? watch : NULL;
    o.session_idle = session_idle;
    o.session_lifetime = session_lifetime;
    o.max_moves = max_moves == -2 ? 0 : max_moves == 0 ? -1 : (int)max_moves;  /* the config's 0: no cap */
    /* the problems: a folder or a file that must be there now, kept as its real path (the pages name a
     * problem by its file name in it, never by a path) */
    char problems_real[PATH_MAX];
    struct stat st;
    if (problems[0] && (!realpath(problems, problems_real) || stat(problems_real, &st) != 0)) {
        fprintf(stderr, "komadai: --serve: --problems %s: no such folder or file\n", problems);
        if (csa) sgsv_free(csa);
        return 1;
    }
    /* analysis_jobs = 0: no analyses, problem_jobs = 0: no reports (their routes answer 404); no service
     * at all when neither runs and no problems or drills are served */
    bool any_service = analysis_jobs > 0 || problem_jobs > 0 || problems[0] || drills[0];
    sg_web_service *service = any_service
        ? sg_web_service_new((int)analysis_jobs, analysis_max_seconds < 0.1 ? analysis_max_seconds : 0.1, analysis_max_seconds)
        : NULL;
    /* the same bot files a game may be played by, for an analysis's engine */
    static const char *bot_names[SG_WEB_BOTS_MAX], *bot_paths[SG_WEB_BOTS_MAX];
    for (int i = 0; i < n_bots; i++) { bot_names[i] = bots[i].name; bot_paths[i] = bots[i].file; }
    if (service) sg_web_service_bots(service, exe, n_bots, bot_names, bot_paths);
    if (service && sg_web_service_problems(service, problems[0] ? problems_real : NULL, (int)problem_jobs,
                                           problem_max_seconds) != 0) {
        fprintf(stderr, "komadai: --serve: out of memory\n");
        if (csa) sgsv_free(csa);
        sg_web_service_free(service);
        return 1;
    }
    if (drills[0]) {
        /* the drill files loaded now, through the sandbox: a bad one is said here, with its reason */
        const char *tl[TEACHERS_MAX];
        for (int i = 0; i < n_teachers; i++) tl[i] = teachers[i];
        char derr[1024];
        sg_web_drills *dr = service ? sg_web_drills_new(drills, data, n_teachers >= 0 ? tl : NULL, n_teachers,
                                                        drill_seconds, derr, sizeof derr)
                                    : NULL;
        if (!dr) {
            fprintf(stderr, "komadai: --drills %s: %s\n", drills, service ? derr : "out of memory");
            if (csa) sgsv_free(csa);
            sg_web_service_free(service);
            return 1;
        }
        sg_web_service_set_drills(service, dr);
    }
    o.service = service ? sg_web_service_call : NULL;
    o.service_ud = service;
    char err[600];
    sg_web *w = sg_web_start(&o, err, sizeof err);
    if (!w) {
        fprintf(stderr, "komadai: --serve: %s\n", err);
        if (csa) sgsv_free(csa);
        sg_web_service_free(service);
        return 1;
    }
    /* the database named without the URL's user and password */
    char where[PATH_MAX + 32];
    const char *at = strrchr(db, '@');
    if (!db[0]) snprintf(where, sizeof where, "data %s", data);
    else snprintf(where, sizeof where, "db postgresql://%s", at ? at + 1 : db + strcspn(db, ":") + 3);
    printf("komadai: serving http://%s:%d/ (%s, pages %s); Ctrl-C stops\n",
           strcmp(addr, "0.0.0.0") ? addr : "127.0.0.1", sg_web_port(w), where, root);
    fflush(stdout);
    int sig = 0;
    if (csa) {
        /* this thread runs the CSA server, which takes the signals in its ppoll */
        pthread_sigmask(SIG_UNBLOCK, &set, NULL);
        int rc = sg_app_csa_server_run(csa);
        sg_web_stop(w);
        sg_web_service_free(service);
        printf("komadai: stopped\n");
        return rc ? 1 : 0;
    }
    sigwait(&set, &sig);
    sg_web_stop(w);
    sg_web_service_free(service);  /* after the site: no request calls it any more */
    printf("komadai: stopped (%s)\n", sig == SIGTERM ? "SIGTERM" : "SIGINT");
    return 0;
usage:
    fprintf(stderr, "usage: komadai --serve [ADDR:]PORT [--config site.lua] [--data DIR] [--db postgresql://...] [--root DIR] [--watch DIR]\n"
                    "       [--drills DIR] [--problems DIR|FILE] [--public]\n"
                    "       [--csa-server PORT [its options, docs/CSA.md] --records DIR]: a CSA server in the same process, watched\n");
    return 1;
}
