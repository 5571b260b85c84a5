/* A CSA record line split into statements (csa.h, "record lines"): the same
 * reading as the Lua reader's before it, statement for statement. */
#include "csa.h"

/* Lua's %s: the blanks trimmed off a statement */
static bool space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r'; }

static sg_span trimmed(const char *s, int len, bool left)
{
    int a = 0, b = len;
    if (left) while (a < b && space(s[a])) a++;
    while (b > a && space(s[b - 1])) b--;
    return (sg_span){s + a, b - a};
}

static int put(sg_span *out, int max, int n, sg_span v)
{
    if (n < max) out[n] = v;
    return n + 1;
}

static int find(const char *s, int len, char c)
{
    for (int i = 0; i < len; i++)
        if (s[i] == c) return i;
    return -1;
}

int sg_csa_statements(const char *line, int len, sg_span *out, int max)
{
    if (len > 0 && line[0] == '\'') return put(out, max, 0, (sg_span){line, len});
    if ((len >= 2 && line[0] == 'N' && (line[1] == '+' || line[1] == '-')) || (len > 0 && line[0] == '$'))
        return put(out, max, 0, trimmed(line, len, false));
    int n = 0;
    const char *rest = line;
    int rlen = len;
    for (;;) {
        int q = find(rest, rlen, '\''), c = find(rest, rlen, ',');
        if (c >= 0 && (q < 0 || c < q)) {
            n = put(out, max, n, trimmed(rest, c, true));
            rest += c + 1;
            rlen -= c + 1;
        } else {
            if (q >= 0) {
                sg_span before = trimmed(rest, q, true);
                if (before.len > 0) n = put(out, max, n, before);
                n = put(out, max, n, (sg_span){rest + q, rlen - q});
            } else {
                n = put(out, max, n, trimmed(rest, rlen, true));
            }
            break;
        }
        while (rlen > 0 && space(rest[0])) { rest++; rlen--; }
        if (rlen > 0 && rest[0] == '\'') return put(out, max, n, (sg_span){rest, rlen});
    }
    return n;
}
