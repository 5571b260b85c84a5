/* The table of piece facts (pieces.h). */
#include <string.h>
#include "pieces.h"

static const sg_piece_info PIECES[SG_PT_NB] = {
    [SG_PAWN] = {SG_PAWN, "P", "FU", "歩", "歩", "P", "", "pawn", SG_PRO_PAWN, SG_PAWN, 1, 1},
    [SG_LANCE] = {SG_LANCE, "L", "KY", "香", "香", "L", "", "lance", SG_PRO_LANCE, SG_LANCE, 1, 1},
    [SG_KNIGHT] = {SG_KNIGHT, "N", "KE", "桂", "桂", "N", "", "knight", SG_PRO_KNIGHT, SG_KNIGHT, 2, 1},
    [SG_SILVER] = {SG_SILVER, "S", "GI", "銀", "銀", "S", "", "silver", SG_PRO_SILVER, SG_SILVER, 0, 1},
    [SG_BISHOP] = {SG_BISHOP, "B", "KA", "角", "角", "B", "", "bishop", SG_HORSE, SG_BISHOP, 0, 5},
    [SG_ROOK] = {SG_ROOK, "R", "HI", "飛", "飛", "R", "", "rook", SG_DRAGON, SG_ROOK, 0, 5},
    [SG_ELEPHANT] = {SG_ELEPHANT, "E", "SZ", "酔象", "酔", "E", "", "drunken elephant", SG_PRINCE, SG_ELEPHANT,
                     0, 1},
    [SG_GOLD] = {SG_GOLD, "G", "KI", "金", "金", "G", "", "gold", SG_NO_PT, SG_GOLD, 0, 1},
    [SG_PRO_PAWN] = {SG_PRO_PAWN, "+P", "TO", "と", "と", "+P", "成歩", "promoted pawn", SG_NO_PT, SG_PAWN, 0, 1},
    [SG_PRO_LANCE] = {SG_PRO_LANCE, "+L", "NY", "成香", "杏", "+L", "", "promoted lance", SG_NO_PT, SG_LANCE, 0, 1},
    [SG_PRO_KNIGHT] = {SG_PRO_KNIGHT, "+N", "NK", "成桂", "圭", "+N", "", "promoted knight", SG_NO_PT, SG_KNIGHT,
                       0, 1},
    [SG_PRO_SILVER] = {SG_PRO_SILVER, "+S", "NG", "成銀", "全", "+S", "", "promoted silver", SG_NO_PT, SG_SILVER,
                       0, 1},
    [SG_HORSE] = {SG_HORSE, "+B", "UM", "馬", "馬", "+B", "", "horse", SG_NO_PT, SG_BISHOP, 0, 5},
    [SG_DRAGON] = {SG_DRAGON, "+R", "RY", "龍", "龍", "+R", "竜", "dragon", SG_NO_PT, SG_ROOK, 0, 5},
    [SG_PRINCE] = {SG_PRINCE, "+E", "TS", "太子", "太", "+E", "", "crown prince", SG_NO_PT, SG_ELEPHANT, 0, 0},
    [SG_KING] = {SG_KING, "K", "OU", "玉", "玉", "K", "王", "king", SG_NO_PT, SG_KING, 0, 0},
};

static const sg_ptype HAND_ORDER[SG_HAND_ORDER_NB] = {SG_ROOK, SG_BISHOP, SG_GOLD, SG_SILVER, SG_KNIGHT,
                                                      SG_LANCE, SG_PAWN};

const sg_piece_info *sg_piece_info_of(sg_ptype t)
{
    if (t <= SG_NO_PT || t >= SG_PT_NB || PIECES[t].type != t) return NULL;
    return &PIECES[t];
}

bool sg_piece_is_dead(sg_piece pc, sg_square sq)
{
    const sg_piece_info *pi = sg_piece_info_of(sg_piece_type(pc));
    return pi && sg_rel_rank(sg_piece_color(pc), sq) < pi->dead_ranks;
}

const sg_ptype *sg_hand_order(void) { return HAND_ORDER; }

int sg_variant_set(sg_variant v, sg_ptype t)
{
    if (t <= SG_NO_PT || t >= SG_PT_NB || (unsigned)v >= SG_VARIANT_NB) return 0;
    return sg_variant_get(v)->set[t];
}

bool sg_variant_has(sg_variant v, sg_ptype t)
{
    const sg_piece_info *pi = sg_piece_info_of(t);
    return pi && sg_variant_set(v, pi->unpromoted) > 0;
}

sg_ptype sg_ptype_from_usi(const char *s, int len, sg_variant v, bool *white)
{
    if (len < 1 || len > 2 || (len == 2 && s[0] != '+')) return SG_NO_PT;
    char c = s[len - 1];
    bool lower = c >= 'a' && c <= 'z';
    char up = lower ? (char)(c - 'a' + 'A') : c;
    for (sg_ptype t = 1; t < SG_PT_NB; t++) {
        const sg_piece_info *pi = sg_piece_info_of(t);
        if (!pi || (int)strlen(pi->usi) != len || pi->usi[len - 1] != up || !sg_variant_has(v, t)) continue;
        if (white) *white = lower;
        return t;
    }
    return SG_NO_PT;
}
