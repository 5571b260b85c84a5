/* Child processes with pipes both ways (see process.h). */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "clock.h"
#include "process.h"

#define WAIT_ANY_MAX 256

/* milliseconds left until deadline (a negative deadline: no limit -> -1) */
static int left_ms(double deadline)
{
    if (deadline < 0) return -1;
    double left = deadline - sg_clock_ms();
    return left <= 0 ? 0 : (int)(left + 0.999);
}

static void close_fd(int *fd)
{
    if (*fd >= 0) close(*fd);
    *fd = -1;
}

void sg_proc_init(sg_proc *p)
{
    p->pid = 0;
    p->in_fd = p->out_fd = -1;
    p->eof = p->drained = p->exited = p->signaled = p->own_group = false;
    p->status = 0;
    p->len = 0;
}

int sg_proc_spawn(sg_proc *p, const char *const argv[], const char *cwd, sg_proc_stderr err_mode,
                  bool same_group)
{
    sg_proc_init(p);
    int in[2], out[2];
    if (pipe2(in, O_CLOEXEC) != 0) return errno;
    if (pipe2(out, O_CLOEXEC) != 0) {
        int e = errno;
        close(in[0]); close(in[1]);
        return e;
    }
    posix_spawn_file_actions_t fa;
    posix_spawnattr_t attr;
    posix_spawn_file_actions_init(&fa);
    posix_spawnattr_init(&attr);
    posix_spawn_file_actions_adddup2(&fa, in[0], 0);
    posix_spawn_file_actions_adddup2(&fa, out[1], 1);
    if (err_mode == SG_PROC_STDERR_STDOUT) posix_spawn_file_actions_adddup2(&fa, out[1], 2);
    else if (err_mode == SG_PROC_STDERR_NULL)
        posix_spawn_file_actions_addopen(&fa, 2, "/dev/null", O_WRONLY, 0);
    if (cwd) posix_spawn_file_actions_addchdir_np(&fa, cwd);
    /* a group of its own; default signal handling and an empty mask in the child */
    sigset_t none, all;
    sigemptyset(&none);
    sigfillset(&all);
    posix_spawnattr_setpgroup(&attr, 0);
    posix_spawnattr_setsigmask(&attr, &none);
    posix_spawnattr_setsigdefault(&attr, &all);
    posix_spawnattr_setflags(&attr, (short)((same_group ? 0 : POSIX_SPAWN_SETPGROUP) | POSIX_SPAWN_SETSIGMASK |
                                            POSIX_SPAWN_SETSIGDEF));
    /* posix_spawn's argv is "char *const[]" for history's sake; it writes nothing */
    char *const *av;
    memcpy(&av, &argv, sizeof av);
    pid_t pid;
    int rc = posix_spawnp(&pid, argv[0], &fa, &attr, av, environ);
    posix_spawn_file_actions_destroy(&fa);
    posix_spawnattr_destroy(&attr);
    close(in[0]);
    close(out[1]);
    if (rc != 0) {
        close(in[1]);
        close(out[0]);
        return rc;
    }
    fcntl(out[0], F_SETFL, fcntl(out[0], F_GETFL) | O_NONBLOCK);
    p->pid = pid;
    p->own_group = !same_group;
    p->in_fd = in[1];
    p->out_fd = out[0];
    return 0;
}

int sg_proc_write(sg_proc *p, const char *data, size_t len)
{
    if (p->in_fd < 0) return EPIPE;
    /* SIGPIPE blocked for the write: a dead child is an EPIPE, not our death */
    sigset_t pipe_set, old, pending;
    sigemptyset(&pipe_set);
    sigaddset(&pipe_set, SIGPIPE);
    sigpending(&pending);
    bool was_pending = sigismember(&pending, SIGPIPE);
    pthread_sigmask(SIG_BLOCK, &pipe_set, &old);
    int err = 0;
    while (len > 0) {
        ssize_t n = write(p->in_fd, data, len);
        if (n < 0) {
            if (errno == EINTR) continue;
            err = errno;
            break;
        }
        data += n;
        len -= (size_t)n;
    }
    if (err == EPIPE && !was_pending) {
        struct timespec zero = {0, 0};
        sigtimedwait(&pipe_set, NULL, &zero);
    }
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    return err;
}

void sg_proc_close_input(sg_proc *p) { close_fd(&p->in_fd); }

bool sg_proc_ready(const sg_proc *p)
{
    return p->eof || p->len >= SG_PROC_BUF - 1 || (p->len > 0 && memchr(p->buf, '\n', p->len) != NULL);
}

/* One read into the buffer: 1 if bytes came, 0 at end of file, -1 on error
 * (EAGAIN counts as 1: nothing yet, try again). */
static int fill(sg_proc *p)
{
    if (p->out_fd < 0) { p->eof = true; return 0; }
    for (;;) {
        ssize_t n = read(p->out_fd, p->buf + p->len, SG_PROC_BUF - 1 - p->len);
        if (n > 0) { p->len += (size_t)n; return 1; }
        if (n == 0) { p->eof = true; close_fd(&p->out_fd); return 0; }
        if (errno == EINTR) continue;
        if (errno == EAGAIN || errno == EWOULDBLOCK) return 1;
        return -1;
    }
}

sg_proc_read sg_proc_read_line(sg_proc *p, char *line, size_t cap, int timeout_ms)
{
    double deadline = timeout_ms < 0 ? -1 : sg_clock_ms() + timeout_ms;
    for (;;) {
        char *nl = p->len ? memchr(p->buf, '\n', p->len) : NULL;
        if (nl || (p->eof && p->len > 0)) {
            size_t n = nl ? (size_t)(nl - p->buf) : p->len;
            size_t used = nl ? n + 1 : n;
            if (n > 0 && p->buf[n - 1] == '\r') n--;
            if (n >= cap) {
                p->len = 0;
                return SG_PROC_TOOLONG;
            }
            memcpy(line, p->buf, n);
            line[n] = '\0';
            memmove(p->buf, p->buf + used, p->len - used);
            p->len -= used;
            return SG_PROC_LINE;
        }
        if (p->eof) {
            p->drained = true;
            return SG_PROC_EOF;
        }
        if (p->len >= SG_PROC_BUF - 1) {
            p->len = 0;
            return SG_PROC_TOOLONG;
        }
        struct pollfd pfd = {.fd = p->out_fd, .events = POLLIN};
        int r = poll(&pfd, 1, left_ms(deadline));
        if (r < 0) return errno == EINTR ? SG_PROC_INTERRUPTED : SG_PROC_ERROR;
        if (r == 0) return SG_PROC_TIMEOUT;
        if (fill(p) < 0) return SG_PROC_ERROR;
    }
}

int sg_proc_wait_any(sg_proc *const procs[], int n, int timeout_ms)
{
    if (n > WAIT_ANY_MAX) n = WAIT_ANY_MAX;
    double deadline = timeout_ms < 0 ? -1 : sg_clock_ms() + timeout_ms;
    struct pollfd pfd[WAIT_ANY_MAX];
    int index[WAIT_ANY_MAX];
    for (;;) {
        int k = 0;
        for (int i = 0; i < n; i++) {
            sg_proc *p = procs[i];
            if (!p || p->drained) continue;
            if (sg_proc_ready(p)) return i;
            pfd[k].fd = p->out_fd;
            pfd[k].events = POLLIN;
            pfd[k].revents = 0;
            index[k++] = i;
        }
        if (k == 0) return -1;
        int r = poll(pfd, (nfds_t)k, left_ms(deadline));
        if (r < 0) return errno == EINTR ? -2 : -1;
        if (r == 0) return -1;
        for (int j = 0; j < k; j++) {
            if (pfd[j].revents) {
                sg_proc *p = procs[index[j]];
                if (fill(p) < 0) { p->eof = true; close_fd(&p->out_fd); }
            }
        }
    }
}

bool sg_proc_reap(sg_proc *p, int timeout_ms)
{
    if (p->exited) return true;
    if (p->pid <= 0) return false;
    double deadline = timeout_ms < 0 ? -1 : sg_clock_ms() + timeout_ms;
    for (;;) {
        int st;
        pid_t r = waitpid(p->pid, &st, timeout_ms < 0 ? 0 : WNOHANG);
        if (r == p->pid) {
            p->exited = true;
            p->signaled = WIFSIGNALED(st);
            p->status = p->signaled ? WTERMSIG(st) : WEXITSTATUS(st);
            return true;
        }
        if (r < 0 && errno != EINTR) return false;
        if (r == 0) {
            int left = left_ms(deadline);
            if (left == 0) return false;
            struct timespec ts = {0, (left < 5 ? left : 5) * 1000000L};
            nanosleep(&ts, NULL);
        }
    }
}

void sg_proc_signal(sg_proc *p, int sig)
{
    if (p->pid <= 0 || p->exited) return;
    if (p->own_group) kill(-p->pid, sig);
    kill(p->pid, sig);
}

void sg_proc_kill(sg_proc *p)
{
    if (p->pid > 0 && !p->exited) {
        sg_proc_signal(p, SIGKILL);
        sg_proc_reap(p, -1);
    }
    close_fd(&p->in_fd);
    close_fd(&p->out_fd);
}
