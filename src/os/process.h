/* Child processes with pipes both ways: start a program (posix_spawn), write
 * to its stdin, read its stdout line by line without blocking past a timeout
 * (poll), wait on several children at once, kill it, read its exit status.
 * Plain POSIX C: no Lua, no printing, no allocation (an sg_proc is the
 * caller's memory).  The USI client (lua/shogi/engine.lua) and the match
 * runner are built on it through src/lua/l_process.c.
 *
 * By default the child runs in a process group of its own, so a kill reaches
 * whatever it started in turn (a shell wrapper's engine) and the terminal's
 * Ctrl-C does not: the parent decides when its engines stop. */
#ifndef SG_PROCESS_H
#define SG_PROCESS_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

/* the longest line read (USI "option ... var ..." lines run to a few KiB) */
#define SG_PROC_BUF 65536

typedef enum {
    SG_PROC_STDERR_INHERIT, /* the child's stderr is ours */
    SG_PROC_STDERR_NULL,    /* /dev/null */
    SG_PROC_STDERR_STDOUT   /* merged into the pipe read by sg_proc_read_line */
} sg_proc_stderr;

typedef struct sg_proc {
    pid_t pid;        /* 0: not started */
    bool own_group;   /* the child leads a process group of its own */
    int in_fd;        /* the write end of the child's stdin, -1 once closed */
    int out_fd;       /* the read end of the child's stdout, -1 once closed */
    bool eof;         /* stdout reached end of file */
    bool drained;     /* sg_proc_read_line has returned SG_PROC_EOF */
    bool exited;      /* reaped: status is valid */
    int status;       /* exit code, or the signal number when signaled */
    bool signaled;
    size_t len;       /* bytes in buf not yet returned */
    char buf[SG_PROC_BUF];
} sg_proc;

typedef enum {
    SG_PROC_LINE,     /* a line was copied (without its "\n" or "\r\n") */
    SG_PROC_TIMEOUT,  /* no complete line within the timeout */
    SG_PROC_EOF,      /* the child closed its stdout and every line was read */
    SG_PROC_TOOLONG,  /* a line longer than SG_PROC_BUF - 1 bytes */
    SG_PROC_ERROR,    /* a read error (errno kept) */
    SG_PROC_INTERRUPTED /* a signal came while waiting (the caller decides: stop, or call again) */
} sg_proc_read;

/* an empty, safe value (nothing to free) */
void sg_proc_init(sg_proc *p);

/* Starts argv[0] (searched in PATH when it has no '/') with argv, in cwd
 * (NULL: ours), in a process group of its own unless same_group (then it
 * stays in ours, and a kill of our group reaches it).  Returns 0, or an errno
 * value (ENOENT when the program does not exist) with p left empty. */
int sg_proc_spawn(sg_proc *p, const char *const argv[], const char *cwd, sg_proc_stderr err_mode,
                  bool same_group);

/* Writes all of data to the child's stdin.  Returns 0 or an errno value
 * (EPIPE: the child closed its stdin or died; SIGPIPE is not raised). */
int sg_proc_write(sg_proc *p, const char *data, size_t len);

/* closes the child's stdin: it reads end of file */
void sg_proc_close_input(sg_proc *p);

/* Reads one line into line (cap bytes, NUL-terminated), waiting at most
 * timeout_ms (< 0: no limit; 0: only what is already there). */
sg_proc_read sg_proc_read_line(sg_proc *p, char *line, size_t cap, int timeout_ms);

/* true when a complete line (or end of file) is buffered: read_line returns at once */
bool sg_proc_ready(const sg_proc *p);

/* Waits until one of the n children has a line (or end of file) to read, at
 * most timeout_ms (< 0: no limit).  Returns its index, or -1 on timeout.
 * Children that are NULL, or whose end of file was already read, are skipped.
 * A signal while waiting returns -2 (SG_PROC_INTERRUPTED's counterpart). */
int sg_proc_wait_any(sg_proc *const procs[], int n, int timeout_ms);

/* Reaps the child if it has exited, waiting at most timeout_ms (< 0: no
 * limit).  Returns true once p->exited and p->status are valid. */
bool sg_proc_reap(sg_proc *p, int timeout_ms);

/* Sends sig to the child's process group (nothing once reaped). */
void sg_proc_signal(sg_proc *p, int sig);

/* Kills the child's process group (SIGKILL), reaps it and closes the pipes.
 * Idempotent; an sg_proc that was never started is left as it is. */
void sg_proc_kill(sg_proc *p);

#endif
