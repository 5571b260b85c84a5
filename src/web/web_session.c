/* Sessions and accounts: the cookie's session, signing up and logging in
 * (argon2id by libsodium, failed logins rate-limited per address), the
 * account's own settings and the leaderboard of those who opted in. */
#include "web_internal.h"

#include <stdio.h>
#include <string.h>

#define LOGIN_FAILS 5               /* failed logins per address ... */
#define LOGIN_WINDOW_MS 60000       /* ... in this window, then 429 */

void web_load_session(ctx *x)
{
    x->se.token[0] = 0;
    const char *sid = web_get(x, WEB_COOKIE, "sid");
    if (!sid || strlen(sid) != 64) return;
    sg_web *w = x->w;
    int64_t now = web_now_ms();
    if (!sg_store_session_get(w->store, sid, now, &w->sessions, &x->se)) { x->se.token[0] = 0; return; }
    if (now - x->se.seen >= w->touch_ms) sg_store_session_touch(w->store, sid, now);
}

void web_purge_sessions(sg_web *w)
{
    int64_t now = web_now_ms();
    if (now - w->purged_at < w->purge_ms) return;
    w->purged_at = now;
    sg_store_sessions_purge(w->store, now, &w->sessions);
}

bool web_new_session(ctx *x, int64_t user_id)
{
    sg_store_session se = {.user_id = user_id};
    web_random_token(se.token);
    web_random_token(se.csrf);
    se.created = se.seen = web_now_ms();
    if (!sg_store_session_create(x->w->store, &se, se.created)) return false;
    if (x->se.token[0]) sg_store_session_delete(x->w->store, x->se.token);
    x->se = se;
    snprintf(x->a->set_cookie, sizeof x->a->set_cookie, "sid=%s; Path=/; HttpOnly; SameSite=Strict; Max-Age=%lld", se.token,
             (long long)(x->w->sessions.lifetime_ms / 1000));
    return true;
}

static void user_json(sbuf *b, const sg_store_user *u)
{
    sb_printf(b, "{\"id\":%lld,\"name\":", (long long)u->id);
    sb_str(b, u->name);
    sb_printf(b, ",\"leaderboard\":%s,\"rating\":%.1f,\"games\":%d}", u->leaderboard ? "true" : "false", u->rating,
              u->games);
}

unsigned web_session_answer(ctx *x, unsigned code)
{
    sbuf b = {0};
    sg_store_user u;
    sb_lit(&b, "{\"user\":");
    if (x->se.user_id && sg_store_user_by_id(x->w->store, x->se.user_id, &u)) user_json(&b, &u);
    else sb_lit(&b, "null");
    sb_lit(&b, ",\"csrf\":");
    sb_str(&b, x->se.csrf);
    sb_lit(&b, ",\"bot_levels\":[");
    for (int i = 0; i < BOT_LEVELS; i++)
        sb_printf(&b, "%s{\"level\":%d,\"name\":\"%s\"}", i ? "," : "", i + 1, web_bot_levels[i].name);
    sb_lit(&b, "]}");
    return web_json(x, code, &b);
}

static bool email_ok(const char *e)
{
    const char *at = strchr(e, '@');
    size_t n = strlen(e);
    if (!at || at == e || !at[1] || strchr(at + 1, '@') || n >= SG_STORE_EMAIL_MAX) return false;
    for (const char *c = e; *c; c++) if ((unsigned char)*c <= ' ' || *c == 0x7f) return false;
    return true;
}

static bool name_ok(const char *s)
{
    size_t n = strlen(s);
    if (n < 1 || n > 40) return false;
    for (const char *c = s; *c; c++) if ((unsigned char)*c < ' ' || *c == 0x7f || *c == '<' || *c == '>') return false;
    return true;
}

static login_slot *login_slot_for(sg_web *w, const char *ip)
{
    login_slot *old = &w->logins[0];
    for (int i = 0; i < LOGIN_SLOTS; i++) {
        if (!strcmp(w->logins[i].ip, ip)) return &w->logins[i];
        if (w->logins[i].since < old->since) old = &w->logins[i];
    }
    snprintf(old->ip, sizeof old->ip, "%s", ip);
    old->fails = 0;
    old->since = web_now_ms();
    return old;
}

unsigned web_route_signup(ctx *x, bool login)
{
    jobj o;
    if (!web_need_body(x, &o)) return 400;
    const char *email = web_jstr(&o, "email"), *pw = web_jstr(&o, "password"), *name = web_jstr(&o, "name");
    if (!email || !pw || (!login && !name))
        return web_fail(x, 400, login ? "login needs \"email\" and \"password\" (strings)" : "signup needs \"name\", \"email\" and \"password\" (strings)");
    sg_web *w = x->w;
    if (login) {
        login_slot *sl = login_slot_for(w, x->rq->peer ? x->rq->peer : "?");
        int64_t t = web_now_ms();
        if (t - sl->since > LOGIN_WINDOW_MS) { sl->fails = 0; sl->since = t; }
        if (sl->fails >= LOGIN_FAILS)
            return web_fail(x, 429, "too many failed logins: wait %d seconds", (int)((LOGIN_WINDOW_MS - (t - sl->since)) / 1000) + 1);
        sg_store_user u;
        bool ok = sg_store_user_by_email(w->store, email, &u);
        /* the same work whether or not the email is known */
        if (!ok && crypto_pwhash_str_verify(w->dummy_hash, pw, strlen(pw)) == 0) ok = false;
        if (!ok || crypto_pwhash_str_verify(u.pwhash, pw, strlen(pw)) != 0) {
            sl->fails++;
            return web_fail(x, 401, "wrong email or password");
        }
        sl->fails = 0;
        if (!web_new_session(x, u.id)) return web_fail(x, 500, "the session was not stored");
        return web_session_answer(x, 200);
    }
    if (!email_ok(email)) return web_fail(x, 400, "\"email\": not an email address");
    if (!name_ok(name)) return web_fail(x, 400, "\"name\": 1 to 40 characters, no control characters or < >");
    size_t pl = strlen(pw);
    if (pl < 8 || pl > 256) return web_fail(x, 400, "\"password\": 8 to 256 characters");
    char hash[crypto_pwhash_STRBYTES];
    if (crypto_pwhash_str(hash, pw, pl, crypto_pwhash_OPSLIMIT_INTERACTIVE, crypto_pwhash_MEMLIMIT_INTERACTIVE) != 0)
        return web_fail(x, 500, "out of memory hashing the password");
    int64_t id = sg_store_user_create(w->store, email, name, hash);
    if (id == 0) return web_fail(x, 409, "that email or name already has an account");
    if (id < 0) return web_fail(x, 500, "the account was not stored");
    if (!web_new_session(x, id)) return web_fail(x, 500, "the session was not stored");
    return web_session_answer(x, 201);
}

unsigned web_route_me(ctx *x)
{
    sg_store_user u;
    if (!x->se.user_id || !sg_store_user_by_id(x->w->store, x->se.user_id, &u)) return web_fail(x, 401, "not logged in");
    if (web_is_post(x)) {
        jobj o;
        if (!web_need_body(x, &o)) return 400;
        const jv *lb = web_jget(&o, "leaderboard");
        if (!lb || lb->kind != JV_BOOL) return web_fail(x, 400, "\"leaderboard\": true or false");
        if (!sg_store_user_set_leaderboard(x->w->store, u.id, lb->b)) return web_fail(x, 500, "not stored");
        u.leaderboard = lb->b;
    }
    sbuf b = {0};
    user_json(&b, &u);
    return web_json(x, 200, &b);
}

unsigned web_route_leaderboard(ctx *x)
{
    sg_store_user us[100];
    int n = sg_store_leaderboard(x->w->store, us, 100);
    sbuf b = {0};
    sb_lit(&b, "{\"rating\":\"elo\",\"players\":[");
    for (int i = 0; i < n; i++) {
        sb_printf(&b, "%s{\"rank\":%d,\"id\":%lld,\"name\":", i ? "," : "", i + 1, (long long)us[i].id);
        sb_str(&b, us[i].name);
        sb_printf(&b, ",\"rating\":%.1f,\"games\":%d}", us[i].rating, us[i].games);
    }
    sb_lit(&b, "]}");
    return web_json(x, 200, &b);
}
