/* A game's record as text: SFEN (start and moves), CSA V2.2 and KIF, the
 * moves named and the end worded by the core. */
#include "web_internal.h"

#include <stdio.h>
#include <string.h>

#include "../core/endings.h"
#include "../core/notation.h"
#include "../core/position.h"
#include "../proto/csa.h"

void web_record_text(sg_web *w, loaded *L, const char *format, sbuf *b)
{
    sg_store_user u;
    char names[2][SG_STORE_NAME_MAX];
    for (int c = 0; c < 2; c++) {
        if (L->row.bot_side == c) web_bot_name(&L->row, names[c], sizeof names[c]);
        else if (L->row.player[c] && sg_store_user_by_id(w->store, L->row.player[c], &u)) snprintf(names[c], sizeof names[c], "%s", u.name);
        else snprintf(names[c], sizeof names[c], "guest");
    }
    bool ended = sg_game_result(&L->g, &L->v);
    if (!strcmp(format, "sfen")) {
        char sfen[256];
        sg_pos_to_sfen(&L->g.start, sfen, sizeof sfen);
        sb_printf(b, "sfen %s", sfen);
        if (L->n) sb_lit(b, " moves");
        for (int i = 0; i < L->n; i++) sb_printf(b, " %s", L->usi[i]);
        sb_lit(b, "\n");
        return;
    }
    bool csa = !strcmp(format, "csa");
    if (csa) {
        sb_printf(b, "V2.2\nN+%s\nN-%s\n$EVENT:komadai game %lld\n", names[0], names[1], (long long)L->row.id);
        if (!strcmp(L->row.start, "startpos")) sb_lit(b, "PI\n+\n");
        else {
            char pos[1024];
            sg_csa_write_position(&L->g.start, pos, sizeof pos);
            sb_add(b, pos, strlen(pos));
        }
    }
    else sb_printf(b, "# KIF (komadai game %lld)\n手合割：平手\n先手：%s\n後手：%s\n手数----指手---------消費時間--\n",
                   (long long)L->row.id, names[0], names[1]);
    sg_pos q = L->g.start;
    sg_square prev = SG_SQ_NONE;
    for (int i = 1; i <= L->n; i++) {
        sg_move m = sg_game_move(&L->g, i);
        char t[64];
        sg_move_format(&q, m, csa ? SG_NOTATION_CSA : SG_NOTATION_KIF, prev, 0, t, sizeof t);
        if (csa) sb_printf(b, "%s\n", t); else sb_printf(b, "%4d %s\n", i, t);
        sg_undo un;
        sg_do_move(&q, m, &un);
        prev = sg_move_to(m);
    }
    if (ended) {
        sg_ending_words e;
        sg_ending_words_for(&L->v, sg_game_pos(&L->g)->side, csa ? SG_REC_CSA : SG_REC_KIF, &e);
        if (csa) sb_printf(b, "%%%s\n", e.word); else sb_printf(b, "%4d %s\n", L->n + 1, e.word);
        if (e.comment[0]) sb_printf(b, "%s%s\n", csa ? "'" : "*", e.comment);
    }
}
