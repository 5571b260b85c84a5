/* The site's request handler without a socket (src/web/web_route.c web_handle, over
 * web_open): a request given as method, URL, headers, cookies and body gets the
 * answer the server would send (the shape a fuzz target of the handler uses). */
#include "check.h"
#include "web_site.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>


/* GET url with the query arguments q (name, value pairs ending with NULL): the editor's route */
static void ask_query(const char *url, const char *const *q, web_answer *a)
{
    web_pair kv[12];
    int n = 0;
    for (; q[2 * n] && n < 11; n++) kv[n] = (web_pair){WEB_QUERY, q[2 * n], q[2 * n + 1]};
    kv[n] = (web_pair){WEB_QUERY, NULL, NULL};
    web_request rq = {.method = "GET", .url = url, .peer = "test", .lookup = web_lookup_pairs, .lookup_cls = kv};
    web_handle(w, &rq, a);
}

int main(void)
{
    char dir[] = "/tmp/komadai-web-XXXXXX";
    char data[256];
    if (!site_folder(dir, data, sizeof data)) return 2;
    char path[512];
    FILE *f;
    /* a CSA records folder with one game (docs/WEB.md "Watching") */
    char rec[128], cmd0[256];
    snprintf(rec, sizeof rec, "%s/rec", dir);
    snprintf(cmd0, sizeof cmd0, "mkdir -p '%s/2026/01/02'", rec);
    if (system(cmd0) != 0) return 2;
    snprintf(path, sizeof path, "%s/2026/01/02/ev+g-60-5+a+b+1.csa", rec);
    if (!(f = fopen(path, "w"))) return 2;
    fputs("V2\nN+a\nN-b\n$EVENT:ev+g-60-5+a+b+1\nPI\n+\n+7776FU\nT2\n'* 35 -3334FU\n", f);
    fclose(f);
    sg_web_opts o = {.addr = "127.0.0.1", .data_dir = data, .root = dir, .watch = rec};
    char err[600];
    w = web_open(&o, err, sizeof err);
    if (!CHECK(w != NULL)) { printf("%s\n", err); return check_report(); }

    web_answer a;
    /* a session: its cookie and CSRF token */
    ask("GET", "/api/session", NULL, false, &a);
    CHECK_EQ_INT(a.code, 200);
    CHECK(a.kind == WEB_BODY && strstr(a.body.p, "\"csrf\":\""));
    CHECK(!strncmp(a.set_cookie, "sid=", 4));
    snprintf(sid, sizeof sid, "%.64s", a.set_cookie + 4);
    field(a.body.p, "csrf", csrf, sizeof csrf);
    web_answer_free(&a);

    /* a POST without the token, with it, with bad JSON, with a NUL, too big */
    ask("POST", "/api/challenges", "{\"deadline\":60}", false, &a);
    CHECK_EQ_INT(a.code, 403);
    CHECK(strstr(a.body.p, "X-CSRF-Token") != NULL);
    web_answer_free(&a);
    ask("POST", "/api/bot-games", "{\"level\":", true, &a);
    CHECK_EQ_INT(a.code, 400);
    CHECK(strstr(a.body.p, "malformed JSON") != NULL);
    web_answer_free(&a);
    web_request nul = {.method = "POST", .url = "/api/bot-games", .body = "{}\0x", .body_len = 4, .lookup = NULL};
    web_handle(w, &nul, &a);
    CHECK_EQ_INT(a.code, 400);
    web_answer_free(&a);
    web_request big = {.method = "POST", .url = "/api/bot-games", .body_too_big = true};
    web_handle(w, &big, &a);
    CHECK_EQ_INT(a.code, 413);
    web_answer_free(&a);

    /* a game against the bot, as a guest; its state, its event stream, a bad route */
    ask("POST", "/api/bot-games", "{\"level\":1,\"sfen\":\"R8/PPPPPPPPP/4K4/9/9/9/ppppppppp/9/4k4 b RB4G 1\"}", true, &a);
    CHECK_EQ_INT(a.code, 201);
    char id[32];
    snprintf(id, sizeof id, "%lld", a.body.p ? atoll(a.body.p + 6) : 0LL);
    CHECK(a.body.p && strstr(a.body.p, "\"start\":\"R8/PPPPPPPPP/4K4/9/9/9/ppppppppp/9/4k4 b RB4G 1\"") != NULL);
    web_answer_free(&a);
    char url[96];
    snprintf(url, sizeof url, "/api/games/%s/events", id);
    ask("GET", url, NULL, false, &a);
    CHECK(a.code == 200 && a.kind == WEB_STREAM && a.stream != NULL);
    web_answer_free(&a);  /* a stream never read is released */
    ask("GET", "/api/games/1/nothing", NULL, false, &a);
    CHECK_EQ_INT(a.code, 404);
    web_answer_free(&a);

    /* watching: the list, a game, its stream's first event, bad ids */
    ask("GET", "/api/watch", NULL, false, &a);
    CHECK(a.code == 200 && a.body.p && strstr(a.body.p, "\"id\":\"ev+g-60-5+a+b+1\"") && strstr(a.body.p, "\"status\":\"live\""));
    web_answer_free(&a);
    ask("GET", "/api/watch/ev+g-60-5+a+b+1", NULL, false, &a);
    CHECK(a.code == 200 && a.body.p && strstr(a.body.p, "\"seconds\":2,\"comment\":{\"text\":\"35 -3334FU\",\"score\":35,\"pv\":[{\"usi\":\"3c3d\""));
    CHECK(a.body.p && strstr(a.body.p, "\"clocks\":{\"black\":58,\"white\":60}"));
    web_answer_free(&a);
    ask("GET", "/api/watch/ev+g-60-5+a+b+1/events", NULL, false, &a);
    CHECK(a.code == 200 && a.kind == WEB_STREAM && a.stream != NULL);
    if (a.stream) {
        char chunk[4096];
        long n = web_sse_read(a.stream, chunk, sizeof chunk - 1);
        chunk[n > 0 ? n : 0] = '\0';
        const char *want = "event: state\ndata: {\"id\":\"ev+g-60-5+a+b+1\"";
        CHECK(n > 0 && !strncmp(chunk, want, strlen(want)));
    }
    web_answer_free(&a);
    const char *bad_ids[] = {"/api/watch/nothing", "/api/watch/..", "/api/watch/..%2Fetc", "/api/watch/a/b/c",
                             "/api/watch/ev+g-60-5+a+b+1/x", "/api/watch/", "/api/watch/nothing/events"};
    for (size_t i = 0; i < sizeof bad_ids / sizeof bad_ids[0]; i++) {
        ask("GET", bad_ids[i], NULL, false, &a);
        if (!CHECK_EQ_INT(a.code, 404)) printf("  %s\n", bad_ids[i]);
        web_answer_free(&a);
    }

    /* the editor (docs/WEB.md "Problems"): an edit the core makes, one it refuses, needing no service */
    const char *put[] = {"sfen", "4k4/9/4P4/9/9/9/9/9/9 b G 1", "op", "put", "square", "1i", "piece", "L", "rest", "w", NULL};
    ask_query("/api/edit", put, &a);
    CHECK_EQ_INT(a.code, 200);
    CHECK(a.kind == WEB_BODY && strstr(a.body.p, "\"sfen\":\"4k4/9/4P4/9/9/9/9/9/8L b G2r2b3g4s4n3l17p 1\""));
    web_answer_free(&a);
    const char *dead[] = {"sfen", "4k4/9/4P4/9/9/9/9/9/9 b G 1", "op", "put", "square", "1a", "piece", "L", NULL};
    ask_query("/api/edit", dead, &a);
    CHECK_EQ_INT(a.code, 400);
    CHECK(a.kind == WEB_BODY && strstr(a.body.p, "black lance on 1a can never move"));
    web_answer_free(&a);
    const char *none[] = {"op", "none", NULL};
    ask_query("/api/edit", none, &a);
    CHECK_EQ_INT(a.code, 400);
    web_answer_free(&a);
    /* without the app's service: no problems, no reports (404s that say why) */
    ask("GET", "/api/problems", NULL, false, &a);
    CHECK(a.code == 404 && strstr(a.body.p, "no problems"));
    web_answer_free(&a);
    ask("GET", "/api/problems/../x.lua", NULL, false, &a);
    CHECK_EQ_INT(a.code, 404);
    web_answer_free(&a);
    ask("POST", "/api/reports", "{\"sfen\":\"4k4/9/9/9/9/9/9/9/9 b - 1\"}", true, &a);
    CHECK(a.code == 404 && strstr(a.body.p, "no composer's reports"));
    web_answer_free(&a);

    /* the game page: the game's state for this session in its <body> tag (HTML-escaped, never cached); a
     * page without a game (none given, a bad id, no such game) as the file it is */
    snprintf(path, sizeof path, "%s/game.html", dir);
    if (!(f = fopen(path, "w"))) return 2;
    fputs("<!doctype html><title>g</title>\n<body class=\"game-page\"><p>it's</p></body>\n", f);
    fclose(f);
    web_pair page_kv[] = {{WEB_COOKIE, "sid", sid}, {WEB_QUERY, "id", id}, {WEB_QUERY, NULL, NULL}};
    web_request page = {.method = "GET", .url = "/game.html", .peer = "test", .lookup = web_lookup_pairs, .lookup_cls = page_kv};
    web_handle(w, &page, &a);
    char want[160];
    snprintf(want, sizeof want, "<body data-game='{\"id\":%s,\"status\":\"playing\"", id);
    CHECK(a.code == 200 && a.kind == WEB_BODY && a.body.p && strstr(a.body.p, want));
    CHECK(a.body.p && strstr(a.body.p, "\"you\":\"") && strstr(a.body.p, "' class=\"game-page\"><p>it's</p>"));
    CHECK(a.cache && !strcmp(a.cache, "no-store") && a.type && !strncmp(a.type, "text/html", 9));
    web_answer_free(&a);
    const char *no_game[] = {"999999", "0", "x1", "1x", "99999999999999999999", ""};
    for (size_t i = 0; i < sizeof no_game / sizeof no_game[0]; i++) {
        page_kv[1].value = no_game[i];
        web_handle(w, &page, &a);
        if (!CHECK(a.code == 200 && a.kind == WEB_FILE)) printf("  id=%s\n", no_game[i]);
        web_answer_free(&a);
    }
    /* a name with the characters an attribute must escape (a name may not hold < or >) */
    ask("POST", "/api/signup", "{\"name\":\"O'Neil & \\\"co\\\"\",\"email\":\"on@example.org\",\"password\":\"correct horse\"}", true, &a);
    CHECK_EQ_INT(a.code, 201);
    if (!strncmp(a.set_cookie, "sid=", 4)) snprintf(sid, sizeof sid, "%.64s", a.set_cookie + 4);
    field(a.body.p, "csrf", csrf, sizeof csrf);
    web_answer_free(&a);
    ask("POST", "/api/bot-games", "{\"level\":1}", true, &a);
    char mine[32];
    snprintf(mine, sizeof mine, "%lld", a.code == 201 && a.body.p ? atoll(a.body.p + 6) : 0LL);
    web_answer_free(&a);
    page_kv[0].value = sid;
    page_kv[1].value = mine;
    web_handle(w, &page, &a);
    CHECK(a.code == 200 && a.body.p && strstr(a.body.p, "\"name\":\"O&#39;Neil &amp; \\\"co\\\"\""));
    web_answer_free(&a);
    page_kv[1].name = NULL;
    web_handle(w, &page, &a);
    CHECK(a.code == 200 && a.kind == WEB_FILE);
    web_answer_free(&a);
    page.method = "POST";
    web_handle(w, &page, &a);
    CHECK_EQ_INT(a.code, 405);
    web_answer_free(&a);

    /* the pages: a file by descriptor, nothing outside the folder */
    ask("GET", "/", NULL, false, &a);
    CHECK(a.code == 200 && a.kind == WEB_FILE && a.fd >= 0 && a.size > 0);
    web_answer_free(&a);
    ask("GET", "/../etc/passwd", NULL, false, &a);
    CHECK_EQ_INT(a.code, 404);
    web_answer_free(&a);
    ask("DELETE", "/api/session", NULL, false, &a);
    CHECK_EQ_INT(a.code, 405);
    web_answer_free(&a);

    web_close(w);
    char cmd[300];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    if (system(cmd) != 0) printf("could not remove %s\n", dir);
    return check_report();
}
