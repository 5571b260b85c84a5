/* The pages: files under the root folder, by a path of [A-Za-z0-9._/-] with
 * no segment starting with '.', resolved with realpath inside the root. */
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

unsigned web_serve_file(ctx *x)
{
    const char *method = x->rq->method;
    if (strcmp(method, "GET") && strcmp(method, "HEAD")) return web_fail(x, 405, "%s: only GET for pages", method);
    const char *u = x->rq->url;
    if (!strcmp(u, "/")) u = "/index.html";
    size_t n = strlen(u);
    bool ok = n < 512 && u[0] == '/';
    for (size_t i = 0; ok && i < n; i++) {
        char c = u[i];
        ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '/' || c == '.' || c == '-' || c == '_';
        if (c == '.' && i > 0 && u[i - 1] == '/') ok = false;  /* no "..", no hidden files */
    }
    if (!ok) return web_fail(x, 404, "no such page");
    char path[PATH_MAX + 600], real[PATH_MAX];
    snprintf(path, sizeof path, "%s%s", x->w->root, u);
    size_t rl = strlen(x->w->root);
    if (!realpath(path, real) || strncmp(real, x->w->root, rl) || (real[rl] != '/' && real[rl])) return web_fail(x, 404, "no such page");
    int fd = open(real, O_RDONLY | O_CLOEXEC);
    struct stat st;
    if (fd < 0 || fstat(fd, &st) || !S_ISREG(st.st_mode)) {
        if (fd >= 0) close(fd);
        return web_fail(x, 404, "no such page");
    }
    web_answer *a = x->a;
    a->kind = WEB_FILE;
    a->code = 200;
    a->fd = fd;
    a->size = (uint64_t)st.st_size;
    a->type = mime(real);
    a->cache = "no-cache";
    return 200;
}
