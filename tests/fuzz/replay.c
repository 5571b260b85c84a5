/* The main of a fuzz target built without libFuzzer (gcc and the sanitizers,
 * for `make test`; the Makefile links it with one tests/fuzz/fuzz_*.c):
 *   fuzz_x [-mutate SECONDS] [-timeout SECONDS] [-findings DIR] FILE|DIR...
 * Every input (a file, or each file of a directory) goes to
 * LLVMFuzzerTestOneInput once, in name order; then, with -mutate, inputs made
 * from them by small random changes (bytes flipped, set, inserted, erased or
 * copied, two inputs spliced; a fixed seed, no coverage guidance) until
 * SECONDS have passed.  A finding aborts the process as under libFuzzer; the
 * input that made it (or ran longer than -timeout, default 20 s) is written
 * first to DIR/crash-N (default build/asan/fuzz/findings) and named on stderr.
 * Prints "replayed N inputs" and "mutated N inputs in S s"; exit status 0
 * when every input ran, 2 on bad usage or an input that cannot be read. */
#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define REPLAY_MAX_BYTES (1 << 20)

typedef struct { uint8_t *data; size_t size; } input;

static input *inputs;
static size_t n_inputs, cap_inputs;
static const uint8_t *current;
static size_t current_size;
static pid_t main_pid;
static char crash_path[4096];

/* async-signal-safe: writes the input being run, says where, dies as before */
static void on_fatal(int sig)
{
    if (getpid() == main_pid && current) {
        int fd = open(crash_path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
        if (fd >= 0) {
            ssize_t w = write(fd, current, current_size);
            (void)w;
            close(fd);
        }
        static const char msg[] = "\nreplay: the input is written to ";
        ssize_t w = write(2, msg, sizeof msg - 1);
        w = write(2, crash_path, strlen(crash_path));
        w = write(2, sig == SIGALRM ? " (timeout)\n" : "\n", sig == SIGALRM ? 11 : 1);
        (void)w;
    }
    signal(SIGABRT, SIG_DFL);
    abort();
}

static void add_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) { fprintf(stderr, "replay: %s: cannot open the file\n", path); exit(2); }
    uint8_t *buf = malloc(REPLAY_MAX_BYTES);
    if (!buf) abort();
    size_t n = fread(buf, 1, REPLAY_MAX_BYTES, f);
    fclose(f);
    if (n_inputs == cap_inputs) {
        cap_inputs = cap_inputs ? 2 * cap_inputs : 64;
        inputs = realloc(inputs, cap_inputs * sizeof *inputs);
        if (!inputs) abort();
    }
    inputs[n_inputs].data = realloc(buf, n ? n : 1);
    inputs[n_inputs].size = n;
    n_inputs++;
}

static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static void add_path(const char *path)
{
    DIR *d = opendir(path);
    if (!d) { add_file(path); return; }
    char **names = NULL;
    size_t n = 0, cap = 0;
    struct dirent *e;
    while ((e = readdir(d))) {
        if (e->d_name[0] == '.') continue;
        if (n == cap) {
            cap = cap ? 2 * cap : 64;
            names = realloc(names, cap * sizeof *names);
            if (!names) abort();
        }
        if (asprintf(&names[n++], "%s/%s", path, e->d_name) < 0) abort();
    }
    closedir(d);
    qsort(names, n, sizeof *names, by_name);
    for (size_t i = 0; i < n; i++) { add_file(names[i]); free(names[i]); }
    free(names);
}

static unsigned timeout_s = 20;

static void run_one(const uint8_t *data, size_t size)
{
    current = data;
    current_size = size;
    alarm(timeout_s);
    LLVMFuzzerTestOneInput(data, size);
    alarm(0);
    current = NULL;
}

static uint64_t rng_state = 0x9e3779b97f4a7c15u;
static uint64_t rnd(uint64_t n) /* xorshift64*, 0 .. n-1 */
{
    rng_state ^= rng_state >> 12;
    rng_state ^= rng_state << 25;
    rng_state ^= rng_state >> 27;
    return (rng_state * 2685821657736338717u) % (n ? n : 1);
}

/* one to four changes of a random input into buf; returns the new size */
static size_t mutate(uint8_t *buf, size_t max)
{
    const input *in = &inputs[rnd(n_inputs)];
    size_t n = in->size < max ? in->size : max;
    memcpy(buf, in->data, n);
    int changes = 1 + (int)rnd(4);
    for (int c = 0; c < changes; c++) {
        size_t at = rnd(n + 1);
        switch (rnd(6)) {
        case 0: if (n) buf[rnd(n)] ^= (uint8_t)(1u << rnd(8)); break;
        case 1: if (n) buf[rnd(n)] = (uint8_t)rnd(256); break;
        case 2: if (n < max) { memmove(buf + at + 1, buf + at, n - at); buf[at] = (uint8_t)rnd(256); n++; } break;
        case 3: if (at < n) { size_t k = 1 + rnd(n - at < 8 ? n - at : 8); memmove(buf + at, buf + at + k, n - at - k); n -= k; } break;
        case 4: if (n) { /* a piece of the input copied over another place */
                    size_t from = rnd(n), k = 1 + rnd(n - from < 16 ? n - from : 16);
                    if (at + k > n) at = n - k;
                    memmove(buf + at, buf + from, k);
                } break;
        default: { /* the tail from another input */
                    const input *o = &inputs[rnd(n_inputs)];
                    size_t from = rnd(o->size + 1), k = o->size - from;
                    if (at + k > max) k = max - at;
                    memcpy(buf + at, o->data + from, k);
                    n = at + k;
                } break;
        }
    }
    return n;
}

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

int main(int argc, char **argv)
{
    double mutate_s = 0;
    const char *findings = "build/asan/fuzz/findings";
    int i = 1;
    for (; i < argc && argv[i][0] == '-'; i += 2) {
        if (i + 1 >= argc) { fprintf(stderr, "replay: %s needs a value\n", argv[i]); return 2; }
        if (!strcmp(argv[i], "-mutate")) mutate_s = atof(argv[i + 1]);
        else if (!strcmp(argv[i], "-timeout")) timeout_s = (unsigned)atoi(argv[i + 1]);
        else if (!strcmp(argv[i], "-findings")) findings = argv[i + 1];
        else { fprintf(stderr, "replay: unknown option '%s'\n", argv[i]); return 2; }
    }
    if (i == argc) {
        fprintf(stderr, "usage: %s [-mutate SECONDS] [-timeout SECONDS] [-findings DIR] FILE|DIR...\n", argv[0]);
        return 2;
    }
    for (; i < argc; i++) add_path(argv[i]);
    mkdir(findings, 0755); /* it may be there already */
    main_pid = getpid();
    snprintf(crash_path, sizeof crash_path, "%s/crash-%ld", findings, (long)main_pid);
    signal(SIGABRT, on_fatal);
    signal(SIGALRM, on_fatal);

    for (size_t k = 0; k < n_inputs; k++) run_one(inputs[k].data, inputs[k].size);
    printf("replayed %zu inputs\n", n_inputs);
    if (mutate_s > 0 && n_inputs > 0) {
        uint8_t *buf = malloc(REPLAY_MAX_BYTES);
        if (!buf) abort();
        double start = now(), t = start;
        unsigned long runs = 0;
        while ((t = now()) - start < mutate_s) {
            size_t n = mutate(buf, 8192);
            uint8_t *copy = malloc(n ? n : 1); /* its own block: ASan sees reads past its end */
            if (!copy) abort();
            memcpy(copy, buf, n);
            run_one(copy, n);
            free(copy);
            runs++;
        }
        printf("mutated %lu inputs in %.1f s\n", runs, t - start);
        free(buf);
    }
    for (size_t k = 0; k < n_inputs; k++) free(inputs[k].data);
    free(inputs);
    return 0;
}
