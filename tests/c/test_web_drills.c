/* The drill routes of the site without a socket (src/web/web_drills.c over web_open, with a stub for the
 * app's service): what the site hands the service (the method, the path, the SHA-256 of the session's
 * token and never the token, the account, the body as it came), what it refuses before asking (no
 * CSRF token, a body that is no flat object, a path's odd characters, a method), and how it answers the
 * service's words (JSON, a status and a sentence, the CSV as an attachment). */
#include "check.h"
#include "web_site.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int calls;
static char last_name[32], last_in[4096];
static int answer_code;          /* what the stub answers: 0 and JSON (or CSV), or a status and a sentence */

static int stub(void *ud, const char *name, const char *json_in, char **out)
{
    (void)ud;
    calls++;
    snprintf(last_name, sizeof last_name, "%s", name);
    snprintf(last_in, sizeof last_in, "%s", json_in);
    if (answer_code) { *out = strdup("not yours"); return answer_code; }
    *out = strdup(!strcmp(name, "drills.csv") ? "student,drill\nhana,t\n" : "{\"ok\":true}");
    return 0;
}

int main(void)
{
    char dir[] = "/tmp/komadai-web-drills-XXXXXX";
    char data[256];
    if (!site_folder(dir, data, sizeof data)) return 2;
    sg_web_opts o = {.addr = "127.0.0.1", .data_dir = data, .root = dir, .service = stub};
    char err[600];
    w = web_open(&o, err, sizeof err);
    if (!CHECK(w != NULL)) { printf("%s\n", err); return check_report(); }
    web_answer a;

    /* no session: the service is asked with sid and user null */
    ask("GET", "/api/drills", NULL, false, &a);
    CHECK_EQ_INT(a.code, 200);
    CHECK_EQ_STR(last_name, "drills");
    CHECK_EQ_STR(last_in, "{\"method\":\"GET\",\"path\":\"/drills\",\"sid\":null,\"user\":null,\"body\":null}");
    CHECK(a.body.p && !strcmp(a.body.p, "{\"ok\":true}") && !strcmp(a.type, "application/json"));
    web_answer_free(&a);

    ask("GET", "/api/session", NULL, false, &a);
    snprintf(sid, sizeof sid, "%.64s", a.set_cookie + 4);
    field(a.body.p, "csrf", csrf, sizeof csrf);
    web_answer_free(&a);

    /* a session: the SHA-256 of its token, never the token */
    unsigned char h[crypto_hash_sha256_BYTES];
    char hex[2 * crypto_hash_sha256_BYTES + 1];
    crypto_hash_sha256(h, (const unsigned char *)sid, strlen(sid));
    web_hex(h, sizeof h, hex);
    ask("GET", "/api/drills/tesuji", NULL, false, &a);
    CHECK_EQ_INT(a.code, 200);
    char want[256];
    snprintf(want, sizeof want, "\"sid\":\"%s\"", hex);
    CHECK(strstr(last_in, want) != NULL);
    CHECK(strstr(last_in, sid) == NULL);
    CHECK(strstr(last_in, "\"path\":\"/drills/tesuji\"") != NULL);
    web_answer_free(&a);

    /* a POST: the body as it came; without the CSRF token or with bad JSON the service is not asked */
    ask("POST", "/api/drills/play/move", "{\"move\":\"7g7f\",\"style\":\"kanji\"}", true, &a);
    CHECK_EQ_INT(a.code, 200);
    CHECK(strstr(last_in, "\"method\":\"POST\"") && strstr(last_in, "\"body\":{\"move\":\"7g7f\",\"style\":\"kanji\"}}"));
    web_answer_free(&a);
    int before = calls;
    ask("POST", "/api/drills/play/move", "{\"move\":\"7g7f\"}", false, &a);
    CHECK_EQ_INT(a.code, 403);
    web_answer_free(&a);
    ask("POST", "/api/drills/play/move", "{\"move\":", true, &a);
    CHECK_EQ_INT(a.code, 400);
    CHECK(strstr(a.body.p, "malformed JSON") != NULL);
    web_answer_free(&a);
    ask("POST", "/api/drills/play/move", "{\"move\":{\"a\":1}}", true, &a);
    CHECK_EQ_INT(a.code, 400);
    web_answer_free(&a);
    ask("GET", "/api/drills/a b", NULL, false, &a);
    CHECK_EQ_INT(a.code, 404);
    web_answer_free(&a);
    ask("GET", "/api/drills/../../etc", NULL, false, &a);
    CHECK_EQ_INT(a.code, 404);
    web_answer_free(&a);
    ask("PUT", "/api/drills", NULL, false, &a);
    CHECK_EQ_INT(a.code, 405);
    web_answer_free(&a);
    ask("GET", "/api/drillsx", NULL, false, &a);
    CHECK_EQ_INT(a.code, 404);
    web_answer_free(&a);
    CHECK_EQ_INT(calls, before);

    /* the CSV: asked as drills.csv, answered as an attachment */
    ask("GET", "/api/classes/ABCDEFGH/results.csv", NULL, false, &a);
    CHECK_EQ_INT(a.code, 200);
    CHECK_EQ_STR(last_name, "drills.csv");
    CHECK(!strncmp(a.type, "text/csv", 8) && strstr(a.disposition, "attachment") != NULL);
    CHECK(a.body.p && !strcmp(a.body.p, "student,drill\nhana,t\n"));
    web_answer_free(&a);
    ask("GET", "/api/classes", NULL, false, &a);
    CHECK_EQ_STR(last_name, "drills");
    CHECK(strstr(last_in, "\"path\":\"/classes\"") != NULL);
    web_answer_free(&a);

    /* an account logged in: its id and name, from the store */
    ask("POST", "/api/signup", "{\"name\":\"teach\",\"email\":\"t@x.org\",\"password\":\"teachpass1\"}", true, &a);
    CHECK_EQ_INT(a.code, 201);
    snprintf(sid, sizeof sid, "%.64s", a.set_cookie + 4);
    field(a.body.p, "csrf", csrf, sizeof csrf);
    web_answer_free(&a);
    ask("POST", "/api/classes", "{\"name\":\"Tuesday\"}", true, &a);
    CHECK_EQ_INT(a.code, 200);
    CHECK(strstr(last_in, "\"user\":{\"id\":1,\"name\":\"teach\"}") != NULL);
    web_answer_free(&a);

    /* the service's refusal: its status and its sentence */
    answer_code = 403;
    ask("GET", "/api/classes/ABCDEFGH", NULL, false, &a);
    CHECK_EQ_INT(a.code, 403);
    CHECK(a.body.p && !strcmp(a.body.p, "{\"error\":\"not yours\"}"));
    web_answer_free(&a);

    web_close(w);
    /* a site without the service: the routes are absent */
    o.service = NULL;
    w = web_open(&o, err, sizeof err);
    if (!CHECK(w != NULL)) return check_report();
    ask("GET", "/api/drills", NULL, false, &a);
    CHECK_EQ_INT(a.code, 404);
    CHECK(strstr(a.body.p, "--drills") != NULL);
    web_answer_free(&a);
    web_close(w);
    char cmd[600];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    if (system(cmd) != 0) return 2;
    return check_report();
}
