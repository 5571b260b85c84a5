/* Verifiable games (docs/WEB.md): the seed drawn at the start, its SHA-256
 * published at once, and the colours it decides. */
#include "web_internal.h"

#include <stdio.h>
#include <string.h>

void web_make_seed(sg_store_game *g)
{
    unsigned char seed[32], h[crypto_hash_sha256_BYTES];
    randombytes_buf(seed, sizeof seed);
    web_hex(seed, sizeof seed, g->seed);
    crypto_hash_sha256(h, (const unsigned char *)g->seed, strlen(g->seed));
    web_hex(h, sizeof h, g->seed_sha256);
}

int web_seed_hash(const char *seed_hex, char hash_hex[65])
{
    unsigned char h[crypto_hash_sha256_BYTES];
    char msg[128];
    snprintf(msg, sizeof msg, "komadai colours %s", seed_hex);
    crypto_hash_sha256(h, (const unsigned char *)msg, strlen(msg));
    if (hash_hex) web_hex(h, sizeof h, hash_hex);
    return h[0] & 1;
}

int web_seed_bit(const char *seed_hex) { return web_seed_hash(seed_hex, NULL); }
