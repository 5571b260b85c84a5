/* MD5 (RFC 1321), written from the RFC's description: 64 steps in four
 * rounds over 512-bit blocks, the constants floor(|sin(i + 1)| * 2^32). */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include "md5.h"

static uint32_t rotl(uint32_t x, int c) { return (x << c) | (x >> (32 - c)); }

static void block(uint32_t h[4], const uint8_t *b, const uint32_t k[64])
{
    static const int shift[4][4] = {{7, 12, 17, 22}, {5, 9, 14, 20}, {4, 11, 16, 23}, {6, 10, 15, 21}};
    uint32_t w[16];
    for (int i = 0; i < 16; i++)
        w[i] = (uint32_t)b[4 * i] | (uint32_t)b[4 * i + 1] << 8 | (uint32_t)b[4 * i + 2] << 16 |
               (uint32_t)b[4 * i + 3] << 24;
    uint32_t a = h[0], bb = h[1], c = h[2], d = h[3];
    for (int i = 0; i < 64; i++) {
        uint32_t f;
        int g;
        switch (i / 16) {
        case 0: f = (bb & c) | (~bb & d); g = i; break;
        case 1: f = (d & bb) | (~d & c); g = (5 * i + 1) % 16; break;
        case 2: f = bb ^ c ^ d; g = (3 * i + 5) % 16; break;
        default: f = c ^ (bb | ~d); g = (7 * i) % 16; break;
        }
        uint32_t t = d;
        d = c;
        c = bb;
        bb = bb + rotl(a + f + k[i] + w[g], shift[i / 16][i % 4]);
        a = t;
    }
    h[0] += a; h[1] += bb; h[2] += c; h[3] += d;
}

void sg_md5_hex(const void *data, size_t len, char out[33])
{
    uint32_t k[64];
    for (int i = 0; i < 64; i++) k[i] = (uint32_t)floor(fabs(sin((double)i + 1)) * 4294967296.0);
    uint32_t h[4] = {0x67452301u, 0xefcdab89u, 0x98badcfeu, 0x10325476u};
    const uint8_t *p = data;
    size_t n = len;
    for (; n >= 64; n -= 64, p += 64) block(h, p, k);
    uint8_t tail[128] = {0};
    memcpy(tail, p, n);
    tail[n] = 0x80;
    size_t tl = n < 56 ? 64 : 128;
    uint64_t bits = (uint64_t)len * 8;
    for (int i = 0; i < 8; i++) tail[tl - 8 + (size_t)i] = (uint8_t)(bits >> (8 * i));
    block(h, tail, k);
    if (tl == 128) block(h, tail + 64, k);
    for (int i = 0; i < 16; i++) snprintf(out + 2 * i, 3, "%02x", (h[i / 4] >> (8 * (i % 4))) & 0xffu);
}
