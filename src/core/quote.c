/* Quoting outside text in a message: see quote.h. */
#include <stdbool.h>
#include "quote.h"

/* the length of the valid UTF-8 character at s (n bytes left), 0 when it is not one */
static size_t utf8_len(const unsigned char *s, size_t n)
{
    unsigned c = s[0];
    size_t k;
    unsigned min;
    if (c < 0x80) return 1;
    if (c >= 0xc2 && c < 0xe0) { k = 2; min = 0x80; }
    else if (c >= 0xe0 && c < 0xf0) { k = 3; min = 0x800; }
    else if (c >= 0xf0 && c < 0xf5) { k = 4; min = 0x10000; }
    else return 0;
    if (k > n) return 0;
    unsigned v = c & (0x7f >> k);
    for (size_t i = 1; i < k; i++) {
        if ((s[i] & 0xc0) != 0x80) return 0;
        v = v << 6 | (s[i] & 0x3f);
    }
    if (v < min || v > 0x10ffff || (v >= 0xd800 && v < 0xe000)) return 0;
    return k;
}

static bool control(const unsigned char *s, size_t k)
{
    if (k == 1) return s[0] < 0x20 || s[0] == 0x7f;
    return k == 2 && s[0] == 0xc2 && s[1] < 0xa0; /* U+0080 to U+009F */
}

/* one step at s (n bytes left): *kept input bytes, shown escaped or not; returns the output bytes */
static size_t step(const unsigned char *s, size_t n, size_t *kept, bool *escape)
{
    size_t k = utf8_len(s, n);
    *escape = k == 0 || control(s, k);
    *kept = k ? k : 1;
    return *escape ? 4 * *kept : k;
}

char *sg_quote(const char *text, size_t n, char *out, size_t size)
{
    static const char HEX[] = "0123456789ABCDEF";
    const unsigned char *s = (const unsigned char *)text;
    if (size == 0) return out;
    /* does it all fit?  Then nothing is cut */
    size_t total = 0;
    for (size_t i = 0, kept; i < n; i += kept) {
        bool escape;
        total += step(s + i, n - i, &kept, &escape);
    }
    bool fits = total < size;
    size_t o = 0;
    for (size_t i = 0; i < n;) {
        size_t kept;
        bool escape;
        size_t need = step(s + i, n - i, &kept, &escape);
        /* room for this, and for "..." if more follows (so "..." always
         * fits after the step before) */
        size_t room = size - 1 - o;
        if (!fits && (need > room || (i + kept < n && need + 3 > room))) {
            for (int j = 0; j < 3 && o < size - 1; j++) out[o++] = '.';
            break;
        }
        for (size_t j = 0; j < kept; j++) {
            if (escape) {
                out[o++] = '\\';
                out[o++] = 'x';
                out[o++] = HEX[s[i + j] >> 4];
                out[o++] = HEX[s[i + j] & 15];
            } else
                out[o++] = (char)s[i + j];
        }
        i += kept;
    }
    out[o] = '\0';
    return out;
}
