/* komadai --csa-server PORT [options]: the command line of the CSA game
 * server (src/server/), then its loop until it stops. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "app.h"
#include "../server/csa_server.h"

static bool int_arg(const char *opt, const char *v, int lo, int hi, int *out)
{
    char *end;
    long n = v ? strtol(v, &end, 10) : 0;
    if (!v || !*v || *end || n < lo || n > hi) {
        char msg[200];
        snprintf(msg, sizeof msg, "--csa-server: %s needs a number from %d to %d, not '%s'", opt, lo, hi,
                 v ? v : "");
        sg_app_message(msg, true);
        return false;
    }
    *out = (int)n;
    return true;
}

/* the server its command line describes (argv[2] the port), or NULL after the message */
sgsv_server *sg_app_csa_server_new(lua_State *L, int argc, char **argv)
{
    sgsv_server *s = sgsv_new(L);
    if (!s) return NULL;
    const char *config = NULL, *records = NULL;
    int max_moves = -1, least = -1;
    if (argc < 3 || !int_arg("PORT", argv[2], 1, 65535, &s->port)) goto usage;
    for (int i = 3; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        bool ok = true;
        if (strcmp(a, "--config") == 0 && v) config = v;
        else if (strcmp(a, "--records") == 0 && v) records = v;
        else if (strcmp(a, "--max-moves") == 0) ok = int_arg(a, v, 0, 100000, &max_moves);
        else if (strcmp(a, "--least-time-per-move") == 0) ok = int_arg(a, v, 0, 3600, &least);
        else if (strcmp(a, "--max-games") == 0) ok = int_arg(a, v, 0, 100000000, &s->max_games);
        else {
            char msg[300];
            snprintf(msg, sizeof msg, v || a[0] != '-' ? "--csa-server: unknown option '%s'" : "--csa-server: '%s' needs an argument", a);
            sg_app_message(msg, true);
            goto usage;
        }
        if (!ok) goto out;
        i++;
    }
    if (config) {
        char err[512];
        if (sgsv_hooks_load(s, config, err, sizeof err)) {
            char msg[600];
            snprintf(msg, sizeof msg, "--csa-server: %s", err);
            sg_app_message(msg, true);
            goto out;
        }
    }
    if (records) snprintf(s->records, sizeof s->records, "%s", records);
    if (max_moves >= 0) s->max_moves = max_moves;
    if (least >= 0) s->least = least;
    return s;
usage:
    sg_app_message("usage: komadai --csa-server PORT [--config FILE.lua] [--max-moves N] "
                   "[--least-time-per-move S] [--records DIR] [--max-games N]", true);
out:
    sgsv_free(s);
    return NULL;
}

/* runs s until it stops (SIGINT, SIGTERM, --max-games), then frees it */
int sg_app_csa_server_run(sgsv_server *s)
{
    sgsv_record_scan(s);
    int rc = sgsv_run(s);
    sgsv_free(s);
    return rc;
}

int sg_app_csa_server_main(lua_State *L, int argc, char **argv)
{
    sgsv_server *s = sg_app_csa_server_new(L, argc, argv);
    return s ? sg_app_csa_server_run(s) : 1;
}
