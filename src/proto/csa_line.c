/* The CSA protocol: classifying client lines, identifiers, game names and
 * passwords, with shogi-server's patterns (see csa.h). */
#include <string.h>
#include <stdio.h>
#include "csa.h"

static bool starts(const char *s, int len, const char *w)
{
    int n = (int)strlen(w);
    return len >= n && memcmp(s, w, (size_t)n) == 0;
}

static bool blank(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v'; }

/* the next word at *i (skipping blanks); len 0 at the end */
static sg_span word(const char *s, int len, int *i)
{
    while (*i < len && blank(s[*i])) (*i)++;
    sg_span w = {s + *i, 0};
    while (*i < len && !blank(s[*i])) { (*i)++; w.len++; }
    return w;
}

static bool rest_blank(const char *s, int len, int i)
{
    for (; i < len; i++)
        if (!blank(s[i])) return false;
    return true;
}

/* "%%WORD" followed by at least one blank and an argument word: a = that word */
static bool x_with_arg(const char *s, int len, const char *w, sg_csa_cmd *out)
{
    int n = (int)strlen(w);
    if (!starts(s, len, w) || len <= n || !blank(s[n])) return false;
    int i = n;
    out->a = word(s, len, &i);
    return out->a.len > 0;
}

/* %%GAME / %%CHALLENGE name [+-*] */
static bool x_game(const char *s, int len, const char *w, sg_csa_kind kind, sg_csa_cmd *out)
{
    if (!x_with_arg(s, len, w, out)) return false;
    out->kind = kind;
    out->turn = '*';
    int i = (int)(out->a.s - s) + out->a.len;
    sg_span t = word(s, len, &i);
    if (t.len == 1 && (t.s[0] == '+' || t.s[0] == '-' || t.s[0] == '*') && rest_blank(s, len, i))
        out->turn = t.s[0];
    return true;
}

void sg_csa_parse_line(const char *s, int len, sg_csa_cmd *out)
{
    memset(out, 0, sizeof *out);
    out->kind = SG_CSA_UNKNOWN;
    if (len == 0) { out->kind = SG_CSA_KEEPALIVE; return; }
    if ((s[0] == '+' || s[0] == '-') && len >= 2 && s[1] != '%') {
        out->kind = SG_CSA_MOVE;
        const char *comma = memchr(s, ',', (size_t)len);
        out->a = (sg_span){s, comma ? (int)(comma - s) : len};
        /* ",T3" from a client is ignored; ",'text" is a comment for the record */
        for (int i = out->a.len; i + 1 < len; i++) {
            if (s[i] == ',' && s[i + 1] == '\'') {
                out->b = (sg_span){s + i + 2, len - i - 2};
                break;
            }
        }
        return;
    }
    if (s[0] == '%' && len >= 2 && s[1] != '%') {
        out->kind = SG_CSA_SPECIAL;
        int i = 0;
        out->a = word(s, len, &i);
        return;
    }
    if (starts(s, len, "REJECT") || starts(s, len, "AGREE")) {
        out->kind = s[0] == 'R' ? SG_CSA_REJECT : SG_CSA_AGREE;
        int i = s[0] == 'R' ? 6 : 5;
        out->a = word(s, len, &i);
        return;
    }
    if (x_with_arg(s, len, "%%SHOW", out)) { out->kind = SG_CSA_X_SHOW; return; }
    if (x_with_arg(s, len, "%%MONITOR2ON", out)) { out->kind = SG_CSA_X_MONITOR2ON; return; }
    if (x_with_arg(s, len, "%%MONITOR2OFF", out)) { out->kind = SG_CSA_X_MONITOR2OFF; return; }
    if (starts(s, len, "%%HELP")) { out->kind = SG_CSA_X_HELP; return; }
    if (starts(s, len, "%%VERSION")) { out->kind = SG_CSA_X_VERSION; return; }
    if (starts(s, len, "%%GAME") && rest_blank(s, len, 6)) { out->kind = SG_CSA_X_GAME; return; }
    if (x_game(s, len, "%%GAME", SG_CSA_X_GAME, out)) return;
    if (x_game(s, len, "%%CHALLENGE", SG_CSA_X_CHALLENGE, out)) return;
    if (starts(s, len, "%%CHAT") && len > 6 && blank(s[6])) {
        int i = 6;
        while (i < len && blank(s[i])) i++;
        if (i < len) {
            out->kind = SG_CSA_X_CHAT;
            out->a = (sg_span){s + i, len - i};
            return;
        }
    }
    if (starts(s, len, "%%LIST")) { out->kind = SG_CSA_X_LIST; return; }
    if (starts(s, len, "%%WHO")) { out->kind = SG_CSA_X_WHO; return; }
    if (starts(s, len, "LOGOUT")) { out->kind = SG_CSA_LOGOUT; return; }
    if (starts(s, len, "CHALLENGE")) { out->kind = SG_CSA_CHALLENGE; return; }
    if (rest_blank(s, len, 0)) { out->kind = SG_CSA_SPACE; return; }
}

bool sg_csa_parse_login(const char *s, int len, sg_csa_cmd *out)
{
    memset(out, 0, sizeof *out);
    int i = 0;
    sg_span w[5];
    int n = 0;
    for (;;) {
        sg_span t = word(s, len, &i);
        if (t.len == 0) break;
        if (n == 5) return false;
        w[n++] = t;
    }
    if (n != 3 && n != 4) return false;
    if (w[0].len != 5 || memcmp(w[0].s, "LOGIN", 5) != 0) return false;
    if (n == 4 && (w[3].len != 2 || memcmp(w[3].s, "x1", 2) != 0)) return false;
    if (!sg_csa_identifier_ok(w[1].s, w[1].len)) return false;
    out->kind = SG_CSA_LOGIN;
    out->a = w[1];
    out->b = w[2];
    out->x1 = n == 4;
    return true;
}

/* ---- names ------------------------------------------------------------------------------ */
static bool id_char(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
           c == '@' || c == '-' || c == '.';
}

bool sg_csa_identifier_ok(const char *s, int len)
{
    if (len < 1 || len > SG_CSA_ID_MAX) return false;
    for (int i = 0; i < len; i++)
        if (!id_char(s[i])) return false;
    return true;
}

static bool digit(char c) { return c >= '0' && c <= '9'; }

/* The tail "-T-B" or "-T-BF" of s: *cut is where the game's own name ends. */
static bool time_tail(const char *s, int len, int *cut, int *t_at, int *b_at)
{
    int i = len;
    if (i > 0 && s[i - 1] == 'F') i--;
    int e = i;
    while (i > 0 && digit(s[i - 1])) i--;
    if (i == e || i == 0 || s[i - 1] != '-') return false;
    *b_at = i;
    i--;
    e = i;
    while (i > 0 && digit(s[i - 1])) i--;
    if (i == e || i == 0 || s[i - 1] != '-') return false;
    *t_at = i;
    *cut = i - 1;
    return true;
}

bool sg_csa_game_name_ok(const char *s, int len)
{
    int cut, t, b;
    if (len >= SG_CSA_NAME_MAX || !time_tail(s, len, &cut, &t, &b)) return false;
    return sg_csa_identifier_ok(s, cut);
}

static int number(const char *s, int len)
{
    long long v = 0;
    for (int i = 0; i < len && digit(s[i]); i++) {
        v = v * 10 + (s[i] - '0');
        if (v > 100000000) v = 100000000; /* a bound, not an error: about 3 years */
    }
    return (int)v;
}

bool sg_csa_game_time(const char *s, int len, sg_csa_time *out)
{
    int cut, t, b;
    memset(out, 0, sizeof *out);
    if (!sg_csa_game_name_ok(s, len) || !time_tail(s, len, &cut, &t, &b)) return false;
    out->total = number(s + t, b - 1 - t);
    bool fischer = s[len - 1] == 'F';
    int bl = len - b - (fischer ? 1 : 0);
    out->stopwatch = bl >= 2 && s[b] == '0';
    if (fischer) out->increment = number(s + b, bl);
    else out->byoyomi = number(s + b, bl);
    return true;
}

/* "NAME-T-B[F]-b" (or w, B, W): the length of the name without "-b", and the turn */
static bool turn_suffix(const char *s, int len, int *cut, char *turn)
{
    if (len < 3 || s[len - 2] != '-') return false;
    char c = s[len - 1];
    if (c != 'b' && c != 'B' && c != 'w' && c != 'W') return false;
    int ct, t, b;
    if (!time_tail(s, len - 2, &ct, &t, &b)) return false;
    *cut = len - 2;
    *turn = (c == 'b' || c == 'B') ? '+' : '-';
    return true;
}

void sg_csa_parse_password(const char *pw, int len, char name[SG_CSA_NAME_MAX], sg_span *trip, char *turn)
{
    int cut;
    char t;
    *turn = '*';
    *trip = (sg_span){pw, 0};
    sg_span game = {pw, 0};
    /* Ruby's split(","): trailing empty fields do not count */
    int end = len;
    while (end > 0 && pw[end - 1] == ',') end--;
    const char *comma = NULL;
    for (int i = 0; i < end && !comma; i++)
        if (pw[i] == ',') comma = pw + i;
    if (sg_csa_game_name_ok(pw, len) || turn_suffix(pw, len, &cut, &t)) {
        game = (sg_span){pw, len};
    } else if (comma) {
        game = (sg_span){pw, (int)(comma - pw)};
        *trip = (sg_span){comma + 1, end - (int)(comma + 1 - pw)};
    } else {
        *trip = (sg_span){pw, len};
    }
    /* the trip is stripped; empty means none */
    while (trip->len > 0 && blank(trip->s[0])) { trip->s++; trip->len--; }
    while (trip->len > 0 && blank(trip->s[trip->len - 1])) trip->len--;
    if (game.len > 0 && turn_suffix(game.s, game.len, &cut, &t)) {
        game.len = cut;
        *turn = t;
    }
    if (game.len > 0 && sg_csa_game_name_ok(game.s, game.len))
        snprintf(name, SG_CSA_NAME_MAX, "%.*s", game.len, game.s);
    else
        snprintf(name, SG_CSA_NAME_MAX, "%s", SG_CSA_DEFAULT_GAME);
}
