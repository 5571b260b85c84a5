/* libFuzzer target: the game site's request handler (src/web/web_route.c's
 * web_handle and every route, page and file behind it), without sockets: one
 * site, started once on a store in a temporary folder (SQLite), its pages a
 * small folder of its own, answers requests made from the input.
 * The input is lines, one request each:
 *   METHOD URL[?QUERY] [BODY]   the rest of the line after the second space is the body
 * A line starting with '-' is sent without the session cookie and the CSRF
 * header, which are otherwise those of the input's own client: it starts with
 * no session, keeps the sid cookie an answer sets and the csrf an answer
 * carries (so the fuzzer reaches the routes behind GET /api/session).
 * Byte 0 of the input: bit 0 the body is marked too big (the server dropped
 * it), bit 1 the allocation of the body failed.
 * Findings: a crash or sanitizer report; a 5xx answer (bad input is a 4xx;
 * a 500 only where the body's allocation is said to have failed);
 * a JSON answer of the API that is not one object on one line; an API answer
 * (JSON, or a record's text) with a control character (but a record's line
 * ends) or bytes that are not UTF-8 (a bad input must come back escaped). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "../../src/web/web_internal.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define WEB_MAX_INPUT 8192
#define WEB_MAX_LINE 2048

static sg_web *site;

static void put_file(const char *dir, const char *name, const char *text)
{
    char path[512];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "w");
    if (!f) abort();
    fputs(text, f);
    fclose(f);
}

/* the site, once per process: its store and pages in a folder of its own (in memory where there is one:
 * the store's fsyncs would be most of the time) */
static sg_web *start_site(void)
{
    static char dir[64];
    snprintf(dir, sizeof dir, "%s/komadai-fuzz-web.XXXXXX", access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp");
    if (!mkdtemp(dir)) abort();
    char root[96], js[112], data[96];
    snprintf(root, sizeof root, "%s/root", dir);
    snprintf(js, sizeof js, "%s/js", root);
    snprintf(data, sizeof data, "%s/data", dir);
    if (mkdir(root, 0700) || mkdir(js, 0700)) abort();
    put_file(root, "index.html", "<!doctype html><title>komadai</title>\n");
    put_file(root, "game.html", "<!doctype html><title>game</title>\n");
    put_file(js, "game.js", "export {};\n");
    sg_web_opts o = {.addr = "127.0.0.1", .port = 0, .data_dir = data, .root = root};
    char err[256];
    sg_web *w = sg_web_start(&o, err, sizeof err);
    if (!w) { fprintf(stderr, "fuzz_web: the site did not start: %s\n", err); abort(); }
    return w;
}

/* ---- checks on an answer ---- */
static void finding(const char *what, const char *line, const web_answer *a)
{
    fprintf(stderr, "finding: %s\n  request: %s\n  answer %u: %.*s\n", what, line, a->code,
            (int)(a->body.len < 400 ? a->body.len : 400), a->body.p ? a->body.p : "");
    abort();
}

/* the length of the UTF-8 sequence at p (at most n bytes), 0 if it is not one */
static size_t utf8_len(const unsigned char *p, size_t n)
{
    size_t k = p[0] < 0x80 ? 1 : (p[0] & 0xe0) == 0xc0 ? 2 : (p[0] & 0xf0) == 0xe0 ? 3 : (p[0] & 0xf8) == 0xf0 ? 4 : 0;
    if (!k || k > n || (k == 2 && p[0] < 0xc2)) return 0;
    for (size_t i = 1; i < k; i++) if ((p[i] & 0xc0) != 0x80) return 0;
    return k;
}

static void check_answer(const char *line, bool api, bool oom, const web_answer *a)
{
    if (a->code >= 500 && !(oom && a->code == 500)) finding("a 5xx answer", line, a);
    if (a->code < 200) finding("no status", line, a);
    if (!api || a->kind != WEB_BODY || a->code == 204) return;
    const char *s = a->body.p;
    size_t n = a->body.len;
    /* JSON: one object on one line; text (a record): lines */
    bool json = a->type && strstr(a->type, "json");
    while (n && s[n - 1] == '\n') n--;
    if (json && (!s || n < 2 || s[0] != '{' || s[n - 1] != '}')) finding("an API answer that is not a JSON object", line, a);
    for (size_t i = 0; i < n;) {
        unsigned char c = (unsigned char)s[i];
        if (c < 0x20 && (json || c != '\n')) finding("a control character in an API answer", line, a);
        size_t k = utf8_len((const unsigned char *)s + i, n - i);
        if (!k) finding("bytes that are not UTF-8 in an API answer", line, a);
        i += k;
    }
}

/* ---- the input's client ---- */
typedef struct { char sid[80], csrf[80]; } client;

static void remember(client *cl, const web_answer *a)
{
    const char *c = strstr(a->set_cookie, "sid=");
    if (c) {
        size_t k = strcspn(c + 4, ";");
        if (k < sizeof cl->sid) { memcpy(cl->sid, c + 4, k); cl->sid[k] = 0; }
    }
    if (a->kind == WEB_BODY && a->body.p) {
        const char *t = strstr(a->body.p, "\"csrf\":\"");
        if (t) {
            t += 8;
            size_t k = strcspn(t, "\"");
            if (k < sizeof cl->csrf) { memcpy(cl->csrf, t, k); cl->csrf[k] = 0; }
        }
    }
}

/* splits "a=1&b=2" in place into pairs (at most max - 1) */
static int query_pairs(char *q, web_pair *pairs, int n, int max)
{
    while (q && *q && n < max - 1) {
        char *amp = strchr(q, '&');
        if (amp) *amp = 0;
        char *eq = strchr(q, '=');
        if (eq) *eq = 0;
        pairs[n++] = (web_pair){WEB_QUERY, q, eq ? eq + 1 : ""};
        q = amp ? amp + 1 : NULL;
    }
    return n;
}

static void one_request(client *cl, char *line, uint8_t flags)
{
    char copy[WEB_MAX_LINE + 1];
    snprintf(copy, sizeof copy, "%s", line);
    bool bare = line[0] == '-';
    if (bare) line++;
    char *method = line, *sp = strchr(line, ' ');
    if (!sp) return;
    *sp = 0;
    char *url = sp + 1, *body = strchr(url, ' ');
    if (body) *body++ = 0;
    char *q = strchr(url, '?');
    if (q) *q++ = 0;
    web_pair pairs[24];
    int n = 0;
    if (!bare && cl->sid[0]) pairs[n++] = (web_pair){WEB_COOKIE, "sid", cl->sid};
    if (!bare && cl->csrf[0]) pairs[n++] = (web_pair){WEB_HEADER, "X-CSRF-Token", cl->csrf};
    n = query_pairs(q, pairs, n, 24);
    pairs[n] = (web_pair){WEB_HEADER, NULL, NULL};
    web_request rq = {.method = method, .url = url, .body = body, .body_len = body ? strlen(body) : 0,
                      .body_too_big = flags & 1, .body_oom = (flags & 2) != 0, .peer = "127.0.0.1",
                      .lookup = web_lookup_pairs, .lookup_cls = pairs};
    web_answer a;
    web_handle(site, &rq, &a);
    check_answer(copy, !strncmp(url, "/api/", 5) && strcmp(method, "HEAD"), rq.body_oom, &a);
    remember(cl, &a);
    web_answer_free(&a);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1 || size > WEB_MAX_INPUT) return 0;
    if (!site) site = start_site();
    client cl = {{0}, {0}};
    uint8_t flags = data[0];
    char line[WEB_MAX_LINE + 1];
    size_t len = 0;
    for (size_t i = 1; i <= size; i++) {
        if (i == size || data[i] == '\n') {
            line[len] = 0;
            /* a NUL inside a line cuts it there, as a C string would */
            if (len) one_request(&cl, line, flags);
            len = 0;
        } else if (len < WEB_MAX_LINE) {
            line[len++] = (char)data[i];
        }
    }
    return 0;
}
