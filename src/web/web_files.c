/* The pages: files under the root folder, by a path of [A-Za-z0-9._/-] with
 * no segment starting with '.', resolved with realpath inside the root; and a
 * page with a value the server adds to its <body> tag (the game page's game). */
#include "web_internal.h"

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static const char *mime(const char *path)
{
    static const char *const m[][2] = {
        {".html", "text/html; charset=utf-8"}, {".js", "text/javascript; charset=utf-8"},
        {".css", "text/css; charset=utf-8"},   {".svg", "image/svg+xml"},
        {".png", "image/png"},                 {".json", "application/json"},
        {".woff2", "font/woff2"},              {".txt", "text/plain; charset=utf-8"},
    };
    const char *dot = strrchr(path, '.');
    for (size_t i = 0; dot && i < sizeof m / sizeof m[0]; i++) if (!strcmp(dot, m[i][0])) return m[i][1];
    return "application/octet-stream";
}

/* the file of x's URL opened (fd, its size and type), or the 404 or 405 answered: -1 */
static int open_page(ctx *x, uint64_t *size, const char **type)
{
    const char *method = x->rq->method;
    if (strcmp(method, "GET") && strcmp(method, "HEAD")) { web_fail(x, 405, "%s: only GET for pages", method); return -1; }
    const char *u = x->rq->url;
    if (!strcmp(u, "/")) u = "/index.html";
    size_t n = strlen(u);
    bool ok = n < 512 && u[0] == '/';
    for (size_t i = 0; ok && i < n; i++) {
        char c = u[i];
        ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '/' || c == '.' || c == '-' || c == '_';
        if (c == '.' && i > 0 && u[i - 1] == '/') ok = false;  /* no "..", no hidden files */
    }
    if (!ok) { web_fail(x, 404, "no such page"); return -1; }
    char path[PATH_MAX + 600], real[PATH_MAX];
    snprintf(path, sizeof path, "%s%s", x->w->root, u);
    size_t rl = strlen(x->w->root);
    if (!realpath(path, real) || strncmp(real, x->w->root, rl) || (real[rl] != '/' && real[rl])) { web_fail(x, 404, "no such page"); return -1; }
    int fd = open(real, O_RDONLY | O_CLOEXEC);
    struct stat st;
    if (fd < 0 || fstat(fd, &st) || !S_ISREG(st.st_mode)) {
        if (fd >= 0) close(fd);
        web_fail(x, 404, "no such page");
        return -1;
    }
    *size = (uint64_t)st.st_size;
    *type = mime(real);
    return fd;
}

unsigned web_serve_file(ctx *x)
{
    uint64_t size;
    const char *type;
    int fd = open_page(x, &size, &type);
    if (fd < 0) return x->a->code;
    web_answer *a = x->a;
    a->kind = WEB_FILE;
    a->code = 200;
    a->fd = fd;
    a->size = size;
    a->type = type;
    a->cache = "no-cache";
    return 200;
}

/* the bytes of value as an HTML attribute's between single quotes (a JSON value has few of them) */
static void attr_escaped(sbuf *b, const char *value, size_t len)
{
    size_t from = 0;
    for (size_t i = 0; i < len; i++) {
        const char *e = value[i] == '&' ? "&amp;" : value[i] == '\'' ? "&#39;"
                      : value[i] == '<' ? "&lt;" : value[i] == '>' ? "&gt;" : NULL;
        if (!e) continue;
        sb_add(b, value + from, i - from);
        sb_add(b, e, strlen(e));
        from = i + 1;
    }
    sb_add(b, value + from, len - from);
}

unsigned web_serve_file_with(ctx *x, const char *name, const char *value, size_t len)
{
    uint64_t size;
    const char *type;
    int fd = open_page(x, &size, &type);
    if (fd < 0) return x->a->code;
    if (size > PAGE_MAX) { close(fd); return web_serve_file(x); }
    char *text = malloc((size_t)size + 1);
    size_t got = 0;
    ssize_t r = 1;
    while (text && got < size && (r = read(fd, text + got, (size_t)size - got)) > 0) got += (size_t)r;
    close(fd);
    if (!text || got != size) { free(text); return web_fail(x, 500, "the page could not be read"); }
    text[got] = 0;
    const char *body = strstr(text, "<body");
    if (!body || (body[5] != '>' && body[5] != ' ')) { free(text); return web_serve_file(x); }
    sbuf b = {0};
    size_t at = (size_t)(body - text) + 5;
    sb_add(&b, text, at);
    sb_lit(&b, " ");
    sb_add(&b, name, strlen(name));
    sb_lit(&b, "='");
    attr_escaped(&b, value, len);
    sb_lit(&b, "'");
    sb_add(&b, text + at, got - at);
    free(text);
    if (b.oom) { free(b.p); return web_fail(x, 500, "out of memory"); }
    web_text(x, 200, type, "", 0);  /* no-store: the value is this request's */
    free(x->a->body.p);
    x->a->body = b;
    return 200;
}
