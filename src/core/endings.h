/* How records write the end of a game, and what their words mean: one table
 * for CSA, KIF/KI2 and JKF, read by every record reader and writer (and the
 * CSA protocol).  Verdicts come from rules.h; this only names them.
 *
 * Writing: each verdict has its word per format.  A word that cannot say who
 * won (a custom verdict, a resignation by the side not to move, an impasse
 * win) is written as the format's "interrupted" word (CSA %CHUDAN, KIF 中断,
 * JKF CHUDAN) with a comment "komadai verdict: ID winner=b|w|draw" that
 * komadai reads back into the same verdict; custom verdicts are never written
 * as fouls.  Perpetual check is the checking side's foul: CSA
 * %+ILLEGAL_ACTION when black checked, %-ILLEGAL_ACTION when white did; KIF
 * 反則勝ち (the side to move after the last move is the one wronged).
 *
 * Reading: a word means a reason and who lost, relative to the side to move
 * after the last recorded move.  Words with no result (中断, 不詰, 待った, エラー,
 * 封じ手) leave the game open. */
#ifndef SG_ENDINGS_H
#define SG_ENDINGS_H

#include "rules.h"

typedef enum { SG_REC_CSA = 0, SG_REC_KIF, SG_REC_JKF, SG_REC_NB } sg_record_format;
/* "csa", "kif" (also "ki2"), "jkf"; false for another name */
bool sg_record_format_from_name(const char *name, sg_record_format *out);

#define SG_ENDING_COMMENT_MAX 96
typedef struct {
    const char *word;                      /* "TORYO" (CSA without '%'), "投了", ... */
    char comment[SG_ENDING_COMMENT_MAX];   /* "" or "komadai verdict: took-gold winner=b" */
    const char *note;                      /* NULL or a reason worth a comment: "連続王手の千日手" */
} sg_ending_words;
/* The words for verdict v of a game whose side to move is stm (after the last move). */
void sg_ending_words_for(const sg_verdict *v, sg_color stm, sg_record_format f, sg_ending_words *out);

typedef struct {
    bool result;       /* false: the word ends the record with no result (the game stays open) */
    sg_end reason;     /* the end it states (SG_END_NONE when no result) */
    int loser;         /* SG_BLACK, SG_WHITE, or -1 for a draw */
} sg_ending_meaning;
/* What word means (CSA: with or without '%'), stm to move; false for an unknown word. */
bool sg_ending_parse(const char *word, sg_record_format f, sg_color stm, sg_ending_meaning *out);
/* Reads a "komadai verdict: ID winner=X" comment: the id (into id, 32 bytes) and the
 * winner (-1 for a draw); false when text is no such comment. */
bool sg_ending_parse_comment(const char *text, char id[32], int *winner);

/* The rows of the table, for documentation and tests: row i's word in each
 * format (NULL where the format has none), its reason and its loser.
 * Returns false past the end. */
typedef struct {
    const char *csa, *kif, *jkf;
    sg_end reason;
    char loser;        /* 's': the side to move, 'o': the other side, 'b'/'w', 'd' draw, 'n' no result */
} sg_ending_row;
bool sg_ending_row_at(int i, sg_ending_row *out);

#endif
