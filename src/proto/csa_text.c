/* The CSA protocol: the text the server writes (positions, Game_Summary,
 * results), laid out as shogi-server lays it out. */
#include <stdarg.h>
#include <stdio.h>
#include "csa.h"
#include "../core/pieces.h"

typedef struct { char *buf; int size, len; } out_t;

static void put(out_t *o, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int room = o->len < o->size ? o->size - o->len : 0;
    int n = vsnprintf(room ? o->buf + o->len : NULL, (size_t)room, fmt, ap);
    va_end(ap);
    if (n > 0) o->len += n;
}

static int done(out_t *o)
{
    if (o->size > 0 && o->len >= o->size) o->buf[o->size - 1] = '\0';
    return o->len < o->size ? o->len : (o->size > 0 ? o->size - 1 : 0);
}

int sg_csa_write_position(const sg_pos *p, char *buf, int size)
{
    out_t o = {buf, size, 0};
    if (size > 0) buf[0] = '\0';
    for (int rank = 0; rank < 9; rank++) {
        put(&o, "P%d", rank + 1);
        for (int file = 9; file >= 1; file--) {
            sg_piece pc = p->board[sg_sq(file, rank)];
            if (pc == SG_NO_PIECE) put(&o, " * ");
            else put(&o, "%c%s", sg_piece_color(pc) == SG_BLACK ? '+' : '-',
                     sg_piece_info_of(sg_piece_type(pc))->csa);
        }
        put(&o, "\n");
    }
    const sg_ptype *order = sg_hand_order();
    for (int c = 0; c < SG_COLOR_NB; c++) {
        bool any = false;
        for (int i = 0; i < SG_HAND_ORDER_NB; i++) {
            for (int k = 0; k < p->hand[c][order[i]]; k++) {
                if (!any) put(&o, "P%c", c == SG_BLACK ? '+' : '-');
                any = true;
                put(&o, "00%s", sg_piece_info_of(order[i])->csa);
            }
        }
        if (any) put(&o, "\n");
    }
    put(&o, "%c\n", p->side == SG_BLACK ? '+' : '-');
    return done(&o);
}

int sg_csa_write_summary(const sg_csa_summary *s, int you, char *buf, int size)
{
    out_t o = {buf, size, 0};
    if (size > 0) buf[0] = '\0';
    put(&o, "BEGIN Game_Summary\nProtocol_Version:1.2\nProtocol_Mode:Server\nFormat:Shogi 1.0\n"
            "Declaration:Jishogi 1.1\nGame_ID:%s\nName+:%s\nName-:%s\nYour_Turn:%c\n"
            "Rematch_On_Draw:NO\nTo_Move:%c\nMax_Moves:%d\n",
        s->game_id, s->name[0], s->name[1], you == 0 ? '+' : '-', s->start->side == SG_BLACK ? '+' : '-',
        s->max_moves);
    put(&o, "BEGIN Time\nTime_Unit:%s\nTotal_Time:%d\nByoyomi:%d\nIncrement:%d\nLeast_Time_Per_Move:%d\n"
            "END Time\nBEGIN Position\n",
        s->time.stopwatch ? "1min" : "1sec", s->time.total, s->time.byoyomi, s->time.increment, s->least);
    char tmp[512];
    sg_csa_write_position(s->start, tmp, (int)sizeof tmp);
    put(&o, "%sEND Position\nEND Game_Summary\n", tmp);
    return done(&o);
}

int sg_csa_write_show(const sg_csa_summary *s, const int remaining[2], const char *last_move, int current_turn,
                      const sg_pos *now, char *buf, int size)
{
    out_t o = {buf, size, 0};
    if (size > 0) buf[0] = '\0';
    put(&o, "BEGIN Game_Summary\nProtocol_Version:1.2\nProtocol_Mode:Server\nFormat:Shogi 1.0\n"
            "Declaration:Jishogi 1.1\nGame_ID:%s\nName+:%s\nName-:%s\n"
            "Rematch_On_Draw:NO\nTo_Move:+\nMax_Moves:%d\n",
        s->game_id, s->name[0], s->name[1], s->max_moves);
    put(&o, "BEGIN Time\nTime_Unit:%s\nTotal_Time:%d\nByoyomi:%d\nIncrement:%d\nLeast_Time_Per_Move:%d\n"
            "Remaining_Time+:%d\nRemaining_Time-:%d\nLast_Move:%s\nCurrent_Turn:%d\nEND Time\nBEGIN Position\n",
        s->time.stopwatch ? "1min" : "1sec", s->time.total, s->time.byoyomi, s->time.increment, s->least,
        remaining[0], remaining[1], last_move, current_turn);
    char tmp[512];
    sg_csa_write_position(now, tmp, (int)sizeof tmp);
    put(&o, "%sEND Position\nEND Game_Summary\n", tmp);
    return done(&o);
}

static const struct {
    const char *lines;        /* before #WIN/#LOSE */
    const char *word;         /* the record's line */
    const char *summary;      /* 'summary: type */
} RESULT[] = {
    [SG_CSA_RES_NONE] = {"", NULL, ""},
    [SG_CSA_RES_TORYO] = {"%TORYO\n#RESIGN\n", "%TORYO", "toryo"},
    [SG_CSA_RES_ABNORMAL] = {"%TORYO\n#RESIGN\n", "%TORYO", "abnormal"},
    [SG_CSA_RES_TIME_UP] = {"#TIME_UP\n", NULL, "time up"},
    [SG_CSA_RES_KACHI] = {"%KACHI\n#JISHOGI\n", "%KACHI", "kachi"},
    [SG_CSA_RES_ILLEGAL_KACHI] = {"%KACHI\n#ILLEGAL_MOVE\n", "%KACHI", "illegal kachi"},
    [SG_CSA_RES_ILLEGAL_MOVE] = {"#ILLEGAL_MOVE\n", NULL, "illegal move"},
    [SG_CSA_RES_OUTE_SENNICHITE] = {"#OUTE_SENNICHITE\n", NULL, "oute_sennichite"},
    [SG_CSA_RES_SENNICHITE] = {"#SENNICHITE\n", NULL, "sennichite"},
    [SG_CSA_RES_MAX_MOVES] = {"#MAX_MOVES\n", NULL, "max_moves"},
    [SG_CSA_RES_CHUDAN] = {"#CHUDAN\n", "%CHUDAN", "chudan"},
    [SG_CSA_RES_CUSTOM] = {"#CHUDAN\n", "%CHUDAN", "custom"},
};

int sg_csa_result_lines(sg_csa_result r, int winner, int to, char *buf, int size)
{
    out_t o = {buf, size, 0};
    if (size > 0) buf[0] = '\0';
    put(&o, "%s", RESULT[r].lines);
    if (r == SG_CSA_RES_MAX_MOVES) put(&o, "#CENSORED\n");
    else if (r == SG_CSA_RES_CHUDAN) ;
    else if (winner < 0) put(&o, "#DRAW\n");
    else put(&o, "%s\n", winner == to ? "#WIN" : "#LOSE");
    return done(&o);
}

const char *sg_csa_result_record_word(sg_csa_result r) { return RESULT[r].word; }
const char *sg_csa_result_summary_type(sg_csa_result r) { return RESULT[r].summary; }
