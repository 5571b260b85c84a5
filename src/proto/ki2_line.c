/* KI2 lines split into moves (ki2.h): the reading the KIF reader's Lua loop made
 * character by character before, move for move. */
#include <string.h>
#include "ki2.h"

/* Lua's %s in the C locale */
static bool space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r'; }

static const char IDEO_SPACE[] = "\xE3\x80\x80"; /* U+3000 */

int sg_ki2_mark_at(const char *s, int left)
{
    if (left < 3 || (unsigned char)s[0] != 0xE2) return 0;
    unsigned char b = (unsigned char)s[1], c = (unsigned char)s[2];
    if (b == 0x96 && (c == 0xB2 || c == 0xB3 || c == 0xBD)) return 3;
    if (b == 0x98 && (c == 0x96 || c == 0x97)) return 3;
    return 0;
}

/* the end of s[a..b) with its trailing blanks cut, as the reader's trim does at the end:
 * ASCII blanks, then each U+3000 with the ASCII blanks before it */
static int trim_end(const char *s, int a, int b)
{
    while (b > a && space(s[b - 1])) b--;
    while (b - a >= 3 && memcmp(s + b - 3, IDEO_SPACE, 3) == 0) {
        b -= 3;
        while (b > a && space(s[b - 1])) b--;
    }
    return b;
}

int sg_ki2_moves(const char *line, int len, sg_span *out, int max)
{
    int n = 0, start = -1;
    for (int i = 0; i <= len;) {
        int m = i < len ? sg_ki2_mark_at(line + i, len - i) : 0;
        if (i == len || m) {
            if (start >= 0) {
                if (n < max) out[n] = (sg_span){line + start, trim_end(line, start, i) - start};
                n++;
            }
            if (i == len) break;
            start = i;
            i += m;
        } else {
            i++;
        }
    }
    return n;
}
