/* MD5 (RFC 1321), for shogi-server's rated player ids: NAME+md5hex(TRIP). */
#ifndef SG_MD5_H
#define SG_MD5_H

#include <stddef.h>

/* the digest of data as 32 lower-case hex digits and a zero */
void sg_md5_hex(const void *data, size_t len, char out[33]);

#endif
