/* Quoting outside text in a message: the one place that decides how a bad
 * input's bytes are shown, so a message never carries a control character or
 * a byte that is not UTF-8 back to a terminal, an engine or a client. */
#ifndef SG_QUOTE_H
#define SG_QUOTE_H

#include <stddef.h>

/* Copies the n bytes of text into out (size bytes, always zero-terminated):
 * valid UTF-8 as it is; a control character (below 0x20, 0x7f, and U+0080 to
 * U+009F), a zero byte or a byte that is not part of valid UTF-8 as \xHH
 * (upper-case hex; a backslash itself stays as it is).  What does not fit is
 * cut at a character and ends in "...".  Returns out. */
char *sg_quote(const char *text, size_t n, char *out, size_t size);

#endif
