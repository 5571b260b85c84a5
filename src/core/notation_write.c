/* Move notation, the writer: the names of notations and pieces, and a legal move
 * said in USI, CSA, Western or Japanese (sg_move_format).  Sections: names;
 * what a move needs said (twins, JSA words, drops); formatting.  The readers are
 * in notation_read.c; what both use is in notation_internal.h. */
#include "notation_internal.h"
#include "pieces.h"

/* ---- names ---------------------------------------------------------------------- */
static const char *const NOTATION_NAME[SG_NOTATION_NB] = {"usi", "csa", "western", "japanese", "kif"};

const char *sg_notation_name(sg_notation n)
{
    return (unsigned)n < SG_NOTATION_NB ? NOTATION_NAME[n] : NULL;
}

bool sg_notation_from_name(const char *name, sg_notation *out)
{
    for (int i = 0; i < SG_NOTATION_NB; i++)
        if (strcmp(name, NOTATION_NAME[i]) == 0) { *out = (sg_notation)i; return true; }
    if (strcmp(name, "ki2") == 0) { *out = SG_NOTATION_JAPANESE; return true; }
    return false;
}

const char *sg_ptype_name(sg_ptype t, sg_name_style style)
{
    const sg_piece_info *pi = sg_piece_info_of(t);
    if (!pi) return NULL;
    switch (style) {
    case SG_NAME_JAPANESE: return pi->kanji;
    case SG_NAME_KANJI1: return pi->kanji1;
    case SG_NAME_CSA: return pi->csa;
    case SG_NAME_WESTERN: return pi->western;
    default: return NULL;
    }
}

int sg_square_japanese(sg_square s, char out[8])
{
    return snprintf(out, 8, "%s%s", FULL_DIGIT[sg_sq_file(s)], KANJI_DIGIT[sg_sq_rank(s) + 1]);
}

/* ---- what a move needs said ------------------------------------------------------ */
/* from squares of the legal board moves of type t to `to` (the move's own included) */
static sg_bb twins(const ctx *c, sg_ptype t, sg_square to)
{
    sg_bb froms = 0;
    for (int i = 0; i < c->n; i++) {
        sg_move m = c->legal[i];
        if (!sg_move_is_drop(m) && sg_move_to(m) == to && sg_move_piece(m) == t) froms |= sg_bb_sq(sg_move_from(m));
    }
    return froms;
}

/* a board move that does not promote, where promoting was legal too */
static bool declined_promotion(const ctx *c, sg_move m)
{
    return !sg_move_is_drop(m) && !sg_move_is_promotion(m) && ctx_legal(c, m | SG_MOVE_PROMOTE);
}

enum { D_UP, D_DOWN, D_SIDE };

static int direction(sg_color c, sg_square from, sg_square to)
{
    int dr = sg_sq_rank(to) - sg_sq_rank(from);
    if (c == SG_WHITE) dr = -dr;
    return dr < 0 ? D_UP : dr > 0 ? D_DOWN : D_SIDE;
}
static unsigned dir_word(int d) { return (unsigned)W_UP << d; }
static bool straight_up(sg_color c, sg_square from, sg_square to)
{
    return sg_sq_file(from) == sg_sq_file(to) && direction(c, from, to) == D_UP;
}
/* larger is further to the right of the side that moves */
static int rightness(sg_color c, sg_square s) { return c == SG_BLACK ? 10 - sg_sq_file(s) : sg_sq_file(s); }

/* the words 上 引 寄 直 (absolute: they need no other piece to be read) */
bool sg_nt_absolute_words_fit(sg_color c, sg_square from, sg_square to, unsigned words)
{
    int d = direction(c, from, to);
    if ((words & W_UP) && d != D_UP) return false;
    if ((words & W_DOWN) && d != D_DOWN) return false;
    if ((words & W_SIDE) && d != D_SIDE) return false;
    if ((words & W_STRAIGHT) && !straight_up(c, from, to)) return false;
    return true;
}

/* 右 and 左: the right- or leftmost of the squares */
sg_bb sg_nt_relative_filter(sg_color c, sg_bb froms, unsigned words)
{
    for (int k = 0; k < 2; k++) {
        unsigned w = k ? W_LEFT : W_RIGHT;
        if (!(words & w) || !froms) continue;
        int best = -1;
        for (sg_bb b = froms; b;) {
            int r = rightness(c, sg_bb_pop(&b));
            if (best < 0 || (w == W_RIGHT ? r > best : r < best)) best = r;
        }
        sg_bb keep = 0;
        for (sg_bb b = froms; b;) {
            sg_square s = sg_bb_pop(&b);
            if (rightness(c, s) == best) keep |= sg_bb_sq(s);
        }
        froms = keep;
    }
    return froms;
}

static sg_bb same_direction(sg_color c, sg_bb froms, sg_square to, int d)
{
    sg_bb keep = 0;
    for (sg_bb b = froms; b;) {
        sg_square s = sg_bb_pop(&b);
        if (direction(c, s, to) == d) keep |= sg_bb_sq(s);
    }
    return keep;
}

/* the fewest JSA words that single out the board move from `from` among froms */
static unsigned jsa_words(sg_color c, sg_ptype t, sg_square from, sg_square to, sg_bb froms)
{
    if (!sg_bb_more_than_one(froms)) return 0;
    int d = direction(c, from, to);
    sg_bb same = same_direction(c, froms, to, d), me = sg_bb_sq(from);
    if (!sg_bb_more_than_one(same)) return dir_word(d);
    if (t != SG_HORSE && t != SG_DRAGON && straight_up(c, from, to)) return W_STRAIGHT;
    if (sg_nt_relative_filter(c, froms, W_RIGHT) == me) return W_RIGHT;
    if (sg_nt_relative_filter(c, froms, W_LEFT) == me) return W_LEFT;
    if (sg_nt_relative_filter(c, same, W_RIGHT) == me) return W_RIGHT | dir_word(d);
    if (sg_nt_relative_filter(c, same, W_LEFT) == me) return W_LEFT | dir_word(d);
    return W_RIGHT | dir_word(d); /* not reached: one file holds one piece per direction */
}

/* ---- formatting ------------------------------------------------------------------- */
void sg_nt_format(const ctx *c, sg_move m, sg_notation n, sg_square prev_to, unsigned flags, sbuf *b)
{
    const sg_pos *p = c->p;
    sg_color us = p->side;
    sg_square from = sg_move_from(m), to = sg_move_to(m);
    sg_ptype t = sg_move_piece(m);
    bool drop = sg_move_is_drop(m), promo = sg_move_is_promotion(m);
    char sq[8];
    switch (n) {
    case SG_NOTATION_USI: {
        char u[6];
        sg_move_to_usi(m, u);
        put(b, u);
        break;
    }
    case SG_NOTATION_CSA:
        putf(b, "%c", us == SG_BLACK ? '+' : '-');
        if (drop) put(b, "00");
        else putf(b, "%d%d", sg_sq_file(from), sg_sq_rank(from) + 1);
        putf(b, "%d%d%s", sg_sq_file(to), sg_sq_rank(to) + 1, PIECE_NAME(SG_NAME_CSA, sg_move_piece_after(m)));
        break;
    case SG_NOTATION_WESTERN:
        put(b, PIECE_NAME(SG_NAME_WESTERN, t));
        sg_square_name(to, sq);
        if (drop) {
            putf(b, "*%s", sq);
            break;
        }
        if (sg_bb_more_than_one(twins(c, t, to))) {
            char f[3];
            sg_square_name(from, f);
            put(b, f);
        }
        putf(b, "%c%s", p->board[to] ? 'x' : '-', sq);
        if (promo) put(b, "+");
        else if (declined_promotion(c, m)) put(b, "=");
        break;
    case SG_NOTATION_JAPANESE:
    case SG_NOTATION_KIF:
        if (n == SG_NOTATION_JAPANESE && !(flags & SG_FMT_NO_MARK)) put(b, us == SG_BLACK ? "▲" : "△");
        if (to == prev_to) put(b, "同　");
        else {
            sg_square_japanese(to, sq);
            put(b, sq);
        }
        put(b, PIECE_NAME(SG_NAME_JAPANESE, t));
        if (n == SG_NOTATION_JAPANESE && !drop) {
            unsigned w = jsa_words(us, t, from, to, twins(c, t, to));
            for (int i = 0; i < WRITTEN_WORDS; i++)
                if (w & WORDS[i].bit) put(b, WORDS[i].text);
        }
        if (promo) put(b, "成");
        else if (declined_promotion(c, m)) put(b, "不成");
        if (drop && (n == SG_NOTATION_KIF || twins(c, t, to))) put(b, "打");
        if (n == SG_NOTATION_KIF && !drop) putf(b, "(%d%d)", sg_sq_file(from), sg_sq_rank(from) + 1);
        break;
    default:
        break;
    }
}

int sg_move_format(const sg_pos *p, sg_move m, sg_notation n, sg_square prev_to, unsigned flags, char *out, int size)
{
    ctx c;
    ctx_init(&c, p);
    sbuf b = {out, size, 0};
    put(&b, "");
    if ((unsigned)n >= SG_NOTATION_NB || !ctx_legal(&c, m)) return -1;
    sg_nt_format(&c, m, n, prev_to, flags, &b);
    return b.len;
}
