/* A CSA game record read whole from its text, in C: the reading of
 * lua/shogi/record/csa.lua (M.parse) for the records written the usual way, which
 * are nearly all of them.  Pure C, no allocation: what the record holds goes to the
 * caller's sink as it is read, and the start position comes back as an SFEN.
 * A record with anything else (a line the Lua reader refuses, 00AL, Sho shogi, a
 * 'variant line, an odd PI or piece line, a NUL byte) is left to that reader:
 * sg_csa_read returns false and the caller reads it the general way, so every
 * error is worded in one place.  Moves are found, not read: their text goes to the
 * core's notation parser when they are played. */
#ifndef SG_CSA_READ_H
#define SG_CSA_READ_H

#include <stdbool.h>
#include <stddef.h>
#include "csa.h" /* sg_span */
#include "../core/position.h"

typedef enum {
    SG_CSA_ITEM_NAME_BLACK,  /* a: N+'s name */
    SG_CSA_ITEM_NAME_WHITE,  /* a: N-'s name */
    SG_CSA_ITEM_HEADER,      /* a: the key of $KEY:value, b: the value, blanks trimmed off */
    SG_CSA_ITEM_MOVE,        /* a: its text ("+7776FU"), line: its line (1-based) */
    SG_CSA_ITEM_TIME,        /* a: a move's time, the number's text ("12", "1.5"); ply: the move */
    SG_CSA_ITEM_COMMENT,     /* a: a "'*" comment's text after the mark; ply: the move it follows */
    SG_CSA_ITEM_NOTE,        /* a: a "'" line's text after the mark; ply: the move it follows */
    SG_CSA_ITEM_END_COMMENT  /* a: a "'*" comment after the end marker */
} sg_csa_item;

typedef struct {
    void *ud;
    /* one item; returns false to stop the reading (sg_csa_read then returns false) */
    bool (*item)(void *ud, sg_csa_item kind, int ply, sg_span a, sg_span b, int line);
} sg_csa_sink;

typedef struct {
    char start[SG_SFEN_MAX];  /* the start position's SFEN, as the Lua reader writes it */
    int lines;                /* the text's lines (as core.lines counts them) */
    sg_span version;          /* "2.2" of V2.2 (len 0 and s NULL: none) */
    bool ended;               /* an end marker: */
    sg_span end_text;         /*   "%TORYO" */
    int end_line;
    sg_span end_time;         /*   the time after it, the number's text (s NULL: none) */
} sg_csa_record;

/* Reads the record text[0..len) (UTF-8, no BOM).  Returns true with *out filled
 * and every item given to the sink in the record's order; false for a record to
 * read the general way (see above; the items given so far are then void). */
bool sg_csa_read(const char *text, size_t len, const sg_csa_sink *sink, sg_csa_record *out);

#endif
