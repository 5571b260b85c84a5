/* Move notation: USI, CSA, Western (Hodges) and Japanese (KI2 and KIF style),
 * formatted from and parsed for a position.  Text is UTF-8.  Nothing here
 * prints or allocates; every function writes into a caller's buffer.
 *
 * Formats (the examples are moves of black):
 *   USI       7g7f  8h2b+  P*5e
 *   CSA       +7776FU  +8822UM  +0055KA   (sign, from, to, the piece standing on
 *             the destination after the move; 00 for a drop).  Sho shogi: the
 *             drunken elephant is SZ (suizo), the crown prince TS (taishi).
 *   Western   P-7f  Bx2b+  S*5e  G6i-5h  N-7c=  +R-2b
 *             '-' a move, 'x' a capture, '*' every drop; the origin square only
 *             when another piece of the same kind could also legally go there;
 *             '+' a promotion, '=' a promotion declined where it was possible.
 *             Promoted pieces +P +L +N +S +B +R; Sho: E, +E.
 *   Japanese  ▲７六歩  △同　歩  ▲５五角打  ▲２二角成  ▲２二銀不成  ▲５八金右
 *             (KI2 style: the JSA words 右 左 直 上 引 寄 and 打 exactly when needed)
 *   KIF       ７六歩(77)  同　歩(76)  ５五角打  ２二角成(88)  ２二銀不成(31)
 *             (no side mark, the origin in parentheses, 打 on every drop)
 *
 * The JSA words (Japanese style), for a board move when other pieces of the
 * same kind can also legally move to the destination:
 *   1. 上 (forward), 引 (backward) or 寄 (sideways), when no other such piece
 *      moves in the same direction;
 *   2. else 直 for a piece moving straight forward (not for dragons and horses);
 *   3. else 右 or 左, from the mover's own view (black's right is file 1,
 *      white's file 9), when the mover is the only one on that side;
 *   4. else 右/左 among the pieces moving in the same direction, followed by
 *      the direction: 右上, 左引, ...
 *   The words name the piece whatever the promotion (成 may also tell two
 *   pieces apart, but the words are written all the same).  A drop is
 *   written 打 only when a board piece of that kind could also move there.
 *   Parsing reads the words the same way: 上 引 寄 直 filter by direction,
 *   then 右 左 keep the right- or leftmost of what is left.  A word that is
 *   not needed but true is accepted; a 右/左 that fits the one legal
 *   candidate but would point at another (pinned) piece of the kind is not.
 *   Without 打, a board move is meant when one fits.
 *
 * Parsing is strict: a text that fits no legal move, or more than one, is
 * refused with a message naming the reason or listing the candidates; a move
 * is never guessed.  A Japanese or Western move that could promote must say
 * so (成/不成, +/=), except in KIF style: with the origin written, a move
 * without 成 does not promote (KIF writers often leave out 不成).
 * Accepted variants: full- and half-width digits, kanji or arabic ranks
 * (７六 76 7六), 王/玉, 龍/竜, 成銀/全, 成桂/圭, 成香/杏, と/成歩, 酔象/酔,
 * 太子/太, 不成/生, 上/行/入, the marks ▲△☗☖▼▽ or none, 同 with or without a
 * space, the KIF origin (77) in the Japanese style; CSA with or without its
 * sign; Western origins with or without '-', ranks as letters or
 * digits (P-7f, P-76, P7g-7f), '-' also for a capture. */
#ifndef SG_NOTATION_H
#define SG_NOTATION_H

#include "movegen.h"

typedef enum {
    SG_NOTATION_USI = 0,
    SG_NOTATION_CSA,
    SG_NOTATION_WESTERN,
    SG_NOTATION_JAPANESE,   /* KI2 style */
    SG_NOTATION_KIF,        /* KIF style, with the origin */
    SG_NOTATION_NB
} sg_notation;

/* "usi", "csa", "western", "japanese", "kif" */
const char *sg_notation_name(sg_notation n);
/* the names above, and "ki2" for japanese; false for an unknown name */
bool sg_notation_from_name(const char *name, sg_notation *out);

/* Bytes a formatted move needs at most, with its terminating zero. */
#define SG_MOVE_TEXT_MAX 48

/* Format flags */
#define SG_FMT_NO_MARK 1u   /* Japanese: leave out the ▲/△ mark */

/* Writes the name of the legal move m of p in notation n into out (size
 * bytes, zero-terminated, truncated if too small).  prev_to is the previous
 * move's destination (for 同), or SG_SQ_NONE.  Returns the length of the full
 * name, or -1 (and an empty string) when m is not a legal move of p. */
int sg_move_format(const sg_pos *p, sg_move m, sg_notation n, sg_square prev_to, unsigned flags,
                   char *out, int size);

/* Reads text as a move of p in notation n (SG_NOTATION_JAPANESE and
 * SG_NOTATION_KIF read the same forms).  Leading and trailing white space is
 * ignored.  On success fills *m with the legal move and returns true; on
 * failure fills err (line 1, the column in characters) and returns false,
 * with *m the illegal move the text names when it names one exactly (a
 * record's stated foul), else SG_MOVE_NONE. */
bool sg_move_parse(const sg_pos *p, const char *text, sg_notation n, sg_square prev_to, sg_move *m,
                   sg_error *err);
/* The same, the notation chosen from the text's shape: any non-ASCII text is
 * Japanese, then USI, CSA, and Western.  *which (may be NULL) gets the notation. */
bool sg_move_parse_any(const sg_pos *p, const char *text, sg_square prev_to, sg_move *m,
                       sg_notation *which, sg_error *err);

/* The parts of text shaped as a USI move ("7g7f", "8h2b+", "P*5e"), whatever
 * the position: *from (SG_SQ_NONE for a drop), *to, *promote, *drop (the
 * dropped type, SG_NO_PT for a board move).  false for any other text. */
bool sg_usi_split(const char *text, sg_square *from, sg_square *to, bool *promote, sg_ptype *drop);

/* ---- names of pieces and squares (for diagrams and record formats) ---------- */
typedef enum {
    SG_NAME_JAPANESE = 0,  /* 歩 香 ... と 成香 成桂 成銀 馬 龍 玉 酔象 太子 */
    SG_NAME_KANJI1,        /* one character: と 杏 圭 全 馬 龍 玉 酔 太 */
    SG_NAME_CSA,           /* FU KY KE GI KI KA HI OU TO NY NK NG UM RY SZ TS */
    SG_NAME_WESTERN,       /* P L N S G B R K E +P +L +N +S +B +R +E */
    SG_NAME_NB
} sg_name_style;
/* the name of piece type t, or NULL for a type that does not exist */
const char *sg_ptype_name(sg_ptype t, sg_name_style style);
/* Reads a piece name of any style (and every accepted variant) at the start
 * of s; returns its type and the bytes it took in *len, or SG_NO_PT. */
sg_ptype sg_ptype_parse(const char *s, int *len);
/* "７六" (Japanese: full-width file, kanji rank) into out; returns the length */
int sg_square_japanese(sg_square s, char out[8]);

#endif
