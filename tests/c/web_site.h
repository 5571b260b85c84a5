/* What the tests of the site's handler without a socket share (test_web_handle.c, test_web_drills.c):
 * the site, its session's cookie and CSRF token, one request, a JSON field read, and a folder of pages
 * with its data folder.  Included once per test program (its statics are that program's). */
#ifndef KOMADAI_TEST_WEB_SITE_H
#define KOMADAI_TEST_WEB_SITE_H

#include "../../src/web/web_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static sg_web *w;
static char sid[80], csrf[80];

/* one request with the session's cookie (when there is one) and the CSRF token or a wrong one;
 * the answer in *a (web_answer_free after) */
static void ask(const char *method, const char *url, const char *body, bool with_csrf, web_answer *a)
{
    web_pair kv[] = {{WEB_COOKIE, "sid", sid}, {WEB_HEADER, "x-csrf-token", with_csrf ? csrf : "wrong"}, {WEB_QUERY, NULL, NULL}};
    if (!sid[0]) kv[0].name = NULL;
    web_request rq = {.method = method, .url = url, .body = body, .body_len = body ? strlen(body) : 0, .peer = "test",
                      .lookup = web_lookup_pairs, .lookup_cls = kv};
    web_handle(w, &rq, a);
}

/* the value of "key":"..." in text, or "" */
static void field(const char *text, const char *key, char *out, size_t size)
{
    char pat[40];
    snprintf(pat, sizeof pat, "\"%s\":\"", key);
    const char *p = text ? strstr(text, pat) : NULL;
    out[0] = 0;
    if (!p) return;
    p += strlen(pat);
    size_t n = strcspn(p, "\"");
    if (n >= size) n = size - 1;
    memcpy(out, p, n);
    out[n] = 0;
}

/* a new folder made from template (mkdtemp's "...XXXXXX", changed in place) holding an index.html, and
 * its data folder's name in data; false when it cannot be made */
static bool site_folder(char *template, char *data, size_t size)
{
    char path[512];
    if (!mkdtemp(template)) return false;
    snprintf(path, sizeof path, "%s/index.html", template);
    FILE *f = fopen(path, "w");
    if (!f) return false;
    fputs("<!doctype html><title>t</title>\n", f);
    fclose(f);
    snprintf(data, size, "%s/data", template);
    return true;
}

#endif
