/* Position: keys, attack queries, do/undo. */
#include <string.h>
#include "position.h"
#include "pieces.h"
#include "zobrist.h"

void sg_init(void)
{
    static bool done;
    if (done) return;
    sg_bitboard_init();
    sg_zobrist_init();
    done = true;
}

/* ---- squares and letters ----------------------------------------------------- */
sg_square sg_square_parse(const char *s)
{
    if (!s || s[0] < '1' || s[0] > '9' || s[1] < 'a' || s[1] > 'i' || s[2]) return SG_SQ_NONE;
    return sg_sq(s[0] - '0', s[1] - 'a');
}

void sg_square_name(sg_square s, char out[3])
{
    out[0] = (char)('0' + sg_sq_file(s));
    out[1] = (char)('a' + sg_sq_rank(s));
    out[2] = 0;
}

int sg_piece_letters(sg_piece pc, char out[3])
{
    const sg_piece_info *pi = sg_piece_info_of(sg_piece_type(pc));
    int n = 0;
    for (const char *l = pi ? pi->usi : "?"; *l; l++)
        out[n++] = sg_piece_color(pc) == SG_WHITE && *l >= 'A' && *l <= 'Z' ? (char)(*l - 'A' + 'a') : *l;
    out[n] = 0;
    return n;
}

/* ---- keys and invariants ------------------------------------------------------ */
void sg_pos_compute_keys(const sg_pos *p, uint64_t *board_key, uint64_t *hand_key)
{
    uint64_t bk = p->side == SG_WHITE ? sg_Z.side : 0, hk = 0;
    for (sg_square s = 0; s < SG_SQ_NB; s++)
        if (p->board[s]) bk ^= sg_Z.psq[p->board[s]][s];
    for (int c = 0; c < 2; c++)
        for (int t = 0; t < SG_HAND_NB; t++) hk += p->hand[c][t] * sg_Z.hand[c][t];
    *board_key = bk;
    *hand_key = hk;
}

bool sg_pos_is_ok(const sg_pos *p, const char **why)
{
    sg_bb color[2] = {0, 0}, type[SG_PT_NB] = {0};
    sg_square king[2] = {SG_SQ_NONE, SG_SQ_NONE};
    for (sg_square s = 0; s < SG_SQ_NB; s++) {
        sg_piece pc = p->board[s];
        if (!pc) continue;
        color[sg_piece_color(pc)] |= sg_bb_sq(s);
        type[sg_piece_type(pc)] |= sg_bb_sq(s);
        if (sg_piece_type(pc) == SG_KING) king[sg_piece_color(pc)] = s;
    }
    uint64_t bk, hk;
    sg_pos_compute_keys(p, &bk, &hk);
    const char *w = NULL;
    if (color[0] != p->by_color[0] || color[1] != p->by_color[1]) w = "colour bitboards";
    else if (memcmp(type, p->by_type, sizeof type) != 0) w = "type bitboards";
    else if (king[0] != p->king[0] || king[1] != p->king[1]) w = "king squares";
    else if (bk != p->board_key) w = "board key";
    else if (hk != p->hand_key) w = "hand key";
    else if (sg_pos_royal_attackers(p, p->side) != p->checkers) w = "checkers";
    if (why) *why = w;
    return w == NULL;
}

/* ---- attacks --------------------------------------------------------------------- */
sg_bb sg_attackers_to(const sg_pos *p, sg_square s, sg_color c, sg_bb occ)
{
    const sg_bb *T = p->by_type;
    sg_bb own = p->by_color[c], a = 0;
    /* as sg_square_attacked below: the steppers next to s, then the sliders
     * on a line through it */
    sg_bb near = sg_T.step[SG_BLACK][SG_KING][s] & own;
    while (near) {
        sg_square f = sg_bb_pop(&near);
        if (sg_bb_test(sg_T.step[c][sg_piece_type(p->board[f])][f], s)) a |= sg_bb_sq(f);
    }
    a |= sg_T.step[sg_opp(c)][SG_KNIGHT][s] & own & T[SG_KNIGHT];
    sg_bb rooks = own & (T[SG_ROOK] | T[SG_DRAGON]) & sg_T.rook_empty[s];
    sg_bb lances = own & T[SG_LANCE] & sg_T.forward_ray[sg_opp(c)][s];
    if (rooks | lances) a |= sg_file_attack(s, occ) & (rooks | lances);
    if (rooks) a |= sg_line_attack(1, s, occ) & rooks;
    sg_bb bishops = own & (T[SG_BISHOP] | T[SG_HORSE]) & sg_T.bishop_empty[s];
    if (bishops) a |= sg_bishop_attack(s, occ) & bishops;
    return a;
}

bool sg_square_attacked(const sg_pos *p, sg_square s, sg_color c, sg_bb occ)
{
    const sg_bb *T = p->by_type;
    sg_bb own = p->by_color[c];
    /* steppers other than the knight stand next to s: ask the few that do */
    SG_BB_FOR_EACH(sg_T.step[SG_BLACK][SG_KING][s] & own, f, {
        if (sg_bb_test(sg_T.step[c][sg_piece_type(p->board[f])][f], s)) return true;
    });
    if (sg_T.step[sg_opp(c)][SG_KNIGHT][s] & own & T[SG_KNIGHT]) return true;
    /* sliders: only those on a line through s, found on an empty board first */
    sg_bb rooks = own & (T[SG_ROOK] | T[SG_DRAGON]) & sg_T.rook_empty[s];
    sg_bb lances = own & T[SG_LANCE] & sg_T.forward_ray[sg_opp(c)][s];
    if ((rooks | lances) && (sg_file_attack(s, occ) & (rooks | lances))) return true;
    if (rooks && (sg_line_attack(1, s, occ) & rooks)) return true;
    sg_bb bishops = own & (T[SG_BISHOP] | T[SG_HORSE]) & sg_T.bishop_empty[s];
    return bishops && (sg_bishop_attack(s, occ) & bishops);
}

sg_bb sg_pos_royal_attackers(const sg_pos *p, sg_color c)
{
    sg_bb royals = sg_pos_royals(p, c), a = 0, occ = sg_pos_occupied(p);
    while (royals) a |= sg_attackers_to(p, sg_bb_pop(&royals), sg_opp(c), occ);
    return a;
}

sg_bb sg_pos_blockers(const sg_pos *p, sg_color c)
{
    sg_square k = p->king[c];
    if (k == SG_SQ_NONE) return 0;
    sg_color o = sg_opp(c);
    const sg_bb *T = p->by_type;
    /* enemy sliders that would hit the king on an empty board */
    sg_bb snipers = ((sg_T.forward_ray[c][k] & T[SG_LANCE])
                   | (sg_T.bishop_empty[k] & (T[SG_BISHOP] | T[SG_HORSE]))
                   | (sg_T.rook_empty[k] & (T[SG_ROOK] | T[SG_DRAGON]))) & p->by_color[o];
    sg_bb occ = sg_pos_occupied(p), pinned = 0;
    SG_BB_FOR_EACH(snipers, s, {
        sg_bb b = sg_T.between[k][s] & occ;
        if (b && !sg_bb_more_than_one(b)) pinned |= b;
    });
    return pinned;
}

bool sg_pos_royal_exposed(const sg_pos *p, sg_color c)
{
    sg_bb royals = sg_pos_royals(p, c);
    if (!royals || sg_bb_more_than_one(royals)) return false;
    return sg_square_attacked(p, sg_bb_lsb(royals), sg_opp(c), sg_pos_occupied(p));
}

bool sg_pos_is_finished(const sg_pos *p)
{
    if (!sg_variant_get(p->variant)->two_royals) return false;
    sg_bb own = p->by_color[p->side], royals = sg_pos_royals(p, p->side);
    /* no royal left, or one royal and nothing else: "bare" */
    return !royals || (own == royals && !sg_bb_more_than_one(own));
}

/* ---- do and undo -------------------------------------------------------------------- */
static inline void put_piece(sg_pos *p, sg_square s, sg_piece pc)
{
    p->board[s] = pc;
    p->by_color[sg_piece_color(pc)] |= sg_bb_sq(s);
    p->by_type[sg_piece_type(pc)] |= sg_bb_sq(s);
}

static inline void remove_piece(sg_pos *p, sg_square s)
{
    sg_piece pc = p->board[s];
    p->board[s] = SG_NO_PIECE;
    p->by_color[sg_piece_color(pc)] ^= sg_bb_sq(s);
    p->by_type[sg_piece_type(pc)] ^= sg_bb_sq(s);
}

/* The checkers after `us` moved: the moved piece, or a slider it uncovered.
 * Nothing else can give check when the position before was legal (the side
 * not to move was not in check).  Rule sets with two royals count afresh. */
static sg_bb checkers_after(const sg_pos *p, sg_color us, sg_move m)
{
    sg_color them = sg_opp(us);
    sg_square k = p->king[them];
    if (k == SG_SQ_NONE || sg_variant_get(p->variant)->two_royals) return sg_pos_royal_attackers(p, them);
    const sg_bb *T = p->by_type;
    sg_bb occ = sg_pos_occupied(p);
    sg_square to = sg_move_to(m);
    sg_bb c = sg_bb_test(sg_piece_attack(us, sg_piece_type(p->board[to]), to, occ), k) ? sg_bb_sq(to) : 0;
    if (sg_move_is_drop(m)) return c;
    sg_square from = sg_move_from(m);
    sg_bb line = sg_T.line[k][from] & p->by_color[us];
    if (!line) return c;
    if (sg_bb_test(sg_T.rook_empty[k], from))
        return c | (line & ((sg_rook_attack(k, occ) & (T[SG_ROOK] | T[SG_DRAGON]))
                            | (sg_lance_attack(them, k, occ) & T[SG_LANCE])));
    return c | (line & sg_bishop_attack(k, occ) & (T[SG_BISHOP] | T[SG_HORSE]));
}

void sg_do_move(sg_pos *p, sg_move m, sg_undo *u)
{
    sg_color us = p->side;
    sg_square to = sg_move_to(m);
    u->checkers = p->checkers;
    u->board_key = p->board_key;
    u->hand_key = p->hand_key;
    u->captured = SG_NO_PIECE;
    if (sg_move_is_drop(m)) {
        sg_ptype t = sg_move_dropped(m);
        sg_piece pc = sg_make_piece(us, t);
        p->hand[us][t]--;
        p->hand_key -= sg_Z.hand[us][t];
        put_piece(p, to, pc);
        p->board_key ^= sg_Z.psq[pc][to];
    } else {
        sg_square from = sg_move_from(m);
        sg_piece pc = p->board[from];
        sg_piece cap = p->board[to];
        if (cap) {
            u->captured = cap;
            remove_piece(p, to);
            p->board_key ^= sg_Z.psq[cap][to];
            sg_ptype ct = sg_pt_unpromote(sg_piece_type(cap));
            if (ct == SG_KING) p->king[sg_opp(us)] = SG_SQ_NONE;
            /* captured pieces go to the hand only where drops exist */
            if (sg_variant_get(p->variant)->drops && ct < SG_HAND_NB) {
                p->hand[us][ct]++;
                p->hand_key += sg_Z.hand[us][ct];
            }
        }
        remove_piece(p, from);
        p->board_key ^= sg_Z.psq[pc][from];
        sg_piece npc = sg_move_is_promotion(m) ? (sg_piece)(pc | SG_PROMOTED) : pc;
        put_piece(p, to, npc);
        p->board_key ^= sg_Z.psq[npc][to];
        if (sg_piece_type(pc) == SG_KING) p->king[us] = to;
    }
    p->side = sg_opp(us);
    p->board_key ^= sg_Z.side;
    p->ply++;
    p->checkers = checkers_after(p, us, m);
}

void sg_undo_move(sg_pos *p, sg_move m, const sg_undo *u)
{
    sg_color us = sg_opp(p->side);
    sg_square to = sg_move_to(m);
    p->side = us;
    p->ply--;
    if (sg_move_is_drop(m)) {
        sg_ptype t = sg_move_dropped(m);
        remove_piece(p, to);
        p->hand[us][t]++;
    } else {
        sg_square from = sg_move_from(m);
        sg_piece npc = p->board[to];
        sg_piece pc = sg_move_is_promotion(m) ? (sg_piece)(npc & ~SG_PROMOTED) : npc;
        remove_piece(p, to);
        put_piece(p, from, pc);
        if (sg_piece_type(pc) == SG_KING) p->king[us] = from;
        sg_piece cap = u->captured;
        if (cap) {
            put_piece(p, to, cap);
            sg_ptype ct = sg_pt_unpromote(sg_piece_type(cap));
            if (ct == SG_KING) p->king[sg_opp(us)] = to;
            if (sg_variant_get(p->variant)->drops && ct < SG_HAND_NB) p->hand[us][ct]--;
        }
    }
    p->checkers = u->checkers;
    p->board_key = u->board_key;
    p->hand_key = u->hand_key;
}
