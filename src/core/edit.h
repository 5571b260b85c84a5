/* Editing a position: the composer's changes (put, remove, hands, clear, side,
 * mirror, swap) applied to a copy, checked against the core's piece facts.
 * The result may still break the diagram rules that need the whole problem
 * to judge (nifu, the side not to move in check, a missing king): those are
 * sg_pos_problems' and the caller's to report, as for a lenient read. */
#ifndef SG_EDIT_H
#define SG_EDIT_H

#include "position.h"

typedef enum {
    SG_EDIT_PUT = 0,       /* sq, piece: the piece stands on sq (replacing what stood there) */
    SG_EDIT_REMOVE,        /* sq: the square is empty (empty already is fine) */
    SG_EDIT_HAND,          /* color, hand: colour's hand holds exactly these counts */
    SG_EDIT_HAND_REST,     /* color: colour's hand holds every piece of the set not on the
                              board or in the other hand (kings never go to a hand) */
    SG_EDIT_CLEAR,         /* the board and both hands empty; the side to move stays */
    SG_EDIT_SIDE,          /* color: the side to move */
    SG_EDIT_MIRROR,        /* left and right exchanged: file f goes to file 10 - f */
    SG_EDIT_SWAP,          /* the colours exchanged: every piece changes colour and the board
                              turns half a turn, the hands and the side to move change over
                              (a mate for black becomes the same mate for white) */
    SG_EDIT_NB
} sg_edit_kind;

typedef struct {
    sg_edit_kind kind;
    sg_square sq;
    sg_piece piece;
    sg_color color;
    uint8_t hand[SG_HAND_NB];
} sg_edit;

/* Applies the n edits in order to a copy of *from.  On success fills *out
 * (the keys, kings and checkers recomputed; the ply kept) and returns true.
 * On failure returns false, leaves *out untouched and fills err: col is the
 * 1-based index of the edit at fault (0 when the fault is the result's),
 * msg says what: a square off the board, a piece the variant lacks, a second
 * king of one colour, a hand in a variant without drops, a king in a hand,
 * and, when strict, what the diagram rules (sg_pos_problems) would refuse
 * and the edit brought about: a piece put where it could never move, more
 * pieces of a kind than the set has (sg_pos_set_count; the count raised past
 * it by the edits: a lenient diagram's extra pieces may stay).  Not strict
 * (a lenient edit, as a lenient read) lets those through for
 * sg_pos_problems to list. */
bool sg_pos_edit(const sg_pos *from, const sg_edit *edits, int n, bool strict, sg_pos *out, sg_error *err);

/* Reads a hand written as USI letters with counts ("R2P", "2b18p"; the case
 * is ignored, the side is the caller's; "-" or "" is an empty hand) into
 * hand[] (every count set).  On failure returns false, leaves hand
 * untouched and fills err (col: the column of the fault). */
bool sg_hand_read(const char *text, sg_variant v, uint8_t hand[SG_HAND_NB], sg_error *err);

#endif
