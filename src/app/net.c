/* komadai.net: a TCP client socket for Lua scripts run by komadai (the CSA
 * client uses it).  Line oriented, with time-outs, in the style of liolib:
 *   local net = require "komadai.net"
 *   local c, err = net.connect(host, port [, timeout])   -- nil, msg on failure
 *   c:send(text)               -> true | nil, msg
 *   c:receive([timeout])       -> line (without "\n" or "\r\n") | nil, "timeout" | "closed" | msg
 *   c:close()                  (also __gc and __close)
 * Outside failures return nil, msg; misuse (a closed socket) raises. */
#include <errno.h>
#include <netdb.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>
#include <lauxlib.h>
#include "app.h"
#include "../os/clock.h"

#define NET_BUF 65536
#define NET_LINE_MAX (1 << 20)

typedef struct {
    int fd;                 /* -1 once closed */
    char *buf;              /* received, not yet returned */
    size_t len, cap;
} net_conn;

#define checkconn(L) ((net_conn *)luaL_checkudata(L, 1, "komadai.net.conn"))

static net_conn *open_conn(lua_State *L)
{
    net_conn *c = checkconn(L);
    if (c->fd < 0) luaL_error(L, "attempt to use a closed connection");
    return c;
}

static int l_connect(lua_State *L)
{
    const char *host = luaL_checkstring(L, 1);
    lua_Integer port = luaL_checkinteger(L, 2);
    double timeout = luaL_optnumber(L, 3, 10);
    luaL_argcheck(L, port > 0 && port < 65536, 2, "port out of range");
    net_conn *c = lua_newuserdatauv(L, sizeof *c, 0); /* safe empty state first */
    c->fd = -1;
    c->buf = NULL;
    c->len = c->cap = 0;
    luaL_setmetatable(L, "komadai.net.conn");
    char ports[16];
    snprintf(ports, sizeof ports, "%d", (int)port);
    struct addrinfo hints, *res = NULL;
    memset(&hints, 0, sizeof hints);
    hints.ai_family = AF_UNSPEC;
    hints.ai_socktype = SOCK_STREAM;
    int e = getaddrinfo(host, ports, &hints, &res);
    if (e != 0) {
        lua_pushnil(L);
        lua_pushfstring(L, "%s:%d: %s", host, (int)port, gai_strerror(e));
        return 2;
    }
    int err = 0;
    for (struct addrinfo *a = res; a; a = a->ai_next) {
        int fd = socket(a->ai_family, a->ai_socktype | SOCK_NONBLOCK | SOCK_CLOEXEC, a->ai_protocol);
        if (fd < 0) { err = errno; continue; }
        if (connect(fd, a->ai_addr, a->ai_addrlen) < 0 && errno != EINPROGRESS) {
            err = errno;
            close(fd);
            continue;
        }
        struct pollfd p = {fd, POLLOUT, 0};
        int n = poll(&p, 1, (int)(timeout * 1000));
        socklen_t sl = sizeof err;
        if (n <= 0) err = n == 0 ? ETIMEDOUT : errno;
        else if (getsockopt(fd, SOL_SOCKET, SO_ERROR, &err, &sl) < 0) err = errno;
        if (err == 0) { c->fd = fd; break; }
        close(fd);
    }
    freeaddrinfo(res);
    if (c->fd < 0) {
        lua_pushnil(L);
        lua_pushfstring(L, "%s:%d: %s", host, (int)port, strerror(err ? err : ECONNREFUSED));
        return 2;
    }
    return 1;
}

static int l_send(lua_State *L)
{
    net_conn *c = open_conn(L);
    size_t n;
    const char *s = luaL_checklstring(L, 2, &n);
    while (n > 0) {
        ssize_t k = send(c->fd, s, n, MSG_NOSIGNAL);
        if (k < 0) {
            if (errno == EINTR) continue;
            if (errno == EAGAIN || errno == EWOULDBLOCK) {
                struct pollfd p = {c->fd, POLLOUT, 0};
                poll(&p, 1, 10000);
                continue;
            }
            lua_pushnil(L);
            lua_pushstring(L, strerror(errno));
            return 2;
        }
        s += k;
        n -= (size_t)k;
    }
    lua_pushboolean(L, 1);
    return 1;
}

static int l_receive(lua_State *L)
{
    net_conn *c = open_conn(L);
    double timeout = luaL_optnumber(L, 2, -1);
    double deadline = timeout >= 0 ? sg_clock_seconds() + timeout : 0;
    for (;;) {
        char *nl = c->len ? memchr(c->buf, '\n', c->len) : NULL;
        if (nl) {
            size_t l = (size_t)(nl - c->buf);
            lua_pushlstring(L, c->buf, l > 0 && c->buf[l - 1] == '\r' ? l - 1 : l);
            memmove(c->buf, nl + 1, c->len - l - 1);
            c->len -= l + 1;
            return 1;
        }
        if (c->len > NET_LINE_MAX) {
            lua_pushnil(L);
            lua_pushliteral(L, "line too long");
            return 2;
        }
        int wait = -1;
        if (timeout >= 0) {
            double left = deadline - sg_clock_seconds();
            if (left <= 0) { lua_pushnil(L); lua_pushliteral(L, "timeout"); return 2; }
            wait = (int)(left * 1000) + 1;
        }
        struct pollfd p = {c->fd, POLLIN, 0};
        int n = poll(&p, 1, wait > 1000 ? 1000 : wait); /* wake each second: Ctrl-C */
        if (n < 0 && errno != EINTR) { lua_pushnil(L); lua_pushstring(L, strerror(errno)); return 2; }
        if (sg_app_interrupt_take()) luaL_error(L, "interrupted!");
        if (n <= 0) continue;
        if (c->cap - c->len < NET_BUF) {
            char *b = realloc(c->buf, c->cap + NET_BUF);
            if (!b) return luaL_error(L, "not enough memory");
            c->buf = b;
            c->cap += NET_BUF;
        }
        ssize_t k = recv(c->fd, c->buf + c->len, c->cap - c->len, 0);
        if (k == 0 || (k < 0 && errno != EAGAIN && errno != EINTR && errno != EWOULDBLOCK)) {
            lua_pushnil(L);
            lua_pushstring(L, k == 0 ? "closed" : strerror(errno));
            return 2;
        }
        if (k > 0) c->len += (size_t)k;
    }
}

static int l_close(lua_State *L)
{
    net_conn *c = checkconn(L);
    if (c->fd >= 0) close(c->fd);
    c->fd = -1;
    free(c->buf);
    c->buf = NULL;
    c->len = c->cap = 0;
    return 0;
}

static int l_tostring(lua_State *L)
{
    net_conn *c = checkconn(L);
    lua_pushstring(L, c->fd < 0 ? "komadai.net connection (closed)" : "komadai.net connection");
    return 1;
}

static const luaL_Reg methods[] = {{"send", l_send}, {"receive", l_receive}, {"close", l_close}, {NULL, NULL}};
static const luaL_Reg metamethods[] = {
    {"__gc", l_close}, {"__close", l_close}, {"__tostring", l_tostring}, {"__index", NULL}, {NULL, NULL}};

int sg_app_open_net(lua_State *L)
{
    luaL_newmetatable(L, "komadai.net.conn");
    luaL_setfuncs(L, metamethods, 0);
    luaL_newlib(L, methods);
    lua_setfield(L, -2, "__index");
    lua_pop(L, 1);
    lua_newtable(L);
    lua_pushcfunction(L, l_connect);
    lua_setfield(L, -2, "connect");
    return 1;
}
