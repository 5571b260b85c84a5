/* Move notation, the readers: USI, CSA, Western and Japanese moves parsed
 * against a position (sg_move_parse, sg_move_parse_any), and piece names.
 * Sections: piece names and digits; errors; the matcher shared by the parsers
 * (a "spec" is what a text says about a move); the four parsers; parse_any.
 * The writer is in notation_write.c; what both use is in notation_internal.h. */
#include "notation_internal.h"
#include "quote.h"
#include "pieces.h"

/* ---- piece names and digits ------------------------------------------------------ */
/* does name nm (n bytes) stand at s, and is it longer than *best_len? */
static void try_name(const char *s, const char *nm, int n, sg_ptype t, sg_ptype *best, int *best_len)
{
    if (n > *best_len && strncmp(s, nm, (size_t)n) == 0) { *best = t; *best_len = n; }
}

/* the longest name of the given styles at s */
static sg_ptype match_piece(const char *s, unsigned styles, int *len)
{
    sg_ptype best = SG_NO_PT;
    int best_len = 0;
    for (sg_ptype t = 1; t < SG_PT_NB; t++) {
        const sg_piece_info *pi = sg_piece_info_of(t);
        if (!pi) continue;
        for (int st = 0; st < SG_NAME_NB; st++) {
            if (!(styles & STYLE_BIT(st))) continue;
            const char *nm = sg_ptype_name(t, (sg_name_style)st);
            if (nm[0] != s[0]) continue; /* no match, cheaply (every move of a record comes here) */
            try_name(s, nm, (int)strlen(nm), t, &best, &best_len);
        }
        if (styles & ALIASES)
            for (const char *a = pi->aliases; *a;) {
                int n = (int)strcspn(a, " ");
                if (a[0] == s[0]) try_name(s, a, n, t, &best, &best_len);
                a += n + (a[n] == ' ');
            }
    }
    *len = best_len;
    return best;
}

sg_ptype sg_ptype_parse(const char *s, int *len)
{
    int n = 0;
    sg_ptype t = match_piece(s, ALL_STYLES, &n);
    if (len) *len = n;
    return t;
}

/* a digit 1..9 at s, ASCII, full-width or kanji; 0 if none.  *len gets its bytes. */
static int read_digit(const char *s, int *len)
{
    if (*s >= '1' && *s <= '9') { *len = 1; return *s - '0'; }
    for (int d = 1; d <= 9; d++) {
        /* (the first byte compared first: this runs on every square of every move read) */
        if ((s[0] == FULL_DIGIT[d][0] && strncmp(s, FULL_DIGIT[d], 3) == 0)
            || (s[0] == KANJI_DIGIT[d][0] && strncmp(s, KANJI_DIGIT[d], 3) == 0)) {
            *len = 3;
            return d;
        }
    }
    *len = 0;
    return 0;
}

/* ---- errors ------------------------------------------------------------------------ */
/* the column (in characters, 1-based) of byte offset off in text */
static int column(const char *text, int off)
{
    int col = 1;
    for (int i = 0; i < off && text[i]; i++)
        if (((unsigned char)text[i] & 0xC0) != 0x80) col++;
    return col;
}

/* cuts s to at most max bytes at a character boundary, ending with "..." if cut */
static void cut_utf8(char *s, size_t max)
{
    if (strlen(s) <= max) return;
    size_t n = max - 3;
    while (n > 0 && ((unsigned char)s[n] & 0xC0) == 0x80) n--;
    memcpy(s + n, "...", 4);
}

static bool fail(sg_error *err, const char *text, int off, const char *fmt, ...)
{
    if (!err) return false;
    char tmp[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(tmp, sizeof tmp, fmt, ap);
    va_end(ap);
    cut_utf8(tmp, sizeof err->msg - 1);
    err->line = 1;
    err->col = column(text, off);
    memcpy(err->msg, tmp, strlen(tmp) + 1);
    return false;
}

/* The text a parser works on: leading and trailing white space (ASCII and the
 * full-width space) set aside, and a copy for quoting in messages. */
typedef struct {
    const char *all;     /* the whole text, for columns */
    const char *s;       /* the move, without leading space */
    int start;           /* offset of s in all */
    int len;             /* bytes of the move, without trailing space */
    char *quote;         /* the move for messages (sg_quote, cut short): quoted(t) fills it when a message
                          * needs it, not for every move read (a record's moves are mostly good) */
    char quote_store[64];
} text_t;

static const char *quoted(const text_t *t)
{
    if (!t->quote[0]) sg_quote(t->s, (size_t)t->len, t->quote, sizeof t->quote_store);
    return t->quote;
}

static int space_len(const char *s)
{
    if (*s == ' ' || *s == '\t' || *s == '\r' || *s == '\n') return 1;
    if (*s == "　"[0] && strncmp(s, "　", 3) == 0) return 3; /* (the first byte first: every byte of a move) */
    return 0;
}

static void text_init(text_t *t, const char *text)
{
    int i = 0, k;
    while ((k = space_len(text + i)) > 0) i += k;
    int end = i, j = i;
    while (text[j]) {
        k = space_len(text + j);
        if (k) j += k;
        else {
            j++;
            end = j;
        }
    }
    t->all = text;
    t->s = text + i;
    t->start = i;
    t->len = end - i;
    t->quote = t->quote_store;
    t->quote[0] = '\0';
}

/* "unexpected 'REST' after the move 'MOVE'": the move is the first i bytes of s */
static bool unexpected_after(sg_error *err, const text_t *t, int off, const char *s, int i)
{
    char rest[128], move[64];
    sg_quote(s + i, strlen(s + i), rest, sizeof rest);
    sg_quote(s, (size_t)i, move, sizeof move);
    return fail(err, t->all, off, "unexpected '%s' after the move '%s'", rest, move);
}

/* ---- the matcher: what the text says about the move ---------------------------------- */
typedef struct {
    sg_notation style;   /* for messages and candidate names */
    sg_ptype type;       /* the piece as it stands before the move */
    sg_square to, from;  /* from: SG_SQ_NONE when not written */
    int drop;            /* 1 a drop (打, *), -1 a board move, 0 either (KI2: a board move if one fits) */
    int promo;           /* 1 promotes, -1 does not (不成, =), 0 not written */
    bool capture;        /* Western 'x' */
    bool same;           /* 同 */
    unsigned words;      /* JSA words */
} spec;

/* own pieces of the kind that reach the square (pins and check aside) and fit the absolute words */
static sg_bb reachers(const sg_pos *p, const spec *sp)
{
    sg_color us = p->side;
    sg_bb occ = sg_pos_occupied(p), found = 0;
    if (sg_bb_test(p->by_color[us], sp->to)) return 0;
    for (sg_bb b = sg_pos_pieces(p, us, sp->type); b;) {
        sg_square from = sg_bb_pop(&b);
        if (sg_bb_test(sg_piece_attack(us, sp->type, from, occ), sp->to)
            && sg_nt_absolute_words_fit(us, from, sp->to, sp->words) && (sp->from == SG_SQ_NONE || from == sp->from))
            found |= sg_bb_sq(from);
    }
    return found;
}

static int match(const ctx *c, const spec *sp, sg_move *out)
{
    const sg_pos *p = c->p;
    sg_color us = p->side;
    sg_bb froms = 0;
    int n = 0;
    for (int i = 0; i < c->n; i++) {
        sg_move m = c->legal[i];
        if (sg_move_to(m) != sp->to) continue;
        if (sg_move_is_drop(m)) {
            if (sp->drop < 0 || sg_move_dropped(m) != sp->type) continue;
        } else {
            sg_square from = sg_move_from(m);
            if (sp->drop > 0 || sg_move_piece(m) != sp->type) continue;
            if (sp->from != SG_SQ_NONE && from != sp->from) continue;
            if (sp->capture && !p->board[sp->to]) continue;
            if (!sg_nt_absolute_words_fit(us, from, sp->to, sp->words)) continue;
            froms |= sg_bb_sq(from);
        }
        out[n++] = m;
    }
    /* without 打, a board move if one fits; then 右 左 among the pieces left.  With
     * one piece left, 右 or 左 must also be true among every piece of the kind
     * that reaches the square, legal or not, so a word meant for a pinned piece
     * does not pick its twin. */
    sg_bb keep = froms;
    if (sp->words & (W_RIGHT | W_LEFT)) {
        keep = sg_nt_relative_filter(us, froms, sp->words);
        if (froms && !sg_bb_more_than_one(froms)) keep &= sg_nt_relative_filter(us, reachers(p, sp), sp->words);
    }
    int k = 0;
    for (int i = 0; i < n; i++) {
        sg_move m = out[i];
        if (sg_move_is_drop(m) ? (sp->drop == 0 && froms) : !sg_bb_test(keep, sg_move_from(m))) continue;
        if (sp->promo > 0 && !sg_move_is_promotion(m)) continue;
        if (sp->promo < 0 && sg_move_is_promotion(m)) continue;
        if (sp->promo == 0 && sg_move_is_promotion(m) && !ctx_legal(c, m & ~SG_MOVE_PROMOTE)) continue;
        out[k++] = m;
    }
    return k;
}

/* "A (usi), B (usi) or C (usi)", ending ", ..." where a message would grow
 * past `limit` bytes (with `tail` more to come after the list) */
static void list_moves(const ctx *c, const spec *sp, sg_square prev_to, const sg_move *ms, int n, int limit, int tail,
                       sbuf *b)
{
    for (int i = 0; i < n; i++) {
        char one[SG_MOVE_TEXT_MAX + 16];
        sbuf o = {one, sizeof one, 0};
        sg_nt_format(c, ms[i], sp->style, sp->same ? prev_to : SG_SQ_NONE, SG_FMT_NO_MARK, &o);
        if (sp->style != SG_NOTATION_USI) {
            char u[6];
            sg_move_to_usi(ms[i], u);
            putf(&o, " (%s)", u);
        }
        if (i && b->len + 4 + o.len + (i < n - 1 ? 5 : 0) + tail > limit) {
            put(b, ", ...");
            return;
        }
        if (i) put(b, i == n - 1 ? " or " : ", ");
        put(b, one);
    }
}

/* the first move that fits the text except for a rule, and the rule; or SG_MOVE_NONE */
static sg_move near_miss(const ctx *c, const spec *sp, sg_reason *why)
{
    const sg_pos *p = c->p;
    sg_color us = p->side;
    if (sp->drop <= 0) {
        for (sg_bb b = sg_pos_pieces(p, us, sp->type); b;) {
            sg_square from = sg_bb_pop(&b);
            if (sp->from != SG_SQ_NONE && from != sp->from) continue;
            if (sp->capture && !p->board[sp->to]) continue;
            if (!sg_nt_absolute_words_fit(us, from, sp->to, sp->words)) continue;
            sg_move m = sg_move_make(from, sp->to, sp->type, sp->promo > 0);
            sg_reason r = sg_is_legal(p, m);
            if (r != SG_LEGAL && r != SG_ILLEGAL_CANNOT_REACH) { *why = r; return m; }
        }
    }
    if (sp->drop >= 0 && sp->type >= SG_PAWN && sp->type <= SG_GOLD && !sp->words && sp->from == SG_SQ_NONE
        && (sp->drop > 0 || p->hand[us][sp->type])) {
        sg_move m = sg_move_make_drop(sp->type, sp->to);
        sg_reason r = sg_is_legal(p, m);
        if (r != SG_LEGAL && r != SG_ILLEGAL_MALFORMED) { *why = r; return m; }
    }
    return SG_MOVE_NONE;
}

/* The origin written (KIF's "(77)") and nothing else to weigh: only the move and
 * its promotion can fit, so they are asked directly, the same answer match()
 * gives from every legal move (an unwritten promotion taken only when the plain
 * move is illegal) at a fraction of the cost (a record's every move comes here).
 * false: no legal one, the full matcher says why. */
static bool resolve_from(const sg_pos *p, const spec *sp, sg_move *m)
{
    if (sp->from == SG_SQ_NONE || sp->drop > 0 || sp->words || sp->capture) return false;
    sg_move plain = sg_move_make(sp->from, sp->to, sp->type, false);
    sg_move promo = sg_move_make(sp->from, sp->to, sp->type, true);
    if (sp->promo <= 0 && sg_is_legal(p, plain) == SG_LEGAL) { *m = plain; return true; }
    if (sp->promo >= 0 && sg_pt_can_promote(sp->type) && sg_is_legal(p, promo) == SG_LEGAL) {
        *m = promo;
        return true;
    }
    return false;
}

static bool resolve(const sg_pos *p, const spec *sp, const text_t *t, sg_square prev_to, sg_move *m, sg_error *err)
{
    if (resolve_from(p, sp, m)) return true;
    ctx c;
    ctx_init(&c, p);
    sg_move found[SG_MAX_MOVES];
    int n = match(&c, sp, found);
    if (n == 1) { *m = found[0]; return true; }
    char msg[1024];
    sbuf b = {msg, sizeof msg, 0};
    if (n > 1) {
        putf(&b, "ambiguous move '%s': could be ", quoted(t));
        list_moves(&c, sp, prev_to, found, n, (int)sizeof err->msg - 1, 0, &b);
        return fail(err, t->all, t->start, "%s", msg);
    }
    sg_reason why;
    sg_move near = near_miss(&c, sp, &why);
    if (!near && sp->from != SG_SQ_NONE && sp->drop <= 0 && p->board[sp->from] == sg_make_piece(p->side, sp->type)) {
        /* the origin is written and holds the piece: the move is named, it just cannot be made */
        near = sg_move_make(sp->from, sp->to, sp->type, sp->promo > 0);
        why = sg_is_legal(p, near);
        if (why == SG_LEGAL) near = SG_MOVE_NONE;
    }
    if (near) {
        *m = near;   /* the move the text names, for a caller that keeps a record's foul */
        char u[6];
        sg_move_to_usi(near, u);
        if (strcmp(u, quoted(t)) == 0)
            return fail(err, t->all, t->start, "illegal move '%s': %s", quoted(t), sg_reason_text(why));
        return fail(err, t->all, t->start, "illegal move '%s' (%s): %s", quoted(t), u, sg_reason_text(why));
    }
    /* the legal moves of that piece to that square, whatever else the text says */
    spec loose = *sp;
    loose.from = SG_SQ_NONE;
    loose.drop = 0;
    loose.capture = false;
    loose.words = 0;
    int k = 0;
    for (int i = 0; i < c.n; i++) {
        sg_move lm = c.legal[i];
        if (sg_move_to(lm) == sp->to && sg_move_piece(lm) == sp->type) found[k++] = lm;
    }
    putf(&b, "no legal move matches '%s'", quoted(t));
    if (k) {
        put(&b, ": did you mean ");
        list_moves(&c, &loose, prev_to, found, k, (int)sizeof err->msg - 1, 1, &b);
        put(&b, "?");
    }
    return fail(err, t->all, t->start, "%s", msg);
}

/* ---- USI ------------------------------------------------------------------------------ */
/* an upper-case letter of a piece that can be in hand */
static bool drop_letter(char c)
{
    sg_ptype t = c >= 'A' && c <= 'Z' ? sg_ptype_from_usi(&c, 1, SG_STANDARD, NULL) : SG_NO_PT;
    return t != SG_NO_PT && t < SG_HAND_NB;
}

/* the letter of an unpromoted piece in Western notation (either variant) */
static bool western_letter(char c)
{
    const char nm[2] = {c, 0};
    int n;
    return c && match_piece(nm, STYLE_BIT(SG_NAME_WESTERN), &n) && n == 1;
}

static bool usi_shape(const char *s, int len)
{
    if (len == 4 && drop_letter(s[0]) && s[1] == '*')
        return s[2] >= '1' && s[2] <= '9' && s[3] >= 'a' && s[3] <= 'i';
    if (len != 4 && !(len == 5 && s[4] == '+')) return false;
    return s[0] >= '1' && s[0] <= '9' && s[1] >= 'a' && s[1] <= 'i' && s[2] >= '1' && s[2] <= '9' && s[3] >= 'a'
           && s[3] <= 'i';
}

bool sg_usi_split(const char *text, sg_square *from, sg_square *to, bool *promote, sg_ptype *drop)
{
    int len = (int)strlen(text);
    if (!usi_shape(text, len)) return false;
    char sq[3] = {text[2], text[3], 0};
    *to = sg_square_parse(sq);
    *promote = len == 5;
    if (text[1] == '*') {
        *from = SG_SQ_NONE;
        *drop = sg_ptype_from_usi(text, 1, SG_STANDARD, NULL);
    } else {
        char f[3] = {text[0], text[1], 0};
        *from = sg_square_parse(f);
        *drop = SG_NO_PT;
    }
    return true;
}

/* text that means to be USI but may have a bad square or piece: "0g7f", "K*5e" */
static bool usi_attempt(const char *s, int len)
{
    if (len == 4 && s[0] >= 'A' && s[0] <= 'Z' && s[1] == '*') return true;
    if (len != 4 && !(len == 5 && s[4] == '+')) return false;
    return s[0] >= '0' && s[0] <= '9' && s[1] >= 'a' && s[1] <= 'z' && s[2] >= '0' && s[2] <= '9' && s[3] >= 'a'
           && s[3] <= 'z';
}

static bool parse_usi(const sg_pos *p, const text_t *t, sg_move *m, sg_error *err)
{
    if (!usi_attempt(t->s, t->len))
        return fail(err, t->all, t->start, "not a USI move '%s' (write it like 7g7f, 8h2b+ or P*5e)", quoted(t));
    char u[6];
    memcpy(u, t->s, (size_t)t->len);
    u[t->len] = 0;
    sg_move mv;
    const char *why = NULL;
    bool shaped = usi_shape(t->s, t->len);
    if (!sg_move_from_usi(p, u, &mv, &why) || !shaped) {
        if (!shaped) return fail(err, t->all, t->start, "%s: '%s' is not a USI move", why ? why : "bad square", u);
        return fail(err, t->all, t->start, "illegal move '%s': %s", u, why);
    }
    sg_reason r = sg_is_legal(p, mv);
    *m = mv;   /* on failure, the move the text names */
    if (r != SG_LEGAL) return fail(err, t->all, t->start, "illegal move '%s': %s", u, sg_reason_text(r));
    return true;
}

/* ---- CSA ------------------------------------------------------------------------------- */
static bool csa_shape(const char *s, int len)
{
    int i = (len > 0 && (s[0] == '+' || s[0] == '-')) ? 1 : 0;
    if (len != i + 6) return false;
    for (int k = 0; k < 4; k++)
        if (s[i + k] < '0' || s[i + k] > '9') return false;
    return s[i + 4] >= 'A' && s[i + 4] <= 'Z' && s[i + 5] >= 'A' && s[i + 5] <= 'Z';
}

static bool parse_csa(const sg_pos *p, const text_t *t, sg_move *m, sg_error *err)
{
    const char *s = t->s;
    int off = t->start;
    sg_color us = p->side;
    if (!csa_shape(s, t->len))
        return fail(err, t->all, off, "not a CSA move '%s' (write it like +7776FU or -0045KA)", quoted(t));
    int i = 0;
    if (s[0] == '+' || s[0] == '-') {
        if ((s[0] == '+') != (us == SG_BLACK))
            return fail(err, t->all, off, "'%c' but it is %s turn to move", s[0],
                        us == SG_BLACK ? "black's (+)" : "white's (-)");
        i = 1;
    }
    int ff = s[i] - '0', fr = s[i + 1] - '0', tf = s[i + 2] - '0', tr = s[i + 3] - '0';
    bool drop = ff == 0 && fr == 0;
    if (!drop && (ff == 0 || fr == 0))
        return fail(err, t->all, off + i, "bad square '%c%c' in '%s'", s[i], s[i + 1], quoted(t));
    if (tf == 0 || tr == 0)
        return fail(err, t->all, off + i + 2, "bad square '%c%c' in '%s'", s[i + 2], s[i + 3], quoted(t));
    char nm[3] = {s[i + 4], s[i + 5], 0};
    int len;
    sg_ptype tw = match_piece(nm, STYLE_BIT(SG_NAME_CSA), &len);
    if (!tw || len != 2) return fail(err, t->all, off + i + 4, "unknown CSA piece '%s'", nm);
    sg_square to = sg_sq(tf, tr - 1);
    sg_move mv;
    if (drop) {
        if (tw < SG_PAWN || tw > SG_GOLD || tw == SG_ELEPHANT)
            return fail(err, t->all, off + i + 4, "'%s': a %s cannot be dropped", quoted(t), nm);
        mv = sg_move_make_drop(tw, to);
    } else {
        sg_square from = sg_sq(ff, fr - 1);
        sg_piece pc = p->board[from];
        sg_ptype t0 = pc ? sg_piece_type(pc) : tw;
        bool promote = false;
        if (tw != t0) {
            if (sg_pt_can_promote(t0) && tw == sg_pt_promote(t0)) promote = true;
            else if (sg_piece_color(pc) == us)
                return fail(err, t->all, off + i + 4, "'%s' names %s, but the piece on %d%d is %s", quoted(t), nm,
                            ff, fr, PIECE_NAME(SG_NAME_CSA, t0));
        }
        mv = sg_move_make(from, to, t0, promote);
    }
    sg_reason r = sg_is_legal(p, mv);
    *m = mv;   /* on failure, the move the text names */
    if (r != SG_LEGAL) {
        char u[6];
        sg_move_to_usi(mv, u);
        return fail(err, t->all, off, "illegal move '%s' (%s): %s", quoted(t), u, sg_reason_text(r));
    }
    return true;
}

/* ---- Western ---------------------------------------------------------------------------- */
/* "7f" or "76" at s (2 bytes); SG_SQ_NONE if not a square */
static sg_square western_square(const char *s)
{
    if (s[0] < '1' || s[0] > '9') return SG_SQ_NONE;
    if (s[1] >= 'a' && s[1] <= 'i') return sg_sq(s[0] - '0', s[1] - 'a');
    if (s[1] >= '1' && s[1] <= '9') return sg_sq(s[0] - '0', s[1] - '1');
    return SG_SQ_NONE;
}

static bool western_start(const char *s)
{
    if (s[0] == '+') s++;
    return western_letter(s[0]);
}

static bool parse_western(const sg_pos *p, const text_t *t, sg_square prev_to, sg_move *m, sg_error *err)
{
    char s[64];
    int len = t->len < 63 ? t->len : 63, i = 0, off = t->start;
    memcpy(s, t->s, (size_t)len);
    s[len] = 0;
    spec sp = {SG_NOTATION_WESTERN, SG_NO_PT, SG_SQ_NONE, SG_SQ_NONE, -1, 0, false, false, 0};
    bool promoted = s[0] == '+';
    if (promoted) i++;
    if (!western_letter(s[i]))
        return fail(err, t->all, off + i, "not a Western move '%s': expected a piece letter (P L N S G B R K)",
                    quoted(t));
    char nm[2] = {s[i], 0};
    int nl;
    sg_ptype type = match_piece(nm, STYLE_BIT(SG_NAME_WESTERN), &nl);
    if (promoted) {
        if (!sg_pt_can_promote(type)) return fail(err, t->all, off, "'+%c' is not a piece", s[i]);
        type = sg_pt_promote(type);
    }
    sp.type = type;
    i++;
    char sep = 0;
    if (s[i] == '-' || s[i] == 'x' || s[i] == '*') sep = s[i++];
    sg_square a = western_square(s + i);
    if (a == SG_SQ_NONE) return fail(err, t->all, off + i, "'%s': expected a square like 7f", quoted(t));
    i += 2;
    if (!sep && (s[i] == '-' || s[i] == 'x' || s[i] == '*' || (s[i] >= '1' && s[i] <= '9'))) {
        sp.from = a;
        if (s[i] == '*') return fail(err, t->all, off + i, "'%s': a drop has no origin square", quoted(t));
        if (s[i] == '-' || s[i] == 'x') sep = s[i++];
        a = western_square(s + i);
        if (a == SG_SQ_NONE) return fail(err, t->all, off + i, "'%s': expected a square like 7f", quoted(t));
        i += 2;
    }
    sp.to = a;
    if (s[i] == '+' || s[i] == '=') sp.promo = s[i++] == '+' ? 1 : -1;
    if (s[i]) return unexpected_after(err, t, off + i, s, i);
    if (sep == '*') {
        if (promoted) return fail(err, t->all, off, "'%s': a promoted piece cannot be dropped", quoted(t));
        if (sp.promo > 0) return fail(err, t->all, off + i - 1, "'%s': a drop cannot promote", quoted(t));
        sp.drop = 1;
    }
    sp.capture = sep == 'x';
    return resolve(p, &sp, t, prev_to, m, err);
}

/* ---- Japanese (KI2 and KIF) ---------------------------------------------------------------- */
static int eat(const char *s, const char *tok)
{
    if (s[0] != tok[0]) return 0; /* (most tries fail at once) */
    size_t n = strlen(tok);
    return strncmp(s, tok, n) == 0 ? (int)n : 0;
}

static bool parse_japanese(const sg_pos *p, const text_t *t, sg_notation style, sg_square prev_to, sg_move *m,
                           sg_error *err)
{
    char s[128];
    int len = t->len < 127 ? t->len : 127, i = 0, k, off = t->start;
    memcpy(s, t->s, (size_t)len);
    s[len] = 0;
    spec sp = {style, SG_NO_PT, SG_SQ_NONE, SG_SQ_NONE, 0, 0, false, false, 0};
    sg_color us = p->side;
    static const struct { const char *text; sg_color side; } MARKS[] = {
        {"▲", SG_BLACK}, {"☗", SG_BLACK}, {"▼", SG_BLACK}, {"△", SG_WHITE}, {"☖", SG_WHITE}, {"▽", SG_WHITE}};
    for (size_t j = 0; j < sizeof MARKS / sizeof MARKS[0] && i == 0; j++) {
        if ((k = eat(s, MARKS[j].text)) == 0) continue;
        if (MARKS[j].side != us)
            return fail(err, t->all, off, "'%s' marks a %s move, but it is %s turn", MARKS[j].text,
                        us == SG_BLACK ? "white (gote)" : "black (sente)",
                        us == SG_BLACK ? "black's (▲)" : "white's (△)");
        i = k;
    }
    while ((k = space_len(s + i)) > 0) i += k;
    if ((k = eat(s + i, "同")) != 0) {
        if (prev_to == SG_SQ_NONE)
            return fail(err, t->all, off + i, "'%s': 同 needs the previous move's destination", quoted(t));
        sp.same = true;
        sp.to = prev_to;
        i += k;
        i += space_len(s + i);
    } else {
        int fl, rl, f = read_digit(s + i, &fl);
        int r = f ? read_digit(s + i + fl, &rl) : 0;
        if (!f || !r) return fail(err, t->all, off + i, "'%s': expected a square like ７六 or 同", quoted(t));
        sp.to = sg_sq(f, r - 1);
        i += fl + rl;
    }
    sp.type = match_piece(s + i, KANJI_STYLES, &k);
    if (!sp.type)
        return fail(err, t->all, off + i, "'%s': expected a piece (歩 香 桂 銀 金 角 飛 玉 と 成香 成桂 成銀 馬 龍)",
                    quoted(t));
    i += k;
    for (bool more = true; more;) {
        more = false;
        for (size_t w = 0; w < sizeof WORDS / sizeof WORDS[0]; w++)
            if ((k = eat(s + i, WORDS[w].text)) != 0) {
                sp.words |= WORDS[w].bit;
                i += k;
                more = true;
            }
    }
    if ((k = eat(s + i, "不成")) != 0 || (k = eat(s + i, "生")) != 0) sp.promo = -1;
    else if ((k = eat(s + i, "成")) != 0) sp.promo = 1;
    i += k;
    int drop_at = i;
    if ((k = eat(s + i, "打")) != 0) {
        sp.drop = 1;
        i += k;
    }
    if (s[i] == '(' || eat(s + i, "（")) {
        int o = i;
        i += s[i] == '(' ? 1 : 3;
        int fl, rl, f = read_digit(s + i, &fl);
        int r = f ? read_digit(s + i + fl, &rl) : 0;
        if (!f || !r) return fail(err, t->all, off + i, "'%s': expected an origin like (77)", quoted(t));
        i += fl + rl;
        if (s[i] == ')') i++;
        else if ((k = eat(s + i, "）")) != 0) i += k;
        else return fail(err, t->all, off + i, "'%s': expected ')' after the origin", quoted(t));
        if (sp.drop > 0) return fail(err, t->all, off + o, "'%s': a drop (打) has no origin", quoted(t));
        sp.from = sg_sq(f, r - 1);
    }
    if (s[i]) return unexpected_after(err, t, off + i, s, i);
    if (sp.drop > 0) {
        if (sp.words) return fail(err, t->all, off + drop_at, "'%s': a drop (打) takes no 右 左 直 上 引 寄", quoted(t));
        if (sp.promo > 0) return fail(err, t->all, off + drop_at, "'%s': a drop cannot promote", quoted(t));
        if (sp.type < SG_PAWN || sp.type > SG_GOLD || sp.type == SG_ELEPHANT)
            return fail(err, t->all, off + drop_at, "'%s': only a piece in hand can be dropped", quoted(t));
    } else if (sp.words || sp.from != SG_SQ_NONE) {
        sp.drop = -1;
    }
    if (sp.from != SG_SQ_NONE) {
        /* KIF: the origin says which piece; without 成 it does not promote
         * (KIF writers often leave out 不成) */
        sp.style = SG_NOTATION_KIF;
        if (sp.promo == 0) sp.promo = -1;
    }
    return resolve(p, &sp, t, prev_to, m, err);
}

/* ---- entry points ---------------------------------------------------------------------------- */
static bool parse_in(const sg_pos *p, const char *text, sg_notation n, sg_square prev_to, sg_move *m,
                     sg_error *err);

/* Western and Japanese text without a side mark that fits no move: if it is a
 * move of the side not to move, say whose turn it is instead */
static bool other_side_moves(const sg_pos *p, const char *text, sg_notation n, sg_square prev_to, sg_error *err)
{
    if (n != SG_NOTATION_WESTERN && n != SG_NOTATION_JAPANESE && n != SG_NOTATION_KIF) return false;
    sg_pos q = *p;
    q.side = sg_opp(p->side);
    q.checkers = sg_pos_royal_attackers(&q, q.side);
    if (sg_pos_royal_exposed(&q, p->side)) return false; /* that side could not be to move */
    sg_move m;
    sg_error e;
    if (!parse_in(&q, text, n, prev_to, &m, &e)) return false;
    text_t t;
    text_init(&t, text);
    fail(err, text, t.start, "'%s' is a move of %s, but it is %s turn to move", quoted(&t),
         p->side == SG_BLACK ? "White (gote)" : "Black (sente)", p->side == SG_BLACK ? "Black's" : "White's");
    return true;
}

bool sg_move_parse(const sg_pos *p, const char *text, sg_notation n, sg_square prev_to, sg_move *m, sg_error *err)
{
    *m = SG_MOVE_NONE;
    if (parse_in(p, text, n, prev_to, m, err)) return true;
    if (sg_is_legal(p, *m) == SG_ILLEGAL_MALFORMED) *m = SG_MOVE_NONE;
    if (other_side_moves(p, text, n, prev_to, err)) *m = SG_MOVE_NONE;
    return false;
}

static bool parse_in(const sg_pos *p, const char *text, sg_notation n, sg_square prev_to, sg_move *m,
                     sg_error *err)
{
    text_t t;
    text_init(&t, text);
    if (t.len == 0) return fail(err, text, t.start, "empty move");
    switch (n) {
    case SG_NOTATION_USI: return parse_usi(p, &t, m, err);
    case SG_NOTATION_CSA: return parse_csa(p, &t, m, err);
    case SG_NOTATION_WESTERN: return parse_western(p, &t, prev_to, m, err);
    case SG_NOTATION_JAPANESE:
    case SG_NOTATION_KIF: return parse_japanese(p, &t, n, prev_to, m, err);
    default: return fail(err, text, 0, "unknown notation");
    }
}

bool sg_move_parse_any(const sg_pos *p, const char *text, sg_square prev_to, sg_move *m, sg_notation *which,
                       sg_error *err)
{
    text_t t;
    text_init(&t, text);
    if (t.len == 0) return fail(err, text, t.start, "empty move");
    sg_notation n = SG_NOTATION_WESTERN;
    bool ascii = true;
    for (int i = 0; i < t.len; i++)
        if ((unsigned char)t.s[i] >= 0x80) ascii = false;
    if (!ascii) n = SG_NOTATION_JAPANESE;
    else if (usi_attempt(t.s, t.len)) n = SG_NOTATION_USI;
    else if (csa_shape(t.s, t.len)) n = SG_NOTATION_CSA;
    else if (!western_start(t.s))
        return fail(err, text, t.start, "not a move '%s' (write it like 7g7f, P-7f, +7776FU or ７六歩)", quoted(&t));
    if (which) *which = n;
    return sg_move_parse(p, text, n, prev_to, m, err);
}
