/* Internal to the notation modules: what the writer (notation_write.c) and the
 * readers (notation_read.c) share: piece-name styles, the digits, a text
 * buffer, the legal moves of a position, and the JSA words.  notation.h is the
 * public header. */
#ifndef SG_NOTATION_INTERNAL_H
#define SG_NOTATION_INTERNAL_H

#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "notation.h"

#define PIECE_NAME(style, t) sg_ptype_name((t), (style))

#define STYLE_BIT(s) (1u << (s))
#define ALIASES 0x100u  /* the table's other accepted spellings (王 竜 成歩) */
#define ALL_STYLES 0x1FFu
#define KANJI_STYLES (STYLE_BIT(SG_NAME_JAPANESE) | STYLE_BIT(SG_NAME_KANJI1) | ALIASES)

static const char *const FULL_DIGIT[10] = {"０", "１", "２", "３", "４", "５", "６", "７", "８", "９"};
static const char *const KANJI_DIGIT[10] = {"〇", "一", "二", "三", "四", "五", "六", "七", "八", "九"};

/* ---- a text buffer that never overflows; len counts what did not fit too ------- */
typedef struct { char *s; int size, len; } sbuf;

static inline void put(sbuf *b, const char *t)
{
    for (; *t; t++, b->len++)
        if (b->len + 1 < b->size) b->s[b->len] = *t;
    if (b->size > 0) b->s[b->len < b->size ? b->len : b->size - 1] = 0;
}

static inline void putf(sbuf *b, const char *fmt, ...)
{
    char tmp[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(tmp, sizeof tmp, fmt, ap);
    va_end(ap);
    put(b, tmp);
}

/* ---- the legal moves of the position a move is said in ------------------------- */
typedef struct {
    const sg_pos *p;
    int n;
    sg_move legal[SG_MAX_MOVES];
} ctx;

static inline void ctx_init(ctx *c, const sg_pos *p)
{
    c->p = p;
    c->n = sg_gen_legal(p, c->legal);
}

static inline bool ctx_legal(const ctx *c, sg_move m)
{
    for (int i = 0; i < c->n; i++)
        if (c->legal[i] == m) return true;
    return false;
}

/* ---- the JSA words (notation_write.c) ------------------------------------------ */
/* JSA words, as bits; the first six are written, in this order; 行 and 入 are read as 上 */
enum { W_RIGHT = 1, W_LEFT = 2, W_STRAIGHT = 4, W_UP = 8, W_DOWN = 16, W_SIDE = 32 };
static const struct { unsigned bit; const char *text; } WORDS[] = {
    {W_RIGHT, "右"}, {W_LEFT, "左"}, {W_STRAIGHT, "直"}, {W_UP, "上"}, {W_DOWN, "引"}, {W_SIDE, "寄"},
    {W_UP, "行"}, {W_UP, "入"}};
#define WRITTEN_WORDS 6

/* the words 上 引 寄 直 all fit the board move from -> to (absolute: they need no other piece) */
bool sg_nt_absolute_words_fit(sg_color c, sg_square from, sg_square to, unsigned words);
/* 右 and 左 in words: the right- or leftmost of the squares froms */
sg_bb sg_nt_relative_filter(sg_color c, sg_bb froms, unsigned words);
/* the legal move m in notation n into b (prev_to: the previous move's square, for 同) */
void sg_nt_format(const ctx *c, sg_move m, sg_notation n, sg_square prev_to, unsigned flags, sbuf *b);

#endif
