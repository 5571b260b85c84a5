/* src/os/process.c: spawn, line reads with timeouts, waiting on several children, kill, exit status. */
#include <errno.h>
#include "check.h"
#include "../../src/os/process.h"

static char line[SG_PROC_BUF];

static void test_echo_and_status(void)
{
    sg_proc p;
    const char *argv[] = {"sh", "-c", "read x; echo \"got $x\"; printf 'crlf\\r\\n'; printf tail; exit 3", NULL};
    CHECK_EQ_INT(sg_proc_spawn(&p, argv, NULL, SG_PROC_STDERR_INHERIT, false), 0);
    CHECK_EQ_INT(sg_proc_write(&p, "hello\n", 6), 0);
    CHECK_EQ_INT(sg_proc_read_line(&p, line, sizeof line, 2000), SG_PROC_LINE);
    CHECK_EQ_STR(line, "got hello");
    CHECK_EQ_INT(sg_proc_read_line(&p, line, sizeof line, 2000), SG_PROC_LINE);
    CHECK_EQ_STR(line, "crlf");
    CHECK_EQ_INT(sg_proc_read_line(&p, line, sizeof line, 2000), SG_PROC_LINE);
    CHECK_EQ_STR(line, "tail"); /* a last line without "\n" */
    CHECK_EQ_INT(sg_proc_read_line(&p, line, sizeof line, 2000), SG_PROC_EOF);
    CHECK(sg_proc_reap(&p, 2000));
    CHECK(!p.signaled);
    CHECK_EQ_INT(p.status, 3);
    sg_proc_kill(&p);
}

static void test_timeout_and_kill(void)
{
    sg_proc p;
    const char *argv[] = {"sleep", "30", NULL};
    CHECK_EQ_INT(sg_proc_spawn(&p, argv, NULL, SG_PROC_STDERR_INHERIT, false), 0);
    CHECK_EQ_INT(sg_proc_read_line(&p, line, sizeof line, 50), SG_PROC_TIMEOUT);
    CHECK(!sg_proc_reap(&p, 10));
    sg_proc_kill(&p);
    CHECK(p.exited && p.signaled);
    CHECK_EQ_INT(p.status, 9);
    sg_proc_kill(&p); /* idempotent */
    CHECK_EQ_INT(sg_proc_write(&p, "x\n", 2), EPIPE);
}

static void test_dead_child_write(void)
{
    sg_proc p;
    const char *argv[] = {"true", NULL};
    CHECK_EQ_INT(sg_proc_spawn(&p, argv, NULL, SG_PROC_STDERR_INHERIT, false), 0);
    CHECK(sg_proc_reap(&p, 2000));
    CHECK_EQ_INT(sg_proc_write(&p, "x\n", 2), EPIPE); /* and no SIGPIPE kills us */
    CHECK_EQ_INT(sg_proc_read_line(&p, line, sizeof line, 1000), SG_PROC_EOF);
    sg_proc_kill(&p);
}

static void test_wait_any_and_cwd(void)
{
    sg_proc a, b;
    const char *slow[] = {"sh", "-c", "sleep 0.3; echo slow", NULL};
    const char *fast[] = {"sh", "-c", "pwd", NULL};
    CHECK_EQ_INT(sg_proc_spawn(&a, slow, NULL, SG_PROC_STDERR_INHERIT, false), 0);
    CHECK_EQ_INT(sg_proc_spawn(&b, fast, "/", SG_PROC_STDERR_INHERIT, false), 0);
    sg_proc *const both[] = {&a, &b};
    CHECK_EQ_INT(sg_proc_wait_any(both, 2, 2000), 1);
    CHECK_EQ_INT(sg_proc_read_line(&b, line, sizeof line, 0), SG_PROC_LINE);
    CHECK_EQ_STR(line, "/");
    CHECK_EQ_INT(sg_proc_wait_any(both, 2, 2000), 1); /* b's end of file */
    CHECK_EQ_INT(sg_proc_read_line(&b, line, sizeof line, 0), SG_PROC_EOF);
    CHECK_EQ_INT(sg_proc_wait_any(both, 2, 2000), 0);
    CHECK_EQ_INT(sg_proc_read_line(&a, line, sizeof line, 0), SG_PROC_LINE);
    CHECK_EQ_STR(line, "slow");
    sg_proc_kill(&a);
    sg_proc_kill(&b);
}

static void test_missing_and_stderr(void)
{
    sg_proc p;
    const char *none[] = {"komadai-no-such-program", NULL};
    CHECK_EQ_INT(sg_proc_spawn(&p, none, NULL, SG_PROC_STDERR_INHERIT, false), ENOENT);
    sg_proc_kill(&p);
    const char *err[] = {"sh", "-c", "echo oops >&2", NULL};
    CHECK_EQ_INT(sg_proc_spawn(&p, err, NULL, SG_PROC_STDERR_STDOUT, false), 0);
    CHECK_EQ_INT(sg_proc_read_line(&p, line, sizeof line, 2000), SG_PROC_LINE);
    CHECK_EQ_STR(line, "oops");
    sg_proc_kill(&p);
}

int main(void)
{
    test_echo_and_status();
    test_timeout_and_kill();
    test_dead_child_write();
    test_wait_any_and_cwd();
    test_missing_and_stderr();
    return check_report();
}
