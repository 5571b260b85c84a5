/* KI2 record lines (moves written "▲７六歩△３四歩", several a line): pure C, no
 * allocation.  The KIF reader (lua/shogi/record/kif.lua) takes a KI2 line's moves
 * through core.ki2_moves. */
#ifndef SG_KI2_H
#define SG_KI2_H

#include "csa.h" /* sg_span */

/* The moves of a KI2 line into out[0..max): each from a side mark (▲ ☗ for Black,
 * △ ▽ ☖ for White) up to the next mark or the end of the line, the mark kept, blanks
 * (ASCII and U+3000) trimmed off its end; what comes before the first mark is not a
 * move.  Returns the number of moves (more than max when out was too short).  The
 * line is UTF-8 (the marks' bytes are found only where they are characters). */
int sg_ki2_moves(const char *line, int len, sg_span *out, int max);

/* the length of the side mark at s (3 bytes, of the left bytes there), or 0: ▲ U+25B2,
 * △ U+25B3, ▽ U+25BD, ☗ U+2617, ☖ U+2616 */
int sg_ki2_mark_at(const char *s, int left);

#endif
