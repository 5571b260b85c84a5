/* A bot file of the config played by a USI engine process: `komadai --usi
 * FILE`, started for one move and ended after it (a bot file holds Lua state
 * that this C layer does not run; a process of its own also keeps a slow or
 * broken bot from stopping the site).  The talk: usi/usiok, isready/readyok,
 * position, go byoyomi, bestmove, quit; every wait bounded. */
#include "web_internal.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define HANDSHAKE_MS 10000   /* usiok and readyok: a bot file's loading */
#define GRACE_MS 5000        /* a move's answer past its byoyomi */

typedef struct {
    pid_t pid;
    int in, out;             /* the engine's stdin (we write), stdout (we read) */
    char buf[4096];
    size_t len;
} engine;

static int64_t now_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (int64_t)t.tv_sec * 1000 + t.tv_nsec / 1000000;
}

static bool start(engine *e, const char *exe, const char *file)
{
    int to[2], from[2];
    if (pipe2(to, O_CLOEXEC)) return false;
    if (pipe2(from, O_CLOEXEC)) { close(to[0]); close(to[1]); return false; }
    e->pid = fork();
    if (e->pid < 0) { close(to[0]); close(to[1]); close(from[0]); close(from[1]); return false; }
    if (e->pid == 0) {
        dup2(to[0], 0);
        dup2(from[1], 1);
        int null = open("/dev/null", O_WRONLY);
        if (null >= 0) dup2(null, 2);
        execl(exe, exe, "--usi", file, (char *)NULL);
        _exit(127);
    }
    close(to[0]);
    close(from[1]);
    e->in = to[1];
    e->out = from[0];
    e->len = 0;
    return true;
}

static bool say(engine *e, const char *line)
{
    size_t n = strlen(line);
    while (n) {
        ssize_t k = write(e->in, line, n);
        if (k < 0 && errno == EINTR) continue;
        if (k <= 0) return false;
        line += k;
        n -= (size_t)k;
    }
    return true;
}

/* the next line that starts with `word` (other lines skipped), by deadline (ms, monotonic) */
static bool wait_for(engine *e, const char *word, int64_t deadline, char *line, size_t size)
{
    size_t wl = strlen(word);
    for (;;) {
        char *nl;
        while ((nl = memchr(e->buf, '\n', e->len))) {
            size_t k = (size_t)(nl - e->buf);
            if (k && e->buf[k - 1] == '\r') e->buf[k - 1] = 0;
            *nl = 0;
            bool hit = !strncmp(e->buf, word, wl) && (e->buf[wl] == 0 || e->buf[wl] == ' ');
            if (hit) snprintf(line, size, "%s", e->buf);
            memmove(e->buf, nl + 1, e->len - k - 1);
            e->len -= k + 1;
            if (hit) return true;
        }
        if (e->len == sizeof e->buf) e->len = 0;   /* a line too long for anything we wait for */
        int64_t left = deadline - now_ms();
        if (left <= 0) return false;
        struct pollfd p = {.fd = e->out, .events = POLLIN};
        int r = poll(&p, 1, (int)left);
        if (r < 0 && errno == EINTR) continue;
        if (r <= 0) return false;
        ssize_t k = read(e->out, e->buf + e->len, sizeof e->buf - e->len);
        if (k < 0 && errno == EINTR) continue;
        if (k <= 0) return false;   /* the engine exited */
        e->len += (size_t)k;
    }
}

static void stop(engine *e)
{
    say(e, "quit\n");
    close(e->in);
    close(e->out);
    /* a moment to quit, then it is killed */
    for (int i = 0; i < 50; i++) {
        if (waitpid(e->pid, NULL, WNOHANG) == e->pid) return;
        struct timespec t = {0, 10000000};
        nanosleep(&t, NULL);
    }
    kill(e->pid, SIGKILL);
    waitpid(e->pid, NULL, 0);
}

bool web_usi_bot_move(const char *exe, const char *file, const char *start_sfen, const char (*moves)[SG_STORE_USI_MAX],
                      int n, int ms, char *out, size_t size, char *why, size_t why_size)
{
    engine e;
    if (!exe[0] || !start(&e, exe, file)) {
        snprintf(why, why_size, "the engine for %s did not start", file);
        return false;
    }
    char line[4096];
    bool ok = say(&e, "usi\n") && wait_for(&e, "usiok", now_ms() + HANDSHAKE_MS, line, sizeof line) &&
              say(&e, "isready\n") && wait_for(&e, "readyok", now_ms() + HANDSHAKE_MS, line, sizeof line);
    if (!ok) {
        snprintf(why, why_size, "%s: no usiok/readyok", file);
        stop(&e);
        return false;
    }
    /* the whole game, so the engine sees repetitions */
    size_t cap = 64 + strlen(start_sfen) + (size_t)n * SG_STORE_USI_MAX;
    char *pos = malloc(cap);
    if (!pos) { stop(&e); snprintf(why, why_size, "out of memory"); return false; }
    size_t k = (size_t)snprintf(pos, cap, strcmp(start_sfen, "startpos") ? "position sfen %s" : "position %s", start_sfen);
    if (n) k += (size_t)snprintf(pos + k, cap - k, " moves");
    for (int i = 0; i < n; i++) k += (size_t)snprintf(pos + k, cap - k, " %s", moves[i]);
    snprintf(pos + k, cap - k, "\n");
    char go[64];
    snprintf(go, sizeof go, "go btime 0 wtime 0 byoyomi %d\n", ms);
    ok = say(&e, "usinewgame\n") && say(&e, pos) && say(&e, go) && wait_for(&e, "bestmove", now_ms() + ms + GRACE_MS, line, sizeof line);
    free(pos);
    if (!ok) {
        snprintf(why, why_size, "%s: no bestmove within %d ms", file, ms + GRACE_MS);
        stop(&e);
        return false;
    }
    /* "bestmove 7g7f [ponder ...]", "bestmove resign", "bestmove win" */
    char word[32] = "";
    sscanf(line + 8, " %31s", word);
    snprintf(out, size, "%s", word);
    stop(&e);
    return true;
}
