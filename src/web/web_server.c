/* The server: libmicrohttpd's daemon (a thread per connection, each in
 * poll()), a request's body gathered and handed to web_handle, its answer
 * turned into libmicrohttpd's response; start and stop (web.h). */
#include "web_internal.h"

#include <errno.h>
#include <microhttpd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>
#include <arpa/inet.h>
#include <netinet/in.h>

#include "../core/position.h"

/* a connection's request while its body arrives */
typedef struct {
    sbuf body;
    bool too_big;
} req;

static const char *lookup(void *cls, web_kind kind, const char *name)
{
    enum MHD_ValueKind k = kind == WEB_HEADER ? MHD_HEADER_KIND : kind == WEB_COOKIE ? MHD_COOKIE_KIND : MHD_GET_ARGUMENT_KIND;
    return MHD_lookup_connection_value(cls, k, name);
}

static void peer_ip(struct MHD_Connection *c, char *out, size_t size)
{
    const union MHD_ConnectionInfo *ci = MHD_get_connection_info(c, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    snprintf(out, size, "?");
    if (ci && ci->client_addr && ci->client_addr->sa_family == AF_INET)
        inet_ntop(AF_INET, &((const struct sockaddr_in *)(const void *)ci->client_addr)->sin_addr, out, (socklen_t)size);
    else if (ci && ci->client_addr && ci->client_addr->sa_family == AF_INET6)
        inet_ntop(AF_INET6, &((const struct sockaddr_in6 *)(const void *)ci->client_addr)->sin6_addr, out, (socklen_t)size);
}

static ssize_t stream_read(void *cls, uint64_t pos, char *buf, size_t max)
{
    (void)pos;
    long n = web_sse_read(cls, buf, max);
    if (n == WEB_SSE_END) return MHD_CONTENT_READER_END_OF_STREAM;
    if (n == WEB_SSE_ERROR) return MHD_CONTENT_READER_END_WITH_ERROR;
    return (ssize_t)n;
}

static void stream_free(void *cls) { web_sse_free(cls); }

/* the answer queued on c (the answer's file or stream handed over to the response) */
static enum MHD_Result queue(struct MHD_Connection *c, web_answer *a)
{
    struct MHD_Response *r = NULL;
    char empty[1] = "";
    if (a->kind == WEB_FILE) {
        r = MHD_create_response_from_fd(a->size, a->fd);
        if (r) a->fd = -1;
    } else if (a->kind == WEB_STREAM) {
        r = MHD_create_response_from_callback(MHD_SIZE_UNKNOWN, 4096, stream_read, a->stream, stream_free);
        if (r) a->stream = NULL;
    } else
        r = MHD_create_response_from_buffer(a->body.len, a->body.p ? a->body.p : empty, MHD_RESPMEM_MUST_COPY);
    if (!r) { web_answer_free(a); return MHD_NO; }
    for (int i = 0; web_security_headers[i][0]; i++) MHD_add_response_header(r, web_security_headers[i][0], web_security_headers[i][1]);
    MHD_add_response_header(r, "Content-Type", a->type);
    MHD_add_response_header(r, "Cache-Control", a->cache);
    if (a->set_cookie[0]) MHD_add_response_header(r, "Set-Cookie", a->set_cookie);
    if (a->disposition[0]) MHD_add_response_header(r, "Content-Disposition", a->disposition);
    enum MHD_Result ok = MHD_queue_response(c, a->code, r);
    MHD_destroy_response(r);
    web_answer_free(a);
    return ok;
}

static enum MHD_Result on_request(void *cls, struct MHD_Connection *c, const char *url, const char *method,
                                  const char *version, const char *upload, size_t *upload_size, void **con_cls)
{
    (void)version;
    sg_web *w = cls;
    req *r = *con_cls;
    if (!r) {
        r = calloc(1, sizeof *r);
        if (!r) return MHD_NO;
        *con_cls = r;
        return MHD_YES;
    }
    if (*upload_size) {
        if (r->body.len + *upload_size > BODY_MAX) r->too_big = true;
        else sb_add(&r->body, upload, *upload_size);
        *upload_size = 0;
        return MHD_YES;
    }
    char ip[64];
    peer_ip(c, ip, sizeof ip);
    web_request rq = {.method = method, .url = url, .body = r->body.p, .body_len = r->body.len, .body_too_big = r->too_big,
                      .body_oom = r->body.oom, .peer = ip, .lookup = lookup, .lookup_cls = c};
    web_answer a;
    web_handle(w, &rq, &a);
    return queue(c, &a);
}

static void on_done(void *cls, struct MHD_Connection *c, void **con_cls, enum MHD_RequestTerminationCode toe)
{
    (void)cls; (void)c; (void)toe;
    req *r = *con_cls;
    if (!r) return;
    free(r->body.p);
    free(r);
    *con_cls = NULL;
}

/* the store's news (PostgreSQL: a NOTIFY from any process on the database) */
static void changed_elsewhere(void *cls, int64_t id)
{
    sg_web *w = cls;
    pthread_mutex_lock(&w->mu);
    if (id) web_notify(w, id);
    else web_notify_all(w);
    pthread_mutex_unlock(&w->mu);
}

/* the soft limit on open descriptors raised to the hard one; the count now allowed */
static long open_files(void)
{
    struct rlimit rl;
    if (getrlimit(RLIMIT_NOFILE, &rl)) return 1024;
    if (rl.rlim_cur < rl.rlim_max) {
        rlim_t want = rl.rlim_cur;
        rl.rlim_cur = rl.rlim_max;
        if (setrlimit(RLIMIT_NOFILE, &rl)) rl.rlim_cur = want;
    }
    return rl.rlim_cur == RLIM_INFINITY || rl.rlim_cur > 1000000 ? 1000000 : (long)rl.rlim_cur;
}

sg_web *web_open(const sg_web_opts *o, char *err, int errsize)
{
    if (sodium_init() < 0) { snprintf(err, (size_t)errsize, "libsodium failed to start"); return NULL; }
    sg_init();
    sg_web *w = calloc(1, sizeof *w);
    if (!w) { snprintf(err, (size_t)errsize, "out of memory"); return NULL; }
    if (!realpath(o->root, w->root)) {
        snprintf(err, (size_t)errsize, "%s: %s (the pages: make web-assets)", o->root, strerror(errno));
        free(w);
        return NULL;
    }
    char index[PATH_MAX + 16];
    snprintf(index, sizeof index, "%s/index.html", w->root);
    if (access(index, R_OK)) {
        snprintf(err, (size_t)errsize, "%s: no index.html (the pages: make web-assets)", w->root);
        free(w);
        return NULL;
    }
    char pw[65];
    web_random_token(pw);
    if (crypto_pwhash_str(w->dummy_hash, pw, strlen(pw), crypto_pwhash_OPSLIMIT_INTERACTIVE,
                          crypto_pwhash_MEMLIMIT_INTERACTIVE) != 0) {
        snprintf(err, (size_t)errsize, "out of memory");
        free(w);
        return NULL;
    }
    w->csa_inotify = -1;
    if (o->watch) {
        struct stat st;
        const char *why = !realpath(o->watch, w->csa_dir) || stat(w->csa_dir, &st) ? strerror(errno)
                        : !S_ISDIR(st.st_mode) ? "not a folder" : NULL;
        if (why) {
            snprintf(err, (size_t)errsize, "--watch %s: %s", o->watch, why);
            free(w);
            return NULL;
        }
    }
    if (!o->db) mkdir(o->data_dir, 0700);
    w->store = sg_store_open(o->db, o->data_dir, err, errsize);
    if (!w->store) { free(w); return NULL; }
    long idle = o->session_idle > 0 ? o->session_idle : SG_WEB_SESSION_IDLE;
    long life = o->session_lifetime > 0 ? o->session_lifetime : SG_WEB_SESSION_LIFETIME;
    w->sessions = (sg_store_session_limits){.idle_ms = (int64_t)idle * 1000, .lifetime_ms = (int64_t)life * 1000};
    /* a use stored at most once a minute (a write per request would halve the moves a second), and
     * often enough that a short idle limit still counts it */
    w->touch_ms = w->sessions.idle_ms / 4 < 60000 ? w->sessions.idle_ms / 4 : 60000;
    int64_t shorter = idle < life ? w->sessions.idle_ms : w->sessions.lifetime_ms;
    w->purge_ms = shorter / 2 < 60000 ? shorter / 2 : 60000;
    web_purge_sessions(w);
    /* the rule set: computer shogi (docs/WEB.md), its cap the config's if it gives one */
    sg_rules_computer(&w->rules, SG_STANDARD);
    if (o->max_moves) w->rules.max_moves = o->max_moves > 0 ? o->max_moves : 0;
    static const int default_deadlines[] = {60, 300, 900, 3600, 21600, 86400, 259200, 604800};
    w->n_deadlines = o->n_deadlines > 0 ? o->n_deadlines : (int)(sizeof default_deadlines / sizeof default_deadlines[0]);
    for (int i = 0; i < w->n_deadlines; i++) w->deadlines[i] = o->n_deadlines > 0 ? o->deadlines[i] : default_deadlines[i];
    _Static_assert(SG_WEB_BOT_NAME_MAX == SG_STORE_BOT_MAX, "a configured bot's name fits the store");
    for (int i = 0; i < o->n_bots && i < SG_WEB_BOTS_MAX; i++) {
        snprintf(w->bot_files[i].name, sizeof w->bot_files[i].name, "%s", o->bots[i].name);
        snprintf(w->bot_files[i].file, sizeof w->bot_files[i].file, "%s", o->bots[i].file);
        w->n_bot_files = i + 1;
    }
    if (o->engine) snprintf(w->engine, sizeof w->engine, "%s", o->engine);
    w->service = o->service;
    w->service_ud = o->service_ud;
    pthread_mutex_init(&w->mu, NULL);
    pthread_mutex_init(&w->csa_mu, NULL);
    pthread_cond_init(&w->tick, NULL);
    pthread_cond_init(&w->bots_done, NULL);
    return w;
}

void web_close(sg_web *w)
{
    pthread_mutex_lock(&w->mu);
    w->stopping = true;
    web_notify_all(w);  /* open event streams see `stopping` and end */
    while (w->bots > 0) pthread_cond_wait(&w->bots_done, &w->mu);
    pthread_mutex_unlock(&w->mu);
    web_csa_wake_all(w);
    web_csa_free(w);
    sg_store_close(w->store);
    pthread_mutex_destroy(&w->mu);
    pthread_mutex_destroy(&w->csa_mu);
    pthread_cond_destroy(&w->tick);
    pthread_cond_destroy(&w->bots_done);
    free(w);
}

sg_web *sg_web_start(const sg_web_opts *o, char *err, int errsize)
{
    sg_web *w = web_open(o, err, errsize);
    if (!w) return NULL;
    struct sockaddr_in sa;
    memset(&sa, 0, sizeof sa);
    sa.sin_family = AF_INET;
    sa.sin_port = htons((uint16_t)o->port);
    if (inet_pton(AF_INET, o->addr, &sa.sin_addr) != 1) {
        snprintf(err, (size_t)errsize, "'%s': not an IPv4 address", o->addr);
        web_close(w);
        return NULL;
    }
    /* a thread per connection, each waiting in poll() (select() stops at descriptor 1024); as many
     * connections as descriptors, less a reserve for the store and the files being served */
    unsigned flags = MHD_USE_THREAD_PER_CONNECTION | MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_ERROR_LOG;
    if (MHD_is_feature_supported(MHD_FEATURE_POLL) == MHD_YES) flags |= MHD_USE_POLL;
    long files = open_files();
    unsigned limit = files > 512 ? (unsigned)(files - 256) : 256;
    w->d = MHD_start_daemon(flags, (uint16_t)o->port, NULL, NULL, on_request, w, MHD_OPTION_SOCK_ADDR, &sa,
                            MHD_OPTION_NOTIFY_COMPLETED, on_done, w, MHD_OPTION_CONNECTION_TIMEOUT, 120u,
                            MHD_OPTION_CONNECTION_LIMIT, limit, MHD_OPTION_THREAD_STACK_SIZE, (size_t)1 << 20,
                            MHD_OPTION_LISTENING_ADDRESS_REUSE, 1u, MHD_OPTION_END);
    if (!w->d) {
        snprintf(err, (size_t)errsize, "cannot listen on %s:%d (in use?)", o->addr, o->port);
        web_close(w);
        return NULL;
    }
    const union MHD_DaemonInfo *di = MHD_get_daemon_info(w->d, MHD_DAEMON_INFO_BIND_PORT);
    w->port = di ? di->port : o->port;
    pthread_mutex_lock(&w->mu);
    /* a restarted server: the bot moves it owes, the deadlines that passed while it was down */
    int64_t ids[256];
    int n = sg_store_games_bot_playing(w->store, ids, 256);
    for (int i = 0; i < n; i++) web_start_bot(w, ids[i]);
    web_check_deadlines(w);
    pthread_mutex_unlock(&w->mu);
    pthread_create(&w->deadline_thread, NULL, web_deadline_main, w);
    if (!web_csa_start(w)) {
        snprintf(err, (size_t)errsize, "cannot start the records folder's watcher");
        sg_web_stop(w);
        return NULL;
    }
    sg_store_listen(w->store, changed_elsewhere, w);
    return w;
}

int sg_web_port(const sg_web *w) { return w->port; }

void sg_web_stop(sg_web *w)
{
    if (!w) return;
    pthread_mutex_lock(&w->mu);
    w->stopping = true;
    pthread_cond_broadcast(&w->tick);
    web_notify_all(w);  /* open event streams see `stopping` and end */
    pthread_mutex_unlock(&w->mu);
    pthread_join(w->deadline_thread, NULL);
    web_csa_wake_all(w);  /* the spectators' streams end, the watchers' thread stops */
    web_csa_stop(w);
    MHD_stop_daemon(w->d);
    web_close(w);
}
