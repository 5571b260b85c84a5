/* The table of record endings (endings.h). */
#include <stdio.h>
#include <string.h>
#include "endings.h"

/* Reading: every word a reader accepts.  Writing takes the first row of a reason
 * whose loser fits (see words_for). */
static const sg_ending_row ROWS[] = {
    {"TORYO", "投了", "TORYO", SG_END_RESIGNATION, 's'},
    {"TSUMI", "詰み", "TSUMI", SG_END_CHECKMATE, 's'},
    {NULL, "詰", NULL, SG_END_CHECKMATE, 's'},
    {"SENNICHITE", "千日手", "SENNICHITE", SG_END_SENNICHITE, 'd'},
    {"ILLEGAL_MOVE", "反則負け", "ILLEGAL_MOVE", SG_END_ILLEGAL_MOVE, 's'},
    {"+ILLEGAL_ACTION", NULL, "+ILLEGAL_ACTION", SG_END_ILLEGAL_MOVE, 'b'},
    {"-ILLEGAL_ACTION", NULL, "-ILLEGAL_ACTION", SG_END_ILLEGAL_MOVE, 'w'},
    {NULL, "反則勝ち", NULL, SG_END_ILLEGAL_MOVE, 'o'},
    {"OUTE_SENNICHITE", NULL, NULL, SG_END_PERPETUAL_CHECK, 'o'},
    {"TIME_UP", "切れ負け", "TIME_UP", SG_END_TIME_UP, 's'},
    {NULL, "時間切れ", NULL, SG_END_TIME_UP, 's'},
    {"KACHI", "入玉勝ち", "KACHI", SG_END_DECLARATION, 'o'},
    {"JISHOGI", "持将棋", "JISHOGI", SG_END_IMPASSE_24, 'd'},
    {"MAX_MOVES", NULL, NULL, SG_END_MAX_MOVES, 'd'},
    {"HIKIWAKE", "引き分け", "HIKIWAKE", SG_END_AGREEMENT, 'd'},
    {"CHUDAN", "中断", "CHUDAN", SG_END_NONE, 'n'},
    {"FUZUMI", "不詰", "FUZUMI", SG_END_NONE, 'n'},
    {"MATTA", "待った", "MATTA", SG_END_NONE, 'n'},
    {"ERROR", "エラー", "ERROR", SG_END_NONE, 'n'},
    {NULL, "封じ手", NULL, SG_END_NONE, 'n'},
};
#define NROWS ((int)(sizeof ROWS / sizeof ROWS[0]))

bool sg_ending_row_at(int i, sg_ending_row *out)
{
    if (i < 0 || i >= NROWS) return false;
    *out = ROWS[i];
    return true;
}

bool sg_record_format_from_name(const char *name, sg_record_format *out)
{
    if (strcmp(name, "csa") == 0) *out = SG_REC_CSA;
    else if (strcmp(name, "kif") == 0 || strcmp(name, "ki2") == 0) *out = SG_REC_KIF;
    else if (strcmp(name, "jkf") == 0) *out = SG_REC_JKF;
    else return false;
    return true;
}

static const char *word_of(const sg_ending_row *r, sg_record_format f)
{
    return f == SG_REC_CSA ? r->csa : f == SG_REC_KIF ? r->kif : r->jkf;
}

/* the loser a row states, with stm to move: a colour, -1 draw, -2 no result */
static int row_loser(const sg_ending_row *r, sg_color stm)
{
    switch (r->loser) {
    case 's': return stm;
    case 'o': return sg_opp(stm);
    case 'b': return SG_BLACK;
    case 'w': return SG_WHITE;
    case 'd': return -1;
    default: return -2;
    }
}

/* the first row with a word in f for this reason and loser */
static const char *find_word(sg_end reason, int loser, sg_color stm, sg_record_format f)
{
    for (int i = 0; i < NROWS; i++)
        if (ROWS[i].reason == reason && word_of(&ROWS[i], f) && row_loser(&ROWS[i], stm) == loser)
            return word_of(&ROWS[i], f);
    return NULL;
}

void sg_ending_words_for(const sg_verdict *v, sg_color stm, sg_record_format f, sg_ending_words *out)
{
    memset(out, 0, sizeof *out);
    int loser = v->outcome == SG_OUTCOME_WIN ? (int)sg_opp((sg_color)v->winner) : -1;
    sg_end reason = v->reason;
    switch (reason) {
    /* ends of play written as the mate word: the loser is the side to move */
    case SG_END_NO_LEGAL_MOVE: case SG_END_ROYALS_LOST: case SG_END_BARE_ROYAL: reason = SG_END_CHECKMATE; break;
    /* the checking side's foul */
    case SG_END_PERPETUAL_CHECK:
        reason = SG_END_ILLEGAL_MOVE;
        out->note = "連続王手の千日手";
        break;
    /* a wrong declaration is written as the declaration it was: replayed, it loses again */
    case SG_END_WRONG_DECLARATION: reason = SG_END_DECLARATION; loser = sg_opp(stm); break;
    /* a move cap is a draw the format may have no word for */
    case SG_END_MAX_MOVES:
        if (!find_word(reason, loser, stm, f)) reason = SG_END_IMPASSE_24;
        break;
    default: break;
    }
    out->word = find_word(reason, loser, stm, f);
    if (!out->word || v->reason == SG_END_CUSTOM) {
        out->word = find_word(SG_END_NONE, -2, stm, f);
        snprintf(out->comment, sizeof out->comment, "komadai verdict: %s winner=%s", sg_verdict_id(v),
                 v->outcome == SG_OUTCOME_WIN ? (v->winner == SG_BLACK ? "b" : "w") : "draw");
    }
}

bool sg_ending_parse(const char *word, sg_record_format f, sg_color stm, sg_ending_meaning *out)
{
    if (f == SG_REC_CSA && word[0] == '%') word++;
    for (int i = 0; i < NROWS; i++) {
        const char *w = word_of(&ROWS[i], f);
        if (!w || strcmp(w, word) != 0) continue;
        int loser = row_loser(&ROWS[i], stm);
        out->result = loser != -2;
        out->reason = ROWS[i].reason;
        out->loser = loser < 0 ? -1 : loser;
        return true;
    }
    return false;
}

bool sg_ending_parse_comment(const char *text, char id[32], int *winner)
{
    static const char HEAD[] = "komadai verdict: ";
    const char *s = strstr(text, HEAD);
    if (!s) return false;
    s += sizeof HEAD - 1;
    const char *w = strstr(s, " winner=");
    if (!w || w == s || w - s >= 32) return false;
    memcpy(id, s, (size_t)(w - s));
    id[w - s] = 0;
    w += 8;
    if (strncmp(w, "b", 1) == 0 && (w[1] == 0 || w[1] == ' ' || w[1] == '\n')) *winner = SG_BLACK;
    else if (strncmp(w, "w", 1) == 0 && (w[1] == 0 || w[1] == ' ' || w[1] == '\n')) *winner = SG_WHITE;
    else if (strncmp(w, "draw", 4) == 0) *winner = -1;
    else return false;
    return true;
}
