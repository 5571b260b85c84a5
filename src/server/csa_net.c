/* komadai --csa-server: the event loop.  One poll() over the listening
 * socket and every connection; non-blocking sockets; lines cut at '\n' (a
 * '\r' before it is dropped and remembered, so answers end the same way);
 * timers for clocks and time-outs.  In the manner of Redis's ae.c. */
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>
#include "csa_server.h"
#include "../os/clock.h"

double sgsv_now(void) { return sg_clock_seconds(); }

static void flush_out(sgsv_conn *c)
{
    while (c->outlen > 0 && !c->dead) {
        ssize_t n = send(c->fd, c->out, c->outlen, MSG_NOSIGNAL);
        if (n < 0) {
            if (errno == EINTR) continue;
            if (errno != EAGAIN && errno != EWOULDBLOCK) c->dead = true;
            return;
        }
        memmove(c->out, c->out + n, c->outlen - (size_t)n);
        c->outlen -= (size_t)n;
    }
}

static void append(sgsv_conn *c, const char *s, size_t n)
{
    if (c->dead) return;
    if (c->outlen + n > SGSV_OUT_MAX) { c->dead = true; return; }
    if (c->outlen + n > c->outcap) {
        size_t cap = c->outcap ? c->outcap : 1024;
        while (cap < c->outlen + n) cap *= 2;
        char *p = realloc(c->out, cap);
        if (!p) { c->dead = true; return; }
        c->out = p;
        c->outcap = cap;
    }
    memcpy(c->out + c->outlen, s, n);
    c->outlen += n;
}

void sgsv_send(sgsv_conn *c, const char *text)
{
    if (c->dead) return;
    for (const char *p = text; *p;) {
        const char *nl = strchr(p, '\n');
        size_t n = nl ? (size_t)(nl - p) : strlen(p);
        append(c, p, n);
        if (!nl) break;
        append(c, c->crlf ? "\r\n" : "\n", c->crlf ? 2 : 1);
        p = nl + 1;
    }
    flush_out(c);
}

void sgsv_close_after(sgsv_conn *c) { c->closing = true; }

sgsv_conn *sgsv_conn_by_id(sgsv_server *s, unsigned id)
{
    for (int i = 0; i < s->nconns; i++)
        if (s->conns[i]->id == id && !s->conns[i]->dead) return s->conns[i];
    return NULL;
}

static int listen_on(sgsv_server *s)
{
    int fd = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
    if (fd < 0) return -1;
    int one = 1;
    setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    struct sockaddr_in a;
    memset(&a, 0, sizeof a);
    a.sin_family = AF_INET;
    a.sin_port = htons((uint16_t)s->port);
    if (inet_pton(AF_INET, s->address, &a.sin_addr) != 1) { close(fd); errno = EINVAL; return -1; }
    if (bind(fd, (struct sockaddr *)&a, sizeof a) < 0 || listen(fd, 512) < 0) {
        int e = errno;
        close(fd);
        errno = e;
        return -1;
    }
    return fd;
}

static void accept_all(sgsv_server *s, double now)
{
    for (;;) {
        struct sockaddr_in a;
        socklen_t al = sizeof a;
        int fd = accept4(s->listen_fd, (struct sockaddr *)&a, &al, SOCK_NONBLOCK | SOCK_CLOEXEC);
        if (fd < 0) return;
        int one = 1;
        setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
        char addr[64];
        inet_ntop(AF_INET, &a.sin_addr, addr, sizeof addr);
        int same = 0;
        for (int i = 0; i < s->nconns; i++)
            if (!s->conns[i]->dead && strcmp(s->conns[i]->addr, addr) == 0) same++;
        sgsv_conn *c = calloc(1, sizeof *c);
        if (!c || (s->nconns == s->capconns && !(s->capconns = s->capconns ? 2 * s->capconns : 64,
                                                 s->conns = realloc(s->conns, sizeof *s->conns * (size_t)s->capconns)))) {
            free(c);
            close(fd);
            return;
        }
        c->fd = fd;
        c->id = ++s->next_id;
        snprintf(c->addr, sizeof c->addr, "%s", addr);
        c->since = c->last_input = now;
        c->status = SGSV_ST_LOGIN;
        c->turn = '*';
        s->conns[s->nconns++] = c;
        if (same >= s->per_address) {
            sgsv_send(c, "##[ERROR] too many connections from this address\n");
            sgsv_log(s, "refused a connection from %s: %d already", addr, same);
            c->dead = true;
        }
    }
}

static void read_conn(sgsv_server *s, sgsv_conn *c, double now)
{
    char buf[4096];
    for (int round = 0; round < 16; round++) { /* a flooding client waits for the next poll */
        ssize_t n = recv(c->fd, buf, sizeof buf, 0);
        if (n == 0) { c->dead = true; return; }
        if (n < 0) {
            if (errno == EINTR) continue;
            if (errno != EAGAIN && errno != EWOULDBLOCK) c->dead = true;
            return;
        }
        c->last_input = now;
        for (ssize_t i = 0; i < n && !c->dead; i++) {
            if (buf[i] != '\n') {
                if (c->inlen >= SGSV_LINE_MAX) {
                    sgsv_send(c, "##[ERROR] line too long\n");
                    sgsv_log(s, "%s: line longer than %d bytes, closed", c->name[0] ? c->name : c->addr,
                               SGSV_LINE_MAX);
                    c->dead = true;
                    return;
                }
                c->in[c->inlen++] = buf[i];
                continue;
            }
            int len = c->inlen;
            if (len > 0 && c->in[len - 1] == '\r') { len--; c->crlf = true; }
            c->in[len] = '\0';
            c->inlen = 0;
            if (!c->closing) sgsv_on_line(s, c, c->in, len);
        }
    }
}

static void free_conn(sgsv_conn *c)
{
    close(c->fd);
    free(c->out);
    free(c);
}

static void timeouts(sgsv_server *s, double now)
{
    for (int i = 0; i < s->nconns; i++) {
        sgsv_conn *c = s->conns[i];
        if (c->dead) continue;
        if (c->status == SGSV_ST_LOGIN && now - c->since > s->login_timeout) {
            sgsv_log(s, "%s: no LOGIN in %.0f s, closed", c->addr, s->login_timeout);
            c->dead = true;
        } else if (c->status != SGSV_ST_GAME && s->idle_timeout > 0 && now - c->last_input > s->idle_timeout) {
            sgsv_log(s, "%s: idle for %.0f s, closed", c->name[0] ? c->name : c->addr, s->idle_timeout);
            c->dead = true;
        }
    }
}

/* removes dead connections (telling the server first) */
static void reap(sgsv_server *s)
{
    for (int i = 0; i < s->nconns; i++) {
        sgsv_conn *c = s->conns[i];
        /* a closing connection shuts its side once its output is out, then reads
         * (and drops) what the client still sends until it closes too, so the
         * client's last lines are not lost to a reset */
        if (c->closing && c->outlen == 0 && !c->dead) {
            double now = sgsv_now();
            if (c->shut_at == 0) {
                shutdown(c->fd, SHUT_WR);
                c->shut_at = now;
            } else if (now - c->shut_at > 2)
                c->dead = true;
        }
        if (c->dead) sgsv_on_close(s, c);
    }
    int k = 0;
    for (int i = 0; i < s->nconns; i++) {
        if (s->conns[i]->dead) free_conn(s->conns[i]);
        else s->conns[k++] = s->conns[i];
    }
    s->nconns = k;
}

static void on_signal(int sig) { (void)sig; }

int sgsv_run(sgsv_server *s)
{
    s->listen_fd = listen_on(s);
    if (s->listen_fd < 0) {
        sgsv_log(s, "cannot listen on %s:%d: %s", s->address, s->port, strerror(errno));
        return 1;
    }
    /* SIGTERM/SIGINT stop the loop: the games in play are ended as %CHUDAN */
    sigset_t block, old;
    sigemptyset(&block);
    sigaddset(&block, SIGTERM);
    sigaddset(&block, SIGINT);
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigaction(SIGTERM, &sa, NULL);
    sigaction(SIGINT, &sa, NULL);
    sigprocmask(SIG_BLOCK, &block, &old);
    sgsv_log(s, "listening on %s:%d", s->address, s->port);
    struct pollfd *pf = NULL;
    int cap = 0;
    while (!s->stop) {
        if (cap < s->nconns + 1) {
            cap = 2 * (s->nconns + 1);
            struct pollfd *np = realloc(pf, sizeof *pf * (size_t)cap);
            if (!np) break;
            pf = np;
        }
        pf[0] = (struct pollfd){s->listen_fd, POLLIN, 0};
        for (int i = 0; i < s->nconns; i++) {
            sgsv_conn *c = s->conns[i];
            pf[i + 1] = (struct pollfd){c->fd, (short)(POLLIN | (c->outlen ? POLLOUT : 0)), 0};
        }
        double now = sgsv_now();
        double wait = sgsv_next_timer(s, now);
        if (wait > 1) wait = 1;
        if (wait < 0) wait = 0;
        struct timespec ts = {(time_t)wait, (long)((wait - (double)(time_t)wait) * 1e9)};
        int n = ppoll(pf, (nfds_t)(s->nconns + 1), &ts, &old);
        if (n < 0 && errno == EINTR) break;
        now = sgsv_now();
        int nc = s->nconns; /* accepted connections are polled next time */
        if (n > 0) {
            for (int i = 0; i < nc; i++) {
                sgsv_conn *c = s->conns[i];
                if (pf[i + 1].revents & POLLOUT) flush_out(c);
                if (pf[i + 1].revents & (POLLIN | POLLHUP | POLLERR)) read_conn(s, c, now);
            }
            if (pf[0].revents & POLLIN) accept_all(s, now);
        }
        sgsv_on_tick(s, now);
        timeouts(s, now);
        reap(s);
    }
    free(pf);
    /* stopping: every game in play ends with no result, every connection closes */
    s->stop = true;
    for (int i = 0; i < s->nconns; i++) s->conns[i]->dead = true;
    reap(s);
    close(s->listen_fd);
    sigprocmask(SIG_SETMASK, &old, NULL);
    sgsv_log(s, "stopped");
    return 0;
}
