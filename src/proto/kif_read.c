/* A KIF or KI2 record read whole (kif_read.h): the lines of lua/shogi/record/kif.lua's
 * loop, in its order of tests, for the records it reads the usual way.  Anything it
 * would refuse, or reads in a way kept to Lua (boards, variations, odd times, a
 * lone 同, branch marks), returns false: the record is then read by that loop,
 * which words the error. */
#include <limits.h>
#include <string.h>
#include "kif_read.h"
#include "ki2.h"
#include "text_lines.h"
#include "../core/endings.h"

#define KI2_MOVES_MAX 64
#define YEAR 31622400L   /* a time is at most a year (366 days), as the Lua reader has it */

static const char IDEO_SPACE[] = "\xE3\x80\x80"; /* U+3000 */

/* Lua's %s, %d */
static bool space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r'; }
static bool digit(char c) { return c >= '0' && c <= '9'; }

static bool ideo_at(const char *s, int left) { return left >= 3 && memcmp(s, IDEO_SPACE, 3) == 0; }

static bool starts(sg_span s, const char *prefix)
{
    size_t n = strlen(prefix);
    return (size_t)s.len >= n && memcmp(s.s, prefix, n) == 0;
}

static bool contains(sg_span s, const char *what)
{
    size_t n = strlen(what);
    for (int i = 0; i + (int)n <= s.len; i++)
        if (memcmp(s.s + i, what, n) == 0) return true;
    return false;
}

static bool equals(sg_span s, const char *what)
{
    return (size_t)s.len == strlen(what) && memcmp(s.s, what, (size_t)s.len) == 0;
}

sg_span sg_kif_trim(sg_span s)
{
    int a = 0, b = s.len;
    while (a < b && space(s.s[a])) a++;
    while (ideo_at(s.s + a, b - a)) a += 3;
    while (b > a && space(s.s[b - 1])) b--;
    while (b - a >= 3 && memcmp(s.s + b - 3, IDEO_SPACE, 3) == 0) {
        b -= 3;
        while (b > a && space(s.s[b - 1])) b--;
    }
    return (sg_span){s.s + a, b - a};
}

/* digits at s[*i] (1 to max of them) -> their value, or -1 */
static long digits_at(const char *s, size_t len, size_t *i, int max)
{
    long v = 0;
    int n = 0;
    while (*i < len && digit(s[*i]) && n < max) { v = v * 10 + (s[*i] - '0'); (*i)++; n++; }
    return n ? v : -1;
}

bool sg_kif_time(const char *s, size_t len, bool *has, long *used, long *total)
{
    size_t i = 0;
    while (i < len && space(s[i])) i++;
    *has = i < len;
    if (!*has) return true;
    if (s[i++] != '(') return false;
    while (i < len && space(s[i])) i++;
    long m = digits_at(s, len, &i, 3);
    if (m < 0 || i >= len || s[i++] != ':') return false;
    size_t at = i;
    long sec = digits_at(s, len, &i, 2);
    if (sec < 0 || i - at != 2 || i >= len || s[i++] != '/') return false;
    long h = digits_at(s, len, &i, 3);
    if (h < 0 || i >= len || s[i++] != ':') return false;
    at = i;
    long tm = digits_at(s, len, &i, 2);
    if (tm < 0 || i - at != 2 || i >= len || s[i++] != ':') return false;
    at = i;
    long ts = digits_at(s, len, &i, 2);
    if (ts < 0 || i - at != 2 || i >= len || s[i++] != ')') return false;
    while (i < len && space(s[i])) i++;
    if (i != len) return false;
    *used = m * 60 + sec;
    *total = (h * 60 + tm) * 60 + ts;
    return true;
}

/* the seconds of "h:mm:ss", "m:ss", ... (each run of digits a place of 60), or -1
 * past a year or for a run of more than 9 digits */
static long seconds(const char *s, int len)
{
    long t = 0;
    for (int i = 0; i < len;) {
        if (!digit(s[i])) { i++; continue; }
        long part = 0;
        int n = 0;
        while (i < len && digit(s[i])) { part = part * 10 + (s[i++] - '0'); if (++n > 9) return -1; }
        t = t * 60 + part;
        if (t > YEAR) return -1;
    }
    return t;
}

static int time_chars(const char *s, int i, int len)
{
    while (i < len && (digit(s[i]) || s[i] == ':')) i++;
    return i;
}

/* a time in another shape ("(00:01 / 00:00:01)", "( 1:02/)"): the reader's second
 * match, on the trimmed text; *total -1 when none is written.  False for anything else
 * (a branch mark "+" left to Lua) */
static bool other_time(sg_span t, long *used, long *total)
{
    const char *s = t.s;
    int len = t.len, i = 0;
    if (len == 0 || s[len - 1] == '+' || s[i++] != '(') return false;
    while (i < len && space(s[i])) i++;
    int a0 = i;
    i = time_chars(s, i, len);
    int a1 = i;
    while (i < len && space(s[i])) i++;
    if (a1 == a0 || i >= len || s[i++] != '/') return false;
    while (i < len && space(s[i])) i++;
    int b0 = i;
    i = time_chars(s, i, len);
    int b1 = i;
    while (i < len && space(s[i])) i++;
    if (i != len - 1 || s[i] != ')') return false;
    *used = seconds(s + a0, a1 - a0);
    *total = b1 > b0 ? seconds(s + b0, b1 - b0) : -1;
    return *used >= 0 && (b1 == b0 || *total >= 0);
}

typedef struct {
    const sg_kif_sink *sink;
    sg_kif_record *out;
    bool started;
    long offset;          /* the first move line's number less one; -1 before it */
    int kif_moves, ki2_moves;
} reader;

static bool event(reader *r, sg_kif_event e) { return r->sink->item(r->sink->ud, &e); }

/* no move may follow an end word or a summary (which may be one: the caller decides) */
static bool move_allowed(const reader *r) { return !r->out->ended && !r->out->summary.s; }

/* "  12 ７六歩(77)   ( 0:01/00:00:05)": a KIF move line, or one with an end word */
static bool move_line(reader *r, sg_span s, int line)
{
    int k = 0;
    while (k < s.len && space(s.s[k])) k++;
    int d0 = k;
    while (k < s.len && digit(s.s[k])) k++;
    int nd = k - d0;
    while (k < s.len && space(s.s[k])) k++;
    int t0 = k;
    while (k < s.len && !space(s.s[k])) k++;
    sg_span text = {s.s + t0, k - t0};
    if (nd > 9 || !move_allowed(r)) return false;
    long n = 0;
    for (int j = d0; j < d0 + nd; j++) n = n * 10 + (s.s[j] - '0');
    r->started = true;
    if (r->offset < 0) r->offset = n - 1;
    long ply = n - r->offset;
    if (ply != r->out->moves + 1 || equals(text, "\xe5\x90\x8c") /* 同 alone */
        || (text.len > 1 && text.s[text.len - 1] == '+'))
        return false;
    bool has;
    long used = 0, total = 0;
    sg_span after = {s.s + k, s.len - k};
    if (!sg_kif_time(after.s, (size_t)after.len, &has, &used, &total)) {
        sg_span t = sg_kif_trim(after);
        has = t.len != 0;
        if (has && !other_time(t, &used, &total)) return false;
    }
    char word[64];
    if (text.len >= (int)sizeof word) return false;
    memcpy(word, text.s, (size_t)text.len);
    word[text.len] = 0;
    sg_ending_meaning meaning;
    if (sg_ending_parse(word, SG_REC_KIF, SG_BLACK, &meaning)) {
        r->out->ended = true;
        r->out->end_text = text;
        r->out->end_line = line;
        r->out->end_timed = has;
        r->out->end_used = used;
        r->out->end_total = total;
        return true;
    }
    int p = ++r->out->moves;
    r->kif_moves++;
    if (!event(r, (sg_kif_event){.kind = SG_KIF_ITEM_MOVE, .ply = p, .line = line, .a = text})) return false;
    return !has
        || event(r, (sg_kif_event){.kind = SG_KIF_ITEM_TIME, .ply = p, .line = line, .used = used, .total = total});
}

/* whether the line is a KIF move line: "^%s*%d+%s+%S" */
static bool is_move_line(sg_span s)
{
    int k = 0;
    while (k < s.len && space(s.s[k])) k++;
    int d = k;
    while (k < s.len && digit(s.s[k])) k++;
    if (k == d) return false;
    int sp = k;
    while (k < s.len && space(s.s[k])) k++;
    return k > sp && k < s.len;
}

/* a KI2 line: its moves from mark to mark (sg_ki2_moves) */
static bool ki2_line(reader *r, sg_span s, int line)
{
    sg_span moves[KI2_MOVES_MAX];
    int n = sg_ki2_moves(s.s, s.len, moves, KI2_MOVES_MAX);
    if (n > KI2_MOVES_MAX) return false;
    r->started = true;
    for (int j = 0; j < n; j++) {
        if (!move_allowed(r)) return false;
        r->ki2_moves++;
        sg_kif_event e = {.kind = SG_KIF_ITEM_KI2_MOVE, .ply = ++r->out->moves, .line = line, .a = moves[j]};
        if (!event(r, e)) return false;
    }
    return true;
}

/* "name：value" before the moves; a line the board reader (bod.parse_line) may take goes to
 * the caller whole, for that reader (SG_KIF_ITEM_BOARD) */
static bool header_line(reader *r, sg_span s, sg_span t, int line)
{
    int k = 0;
    while (k < s.len && space(s.s[k])) k++;
    if (contains(s, "の持駒") || starts(s, "+---") || starts(s, "|") || starts(s, "手数＝")
        || starts((sg_span){s.s + k, s.len - k}, "９")
        || equals(t, "先手番") || equals(t, "下手番") || equals(t, "後手番") || equals(t, "上手番"))
        return event(r, (sg_kif_event){.kind = SG_KIF_ITEM_BOARD, .line = line, .a = s});
    int at = -1, mark = 0;
    for (int i = 0; i < s.len; i++) {
        if (s.s[i] == ':') { at = i; mark = 1; break; }
        if (i + 3 <= s.len && memcmp(s.s + i, "：", 3) == 0) { at = i; mark = 3; break; }
    }
    if (at <= 0 || space(s.s[0])) return false;
    sg_span value = sg_kif_trim((sg_span){s.s + at + mark, s.len - at - mark});
    return event(r, (sg_kif_event){.kind = SG_KIF_ITEM_HEADER, .line = line, .a = {s.s, at}, .b = value});
}

static bool text_line(reader *r, sg_kif_item kind, sg_span s, int line)
{
    sg_span body = {s.s + 1, s.len - 1};
    if (kind == SG_KIF_ITEM_COMMENT && r->out->ended) kind = SG_KIF_ITEM_END_COMMENT;
    else if (kind == SG_KIF_ITEM_COMMENT && r->out->summary.s) return false;   /* (the summary may be an end: Lua's) */
    return event(r, (sg_kif_event){.kind = kind, .ply = r->out->moves, .line = line, .a = body});
}

static bool kif_line(reader *r, sg_span s, int line)
{
    if (is_move_line(s)) return move_line(r, s, line);
    char c1 = s.len ? s.s[0] : 0;
    if (c1 == '*') return text_line(r, SG_KIF_ITEM_COMMENT, s, line);
    if (c1 == '&') return text_line(r, SG_KIF_ITEM_BOOKMARK, s, line);
    sg_span t = sg_kif_trim(s);
    if (t.len == 0 || c1 == '#') return true;
    if (starts(t, "変化：") || starts(t, "変化:")) return false;
    if (starts(t, "まで")) {
        if (!r->started || r->out->summary.s) return false;
        r->out->summary = t;
        r->out->summary_line = line;
        return true;
    }
    if (starts(t, "手数---")) { r->started = true; return true; }
    int k = 0;
    while (k < s.len && space(s.s[k])) k++;
    if (sg_ki2_mark_at(s.s + k, s.len - k)) return ki2_line(r, s, line);
    if (!r->started) return header_line(r, s, t, line);
    return false;
}

bool sg_kif_read(const char *text, size_t len, const sg_kif_sink *sink, sg_kif_record *out)
{
    memset(out, 0, sizeof *out);
    if (memchr(text, 0, len)) return false;
    reader r = {.sink = sink, .out = out, .offset = -1};
    size_t pos = 0, start = 0, end;
    int line = 0;
    for (bool first = true; sg_text_line(text, len, &pos, &end, first); first = false, start = pos) {
        if (line == INT_MAX || end - start > INT_MAX) return false;
        line++;
        if (!kif_line(&r, (sg_span){text + start, (int)(end - start)}, line)) return false;
    }
    out->lines = line;
    if (r.kif_moves && r.ki2_moves) return false;
    out->ki2 = r.ki2_moves > 0;
    return true;
}
