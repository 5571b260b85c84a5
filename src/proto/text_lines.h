/* The lines of a record's text: pure C, no allocation.  One reading of line ends
 * for every reader (core.lines and the whole-record readers): LF, CRLF, CR, or a
 * run of CRs before an LF (some Windows tools write CR CR LF) is one end each, a
 * lone CR one end of its own.  A last line end gives no empty line after it; an
 * empty text is one empty line. */
#ifndef SG_TEXT_LINES_H
#define SG_TEXT_LINES_H

#include <stdbool.h>
#include <stddef.h>

/* The line starting at *pos: its bytes are text[*pos .. *end); *pos moves to the
 * start of the next line.  Returns false when there is none (call it first with
 * *pos = 0: an empty text still has its one empty line, so the first call is true). */
static inline bool sg_text_line(const char *text, size_t len, size_t *pos, size_t *end, bool first)
{
    size_t i = *pos;
    if (!first && i >= len) return false;
    while (i < len && text[i] != '\n' && text[i] != '\r') i++;
    *end = i;
    if (i < len) {
        size_t next = i + 1;
        if (text[i] == '\r') {
            size_t j = i;
            while (j < len && text[j] == '\r') j++;
            if (j < len && text[j] == '\n') next = j + 1; /* CR..CR LF is one end; a lone CR is one */
        }
        i = next;
    }
    *pos = i;
    return true;
}

#endif
