/* A KIF or KI2 game record read whole from its text, in C: the reading of
 * lua/shogi/record/kif.lua (M.parse) for the records written the usual way
 * (headers, a main line of KIF move lines or of KI2 moves, their usual times,
 * comments, bookmarks, an end word, a まで summary; a board diagram's lines are
 * handed over whole, for the board reader).  Pure C, no allocation: what the record
 * holds goes to the caller's sink as it is read.  A record with anything else
 * (variations, a line the Lua reader refuses or reads its
 * own way, KIF and KI2 moves mixed, a NUL byte) is left to that reader:
 * sg_kif_read returns false and the caller reads it the general way, so every error
 * is worded in one place.  Moves are found, not read; what an end word or a summary
 * means, and the start a 手合割 names, are left to the caller (the Lua reader's
 * own functions), which refuses the record when they say something else. */
#ifndef SG_KIF_READ_H
#define SG_KIF_READ_H

#include <stdbool.h>
#include <stddef.h>
#include "csa.h" /* sg_span */

typedef enum {
    SG_KIF_ITEM_HEADER,      /* a: the name of "name：value", b: the value, trimmed (sg_kif_trim); line */
    SG_KIF_ITEM_BOARD,       /* a: a line before the moves that may be a board diagram's (a BOD line:
                              * "後手の持駒：...", "|v香v桂...|一", "後手番", ...), whole; line */
    SG_KIF_ITEM_MOVE,        /* a: a KIF move's text ("７六歩(77)"); ply, line */
    SG_KIF_ITEM_KI2_MOVE,    /* a: a KI2 move's text ("▲７六歩"); ply, line */
    SG_KIF_ITEM_TIME,        /* used, total: the seconds of move ply's "( 0:01/00:00:05)" (total -1: none written) */
    SG_KIF_ITEM_COMMENT,     /* a: a "*" line's text after the mark; ply: the move it follows */
    SG_KIF_ITEM_BOOKMARK,    /* a: a "&" line's text after the mark; ply: the move it follows */
    SG_KIF_ITEM_END_COMMENT  /* a: a "*" line's text after the end word */
} sg_kif_item;

typedef struct {
    sg_kif_item kind;
    int ply, line;
    sg_span a, b;
    long used, total;
} sg_kif_event;

typedef struct {
    void *ud;
    /* one item; returns false to stop the reading (sg_kif_read then returns false) */
    bool (*item)(void *ud, const sg_kif_event *e);
} sg_kif_sink;

typedef struct {
    int lines;               /* the text's lines (as core.lines counts them) */
    int moves;               /* the main line's moves */
    bool ki2;                /* they are KI2 moves (else KIF moves, or none) */
    bool ended;              /* a move line with an end word ("投了"): */
    sg_span end_text;        /*   the word */
    int end_line;
    bool end_timed;          /*   its time, if written (total -1: none) */
    long end_used, end_total;
    sg_span summary;         /* a "まで..." line, trimmed (s NULL: none) */
    int summary_line;
} sg_kif_record;

/* Reads the record text[0..len) (UTF-8, no BOM).  Returns true with *out filled
 * and every item given to the sink in the record's order; false for a record to
 * read the general way (see above; the items given so far are then void). */
bool sg_kif_read(const char *text, size_t len, const sg_kif_sink *sink, sg_kif_record *out);

/* s with its blanks trimmed as the KIF reader trims (bod.trim): ASCII blanks and
 * U+3000 at the start (the ASCII ones first), ASCII blanks and U+3000 at the end */
sg_span sg_kif_trim(sg_span s);

/* "( m:ss/h:mm:ss)" with ASCII blanks around (the shape nearly every KIF writer
 * uses), or only blanks: *has says which; false for anything else */
bool sg_kif_time(const char *s, size_t len, bool *has, long *used, long *total);

#endif
